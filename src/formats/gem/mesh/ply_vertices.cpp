#include "anmkit/formats/gem/mesh/ply_vertices.hpp"

#include <algorithm>
#include <cstring>
#include <span>

#include <fmt/format.h>

#include "anmkit/core/float_bits.hpp"

namespace anmkit::gem::mesh {
namespace {

float f32_at(const std::uint8_t* p) {
  return float_from_bits(std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 |
                         std::uint32_t(p[3]) << 24);
}

template <std::size_t N>
std::array<float, N> floats_at(const std::uint8_t* p) {
  std::array<float, N> out;
  for (std::size_t i = 0; i < N; ++i) out[i] = f32_at(p + 4 * i);
  return out;
}

// Offsets of chunks in the encoded file, for errors (the model is well-formed when it was read).
std::optional<std::uint64_t> offset_of(const PlyFile& file, PlyChunkKind kind, std::size_t k) {
  if (find_malformed(file)) return std::nullopt;
  const auto position = chunk_position(file, kind, k);
  if (!position) return std::nullopt;
  return chunk_offsets(file)[*position];
}

// The fields of `count` records of layout `l` (a known layout; `records` holds count x stride
// bytes) into `out`.
void decode_into(const VertexLayout& l, std::span<const std::uint8_t> records, std::size_t count, DecodedVertices& out) {
  const std::size_t n = count;
  out.positions.resize(n);
  if (l.normal) out.normals.resize(n);
  out.uvs.assign(l.uv_sets, std::vector<std::array<float, 2>>(n));
  if (l.tangent) out.tangents.resize(n);
  if (l.diffuse) out.colors.resize(n);
  if (l.bone_indices) {
    out.bone_slots.resize(n);
    out.weights.resize(n);
  }
  for (std::size_t v = 0; v < n; ++v) {
    const std::uint8_t* record = records.data() + v * l.stride;
    out.positions[v] = floats_at<3>(record + l.position);
    if (l.normal) out.normals[v] = floats_at<3>(record + *l.normal);
    for (unsigned set = 0; set < l.uv_sets; ++set) out.uvs[set][v] = floats_at<2>(record + *l.uv + 8 * std::size_t(set));
    if (l.tangent) out.tangents[v] = floats_at<4>(record + *l.tangent);
    if (l.diffuse) {
      const std::uint8_t* c = record + *l.diffuse;  // D3DCOLOR: b g r a in memory
      out.colors[v] = {c[2], c[1], c[0], c[3]};
    }
    if (l.bone_indices) {
      std::memcpy(out.bone_slots[v].data(), record + *l.bone_indices, 4);
      std::array<float, 4> w{0, 0, 0, 0};
      float sum = 0;
      const unsigned stored = std::min(l.weight_count, 4u);
      for (unsigned i = 0; i < stored; ++i) {
        w[i] = f32_at(record + *l.weights + 4 * std::size_t(i));
        sum += w[i];
      }
      if (stored < 4) w[stored] = 1.0f - sum;
      out.weights[v] = w;
    }
  }
}

}  // namespace

Expected<DecodedVertices> decode_vertices(const PlyFile& file) {
  const PlyVertices* vert = file.vertices();
  if (!vert) return make_error(ErrorCode::unsupported, "the mesh has no VERT chunk");
  const auto stride_offset = [&file]() -> std::optional<std::uint64_t> {
    const auto at = offset_of(file, PlyChunkKind::vertices, 0);
    return at ? std::optional<std::uint64_t>(*at + 8) : std::nullopt;
  };
  DecodedVertices out;
  out.layout = vertex_layout(file);
  const VertexLayout& l = out.layout;
  if (!l.known) return make_error(ErrorCode::unsupported, fmt::format("vertex records not decoded: {}", l.problem), stride_offset());
  if (l.stride != vert->stride) {
    return make_error(ErrorCode::unsupported,
                      fmt::format("vertex records not decoded: VERT stride {} but fvf 0x{:04x} with flags 0x{:04x} "
                                  "describes {} bytes ({})",
                                  vert->stride, l.fvf, l.flags, l.stride, describe(l)),
                      stride_offset());
  }
  if (std::uint64_t(vert->count) * vert->stride != vert->data.size()) {
    return make_error(ErrorCode::invalid_model, "the VERT chunk's data is not count x stride bytes", stride_offset());
  }
  decode_into(l, vert->data, vert->count, out);
  return out;
}

Expected<DecodedVertices> decode_records(const VertexLayout& layout, std::span<const std::uint8_t> records, std::size_t count) {
  if (!layout.known) return make_error(ErrorCode::unsupported, fmt::format("vertex records not decoded: {}", layout.problem));
  if (layout.stride == 0 || records.size() / layout.stride < count || records.size() != count * layout.stride) {
    return make_error(ErrorCode::invalid_model, fmt::format("{} bytes are not {} records of {} bytes", records.size(), count, layout.stride));
  }
  DecodedVertices out;
  out.layout = layout;
  decode_into(layout, records, count, out);
  return out;
}

Expected<std::vector<std::array<std::uint32_t, 3>>> subset_triangles(const PlyFile& file, std::size_t subset) {
  if (subset >= file.subsets.size()) {
    return make_error(ErrorCode::bad_value, fmt::format("subset {} of {}", subset, file.subsets.size()));
  }
  const PlySubset& s = file.subsets[subset];
  const PlyIndices* indices = file.indices();
  const std::size_t triangles = indices ? indices->values.size() / 3 : 0;
  if (std::uint64_t(s.first_triangle) + s.triangle_count > triangles) {
    return make_error(ErrorCode::bad_value,
                      fmt::format("subset {} covers triangles {}..{}, past the {} triangles of the index chunk", subset,
                                  s.first_triangle, std::uint64_t(s.first_triangle) + s.triangle_count, triangles),
                      offset_of(file, PlyChunkKind::subset, subset));
  }
  const std::uint32_t vertex_count = file.vertices() ? file.vertices()->count : 0;
  std::vector<std::array<std::uint32_t, 3>> out(s.triangle_count);
  for (std::size_t t = 0; t < s.triangle_count; ++t) {
    for (std::size_t c = 0; c < 3; ++c) {
      const std::size_t at = (std::size_t(s.first_triangle) + t) * 3 + c;
      const std::uint32_t value = indices->values[at];
      if (value >= vertex_count) {
        const auto chunk = offset_of(file, PlyChunkKind::indices, 0);
        return make_error(ErrorCode::bad_value,
                          fmt::format("index {} of subset {} is {}, but the mesh has {} vertices", at, subset, value,
                                      vertex_count),
                          chunk ? std::optional<std::uint64_t>(*chunk + 8 + at * (indices->wide ? 4 : 2)) : std::nullopt);
      }
      out[t][c] = value;
    }
  }
  return out;
}

Expected<std::vector<std::array<std::uint16_t, 4>>> subset_joints(const PlyFile& file, const DecodedVertices& vertices,
                                                                   std::size_t subset) {
  if (subset >= file.subsets.size()) {
    return make_error(ErrorCode::bad_value, fmt::format("subset {} of {}", subset, file.subsets.size()));
  }
  const PlySubset& s = file.subsets[subset];
  // Where the subset's record is, for errors only (finding it walks the whole model).
  const auto subset_offset = [&file, subset] { return offset_of(file, PlyChunkKind::subset, subset); };
  if (!s.palette) return make_error(ErrorCode::unsupported, fmt::format("subset {} has no bone palette", subset), subset_offset());
  if (vertices.bone_slots.empty()) {
    return make_error(ErrorCode::unsupported, "the vertex records hold no bone slots", subset_offset());
  }
  const Bytes& palette = *s.palette;
  const std::size_t n = vertices.bone_slots.size();
  std::vector<std::array<std::uint16_t, 4>> out(n, {0, 0, 0, 0});
  std::vector<bool> used(n, false);
  auto triangles = subset_triangles(file, subset);
  if (!triangles) return triangles.error();
  for (const auto& t : *triangles) {
    for (std::uint32_t v : t) used[v] = true;
  }
  for (std::size_t v = 0; v < n; ++v) {
    for (std::size_t slot = 0; slot < 4; ++slot) {
      const std::uint8_t b = vertices.bone_slots[v][slot];
      if (b < palette.size()) {
        out[v][slot] = palette[b];
      } else if (used[v] && vertices.weights[v][slot] != 0.0f) {
        return make_error(ErrorCode::bad_value,
                          fmt::format("vertex {} of subset {} gives weight {} to slot byte {}, past its palette of {}", v,
                                      subset, vertices.weights[v][slot], b, palette.size()),
                          subset_offset());
      }
    }
  }
  return out;
}

std::uint32_t used_vertex_count(const PlyFile& file) {
  const PlyIndices* indices = file.indices();
  if (!indices || indices->values.empty()) return 0;
  const std::uint32_t largest = *std::max_element(indices->values.begin(), indices->values.end());
  return largest == UINT32_MAX ? UINT32_MAX : largest + 1;
}

std::optional<std::array<float, 6>> used_bounds(const PlyFile& file, const DecodedVertices& vertices) {
  const PlyIndices* indices = file.indices();
  if (!indices) return std::nullopt;
  std::optional<std::array<float, 6>> out;
  for (std::uint32_t v : indices->values) {
    if (v >= vertices.positions.size()) continue;
    const auto& p = vertices.positions[v];
    if (!out) {
      out = std::array<float, 6>{p[0], p[1], p[2], p[0], p[1], p[2]};
      continue;
    }
    for (std::size_t a = 0; a < 3; ++a) {
      (*out)[a] = std::min((*out)[a], p[a]);
      (*out)[3 + a] = std::max((*out)[3 + a], p[a]);
    }
  }
  return out;
}

}  // namespace anmkit::gem::mesh
