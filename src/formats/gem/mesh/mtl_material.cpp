#include "anmkit/formats/gem/mesh/mtl_material.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "anmkit/core/float_text.hpp"
#include "anmkit/core/printable.hpp"

namespace anmkit::gem::mesh {
namespace {

constexpr std::string_view texture_slots[] = {"diffuse", "bump",     "specular", "lightmap", "mask",
                                              "height",  "diffuse1", "simple",   "envmap",   "bumpVolume"};
constexpr std::string_view flag_keys[] = {"tile",         "glow",         "nolight",         "full_specular", "emitsheat",
                                          "translucency", "alphatocoverage", "no_outlines", "FakeReflection"};
constexpr std::string_view value_keys[] = {"gloss_scale", "specular_intensity", "period", "envamount",
                                           "parallax_scale", "amount"};

template <std::size_t N>
bool one_of(std::string_view key, const std::string_view (&list)[N]) {
  return std::any_of(std::begin(list), std::end(list), [key](std::string_view k) { return mtl_key_is(key, k); });
}

MtlKeyed keyed(const MtlFile& file, std::uint32_t index) {
  const MtlBlock& block = file.blocks[index];
  MtlKeyed out;
  out.key = block.key.text;
  out.block = index;
  for (const MtlEntry& e : block.entries) {
    if (e.kind != MtlEntryKind::block) out.values.push_back(e.token.text.str());
  }
  return out;
}

}  // namespace

std::optional<std::array<float, 4>> mtl_color(const MtlBlock& block) {
  std::vector<std::string_view> words;
  for (const MtlEntry& e : block.entries) {
    if (e.kind == MtlEntryKind::block) continue;
    std::string_view rest = e.token.text;
    while (!rest.empty()) {
      const std::size_t start = rest.find_first_not_of(" \t\r\n");
      if (start == std::string_view::npos) break;
      rest.remove_prefix(start);
      const std::size_t end = std::min(rest.find_first_of(" \t\r\n"), rest.size());
      words.push_back(rest.substr(0, end));
      rest.remove_prefix(end);
    }
  }
  if (words.size() != 4) return std::nullopt;
  std::array<float, 4> out{};
  for (std::size_t i = 0; i < 4; ++i) {
    const auto n = mtl_number(words[i]);
    if (!n) return std::nullopt;
    out[i] = *n;
  }
  return out;
}

bool is_texture_slot(std::string_view key) { return one_of(key, texture_slots); }
bool is_flag_key(std::string_view key) { return one_of(key, flag_keys); }
bool is_value_key(std::string_view key) { return one_of(key, value_keys); }

std::string_view blend_name(MtlBlend blend) {
  switch (blend) {
    case MtlBlend::none: return "none";
    case MtlBlend::test: return "test";
    case MtlBlend::blend: return "blend";
    case MtlBlend::add: return "add";
    case MtlBlend::sub: return "sub";
    case MtlBlend::unknown: return "unknown";
  }
  return "unknown";
}

std::optional<float> mtl_number(std::string_view text) {
  float value = 0;
  const char* end = text.data() + text.size();
  const char* first = text.data();
  if (first != end && *first == '+') ++first;  // written by some exporters; from_chars takes only '-'
  if (first == end) return std::nullopt;
  auto [ptr, ec] = float_from_chars(first, end, value);
  if (ec != std::errc() || ptr != end || !std::isfinite(value)) return std::nullopt;
  return value;
}

const MtlTexture* Material::texture(std::string_view slot) const {
  for (const MtlTexture& t : textures) {
    if (mtl_key_is(t.key, slot)) return &t;
  }
  return nullptr;
}

const MtlKeyed* Material::flag(std::string_view key) const {
  for (const MtlKeyed& f : flags) {
    if (mtl_key_is(f.key, key)) return &f;
  }
  return nullptr;
}

Material mtl_material(const MtlFile& file) {
  Material m;
  for (std::uint32_t index : file.top) {
    if (index < file.blocks.size() && mtl_key_is(file.blocks[index].key.text, "material")) {
      m.found = true;
      m.block = index;
      break;
    }
  }
  if (!m.found) return m;
  const MtlBlock& material = file.blocks[m.block];
  // Most keys of a hostile material are unknown: room for them all at once, not grown by doubling.
  m.unknown.reserve(material.entries.size());
  bool shader_taken = false;
  for (const MtlEntry& e : material.entries) {
    if (e.kind != MtlEntryKind::block) {
      if (!shader_taken) m.shader = e.token.text;
      shader_taken = true;
      continue;
    }
    if (e.block >= file.blocks.size()) continue;
    const MtlKeyed k = keyed(file, e.block);
    const std::string& key = k.key;
    if (is_texture_slot(key)) {
      if (m.texture(key)) continue;  // the first of a repeated key (validate_mtl() reports it)
      MtlTexture t;
      static_cast<MtlKeyed&>(t) = k;
      for (const MtlEntry& v : file.blocks[e.block].entries) {
        if (v.kind == MtlEntryKind::string) {
          t.name = v.token.text;
          break;
        }
      }
      for (const MtlEntry& v : file.blocks[e.block].entries) {
        if (v.kind == MtlEntryKind::block && v.block < file.blocks.size()) t.options.push_back(keyed(file, v.block));
      }
      m.textures.push_back(std::move(t));
    } else if (mtl_key_is(key, "color")) {
      if (!m.color) m.color = mtl_color(file.blocks[e.block]);
    } else if (mtl_key_is(key, "blend")) {
      if (m.blend) continue;
      m.blend_text = k.values.empty() ? std::string() : k.values.front();
      m.blend = MtlBlend::unknown;
      for (MtlBlend b : {MtlBlend::none, MtlBlend::test, MtlBlend::blend, MtlBlend::add, MtlBlend::sub}) {
        if (mtl_key_is(m.blend_text, blend_name(b))) m.blend = b;
      }
    } else if (mtl_key_is(key, "alpharef")) {
      if (!m.alpharef && !k.values.empty()) m.alpharef = mtl_number(k.values.front());
    } else if (is_flag_key(key) || is_value_key(key)) {
      if (!m.flag(key)) m.flags.push_back(k);
    } else {
      m.unknown.push_back(k);
    }
  }
  return m;
}

std::string summary_text(const Material& m) {
  std::string out;
  auto line = [&out](std::string_view label, const std::string& value) { out += fmt::format("  {:<12}{}\n", label, value); };
  if (!m.found) {
    line("material", "none (no {material} block)");
    return out;
  }
  line("shader", printable(m.shader));
  for (const MtlTexture& t : m.textures) {
    std::string detail = fmt::format("\"{}\"", printable(t.name));
    for (const MtlKeyed& o : t.options) {
      detail += fmt::format(" {{{}{}{}}}", printable(o.key), o.values.empty() ? "" : " ", printable(fmt::format("{}", fmt::join(o.values, " "))));
    }
    line(printable(t.key), detail);
  }
  if (m.color) line("color", fmt::format("{:g} {:g} {:g} {:g}", (*m.color)[0], (*m.color)[1], (*m.color)[2], (*m.color)[3]));
  if (m.blend) line("blend", printable(m.blend_text));
  if (m.alpharef) line("alpharef", fmt::format("{:g}", *m.alpharef));
  auto keyed_text = [](const MtlKeyed& k) {
    return k.values.empty() ? printable(k.key) : printable(fmt::format("{} {}", k.key, fmt::join(k.values, " ")));
  };
  // The first mtl_keys_listed, then how many more.
  auto listed = [&](const std::vector<MtlKeyed>& keys) {
    std::vector<std::string> texts;
    for (std::size_t i = 0; i < keys.size() && i < mtl_keys_listed; ++i) texts.push_back(keyed_text(keys[i]));
    std::string text = fmt::format("{}", fmt::join(texts, ", "));
    if (keys.size() > mtl_keys_listed) text += fmt::format(" and {} more", keys.size() - mtl_keys_listed);
    return text;
  };
  if (!m.flags.empty()) line("flags", listed(m.flags));
  if (!m.unknown.empty()) line("unknown", listed(m.unknown) + " (kept, not used)");
  return out;
}

}  // namespace anmkit::gem::mesh
