#pragma once
// The lossless model of a GEM collision volume, `.vol` (a {Volume}'s {Polyhedron} in a `.mdl`;
// notes §10, after the Blender add-on's read_volume/write_volume): "EVLM", then chunks to the end
// of the file, each a tag and a u32 count:
//
//   VERT  n, n x 3 f32 (positions in the volume's frame)
//   INDX  n, n u16 (three a triangle)
//   SIDE  n, n bytes (one a triangle: 1 bottom, 2 top, 3 front, 4 rear, 5 left, 6 right)
//
// Every real volume (129 in the notes' data) is exactly EVLM VERT INDX SIDE; chunks of one kind are
// kept in one array each and `chunks` lists them in file order, so write_vol(read_vol(b)) == b.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "anmkit/core/expected.hpp"
#include "anmkit/core/limits.hpp"

namespace anmkit::gem::mesh {

enum class VolChunkKind : std::uint8_t { vertices, indices, sides };

struct VolFile {
  std::vector<VolChunkKind> chunks;  // in file order
  std::vector<std::vector<std::array<std::uint32_t, 3>>> vertex_chunks;  // float bits
  std::vector<std::vector<std::uint16_t>> index_chunks;
  std::vector<std::vector<std::uint8_t>> side_chunks;

  // The first chunk of a kind (readers take one); nullptr when absent.
  const std::vector<std::array<std::uint32_t, 3>>* vertices() const { return vertex_chunks.empty() ? nullptr : &vertex_chunks.front(); }
  const std::vector<std::uint16_t>* indices() const { return index_chunks.empty() ? nullptr : &index_chunks.front(); }
  const std::vector<std::uint8_t>* sides() const { return side_chunks.empty() ? nullptr : &side_chunks.front(); }

  friend bool operator==(const VolFile&, const VolFile&) = default;
};

inline constexpr std::string_view vol_signature = "EVLM";
std::string_view chunk_tag(VolChunkKind kind);  // "VERT", "INDX", "SIDE"
// Where each chunk begins in the encoded file (8 + ... for a well-formed model).
std::vector<std::uint64_t> chunk_offsets(const VolFile& file);

bool looks_like_vol(std::span<const std::uint8_t> bytes);

// Every count checked against the bytes that remain before anything is allocated; errors with the
// offset and what was expected (bad_magic, unknown_chunk, truncated, too_large).
Expected<VolFile> read_vol(std::span<const std::uint8_t> bytes, const ReadLimits& limits = {});

// Fails (invalid_model) when `chunks` and the arrays disagree.
Expected<std::vector<std::uint8_t>> write_vol(const VolFile& file);

// What `anmkit info` says: chunks, vertices, triangles, triangles by side code, the box of the
// vertices.
struct VolSummary {
  std::vector<std::string> chunks;
  std::size_t vertices = 0;
  std::size_t triangles = 0;
  std::array<std::size_t, 8> sides{};  // by code 0..6, 7 = any other code
  std::optional<std::array<float, 6>> bounds;
};
VolSummary vol_summary(const VolFile& file);
std::string summary_text(const VolSummary& summary);
std::string_view side_name(std::uint8_t code);  // "bottom", "top", "front", "rear", "left", "right", "?"

}  // namespace anmkit::gem::mesh
