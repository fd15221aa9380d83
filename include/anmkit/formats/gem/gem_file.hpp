#pragma once
// The lossless GEM (EANM) file model: every chunk and field as stored, in file order.
// write(read(bytes)) == bytes for every file read() accepts. Floats are kept as raw bits.
// `offset` members record where a record began in the file it was read from (0 for models
// built in memory); writers ignore them, validators report them.
//
// Layout (see docs/formats/gem.md): "EANM", u32 version (minor half first on disk), "FRMS" u32
// frame count, any number of "CMNT" u16 size + bytes, "BMAP" u32 count + names (4-byte prefix:
// low byte = length, upper 24 bits reserved), then frame chunks (FRMN, FRM2 or FRM3) to the end.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace anmkit::gem {

inline constexpr std::uint32_t version_3_0 = 0x00030000;
inline constexpr std::uint32_t version_4_0 = 0x00040000;
inline constexpr std::uint32_t version_5_0 = 0x00050000;
inline constexpr std::uint32_t version_6_0 = 0x00060000;
inline constexpr std::uint32_t version_6_1 = 0x00060001;

// Key flag bits of FRM2/FRM3.
namespace flag {
inline constexpr std::uint16_t position = 0x0001;
inline constexpr std::uint16_t orientation = 0x0002;
inline constexpr std::uint16_t mirrored = 0x0004;
inline constexpr std::uint16_t visible = 0x0008;
inline constexpr std::uint16_t hidden = 0x0010;
inline constexpr std::uint16_t mesh = 0x0020;
inline constexpr std::uint16_t scale = 0x0040;
inline constexpr std::uint16_t known = 0x007f;
}  // namespace flag

using Vec3Bits = std::array<std::uint32_t, 3>;
using Matrix34Bits = std::array<std::uint32_t, 12>;  // four rows of three floats
using Bytes = std::vector<std::uint8_t>;

struct Comment {
  Bytes text;  // exactly as stored (no terminator is added or removed)
  std::uint64_t offset = 0;
  friend bool operator==(const Comment& a, const Comment& b) { return a.text == b.text; }
};

struct BoneName {
  std::string name;
  std::uint32_t reserved = 0;  // upper 24 bits of the length prefix, kept as found
  std::uint64_t offset = 0;
  friend bool operator==(const BoneName& a, const BoneName& b) {
    return a.name == b.name && a.reserved == b.reserved;
  }
};

// FRMN (versions 3.0, 4.0, 5.0): a frame holds BONE records, each with MATR/VISI/MESH items.
struct Matr { Matrix34Bits bits{}; friend bool operator==(const Matr&, const Matr&) = default; };
struct Visi { std::int32_t value = 1; friend bool operator==(const Visi&, const Visi&) = default; };
struct Mesh { Bytes payload; friend bool operator==(const Mesh&, const Mesh&) = default; };

struct FrmnItem {
  std::variant<Matr, Visi, Mesh> value;
  std::uint64_t offset = 0;
  friend bool operator==(const FrmnItem& a, const FrmnItem& b) { return a.value == b.value; }
};

struct FrmnBone {
  std::int32_t index = 0;
  std::vector<FrmnItem> items;
  std::uint64_t offset = 0;
  friend bool operator==(const FrmnBone& a, const FrmnBone& b) {
    return a.index == b.index && a.items == b.items;
  }
};

// FRM2/FRM3: a key of one bone; fields are present exactly when their flag bit is set.
struct Key {
  std::uint8_t bone = 0;
  std::uint16_t flags = 0;
  std::optional<Vec3Bits> position;
  std::optional<Vec3Bits> orientation;  // x, y, z of a unit quaternion; w is rebuilt
  std::optional<Vec3Bits> scale;
  std::optional<Bytes> mesh;            // payload after its u32 size
  std::uint64_t offset = 0;
  friend bool operator==(const Key& a, const Key& b) {
    return a.bone == b.bone && a.flags == b.flags && a.position == b.position &&
           a.orientation == b.orientation && a.scale == b.scale && a.mesh == b.mesh;
  }
};

enum class FrameChunk : std::uint8_t { frmn, frm2, frm3 };
std::string_view chunk_tag(FrameChunk chunk);  // "FRMN", "FRM2", "FRM3"

struct Frame {
  FrameChunk chunk = FrameChunk::frm2;
  std::uint32_t number = 0;      // FRMN stores an i32: its bits are kept here
  std::vector<FrmnBone> bones;   // FRMN only
  std::vector<Key> keys;         // FRM2/FRM3 only
  std::uint64_t offset = 0;
  friend bool operator==(const Frame& a, const Frame& b) {
    return a.chunk == b.chunk && a.number == b.number && a.bones == b.bones && a.keys == b.keys;
  }
};

struct File {
  std::uint32_t version = version_6_0;
  std::uint32_t frame_count = 0;  // FRMS: frame_max + 1
  std::vector<Comment> comments;
  std::vector<BoneName> bones;
  std::vector<Frame> frames;
  friend bool operator==(const File&, const File&) = default;
};

// Byte width of FRM3 frame numbers for a frame count: 1, 2 or 4 (frame_max <= 255, <= 65535,
// else).
std::size_t frm3_frame_width(std::uint32_t frame_count);

// "6.1" for 0x00060001; "0x00070002" style for numbers outside the known set.
std::string version_name(std::uint32_t version);
bool is_known_version(std::uint32_t version);
// The frame chunk kinds a version's engines read.
bool version_allows(std::uint32_t version, FrameChunk chunk);

}  // namespace anmkit::gem
