#pragma once
// What `anmkit info` says about a `.ply`: a summary as values and its text (its JSON:
// ply_summary_json() in ply_json.hpp).

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "anmkit/formats/gem/mesh/ply_file.hpp"

namespace anmkit::gem::mesh {

struct PlySubsetSummary {
  std::string material;  // bytes
  std::uint32_t flags = 0;
  std::uint32_t first_triangle = 0;
  std::uint32_t triangle_count = 0;
  std::optional<std::array<std::uint8_t, 4>> color;  // r g b a
  std::optional<std::vector<std::uint8_t>> palette;
};

struct PlySummary {
  std::vector<std::string> chunks;  // tags in file order
  std::uint32_t vertices = 0;       // VERT count
  std::uint32_t used_vertices = 0;  // 1 + the largest index (vertices past it are an unused tail)
  std::uint16_t stride = 0;
  std::uint32_t fvf = 0;            // of the first subset
  std::string layout;               // "position, normal, uv, tangent", or why it is not known
  std::uint64_t triangles = 0;      // index count / 3
  std::vector<PlySubsetSummary> subsets;
  bool skinned = false;                  // a subset has the skinned flag or the file a SKIN chunk
  std::vector<std::string> skin_bones;  // SKIN names, bytes
  bool mirrored = false;                 // MROR
  std::optional<std::array<float, 6>> bounds;  // BNDS: min x y z, max x y z
};

PlySummary ply_summary(const PlyFile& file);

std::string summary_text(const PlySummary& summary);

}  // namespace anmkit::gem::mesh
