#pragma once
// What a `.ply` vertex record holds, from the Direct3D 9 flexible vertex format (fvf) of its MESH
// records and their flags (notes §4): fields in FVF order, then the tangent block.
//
//   position 3 f32 (4 for XYZRHW / XYZW)
//   XYZB1..XYZB5: that many "betas"; with LASTBETA_UBYTE4 (or _D3DCOLOR) the last is 4 bone index
//     bytes and the others f32 weights, otherwise all are f32 weights
//   normal 3 f32 (0x010), point size f32 (0x020), diffuse u32 (0x040), specular u32 (0x080)
//   (fvf >> 8) & 0xF uv sets of 2 f32, doubled when a subset has two_textures
//   tangent 3 f32 + sign f32 when a subset has bump
//
// Real meshes: 0x0112 (32 or 48 bytes), 0x1118 (56, skinned), 0x0152 (36, number plates).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "anmkit/formats/gem/mesh/ply_file.hpp"

namespace anmkit::gem::mesh {

namespace fvf {
inline constexpr std::uint32_t position_mask = 0x400e;
inline constexpr std::uint32_t xyz = 0x0002;
inline constexpr std::uint32_t xyzrhw = 0x0004;
inline constexpr std::uint32_t xyzb1 = 0x0006;
inline constexpr std::uint32_t xyzb5 = 0x000e;
inline constexpr std::uint32_t xyzw = 0x4002;
inline constexpr std::uint32_t normal = 0x0010;
inline constexpr std::uint32_t point_size = 0x0020;
inline constexpr std::uint32_t diffuse = 0x0040;
inline constexpr std::uint32_t specular = 0x0080;
inline constexpr std::uint32_t texcount_mask = 0x0f00;
inline constexpr std::uint32_t texcount_shift = 8;
inline constexpr std::uint32_t lastbeta_ubyte4 = 0x1000;
inline constexpr std::uint32_t lastbeta_d3dcolor = 0x8000;
}  // namespace fvf

struct VertexLayout {
  bool known = false;   // false: `problem` says what this layout cannot describe; no offsets then
  std::string problem;
  std::uint32_t fvf = 0;    // the subsets' fvfs merged (notes §3: all equal in real files)
  std::uint32_t flags = 0;  // the subsets' flags merged
  std::size_t stride = 0;   // bytes a record, as computed (compare with the VERT stride)

  // Byte offsets in the record of each field; nullopt when the record has none.
  std::size_t position = 0;
  unsigned position_floats = 3;            // 4 with XYZRHW or XYZW (the 4th is not a coordinate)
  unsigned weight_count = 0;               // f32 blend weights
  std::optional<std::size_t> weights;
  std::optional<std::size_t> bone_indices;  // 4 bytes
  bool bone_indices_as_color = false;      // LASTBETA_D3DCOLOR rather than LASTBETA_UBYTE4
  std::optional<std::size_t> normal;
  std::optional<std::size_t> point_size;
  std::optional<std::size_t> diffuse;
  std::optional<std::size_t> specular;
  unsigned uv_sets = 0;
  std::optional<std::size_t> uv;  // uv_sets consecutive pairs of f32
  std::optional<std::size_t> tangent;  // 3 f32 + sign f32

  friend bool operator==(const VertexLayout&, const VertexLayout&) = default;
};

// The layout of records of `fvf` when the subsets' flags are `flags`.
VertexLayout vertex_layout(std::uint32_t fvf, std::uint32_t flags);

// The layout of a file's VERT records: the fvfs of all its MESH records merged as SOEdit does (the
// other bits or'ed, the largest uv count) and their flags or'ed. Unknown without a MESH record.
VertexLayout vertex_layout(const PlyFile& file);

// One field of a record, for listings: name ("position", "weights", "bone_indices", "normal",
// "point_size", "diffuse", "specular", "uv", "tangent"), offset, size in bytes, and what it holds
// ("3 f32", "4 u8", ...).
struct VertexField {
  std::string name;
  std::size_t offset = 0;
  std::size_t size = 0;
  std::string type;
};
std::vector<VertexField> vertex_fields(const VertexLayout& layout);

// "position, normal, uv, tangent": the fields' names in order; the problem when unknown.
std::string describe(const VertexLayout& layout);

}  // namespace anmkit::gem::mesh
