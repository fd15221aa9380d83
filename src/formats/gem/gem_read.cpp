#include "anmkit/formats/gem/gem_read.hpp"

#include <fmt/format.h>

#include "anmkit/core/byte_reader.hpp"

namespace anmkit::gem {
namespace {

constexpr std::string_view frame_tags = "a frame chunk (FRMN, FRM2 or FRM3)";

Vec3Bits read_vec3(ByteReader& r, std::string_view what) {
  return r.u32_array<3>(what);
}

Bytes read_sized_payload(ByteReader& r, std::string_view what) {
  const std::uint32_t size = r.u32(fmt::format("{} size", what));
  r.check_count(size, 1, fmt::format("{} size", what));
  auto bytes = r.bytes(size, what);
  return Bytes(bytes.begin(), bytes.end());
}

bool next_is_frame(const ByteReader& r) {
  return r.next_tag_is("FRMN") || r.next_tag_is("FRM2") || r.next_tag_is("FRM3");
}

void read_frmn_body(ByteReader& r, Frame& frame) {
  frame.number = r.u32("FRMN frame number");
  while (!r.at_end() && !next_is_frame(r)) {
    const std::size_t at = r.offset();
    if (r.next_tag_is("BONE")) {
      FrmnBone bone;
      bone.offset = at;
      r.tag("BONE");
      bone.index = r.i32("BONE index");
      frame.bones.push_back(std::move(bone));
      continue;
    }
    const bool item = r.next_tag_is("MATR") || r.next_tag_is("VISI") || r.next_tag_is("MESH");
    if (!item || frame.bones.empty()) {
      auto tag = r.bytes(std::min<std::size_t>(4, r.remaining()), "chunk tag");
      r.fail_at(at, ErrorCode::unknown_chunk,
                fmt::format("expected {} or {}, found '{}'",
                            frame.bones.empty() ? "BONE" : "BONE, MATR, VISI, MESH", frame_tags,
                            tag_for_message(tag)));
    }
    FrmnItem it;
    it.offset = at;
    if (r.next_tag_is("MATR")) {
      r.tag("MATR");
      Matr m;
      m.bits = r.u32_array<12>("MATR matrix (12 floats)");
      it.value = m;
    } else if (r.next_tag_is("VISI")) {
      r.tag("VISI");
      it.value = Visi{r.i32("VISI value")};
    } else {
      r.tag("MESH");
      it.value = Mesh{read_sized_payload(r, "MESH payload")};
    }
    frame.bones.back().items.push_back(std::move(it));
  }
}

void read_keyed_body(ByteReader& r, Frame& frame, std::uint32_t frame_count) {
  if (frame.chunk == FrameChunk::frm2) {
    frame.number = r.u16("FRM2 frame number");
  } else {
    switch (frm3_frame_width(frame_count)) {
      case 1: frame.number = r.u8("FRM3 frame number (u8)"); break;
      case 2: frame.number = r.u16("FRM3 frame number (u16)"); break;
      default: frame.number = r.u32("FRM3 frame number (u32)"); break;
    }
  }
  const std::uint8_t count = r.u8("key count");
  r.check_count(count, 3, "key count");
  frame.keys.reserve(count);
  for (unsigned i = 0; i < count; ++i) {
    Key& key = frame.keys.emplace_back();  // filled in place: a Key is large
    key.offset = r.offset();
    key.bone = r.u8("key bone index");
    key.flags = r.u16("key flags");
    if (key.flags & flag::position) key.position = read_vec3(r, "key position (3 floats)");
    if (key.flags & flag::orientation) key.orientation = read_vec3(r, "key orientation (3 floats)");
    if (key.flags & flag::scale) key.scale = read_vec3(r, "key scale (3 floats)");
    if (key.flags & flag::mesh) key.mesh = read_sized_payload(r, "key mesh payload");
  }
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
              fmt::format("frame count {} exceeds the limit of {} frames (--max-frames)", file.frame_count, limits.max_frames));
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
              fmt::format("bone count {} exceeds the limit of {} bones (--max-bones)", count, limits.max_bones));
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
  std::uint64_t records = 0;
  while (!r.at_end()) {
    Frame frame;
    frame.offset = r.offset();
    if (r.next_tag_is("FRMN")) {
      frame.chunk = FrameChunk::frmn;
    } else if (r.next_tag_is("FRM2")) {
      frame.chunk = FrameChunk::frm2;
    } else if (r.next_tag_is("FRM3")) {
      frame.chunk = FrameChunk::frm3;
    } else {
      auto tag = r.bytes(std::min<std::size_t>(4, r.remaining()), "chunk tag");
      r.fail_at(frame.offset, ErrorCode::unknown_chunk,
                fmt::format("expected {} or the end of the file, found '{}'", frame_tags,
                            tag_for_message(tag)));
    }
    r.tag("frame chunk tag");
    if (frame.chunk == FrameChunk::frmn) {
      read_frmn_body(r, frame);
    } else {
      read_keyed_body(r, frame, file.frame_count);
    }
    records += frame.keys.size() + frame.bones.size() + 1;
    if (records > limits.max_keys) {
      r.fail_at(frame.offset, ErrorCode::too_large,
                fmt::format("more than {} key records (--max-keys)", limits.max_keys));
    }
    file.frames.push_back(std::move(frame));
  }
  return file;
}

}  // namespace

bool looks_like_gem(std::span<const std::uint8_t> bytes) {
  return ByteReader(bytes).next_tag_is("EANM");
}

Expected<File> read(std::span<const std::uint8_t> bytes, const ReadLimits& limits) {
  if (bytes.size() > limits.max_input_bytes) {
    return make_error(ErrorCode::too_large,
                      fmt::format("input of {} bytes is larger than the limit of {} bytes",
                                  bytes.size(), limits.max_input_bytes),
                      0);
  }
  return catch_errors([&] {
    ByteReader r(bytes);
    return read_file_model(r, limits);
  });
}

}  // namespace anmkit::gem
