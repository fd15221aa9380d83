#include "anmkit/formats/gem/gem_read.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

#include <fmt/format.h>

#include "anmkit/core/byte_reader.hpp"

namespace anmkit::gem {
namespace {

constexpr std::string_view frame_tags = "a frame chunk (FRMN, FRM2 or FRM3)";

Bytes read_sized_payload(ByteReader& r, std::string_view what) {
  const std::uint32_t size = r.u32(what);
  r.check_count(size, 1, what);
  auto bytes = r.bytes(size, what);
  return Bytes(bytes.begin(), bytes.end());
}

// The file's values are gathered in a buffer that the inner loop stores into through a pointer
// (vector::insert, and even push_back, per value took most of the read's time) and that
// becomes File::values at the end. It grows in steps of a few pages, inside a capacity reserved
// from the input's size, so that nothing is copied and little is zeroed ahead of use.
class ValueBuffer {
 public:
  explicit ValueBuffer(std::size_t expected) { buffer_.reserve(expected); }
  // Room for `count` more values; the pointer is valid until the next call.
  std::uint32_t* room(std::size_t count) {
    if (used_ + count > buffer_.size()) buffer_.resize(used_ + std::max<std::size_t>(count, 4096));
    return buffer_.data() + used_;
  }
  void commit(std::size_t count) { used_ += count; }
  std::size_t used() const { return used_; }
  std::vector<std::uint32_t> take() {
    buffer_.resize(used_);
    return std::move(buffer_);
  }

 private:
  std::vector<std::uint32_t> buffer_;
  std::size_t used_ = 0;
};

template <std::size_t N>
void read_u32s(ByteReader& r, ValueBuffer& values, std::string_view what) {
  const auto bits = r.u32_array<N>(what);
  std::copy(bits.begin(), bits.end(), values.room(N));
  values.commit(N);
}

// A four-byte tag as the little-endian u32 it reads as, so that a record's tag is one compare.
constexpr std::uint32_t tag_code(const char (&tag)[5]) {
  return std::uint32_t(std::uint8_t(tag[0])) | std::uint32_t(std::uint8_t(tag[1])) << 8 |
         std::uint32_t(std::uint8_t(tag[2])) << 16 | std::uint32_t(std::uint8_t(tag[3])) << 24;
}

// The next four bytes as a tag code; 0 (no tag) near the end.
std::uint32_t peek_tag(const ByteReader& r) {
  const auto rest = r.unread();
  if (rest.size() < 4) return 0;
  return std::uint32_t(rest[0]) | std::uint32_t(rest[1]) << 8 | std::uint32_t(rest[2]) << 16 | std::uint32_t(rest[3]) << 24;
}

void read_frmn_body(ByteReader& r, File& file, Frame& frame, ValueBuffer& values) {
  frame.number = r.u32("FRMN frame number");
  frame.first = std::uint32_t(file.records.size());
  while (!r.at_end()) {
    const std::size_t at = r.offset();
    const std::uint32_t tag = peek_tag(r);
    if (tag == tag_code("FRMN") || tag == tag_code("FRM2") || tag == tag_code("FRM3")) break;
    if (tag == tag_code("BONE")) {
      r.skip(4, "BONE");
      file.records.push_back({r.i32("BONE index"), std::uint32_t(file.items.size()), 0});
      ++frame.count;
      continue;
    }
    const bool item = tag == tag_code("MATR") || tag == tag_code("VISI") || tag == tag_code("MESH");
    if (!item || frame.count == 0) {
      auto found = r.bytes(std::min<std::size_t>(4, r.remaining()), "chunk tag");
      r.fail_at(at, ErrorCode::unknown_chunk,
                fmt::format("expected {} or {}, found '{}'",
                            frame.count == 0 ? "BONE" : "BONE, MATR, VISI, MESH", frame_tags,
                            tag_for_message(found)));
    }
    r.skip(4, "item tag");
    const auto index = std::uint32_t(values.used());
    if (tag == tag_code("MATR")) {
      read_u32s<12>(r, values, "MATR matrix (12 floats)");
      file.items.push_back({ItemKind::matrix, index});
    } else if (tag == tag_code("VISI")) {
      read_u32s<1>(r, values, "VISI value");
      file.items.push_back({ItemKind::visibility, index});
    } else {
      file.meshes.push_back(read_sized_payload(r, "MESH payload size"));
      file.items.push_back({ItemKind::mesh, std::uint32_t(file.meshes.size() - 1)});
    }
    ++file.records.back().item_count;
  }
}

// One key, field by field: the general path (meshes, a big-endian host, a key cut short, where
// the error must name the field and its first byte).
void read_key_checked(ByteReader& r, File& file, Key& key, ValueBuffer& values) {
  key.bone = r.u8("key bone index");
  key.flags = r.u16("key flags");
  key.first_value = std::uint32_t(values.used());
  if (key.flags & flag::position) read_u32s<3>(r, values, "key position (3 floats)");
  if (key.flags & flag::orientation) read_u32s<3>(r, values, "key orientation (3 floats)");
  if (key.flags & flag::scale) read_u32s<3>(r, values, "key scale (3 floats)");
  key.mesh = std::uint32_t(file.meshes.size());
  if (key.flags & flag::mesh) file.meshes.push_back(read_sized_payload(r, "key mesh payload size"));
}

void read_keyed_body(ByteReader& r, File& file, Frame& frame, ValueBuffer& values) {
  if (frame.chunk == FrameChunk::frm2) {
    frame.number = r.u16("FRM2 frame number");
  } else {
    switch (frm3_frame_width(file.frame_count)) {
      case 1: frame.number = r.u8("FRM3 frame number (u8)"); break;
      case 2: frame.number = r.u16("FRM3 frame number (u16)"); break;
      default: frame.number = r.u32("FRM3 frame number (u32)"); break;
    }
  }
  const std::uint8_t count = r.u8("key count");
  r.check_count(count, 3, "key count");
  frame.first = std::uint32_t(file.keys.size());
  frame.count = count;
  file.keys.resize(file.keys.size() + count);
  const std::span<Key> keys(file.keys.data() + frame.first, count);
  std::uint32_t* out = values.room(std::size_t(count) * 9);  // at most three vectors a key
  std::size_t used = 0;
  // The common key, whole in what remains and without a mesh, is read through local pointers
  // with one bounds check and fixed-size copies; anything else takes the checked path.
  const std::uint8_t* begin = r.unread().data();
  const std::uint8_t* p = begin;
  const std::uint8_t* end = begin + r.remaining();
  // Keys mostly repeat the previous key's flags. Taking its size on a (predicted) branch, rather
  // than computing it from the flags just loaded, lets the next key's address be known before
  // this key's flags arrive: the loads of successive keys overlap instead of forming a chain.
  std::uint16_t last_flags = 0xffff;
  std::size_t last_n = 0;
  for (Key& key : keys) {
    if constexpr (std::endian::native == std::endian::little) {
      if (end - p >= 3) {
        const std::uint16_t flags = std::uint16_t(p[1] | p[2] << 8);
        std::size_t n = last_n;
        if (flags != last_flags) [[unlikely]] {
          n = 3 * flag::vectors(flags);
          last_flags = flags;
          last_n = n;
        }
        if (!(flags & flag::mesh) && std::size_t(end - p) >= 3 + 4 * n) {
          key.bone = p[0];
          key.flags = flags;
          key.first_value = std::uint32_t(values.used() + used);
          key.mesh = std::uint32_t(file.meshes.size());
          // Fixed-size copies become plain moves (one copy of 4 * n bytes became `rep movs`).
          for (std::size_t i = 0; i < n; i += 3) std::memcpy(out + used + i, p + 3 + 4 * i, 12);
          used += n;
          p += 3 + 4 * n;
          continue;
        }
      }
    }
    r.skip(std::size_t(p - begin), "key");
    values.commit(used);
    used = 0;
    read_key_checked(r, file, key, values);
    out = values.room(std::size_t(count) * 9);
    begin = p = r.unread().data();
    end = begin + r.remaining();
  }
  r.skip(std::size_t(p - begin), "key");
  values.commit(used);
}

File read_file_model(ByteReader& r, const ReadLimits& limits) {
  File file;
  if (!r.next_tag_is("EANM")) {
    r.fail_at(0, ErrorCode::bad_magic,
              fmt::format("not a GEM animation: expected signature 'EANM', found '{}'",
                          tag_for_message(r.bytes(std::min<std::size_t>(4, r.remaining()), "signature"))));
  }
  r.tag("signature");
  file.version = r.u32("version");
  r.expect_tag("FRMS", "frame count chunk");
  file.frame_count = r.u32("frame count");
  if (file.frame_count > limits.max_frames) {
    r.fail_at(r.offset() - 4, ErrorCode::too_large,
              past_limit(fmt::format("frame count {} exceeds the limit of {} frames", file.frame_count, limits.max_frames), "limits.max_frames"));
  }
  while (r.next_tag_is("CMNT")) {
    Comment c;
    c.offset = r.offset();
    r.tag("CMNT");
    const std::uint16_t size = r.u16("comment size");
    auto text = r.bytes(size, "comment text");
    c.text.assign(text.begin(), text.end());
    file.comments.push_back(std::move(c));
  }
  r.expect_tag("BMAP", "bone map chunk (BMAP) or a comment (CMNT)");
  const std::uint32_t count = r.u32("bone count");
  if (count > limits.max_bones) {
    r.fail_at(r.offset() - 4, ErrorCode::too_large,
              past_limit(fmt::format("bone count {} exceeds the limit of {} bones", count, limits.max_bones), "limits.max_bones"));
  }
  r.check_count(count, 4, "bone count");
  file.bones.reserve(count);
  for (std::uint32_t i = 0; i < count; ++i) {
    BoneName bone;
    bone.offset = r.offset();
    const std::uint32_t prefix = r.u32(fmt::format("length of bone name {}", i));
    bone.reserved = prefix >> 8;
    auto name = r.bytes(prefix & 0xff, fmt::format("bone name {}", i));
    bone.name.assign(name.begin(), name.end());
    file.bones.push_back(std::move(bone));
  }
  // Usually one chunk a frame; never more than the smallest chunk (7 bytes) allows.
  file.frames.reserve(std::min<std::size_t>(file.frame_count, r.remaining() / 7));
  // Reserved from what the input can hold (a key is at least 3 bytes, a value 4), up to a
  // bound: the arrays then never move while they fill; past the bound they grow as usual.
  file.keys.reserve(std::min<std::size_t>(r.remaining() / 3, std::size_t(1) << 20));
  ValueBuffer values(std::min<std::size_t>(r.remaining() / 4, std::size_t(1) << 22));
  std::uint64_t records = 0;
  while (!r.at_end()) {
    Frame& frame = file.frames.emplace_back();
    const std::size_t frame_start = r.offset();
    frame.offset = frame_start;
    const std::uint32_t tag = peek_tag(r);
    if (tag == tag_code("FRMN")) {
      frame.chunk = FrameChunk::frmn;
    } else if (tag == tag_code("FRM2")) {
      frame.chunk = FrameChunk::frm2;
    } else if (tag == tag_code("FRM3")) {
      frame.chunk = FrameChunk::frm3;
    } else {
      auto found = r.bytes(std::min<std::size_t>(4, r.remaining()), "chunk tag");
      r.fail_at(frame_start, ErrorCode::unknown_chunk,
                fmt::format("expected {} or the end of the file, found '{}'", frame_tags,
                            tag_for_message(found)));
    }
    r.skip(4, "frame chunk tag");
    if (frame.chunk == FrameChunk::frmn) {
      read_frmn_body(r, file, frame, values);
    } else {
      read_keyed_body(r, file, frame, values);
    }
    records += std::uint64_t(frame.count) + 1;
    if (records > limits.max_keys) {
      r.fail_at(frame_start, ErrorCode::too_large,
                past_limit(fmt::format("more than {} key records", limits.max_keys), "limits.max_keys"));
    }
  }
  file.values = values.take();
  return file;
}

}  // namespace

bool looks_like_gem(std::span<const std::uint8_t> bytes) {
  return ByteReader(bytes).next_tag_is("EANM");
}

Expected<File> read(std::span<const std::uint8_t> bytes, const ReadLimits& limits) {
  if (auto size = check_input_size(bytes.size(), limits); !size) return size.error();
  // The model's record indices are 32-bit, which any input under 4 GiB fits (a key takes 3 bytes).
  if (bytes.size() > UINT32_MAX) {
    return make_error(ErrorCode::too_large, fmt::format("input of {} bytes: GEM files are read up to 4 GiB", bytes.size()), 0);
  }
  return catch_errors([&] {
    ByteReader r(bytes);
    return read_file_model(r, limits);
  });
}

}  // namespace anmkit::gem
