#include "anmkit/formats/gem/mesh/vol_validate.hpp"

#include <cmath>

#include <fmt/format.h>

#include "anmkit/core/float_bits.hpp"

namespace anmkit::gem::mesh {

std::vector<Diagnostic> validate_vol(const VolFile& file) {
  std::vector<Diagnostic> out;
  auto add = [&out](Severity s, const char* id, std::uint64_t offset, std::string pointer, std::string message) {
    out.push_back(Diagnostic{s, id, std::move(message), offset, std::move(pointer)});
  };
  if (!write_vol(file)) {
    out.push_back(Diagnostic{Severity::error, "vol.malformed-model", "the chunk list and the model disagree", std::nullopt, "/chunks"});
    return out;
  }
  const auto offsets = chunk_offsets(file);
  std::uint64_t file_end = vol_signature.size();  // where a missing chunk would go: the end
  std::array<std::size_t, 3> seen{}, first{};
  int highest = -1;
  bool order_told = false;
  for (std::size_t i = 0; i < file.chunks.size(); ++i) {
    const VolChunkKind kind = file.chunks[i];
    const std::size_t k = seen[std::size_t(kind)]++;
    if (k == 0) first[std::size_t(kind)] = i;
    if (k == 1) {
      add(Severity::error, "vol.repeated-chunk", offsets[i], fmt::format("/chunks/{}", i),
          fmt::format("a second {} chunk (readers take one; this model keeps both)", chunk_tag(kind)));
    }
    if (int(kind) < highest && !order_told) {
      add(Severity::warning, "vol.chunk-order", offsets[i], fmt::format("/chunks/{}", i),
          fmt::format("{} after {}: real volumes have VERT, INDX and SIDE in this order", chunk_tag(kind),
                      chunk_tag(VolChunkKind(highest))));
      order_told = true;
    }
    highest = std::max(highest, int(kind));
  }
  if (!offsets.empty()) {
    const VolChunkKind last = file.chunks.back();
    const std::size_t k = seen[std::size_t(last)] - 1;
    const std::uint64_t payload = last == VolChunkKind::vertices ? 12 * file.vertex_chunks[k].size()
                                  : last == VolChunkKind::indices ? 2 * file.index_chunks[k].size()
                                                                  : file.side_chunks[k].size();
    file_end = offsets.back() + 8 + payload;
  }
  for (VolChunkKind kind : {VolChunkKind::vertices, VolChunkKind::indices, VolChunkKind::sides}) {
    if (seen[std::size_t(kind)] == 0) {
      add(Severity::error, "vol.missing-chunk", file_end, "/chunks", fmt::format("no {} chunk", chunk_tag(kind)));
    }
  }
  const auto* vertices = file.vertices();
  const auto* indices = file.indices();
  const auto* sides = file.sides();
  if (vertices) {
    const std::size_t at = first[std::size_t(VolChunkKind::vertices)];
    for (std::size_t v = 0; v < vertices->size(); ++v) {
      const auto& p = (*vertices)[v];
      if (!std::isfinite(float_from_bits(p[0])) || !std::isfinite(float_from_bits(p[1])) || !std::isfinite(float_from_bits(p[2]))) {
        add(Severity::warning, "vol.non-finite", offsets[at] + 8 + 12 * v, fmt::format("/chunks/{}/vertices/{}", at, v),
            fmt::format("vertex {} has a non-finite coordinate", v));
        break;
      }
    }
  }
  if (indices) {
    const std::size_t at = first[std::size_t(VolChunkKind::indices)];
    if (indices->size() % 3 != 0) {
      add(Severity::error, "vol.index-count", offsets[at] + 4, fmt::format("/chunks/{}", at),
          fmt::format("INDX holds {} indices, not a multiple of 3 (whole triangles)", indices->size()));
    }
    const std::size_t count = vertices ? vertices->size() : 0;
    for (std::size_t i = 0; i < indices->size(); ++i) {
      if ((*indices)[i] >= count) {
        add(Severity::error, "vol.index-range", offsets[at] + 8 + 2 * i, fmt::format("/chunks/{}/indices/{}", at, i),
            fmt::format("index {} is {}, but the volume has {} vertices", i, (*indices)[i], count));
        break;
      }
    }
  }
  if (sides) {
    const std::size_t at = first[std::size_t(VolChunkKind::sides)];
    const std::size_t triangles = indices ? indices->size() / 3 : 0;
    if (sides->size() != triangles) {
      add(Severity::error, "vol.side-count", offsets[at] + 4, fmt::format("/chunks/{}", at),
          fmt::format("SIDE holds {} codes for {} triangles (one a triangle)", sides->size(), triangles));
    }
    for (std::size_t i = 0; i < sides->size(); ++i) {
      if ((*sides)[i] < 1 || (*sides)[i] > 6) {
        add(Severity::warning, "vol.side-code", offsets[at] + 8 + i, fmt::format("/chunks/{}/sides/{}", at, i),
            fmt::format("triangle {} has side code {} (real volumes use 1..6: bottom, top, front, rear, left, right)", i,
                        (*sides)[i]));
        break;
      }
    }
  }
  return out;
}

}  // namespace anmkit::gem::mesh
