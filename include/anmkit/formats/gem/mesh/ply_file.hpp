#pragma once
// The lossless model of a GEM mesh, `.ply` (EPLY): every chunk as stored, in file order.
// write_ply(read_ply(bytes)) == bytes for every file read_ply() accepts. Floats are kept as raw
// bits, the vertex records as the file's bytes (vertex_layout.hpp says what they hold), names as
// bytes. Source: ../shared/spec/gem-mesh.notes.md §2-§6, docs/formats/gem-mesh.md.
//
// Layout: "EPLY", then chunks to the end of the file, each a 4-byte tag and a payload whose
// length follows from its own fields (no chunk has a size field):
//
//   BNDS  6 f32: min x y z, max x y z
//   SKIN  u32 n, n names (u8 length + bytes)
//   MESH  u32 fvf, u32 first triangle, u32 triangle count, u32 flags, [u32 colour if flags 0x200],
//         material name (u8 length + bytes), [u8 n + n palette bytes if flags 0x800]
//   VERT  u32 count, u16 stride, u16 flags, count x stride bytes
//   INDX  u32 count, count u16       IND4  u32 count, count u32
//   MROR  no payload
//   ADJA  u32 n, n x 3 i16 (never seen)   SHDW  u32 n, n bytes (never seen)   BAS2  12 f32
//
// Chunks of one kind are kept in one array each (subsets, vertex_chunks, ...); `chunks` lists
// every chunk in file order by kind, and the k-th chunk of a kind is element k of its array.
// Offsets are not stored: they follow from the sizes (chunk_offsets()).

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace anmkit::gem::mesh {

using Bytes = std::vector<std::uint8_t>;

// MESH flag bits (SOE general.h; notes §3).
namespace subset_flag {
inline constexpr std::uint32_t two_sided = 0x0001;     // drawn without culling
inline constexpr std::uint32_t use_alpha = 0x0002;
inline constexpr std::uint32_t light = 0x0004;
inline constexpr std::uint32_t player_color = 0x0008;
inline constexpr std::uint32_t skinned = 0x0010;
inline constexpr std::uint32_t shadow = 0x0020;
inline constexpr std::uint32_t mirrored = 0x0040;      // under an extra reflection (with MROR)
inline constexpr std::uint32_t blend_texture = 0x0080;
inline constexpr std::uint32_t bump = 0x0100;          // the vertices carry the tangent block
inline constexpr std::uint32_t specular = 0x0200;      // the record holds a u32 colour
inline constexpr std::uint32_t material = 0x0400;      // the name is a .mtl file
inline constexpr std::uint32_t subskin = 0x0800;       // the record holds a bone palette
inline constexpr std::uint32_t two_textures = 0x1000;  // doubles the uv sets
inline constexpr std::uint32_t vertex_declaration = 0x2000;
inline constexpr std::uint32_t lightmap = 0x4000;
inline constexpr std::uint32_t known = 0x7fff;
}  // namespace subset_flag

// "two_sided|light|material" for 0x0405; unknown bits as "0x00010000"; "none" for 0.
std::string subset_flag_names(std::uint32_t flags);

enum class PlyChunkKind : std::uint8_t { bounds, skin, subset, vertices, indices, mirror, adjacency, shadow, basis };

using Bounds = std::array<std::uint32_t, 6>;  // float bits: min x y z, max x y z

struct PlySkin {
  std::vector<std::string> bones;  // bytes, as stored (each at most 255)
  friend bool operator==(const PlySkin&, const PlySkin&) = default;
};

// One MESH record: a range of triangles drawn with one material.
struct PlySubset {
  std::uint32_t fvf = 0;
  std::uint32_t first_triangle = 0;
  std::uint32_t triangle_count = 0;
  std::uint32_t flags = 0;                 // as stored, unknown bits included
  std::optional<std::uint32_t> color;      // exactly when flags has `specular`; bytes r g b a from the low byte
  std::string material;                    // bytes: a .mtl file name beside the .ply
  std::optional<Bytes> palette;            // exactly when flags has `subskin`
  friend bool operator==(const PlySubset&, const PlySubset&) = default;
};

struct PlyVertices {
  std::uint32_t count = 0;
  std::uint16_t stride = 0;
  std::uint16_t flags = 0;  // 0x0007 in every real EPLY; meaning unknown
  Bytes data;               // count x stride bytes, as stored
  friend bool operator==(const PlyVertices&, const PlyVertices&) = default;
};

struct PlyIndices {
  bool wide = false;                  // IND4 (u32) rather than INDX (u16)
  std::vector<std::uint32_t> values;  // three a triangle
  friend bool operator==(const PlyIndices&, const PlyIndices&) = default;
};

struct PlyFile {
  std::vector<PlyChunkKind> chunks;  // every chunk, in file order
  std::vector<Bounds> bounds;
  std::vector<PlySkin> skins;
  std::vector<PlySubset> subsets;
  std::vector<PlyVertices> vertex_chunks;
  std::vector<PlyIndices> index_chunks;
  std::vector<Bytes> adjacency;  // ADJA: 6 bytes (3 i16) a triangle, as stored
  std::vector<Bytes> shadow;     // SHDW: as stored
  std::vector<std::array<std::uint32_t, 12>> basis;  // BAS2: float bits

  // The chunk a mesh has once (the first, when a malformed file has more); nullptr when absent.
  const Bounds* bounds_chunk() const { return bounds.empty() ? nullptr : &bounds.front(); }
  const PlySkin* skin() const { return skins.empty() ? nullptr : &skins.front(); }
  const PlyVertices* vertices() const { return vertex_chunks.empty() ? nullptr : &vertex_chunks.front(); }
  const PlyIndices* indices() const { return index_chunks.empty() ? nullptr : &index_chunks.front(); }
  // An MROR chunk is present.
  bool mirrored() const;

  friend bool operator==(const PlyFile&, const PlyFile&) = default;
};

inline constexpr std::string_view ply_signature = "EPLY";

// "BNDS", "SKIN", "MESH", "VERT", "INDX" or "IND4" (by `wide`), "MROR", "ADJA", "SHDW", "BAS2".
std::string_view chunk_tag(PlyChunkKind kind, bool wide = false);

// How many chunks of `kind` the arrays hold.
std::size_t array_size(const PlyFile& file, PlyChunkKind kind);

// The encoded size of the k-th chunk of `kind` (tag included).
std::uint64_t chunk_size(const PlyFile& file, PlyChunkKind kind, std::size_t k);

// Where each chunk (`chunks[i]`) begins in the encoded file: 4 (after the signature) plus the sizes
// of the chunks before it. For a file read from bytes, the offsets in those bytes. The model must
// be well-formed (find_malformed() returns nothing).
std::vector<std::uint64_t> chunk_offsets(const PlyFile& file);

// The first way the model cannot be encoded, with the JSON pointer of the value (as the dump
// names it): chunk counts that disagree with the arrays, a colour or palette present without
// its flag or missing with it, a name past 255 bytes, vertex data that is not count x stride
// bytes, adjacency that is not whole triangles.
struct Malformed {
  std::string pointer;
  std::string message;
};
std::optional<Malformed> find_malformed(const PlyFile& file);

// The index of `chunks` of the k-th chunk of `kind`, or nullopt.
std::optional<std::size_t> chunk_position(const PlyFile& file, PlyChunkKind kind, std::size_t k);

}  // namespace anmkit::gem::mesh
