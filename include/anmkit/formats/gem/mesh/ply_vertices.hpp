#pragma once
// The meaning of a `.ply`'s vertex bytes and triangles, decoded for a mesh exporter (glTF):
// positions, normals, uv sets, tangents, colours, the bone slots and weights of skinned meshes
// (notes §4, §5), and each subset's triangles and joints.
//
// Everything is as the file stores it: coordinates in the owning bone's rest frame, uv with
// v = 0 at the top of the image (glTF's convention too), triangles clockwise around their
// normals in a right-handed reading (a glTF writer swaps two indices of each, notes §6).

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "anmkit/core/expected.hpp"
#include "anmkit/formats/gem/mesh/ply_file.hpp"
#include "anmkit/formats/gem/mesh/vertex_layout.hpp"

namespace anmkit::gem::mesh {

struct DecodedVertices {
  VertexLayout layout;
  std::vector<std::array<float, 3>> positions;  // x y z (a 4th XYZRHW / XYZW float is left out)
  std::vector<std::array<float, 3>> normals;    // empty when the records have none
  std::vector<std::vector<std::array<float, 2>>> uvs;  // uvs[set][vertex]; one list a set
  std::vector<std::array<float, 4>> tangents;   // x y z and the sign; empty without the bump block
  std::vector<std::array<std::uint8_t, 4>> colors;  // the diffuse colour as r g b a; empty when none
  // Skinned records (a last beta of bone indices): the 4 slot bytes as stored, and a weight a slot:
  // the stored f32 weights, then 1 - their sum for the next slot (notes §5: one weight w gives
  // (w, 1 - w, 0, 0)), then 0. Empty otherwise.
  std::vector<std::array<std::uint8_t, 4>> bone_slots;
  std::vector<std::array<float, 4>> weights;
};

// Fails (unsupported, at the VERT chunk's stride) when the file has no VERT chunk or MESH record,
// when the layout is not known, or when its stride is not the VERT stride.
Expected<DecodedVertices> decode_vertices(const PlyFile& file);

// `count` records of `layout` (a mesh animation's payload holds them): fails (unsupported) for an
// unknown layout, (invalid_model) when `records` is not count x stride bytes.
Expected<DecodedVertices> decode_records(const VertexLayout& layout, std::span<const std::uint8_t> records, std::size_t count);

// The triangles of subset k (three vertex indices each, in the stored order). Fails (bad_value,
// at the offending MESH or index) when its range runs past the index chunk or an index is not a
// vertex of the VERT chunk.
Expected<std::vector<std::array<std::uint32_t, 3>>> subset_triangles(const PlyFile& file, std::size_t subset);

// The joints of every vertex as subset k's palette maps its slots (notes §5): joint 0 is the bone
// that owns the mesh (its VolumeView's bone), joint j >= 1 is SKIN name j - 1; so a glTF skin
// lists [owner, SKIN...] and takes these as JOINTS_0. A slot past the palette maps to 0 when its
// weight is 0, and fails (bad_value) when a vertex of the subset gives it weight. Fails
// (unsupported) when the subset has no palette or the records no bone slots.
Expected<std::vector<std::array<std::uint16_t, 4>>> subset_joints(const PlyFile& file, const DecodedVertices& vertices,
                                                                   std::size_t subset);

// 1 + the largest index of the index chunk (0 without one): vertices past it are an unused tail
// (notes §4: 10 real files have 1 or 2, often with absurd values), which dropping moves no index.
std::uint32_t used_vertex_count(const PlyFile& file);

// min x y z, max x y z of the positions that the index chunk names (indices past the vertices are
// left out); nullopt when none. The accessor bounds for glTF (BNDS ignores the unused tail too).
std::optional<std::array<float, 6>> used_bounds(const PlyFile& file, const DecodedVertices& vertices);

}  // namespace anmkit::gem::mesh
