#include "anmkit/formats/gem/gem_mesh.hpp"

#include "anmkit/core/byte_reader.hpp"
#include "anmkit/core/float_bits.hpp"

namespace anmkit::gem {

std::optional<MeshHeader> parse_mesh_header(std::span<const std::uint8_t> payload) {
  constexpr std::size_t header_size = 8, trailer_size = 8, bbox_size = 24;
  if (payload.size() < header_size) return std::nullopt;
  ByteReader r(payload);
  MeshHeader h;
  h.first_vertex = r.u32("first vertex");
  h.vertex_count = r.u16("vertex count");
  h.has_bbox = r.u16("has bbox");
  const std::size_t fixed = header_size + trailer_size + (h.has_bbox ? bbox_size : 0);
  if (h.vertex_count == 0 || payload.size() < fixed) return h;
  const std::size_t records = payload.size() - fixed;
  if (records % h.vertex_count != 0) return h;
  h.vertex_stride = records / h.vertex_count;
  if (h.has_bbox) {
    ByteReader box(payload.subspan(header_size + records, bbox_size));
    std::array<float, 6> values{};
    for (float& v : values) v = float_from_bits(box.f32_bits("bbox"));
    h.bbox = values;
  }
  return h;
}

}  // namespace anmkit::gem
