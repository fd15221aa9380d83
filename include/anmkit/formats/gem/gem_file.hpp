#pragma once
// The lossless GEM (EANM) file model: every chunk and field as stored, in file order.
// write(read(bytes)) == bytes for every file read() accepts. Floats are kept as raw bits.
// `offset` members record where a comment, bone name or frame chunk began in the file it was
// read from (0 for models built in memory); writers ignore them, validators report them. Keys
// and FRMN records follow from their frame's offset and the sizes before them (key_size,
// item_size).
//
// Layout (see docs/formats/gem.md): "EANM", u32 version (minor half first on disk), "FRMS" u32
// frame count, any number of "CMNT" u16 size + bytes, "BMAP" u32 count + names (4-byte prefix:
// low byte = length, upper 24 bits reserved), then frame chunks (FRMN, FRM2 or FRM3) to the end.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
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

// How many of the three vectors (position, orientation, scale) a key's flags hold. Plain
// arithmetic: std::popcount is a library call on baseline x86-64, and the reader's chain from
// one key's flags to the next key's address runs through this.
constexpr unsigned vectors(std::uint16_t flags) {
  return unsigned(flags & position) + unsigned((flags & orientation) >> 1) + unsigned((flags & scale) >> 6);
}
static_assert(position == 0x01 && orientation == 0x02 && scale == 0x40);
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

// The records are stored as structures of arrays, one set for the whole file: a key, BONE
// record or item is a few bytes of indices, and frames index ranges of them; the values they hold
// sit in File::values (float bits and VISI integers) and File::meshes (payloads), in file order.
// Reading a file then writes little more than the file's own bytes, with a handful of
// allocations whatever its length. File::add_frame() and add_key() / add_bone(), add_matrix(),
// add_visibility(), add_mesh() build a file in order; a file built so, or read, is well-formed
// (find_malformed(): every index is the running total of the records before it), and two
// well-formed files are equal exactly when they hold the same content.

// FRM2/FRM3: a key of one bone; a field is present exactly when its flag bit is set.
struct Key {
  std::uint8_t bone = 0;
  std::uint16_t flags = 0;        // as stored, unknown bits included
  std::uint32_t first_value = 0;  // index in File::values: position, orientation, scale, as flagged
  std::uint32_t mesh = 0;         // index in File::meshes, when flagged
  friend bool operator==(const Key&, const Key&) = default;
};

// A key's fields, to build one (File::add_key) or to read one whole (File::fields).
// (Defaults spelled out so that designated initializers may leave fields out.)
struct KeyFields {
  std::optional<Vec3Bits> position = std::nullopt;
  std::optional<Vec3Bits> orientation = std::nullopt;  // x, y, z of a unit quaternion; w is rebuilt
  std::optional<Vec3Bits> scale = std::nullopt;
  std::optional<Bytes> mesh = std::nullopt;            // payload after its u32 size
  friend bool operator==(const KeyFields&, const KeyFields&) = default;
};

// FRMN (versions 3.0, 4.0, 5.0): a frame holds BONE records, each with MATR/VISI/MESH items.
enum class ItemKind : std::uint8_t { matrix, visibility, mesh };

struct FrmnItem {
  ItemKind kind = ItemKind::matrix;
  std::uint32_t index = 0;  // in File::values (12 for a matrix, 1 for a visibility) or File::meshes
  friend bool operator==(const FrmnItem&, const FrmnItem&) = default;
};

struct FrmnBone {
  std::int32_t index = 0;
  std::uint32_t first_item = 0;  // its items are File::items[first_item, first_item + item_count)
  std::uint32_t item_count = 0;
  friend bool operator==(const FrmnBone&, const FrmnBone&) = default;
};

enum class FrameChunk : std::uint8_t { frmn, frm2, frm3 };
std::string_view chunk_tag(FrameChunk chunk);  // "FRMN", "FRM2", "FRM3"

struct Frame {
  FrameChunk chunk = FrameChunk::frm2;
  std::uint32_t number = 0;  // FRMN stores an i32: its bits are kept here
  std::uint32_t first = 0;   // its first key in File::keys (FRM2/FRM3) or record in File::records (FRMN)
  std::uint32_t count = 0;   // how many
  std::uint64_t offset = 0;
  friend bool operator==(const Frame& a, const Frame& b) {
    return a.chunk == b.chunk && a.number == b.number && a.first == b.first && a.count == b.count;
  }
};

struct File {
  std::uint32_t version = version_6_0;
  std::uint32_t frame_count = 0;  // FRMS: frame_max + 1
  std::vector<Comment> comments;
  std::vector<BoneName> bones;
  std::vector<Frame> frames;
  std::vector<Key> keys;              // every FRM2/FRM3 frame's keys, frame after frame
  std::vector<FrmnBone> records;      // every FRMN frame's BONE records, frame after frame
  std::vector<FrmnItem> items;        // the records' items, record after record
  std::vector<std::uint32_t> values;  // the keys' and items' values, in file order
  std::vector<Bytes> meshes;          // the keys' and items' mesh payloads, in file order
  friend bool operator==(const File&, const File&) = default;

  // A frame's keys or records, a record's items. Like the accessors below they check their
  // indices, so that a file assembled by hand fails loudly (std::out_of_range) rather than
  // reading out of bounds; a well-formed file never trips them. They are inline: they run per
  // key in every conversion.
  std::span<const Key> keys_of(const Frame& frame) const {
    if (frame.chunk == FrameChunk::frmn) return {};
    if (std::uint64_t(frame.first) + frame.count > keys.size()) out_of_range();
    return {keys.data() + frame.first, frame.count};
  }
  std::span<const FrmnBone> records_of(const Frame& frame) const {
    if (frame.chunk != FrameChunk::frmn) return {};
    if (std::uint64_t(frame.first) + frame.count > records.size()) out_of_range();
    return {records.data() + frame.first, frame.count};
  }
  std::span<const FrmnItem> items_of(const FrmnBone& record) const {
    if (std::uint64_t(record.first_item) + record.item_count > items.size()) out_of_range();
    return {items.data() + record.first_item, record.item_count};
  }

  std::optional<Vec3Bits> position(const Key& key) const {
    if (!(key.flags & flag::position)) return std::nullopt;
    return vec3_at(key.first_value);
  }
  std::optional<Vec3Bits> orientation(const Key& key) const {
    if (!(key.flags & flag::orientation)) return std::nullopt;
    return vec3_at(key.first_value + 3u * flag::vectors(key.flags & flag::position));
  }
  std::optional<Vec3Bits> scale(const Key& key) const {
    if (!(key.flags & flag::scale)) return std::nullopt;
    return vec3_at(key.first_value + 3u * flag::vectors(key.flags & (flag::position | flag::orientation)));
  }
  // The key's values as the file stores them: position, orientation, scale, those flagged.
  std::span<const std::uint32_t> values_of(const Key& key) const {
    const std::size_t count = 3u * flag::vectors(key.flags);  // 12 at most
    if (std::uint64_t(key.first_value) + count > values.size()) out_of_range();
    return {values.data() + key.first_value, count};
  }
  const Bytes* mesh(const Key& key) const {  // null when the key has none
    if (!(key.flags & flag::mesh)) return nullptr;
    if (key.mesh >= meshes.size()) out_of_range();
    return &meshes[key.mesh];
  }
  KeyFields fields(const Key& key) const;
  Matrix34Bits matrix(const FrmnItem& item) const;
  std::int32_t visibility(const FrmnItem& item) const;
  const Bytes& mesh(const FrmnItem& item) const;

  // Building, in file order: add_frame starts a frame; add_key appends a key to the last frame
  // (FRM2/FRM3), setting the presence bits of `flags` (position, orientation, scale, mesh) from
  // the fields given and keeping its other bits; add_bone starts a BONE record in the last frame
  // (FRMN) and add_matrix, add_visibility and add_mesh append an item to the last record.
  Frame& add_frame(FrameChunk chunk, std::uint32_t number);
  Key& add_key(std::uint8_t bone, std::uint16_t flags, KeyFields fields);
  FrmnBone& add_bone(std::int32_t index);
  void add_matrix(const Matrix34Bits& bits);
  void add_visibility(std::int32_t value);
  void add_mesh(Bytes payload);

  [[noreturn]] static void out_of_range();

 private:
  void require_open_record(const char* what) const;
  Vec3Bits vec3_at(std::uint64_t index) const {
    if (index + 3 > values.size()) out_of_range();
    const std::uint32_t* at = values.data() + static_cast<std::size_t>(index);  // fits: below values.size()
    return {at[0], at[1], at[2]};
  }
};

// Bytes a key takes in a file (bone, flags, its fields), and an FRMN item (tag and value).
std::uint64_t key_size(const File& file, const Key& key);
std::uint64_t item_size(const File& file, const FrmnItem& item);
// Bytes of a frame chunk's header: tag and frame number (and a key count for FRM2/FRM3).
std::uint64_t frame_header_size(const Frame& frame, std::uint32_t frame_count);

// What is wrong when the file's frames and records do not index its arrays as add_frame,
// add_key and the like would have, with the JSON pointer where it is ("/frames/3",
// "/keys/17"); nothing for a well-formed file. Accessors assume a well-formed file; write() and
// validate() check.
struct Malformed {
  std::string pointer;
  std::string message;
};
std::optional<Malformed> find_malformed(const File& file);

// Byte width of FRM3 frame numbers for a frame count: 1, 2 or 4 (frame_max <= 255, <= 65535,
// else).
std::size_t frm3_frame_width(std::uint32_t frame_count);

// "6.1" for 0x00060001; "0x00070002" style for numbers outside the known set.
std::string version_name(std::uint32_t version);
bool is_known_version(std::uint32_t version);
// The frame chunk kinds a version's engines read.
bool version_allows(std::uint32_t version, FrameChunk chunk);

}  // namespace anmkit::gem
