#include "anmkit/formats/gem/mesh/mtl_json.hpp"

#include <fmt/format.h>

#include "anmkit/core/json_text.hpp"

namespace anmkit::gem::mesh {
namespace {

using json = nlohmann::ordered_json;

json keyed_json(const MtlKeyed& k) {
  json values = json::array();
  for (const std::string& v : k.values) values.push_back(json_text(v));
  return {{"key", json_text(k.key)}, {"values", std::move(values)}};
}

// The tree, built without recursion: a block's JSON is finished when its last entry is, then
// moved into its parent's entries. A block is taken once (a malformed tree's repeats are left out).
json tree_json(const MtlFile& file) {
  struct Frame {
    std::uint32_t block;
    std::size_t next;
    json value;
  };
  json out = json::array();
  std::vector<bool> taken(file.blocks.size(), false);
  auto start = [&](std::uint32_t index) -> std::optional<Frame> {
    if (index >= file.blocks.size() || taken[index]) return std::nullopt;
    taken[index] = true;
    const MtlBlock& b = file.blocks[index];
    return Frame{index, 0, json{{"key", json_text(b.key.text)}, {"offset", b.key.offset}, {"entries", json::array()}}};
  };
  for (std::uint32_t top : file.top) {
    std::vector<Frame> stack;
    if (auto f = start(top)) stack.push_back(std::move(*f));
    while (!stack.empty()) {
      Frame& frame = stack.back();
      const MtlBlock& block = file.blocks[frame.block];
      if (frame.next == block.entries.size()) {
        json done = std::move(frame.value);
        stack.pop_back();
        (stack.empty() ? out : stack.back().value["entries"]).push_back(std::move(done));
        continue;
      }
      const MtlEntry& e = block.entries[frame.next++];
      if (e.kind == MtlEntryKind::word) {
        frame.value["entries"].push_back({{"word", json_text(e.token.text)}});
      } else if (e.kind == MtlEntryKind::string) {
        frame.value["entries"].push_back({{"string", json_text(e.token.text)}});
      } else if (auto f = start(e.block)) {
        stack.push_back(std::move(*f));  // `frame` is not used past this point
      }
    }
  }
  return out;
}

}  // namespace

json mtl_material_json(const Material& m) {
  json out = {{"found", m.found}};
  if (!m.found) return out;
  out["shader"] = json_text(m.shader);
  json textures = json::array();
  for (const MtlTexture& t : m.textures) {
    json options = json::array();
    for (const MtlKeyed& o : t.options) options.push_back(keyed_json(o));
    textures.push_back({{"slot", json_text(t.key)}, {"name", json_text(t.name)}, {"options", std::move(options)}});
  }
  out["textures"] = std::move(textures);
  out["color"] = m.color ? json(*m.color) : json(nullptr);
  out["blend"] = m.blend ? json(json_text(m.blend_text)) : json(nullptr);
  out["alpharef"] = m.alpharef ? json(*m.alpharef) : json(nullptr);
  json flags = json::array(), unknown = json::array();
  for (const MtlKeyed& f : m.flags) flags.push_back(keyed_json(f));
  for (const MtlKeyed& u : m.unknown) unknown.push_back(keyed_json(u));
  out["flags"] = std::move(flags);
  out["unknown"] = std::move(unknown);
  return out;
}

json mtl_to_json(const MtlFile& file) {
  return json{{"schema", mtl_dump_schema},
              {"schema_version", mtl_dump_schema_version},
              {"format", "gem-mtl"},
              {"tree", tree_json(file)},
              {"material", mtl_material_json(mtl_material(file))}};
}

}  // namespace anmkit::gem::mesh
