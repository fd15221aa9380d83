#include "anmkit/formats/gem/mesh/mtl_json.hpp"

#include <fmt/format.h>

#include "anmkit/core/json_text.hpp"
#include "anmkit/formats/gem/brace_json.hpp"

namespace anmkit::gem::mesh {
namespace {

using json = nlohmann::ordered_json;

json keyed_json(const MtlKeyed& k) {
  json values = json::array();
  for (const std::string& v : k.values) values.push_back(json_text(v));
  return {{"key", json_text(k.key)}, {"values", std::move(values)}};
}

}  // namespace

json mtl_material_json(const Material& m, std::size_t listed) {
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
  for (std::size_t i = 0; i < m.flags.size() && i < listed; ++i) flags.push_back(keyed_json(m.flags[i]));
  for (std::size_t i = 0; i < m.unknown.size() && i < listed; ++i) unknown.push_back(keyed_json(m.unknown[i]));
  out["flags"] = std::move(flags);
  out["flags_count"] = m.flags.size();
  out["unknown"] = std::move(unknown);
  out["unknown_count"] = m.unknown.size();
  return out;
}

json mtl_to_json(const MtlFile& file) {
  return json{{"schema", mtl_dump_schema},
              {"schema_version", mtl_dump_schema_version},
              {"format", "gem-mtl"},
              {"tree", brace_tree_json(file)},
              {"material", mtl_material_json(mtl_material(file))}};
}

}  // namespace anmkit::gem::mesh
