#include "anmkit/formats/gem/mesh/vol_json.hpp"

#include <cmath>

#include <fmt/format.h>

#include "anmkit/core/json_float.hpp"

namespace anmkit::gem::mesh {

using json = nlohmann::ordered_json;

json vol_to_json(const VolFile& file) {
  json out = {{"schema", vol_dump_schema}, {"schema_version", vol_dump_schema_version}, {"format", "gem-vol"},
              {"signature", std::string(vol_signature)}};
  if (!write_vol(file)) {
    out["malformed"] = "the chunk list and the model disagree";
    return out;
  }
  const auto offsets = chunk_offsets(file);
  json chunks = json::array();
  std::array<std::size_t, 3> seen{};
  for (std::size_t i = 0; i < file.chunks.size(); ++i) {
    const VolChunkKind kind = file.chunks[i];
    const std::size_t k = seen[std::size_t(kind)]++;
    json chunk = {{"tag", chunk_tag(kind)}, {"offset", offsets[i]}};
    switch (kind) {
      case VolChunkKind::vertices: {
        json vertices = json::array();
        for (const auto& v : file.vertex_chunks[k]) {
          vertices.push_back({json_from_float_bits(v[0]), json_from_float_bits(v[1]), json_from_float_bits(v[2])});
        }
        chunk["vertices"] = std::move(vertices);
        break;
      }
      case VolChunkKind::indices: chunk["indices"] = file.index_chunks[k]; break;
      case VolChunkKind::sides: chunk["sides"] = file.side_chunks[k]; break;
    }
    chunks.push_back(std::move(chunk));
  }
  out["chunks"] = std::move(chunks);
  return out;
}

json vol_summary_json(const VolSummary& s) {
  json sides = json::object();
  for (std::uint8_t code = 1; code <= 6; ++code) sides[std::string(side_name(code))] = s.sides[code];
  sides["other"] = s.sides[0] + s.sides[7];
  json bounds = nullptr;
  if (s.bounds) {
    bounds = json::array();
    for (float v : *s.bounds) bounds.push_back(std::isfinite(v) ? json(v) : json(fmt::format("{}", v)));
  }
  return json{{"format", "gem-vol"}, {"chunks", s.chunks},     {"vertices", s.vertices},
              {"triangles", s.triangles}, {"sides", std::move(sides)}, {"bounds", std::move(bounds)}};
}

}  // namespace anmkit::gem::mesh
