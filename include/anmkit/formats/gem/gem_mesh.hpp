#pragma once
// The header of a mesh-animation payload (notes point 14): u32 first vertex, u16 vertex count,
// u16 has-bbox, vertex records in the target mesh's own layout, 6 f32 bounding box when has-bbox
// is set, then 2 trailing f32. The payload itself is always kept as bytes.

#include <array>
#include <cstdint>
#include <optional>
#include <span>

namespace anmkit::gem {

struct MeshHeader {
  std::uint32_t first_vertex = 0;
  std::uint16_t vertex_count = 0;
  std::uint16_t has_bbox = 0;
  // Bytes per vertex record, when the payload's size divides evenly by the vertex count.
  std::optional<std::size_t> vertex_stride;
  // min x, y, z, max x, y, z, when has_bbox is set and the stride is known.
  std::optional<std::array<float, 6>> bbox;
};

// nullopt when the payload is shorter than the 8-byte header.
std::optional<MeshHeader> parse_mesh_header(std::span<const std::uint8_t> payload);

}  // namespace anmkit::gem
