#include "anmkit/formats/gem/mesh/ply_json.hpp"

#include <cmath>

#include <fmt/format.h>

#include "anmkit/core/json_float.hpp"
#include "anmkit/core/json_input.hpp"
#include "anmkit/core/json_text.hpp"
#include "anmkit/formats/gem/mesh/vertex_layout.hpp"

namespace anmkit::gem::mesh {
namespace {

using json = nlohmann::ordered_json;

std::uint32_t u32_at(const std::uint8_t* p) {
  return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 | std::uint32_t(p[3]) << 24;
}

json floats_at(const std::uint8_t* p, std::size_t count) {
  json out = json::array();
  for (std::size_t i = 0; i < count; ++i) out.push_back(json_from_float_bits(u32_at(p + 4 * i)));
  return out;
}

json bytes_at(const std::uint8_t* p, std::size_t count) {
  json out = json::array();
  for (std::size_t i = 0; i < count; ++i) out.push_back(p[i]);
  return out;
}

json layout_json(const VertexLayout& layout) {
  json out = {{"fvf", fmt::format("0x{:04x}", layout.fvf)}, {"flags", fmt::format("0x{:04x}", layout.flags)}};
  if (!layout.known) {
    out["problem"] = layout.problem;
    return out;
  }
  out["stride"] = layout.stride;
  json fields = json::array();
  for (const VertexField& f : vertex_fields(layout)) {
    fields.push_back({{"name", f.name}, {"offset", f.offset}, {"size", f.size}, {"type", f.type}});
  }
  out["fields"] = std::move(fields);
  return out;
}

// Columns by field: one array a field, one entry a vertex.
json vertex_columns(const PlyVertices& v, const VertexLayout& layout) {
  json out = json::object();
  for (const VertexField& f : vertex_fields(layout)) {
    json column = json::array();
    for (std::size_t i = 0; i < v.count; ++i) {
      const std::uint8_t* p = v.data.data() + i * v.stride + f.offset;
      if (f.name == "bone_indices" || f.name == "diffuse" || f.name == "specular") {
        column.push_back(bytes_at(p, 4));  // as stored (a D3DCOLOR is b g r a)
      } else if (f.name == "uv") {
        json sets = json::array();
        for (unsigned s = 0; s < layout.uv_sets; ++s) sets.push_back(floats_at(p + 8 * std::size_t(s), 2));
        column.push_back(std::move(sets));
      } else if (f.size == 4) {
        column.push_back(json_from_float_bits(u32_at(p)));
      } else {
        column.push_back(floats_at(p, f.size / 4));
      }
    }
    out[f.name] = std::move(column);
  }
  return out;
}

json chunk_json(const PlyFile& file, const VertexLayout& layout, PlyChunkKind kind, std::size_t k, std::uint64_t offset) {
  const bool wide = kind == PlyChunkKind::indices && file.index_chunks[k].wide;
  json out = {{"tag", chunk_tag(kind, wide)}, {"offset", offset}};
  switch (kind) {
    case PlyChunkKind::bounds: {
      const Bounds& b = file.bounds[k];
      json min = json::array(), max = json::array();
      for (std::size_t i = 0; i < 3; ++i) {
        min.push_back(json_from_float_bits(b[i]));
        max.push_back(json_from_float_bits(b[3 + i]));
      }
      out["min"] = std::move(min);
      out["max"] = std::move(max);
      break;
    }
    case PlyChunkKind::skin: {
      json bones = json::array();
      for (const std::string& name : file.skins[k].bones) bones.push_back(json_text(name));
      out["bones"] = std::move(bones);
      break;
    }
    case PlyChunkKind::subset: {
      const PlySubset& s = file.subsets[k];
      out["fvf"] = fmt::format("0x{:04x}", s.fvf);
      out["first_triangle"] = s.first_triangle;
      out["triangle_count"] = s.triangle_count;
      out["flags"] = fmt::format("0x{:04x}", s.flags);
      out["flag_names"] = subset_flag_names(s.flags);
      if (s.color) {
        out["color"] = {*s.color & 0xff, (*s.color >> 8) & 0xff, (*s.color >> 16) & 0xff, *s.color >> 24};
      }
      out["material"] = json_text(s.material);
      if (s.palette) out["palette"] = bytes_at(s.palette->data(), s.palette->size());
      break;
    }
    case PlyChunkKind::vertices: {
      const PlyVertices& v = file.vertex_chunks[k];
      out["count"] = v.count;
      out["stride"] = v.stride;
      out["flags"] = fmt::format("0x{:04x}", v.flags);
      if (layout.known && layout.stride == v.stride) {
        out["vertices"] = vertex_columns(v, layout);
      } else {
        out["data"] = json_input::hex(v.data);
      }
      break;
    }
    case PlyChunkKind::indices: out["indices"] = file.index_chunks[k].values; break;
    case PlyChunkKind::mirror: break;
    case PlyChunkKind::adjacency: out["data"] = json_input::hex(file.adjacency[k]); break;
    case PlyChunkKind::shadow: out["data"] = json_input::hex(file.shadow[k]); break;
    case PlyChunkKind::basis: {
      json values = json::array();
      for (std::uint32_t bits : file.basis[k]) values.push_back(json_from_float_bits(bits));
      out["values"] = std::move(values);
      break;
    }
  }
  return out;
}

}  // namespace

namespace {

// A float for JSON: finite values as numbers, others as text ("nan", "inf").
json number(float value) {
  if (!std::isfinite(value)) return fmt::format("{}", value);
  return value;
}

}  // namespace

json ply_summary_json(const PlySummary& s) {
  json subsets = json::array();
  for (const PlySubsetSummary& subset : s.subsets) {
    json out = {{"material", json_text(subset.material)},
                {"flags", fmt::format("0x{:04x}", subset.flags)},
                {"flag_names", subset_flag_names(subset.flags)},
                {"first_triangle", subset.first_triangle},
                {"triangle_count", subset.triangle_count}};
    out["color"] = subset.color ? json(*subset.color) : json(nullptr);
    out["palette"] = subset.palette ? json(*subset.palette) : json(nullptr);
    subsets.push_back(std::move(out));
  }
  json bones = json::array();
  for (const std::string& b : s.skin_bones) bones.push_back(json_text(b));
  json bounds = nullptr;
  if (s.bounds) {
    bounds = json::array();
    for (float v : *s.bounds) bounds.push_back(number(v));
  }
  return json{{"format", "gem-ply"},
              {"chunks", s.chunks},
              {"vertices", s.vertices},
              {"used_vertices", s.used_vertices},
              {"stride", s.stride},
              {"fvf", fmt::format("0x{:04x}", s.fvf)},
              {"layout", s.layout},
              {"triangles", s.triangles},
              {"subsets", std::move(subsets)},
              {"skinned", s.skinned},
              {"skin_bones", std::move(bones)},
              {"mirrored", s.mirrored},
              {"bounds", std::move(bounds)}};
}

json ply_to_json(const PlyFile& file) {
  json out = {{"schema", ply_dump_schema}, {"schema_version", ply_dump_schema_version}, {"format", "gem-ply"},
              {"signature", std::string(ply_signature)}};
  if (auto bad = find_malformed(file)) {
    out["malformed"] = fmt::format("{}: {}", bad->pointer, bad->message);
    return out;
  }
  const VertexLayout layout = vertex_layout(file);
  out["layout"] = layout_json(layout);
  const auto offsets = chunk_offsets(file);
  json chunks = json::array();
  std::array<std::size_t, 9> seen{};
  for (std::size_t i = 0; i < file.chunks.size(); ++i) {
    const PlyChunkKind kind = file.chunks[i];
    chunks.push_back(chunk_json(file, layout, kind, seen[std::size_t(kind)]++, offsets[i]));
  }
  out["chunks"] = std::move(chunks);
  return out;
}

}  // namespace anmkit::gem::mesh
