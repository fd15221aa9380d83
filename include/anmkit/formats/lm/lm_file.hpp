#pragma once
// The lossless Luigi's Mansion (GameCube) `.anm` model. Big endian. Layout (notes points 2-8):
// a 0x18-byte header (u8 version, u8 loop, u16 padding, u32 frame count, u32 offsets of the
// scale, rotation and translation float arrays and of the node groups), then four regions at
// those offsets. One node group (0x36 bytes: nine tracks {u16 count, u16 index, u16 flag}) per
// scene-graph node; the node count is not stored (it comes from the `.bin`, the user, or the
// layout).
//
// The model keeps the regions in their file order, each running to the start of the next one,
// so any layout (arrays in an unusual order, stray bytes) writes back byte for byte; the
// writer derives the offsets from the order and the sizes. Floats are kept as raw bits.

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace anmkit::lm {

using Bytes = std::vector<std::uint8_t>;

inline constexpr std::size_t header_size = 0x18;
inline constexpr std::size_t group_size = 0x36;
inline constexpr std::uint16_t flag_out_slope = 0x80;

// The three key arrays, in the order the header lists their offsets.
enum class ArrayKind : std::uint8_t { scale, rotation, translation };
inline constexpr std::array<ArrayKind, 3> array_kinds{ArrayKind::scale, ArrayKind::rotation, ArrayKind::translation};
std::string_view array_name(ArrayKind kind);  // "scale", "rotation", "translation"

// Regions after the header; the canonical order is groups, scale, rotation, translation.
enum class Region : std::uint8_t { groups, scale, rotation, translation };
std::string_view region_name(Region region);  // "groups", "scale", ...
inline constexpr Region region_of(ArrayKind kind) { return Region(std::uint8_t(kind) + 1); }

struct Track {
  std::uint16_t count = 0;  // 0: default value; 1: a constant; n: n keys
  std::uint16_t index = 0;  // in floats, into its kind's array
  std::uint16_t flag = 0;   // 0x80: keys carry an out slope
  friend bool operator==(const Track&, const Track&) = default;
};

// Tracks in file order: scale X Y Z, rotation X Y Z, translation X Y Z.
struct NodeGroup {
  std::array<Track, 9> tracks{};
  friend bool operator==(const NodeGroup&, const NodeGroup&) = default;
};
inline constexpr std::array<const char*, 9> track_names{"sx", "sy", "sz", "rx", "ry", "rz", "tx", "ty", "tz"};
inline constexpr ArrayKind track_kind(std::size_t slot) { return ArrayKind(slot / 3); }

struct File {
  std::uint8_t version = 2;
  std::uint8_t loop = 0;
  std::uint16_t padding = 0;
  std::uint32_t frame_count = 0;
  std::array<Region, 4> order{Region::groups, Region::scale, Region::rotation, Region::translation};
  Bytes lead;                      // bytes between the header and the first region (usually none)
  std::vector<NodeGroup> groups;  // exactly fill their region
  std::array<std::vector<std::uint32_t>, 3> arrays;  // float bits, by ArrayKind
  std::array<Bytes, 3> array_tails;                  // 0-3 bytes when a region is not whole floats
  friend bool operator==(const File&, const File&) = default;
};

// Where each region starts and ends in the encoded file (derived from order and sizes).
struct Layout {
  std::array<std::uint64_t, 4> start{};  // by Region
  std::array<std::uint64_t, 4> end{};    // by Region; end of the region's content and tail
  std::uint64_t size = 0;
  std::uint64_t array_offset(ArrayKind kind) const { return start[std::size_t(region_of(kind))]; }
};
Layout layout_of(const File& file);

// The byte at `offset` of the file that the model encodes, read from the model itself (no
// encoding), for the rare track whose data runs past its own array; 0 past the end.
std::uint8_t encoded_byte(const File& file, const Layout& layout, std::uint64_t offset);

}  // namespace anmkit::lm
