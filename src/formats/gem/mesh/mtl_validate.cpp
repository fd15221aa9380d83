#include "anmkit/formats/gem/mesh/mtl_validate.hpp"

#include <algorithm>
#include <unordered_map>

#include <fmt/format.h>

#include "anmkit/core/diagnostic_cap.hpp"
#include "anmkit/core/printable.hpp"
#include "anmkit/formats/gem/mesh/mtl_material.hpp"

namespace anmkit::gem::mesh {
namespace {

// The dump's pointer of each block, from each block's place among its parent's entries (or in the
// top list), found in one pass: a finding's pointer then costs its depth, not a search.
class MtlPointers {
 public:
  explicit MtlPointers(const MtlFile& file) : file_(file), place_(file.blocks.size(), unplaced) {
    for (std::size_t i = 0; i < file.top.size(); ++i) {
      if (file.top[i] < place_.size() && file.blocks[file.top[i]].parent < 0) place_[file.top[i]] = i;
    }
    for (std::size_t b = 0; b < file.blocks.size(); ++b) {
      const auto& entries = file.blocks[b].entries;
      for (std::size_t e = 0; e < entries.size(); ++e) {
        const std::uint32_t child = entries[e].block;
        if (entries[e].kind == MtlEntryKind::block && child < place_.size() && file.blocks[child].parent == std::int32_t(b)) {
          place_[child] = e;
        }
      }
    }
  }

  std::string of(std::uint32_t index) const {
    std::vector<std::size_t> path;
    std::uint32_t at = index;
    for (std::size_t steps = 0; steps <= file_.blocks.size(); ++steps) {
      if (at >= place_.size() || place_[at] == unplaced) return {};
      path.push_back(place_[at]);
      const std::int32_t parent = file_.blocks[at].parent;
      if (parent < 0) {
        std::string out = fmt::format("/tree/{}", path.back());
        for (std::size_t i = path.size() - 1; i-- > 0;) out += fmt::format("/entries/{}", path[i]);
        return out;
      }
      at = std::uint32_t(parent);
    }
    return {};
  }

 private:
  static constexpr std::size_t unplaced = SIZE_MAX;
  const MtlFile& file_;
  std::vector<std::size_t> place_;
};

class Checker {
 public:
  Checker(const MtlFile& file, const Material& material) : file_(file), material_(material), pointers_(file) {}

  std::vector<Diagnostic> run() {
    check();
    cap_.close(out_);
    return std::move(out_);
  }

 private:
  void check() {
    const Material& m = material_;
    if (!m.found) {
      add(Severity::error, "mtl.no-material", 0, "/tree", "no {material} block");
    }
    for (std::uint32_t index : file_.top) {
      if (index >= file_.blocks.size()) return;
      if (m.found && index == m.block) continue;
      const MtlBlock& b = file_.blocks[index];
      add(Severity::warning, "mtl.extra-block", b.key.offset, pointers_.of(index),
          m.found ? fmt::format("a top-level block '{}' besides the {{material}} block (readers take one)", shown(b.key.text))
                  : fmt::format("a top-level block '{}' that is not {{material}}", shown(b.key.text)));
    }
    if (!m.found) return;
    const MtlBlock& material = file_.blocks[m.block];
    const std::string material_pointer = pointers_.of(m.block);
    if (m.shader.empty()) {
      add(Severity::error, "mtl.no-shader", material.key.offset, material_pointer,
          "{material} without its shader (simple, bump, envmap or multiply)");
    } else if (!std::any_of(std::begin(shaders), std::end(shaders), [&](std::string_view s) { return mtl_key_is(m.shader, s); })) {
      add(Severity::warning, "mtl.unknown-shader", material.key.offset, material_pointer,
          fmt::format("shader '{}' is none of simple, bump, envmap, multiply", shown(m.shader)));
    }
    check_repeated(m.block);
    for (const MtlEntry& e : material.entries) {
      if (e.kind != MtlEntryKind::block || e.block >= file_.blocks.size()) continue;
      check_key(e.block);
    }
  }

  static constexpr std::string_view shaders[] = {"simple", "bump", "envmap", "multiply"};

  static std::string shown(std::string_view text) {
    return text.size() <= 40 ? printable(text) : printable(text.substr(0, 40)) + "...";
  }

  void add(Severity s, const char* id, std::uint64_t offset, std::string pointer, std::string message) {
    if (!cap_.keep(id, s, offset)) return;
    out_.push_back(Diagnostic{s, id, std::move(message), offset, std::move(pointer)});
  }

  // SOEdit refuses a key given twice in one block.
  void check_repeated(std::uint32_t index) {
    const MtlBlock& block = file_.blocks[index];
    std::unordered_map<std::string, std::uint32_t> seen;  // by the key in lower case: its first block
    for (const MtlEntry& e : block.entries) {
      if (e.kind != MtlEntryKind::block || e.block >= file_.blocks.size()) continue;
      const MtlBlock& child = file_.blocks[e.block];
      std::string key = child.key.text.str();
      for (char& c : key) c = c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c;
      const auto [before, first] = seen.emplace(std::move(key), e.block);
      if (!first) {
        add(Severity::error, "mtl.repeated-key", child.key.offset, pointers_.of(e.block),
            fmt::format("'{}' is given twice (first at offset {}; readers refuse the file or take the first)",
                        shown(child.key.text), file_.blocks[before->second].key.offset));
      }
    }
  }

  void check_key(std::uint32_t index) {
    const MtlBlock& block = file_.blocks[index];
    const std::string_view key = block.key.text;
    const std::uint64_t at = block.key.offset;
    const std::string pointer = pointers_.of(index);
    std::vector<const MtlToken*> values;
    for (const MtlEntry& e : block.entries) {
      if (e.kind != MtlEntryKind::block) values.push_back(&e.token);
    }
    const bool has_string = std::any_of(block.entries.begin(), block.entries.end(),
                                        [](const MtlEntry& e) { return e.kind == MtlEntryKind::string; });
    if (is_texture_slot(key)) {
      if (!has_string) {
        add(Severity::error, "mtl.texture-name", at, pointer,
            fmt::format("texture slot '{}' without a quoted texture name", shown(key)));
      }
      check_repeated(index);
    } else if (mtl_key_is(key, "color")) {
      const auto color = mtl_color(block);
      bool in_range = color.has_value();
      if (color) {
        for (float c : *color) in_range = in_range && c >= 0 && c <= 255;
      }
      if (!in_range) {
        add(Severity::error, "mtl.bad-color", at, pointer,
            "{color} is not four numbers within 0..255 (\"r g b a\")");
      }
    } else if (mtl_key_is(key, "blend")) {
      if (values.empty()) {
        add(Severity::error, "mtl.bad-value", at, pointer, "{blend} without a value (none, test, blend, add or sub)");
      } else {
        const std::string_view v = values.front()->text;
        if (!std::any_of(std::begin(blends), std::end(blends), [&](std::string_view b) { return mtl_key_is(v, b); })) {
          add(Severity::warning, "mtl.unknown-blend", values.front()->offset, pointer,
              fmt::format("blend '{}' is none of none, test, blend, add, sub", shown(v)));
        }
      }
    } else if (mtl_key_is(key, "alpharef") || is_value_key(key) || is_flag_key(key)) {
      const bool needs_value = !is_flag_key(key);
      if (needs_value && values.empty()) {
        add(Severity::error, "mtl.bad-value", at, pointer, fmt::format("'{}' without its number", shown(key)));
      } else if (!values.empty() && !mtl_number(values.front()->text)) {
        add(Severity::error, "mtl.bad-value", values.front()->offset, pointer,
            fmt::format("'{}' is given '{}', not a number", shown(key), shown(values.front()->text)));
      }
    } else {
      add(Severity::warning, "mtl.unknown-key", at, pointer,
          fmt::format("key '{}' is known to no reader of materials: kept, not used", shown(key)));
    }
  }

  static constexpr std::string_view blends[] = {"none", "test", "blend", "add", "sub"};

  const MtlFile& file_;
  const Material& material_;
  MtlPointers pointers_;
  std::vector<Diagnostic> out_;
  DiagnosticCap cap_;
};

}  // namespace

std::string mtl_block_pointer(const MtlFile& file, std::uint32_t index) { return MtlPointers(file).of(index); }

std::vector<Diagnostic> validate_mtl(const MtlFile& file) { return validate_mtl(file, mtl_material(file)); }

std::vector<Diagnostic> validate_mtl(const MtlFile& file, const Material& material) { return Checker(file, material).run(); }

}  // namespace anmkit::gem::mesh
