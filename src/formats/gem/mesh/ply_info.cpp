#include "anmkit/formats/gem/mesh/ply_info.hpp"

#include <fmt/format.h>

#include "anmkit/core/float_bits.hpp"
#include "anmkit/core/printable.hpp"
#include "anmkit/formats/gem/mesh/ply_vertices.hpp"
#include "anmkit/formats/gem/mesh/vertex_layout.hpp"

namespace anmkit::gem::mesh {

PlySummary ply_summary(const PlyFile& file) {
  PlySummary s;
  std::array<std::size_t, 9> seen{};
  for (PlyChunkKind kind : file.chunks) {
    const std::size_t k = seen[std::size_t(kind)]++;
    const bool wide = kind == PlyChunkKind::indices && k < file.index_chunks.size() && file.index_chunks[k].wide;
    s.chunks.emplace_back(chunk_tag(kind, wide));
  }
  if (const PlyVertices* v = file.vertices()) {
    s.vertices = v->count;
    s.stride = v->stride;
  }
  s.used_vertices = used_vertex_count(file);
  if (!file.subsets.empty()) s.fvf = file.subsets[0].fvf;
  s.layout = describe(vertex_layout(file));
  if (const PlyIndices* i = file.indices()) s.triangles = i->values.size() / 3;
  for (const PlySubset& subset : file.subsets) {
    PlySubsetSummary out;
    out.material = subset.material;
    out.flags = subset.flags;
    out.first_triangle = subset.first_triangle;
    out.triangle_count = subset.triangle_count;
    if (subset.color) {
      const std::uint32_t c = *subset.color;
      out.color = std::array<std::uint8_t, 4>{std::uint8_t(c), std::uint8_t(c >> 8), std::uint8_t(c >> 16), std::uint8_t(c >> 24)};
    }
    out.palette = subset.palette;
    s.skinned = s.skinned || (subset.flags & subset_flag::skinned) != 0;
    s.subsets.push_back(std::move(out));
  }
  if (const PlySkin* skin = file.skin()) {
    s.skinned = true;
    s.skin_bones = skin->bones;
  }
  s.mirrored = file.mirrored();
  if (const Bounds* b = file.bounds_chunk()) {
    std::array<float, 6> values{};
    for (std::size_t i = 0; i < 6; ++i) values[i] = float_from_bits((*b)[i]);
    s.bounds = values;
  }
  return s;
}

std::string summary_text(const PlySummary& s) {
  std::string out;
  auto line = [&out](std::string_view label, const std::string& value) { out += fmt::format("  {:<12}{}\n", label, value); };
  line("chunks", fmt::format("{}", fmt::join(s.chunks, " ")));
  std::string vertices = fmt::format("{} of {} bytes", s.vertices, s.stride);
  if (s.used_vertices < s.vertices) vertices += fmt::format(" ({} used by triangles)", s.used_vertices);
  line("vertices", vertices);
  line("layout", fmt::format("fvf 0x{:04x}: {}", s.fvf, s.layout));
  line("triangles", fmt::format("{}", s.triangles));
  line("subsets", fmt::format("{}", s.subsets.size()));
  for (const PlySubsetSummary& subset : s.subsets) {
    std::string detail = fmt::format("'{}': triangles {}..+{}, flags 0x{:04x} {}", printable(subset.material),
                                     subset.first_triangle, subset.triangle_count, subset.flags,
                                     subset_flag_names(subset.flags));
    if (subset.color) {
      detail += fmt::format(", colour {} {} {} {}", (*subset.color)[0], (*subset.color)[1], (*subset.color)[2], (*subset.color)[3]);
    }
    if (subset.palette) detail += fmt::format(", palette ({})", fmt::join(*subset.palette, ", "));
    out += fmt::format("    {}\n", detail);
  }
  std::vector<std::string> names;
  for (const std::string& b : s.skin_bones) names.push_back(printable(b));
  line("skinned", s.skinned ? fmt::format("yes, SKIN {}{}{}", names.size(), names.empty() ? "" : ": ", fmt::join(names, ", "))
                            : std::string("no"));
  line("mirrored", s.mirrored ? "yes (MROR)" : "no");
  if (s.bounds) {
    const auto& b = *s.bounds;
    line("bounds", fmt::format("({:g}, {:g}, {:g})..({:g}, {:g}, {:g})", b[0], b[1], b[2], b[3], b[4], b[5]));
  } else {
    line("bounds", "none");
  }
  return out;
}

}  // namespace anmkit::gem::mesh
