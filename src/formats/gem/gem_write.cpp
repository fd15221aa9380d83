#include "anmkit/formats/gem/gem_write.hpp"

#include <fmt/format.h>

#include "anmkit/core/byte_writer.hpp"

namespace anmkit::gem {
namespace {

[[noreturn]] void fail(std::string pointer, std::string message) {
  Error e = make_error(ErrorCode::invalid_model, std::move(message));
  e.pointer = std::move(pointer);
  throw ErrorException{std::move(e)};
}

// Pointers are only formatted when something fails: this runs for every key of every file.
template <class Pointer>
void put_payload(ByteWriter& w, const Bytes& payload, Pointer&& pointer) {
  if (payload.size() > UINT32_MAX) fail(pointer(), "mesh payload is larger than 4 GiB");
  w.u32(static_cast<std::uint32_t>(payload.size()));
  w.bytes(payload);
}

void put_frmn(ByteWriter& w, const File& file, const Frame& frame, std::size_t fi) {
  w.u32(frame.number);
  const auto records = file.records_of(frame);
  for (std::size_t bi = 0; bi < records.size(); ++bi) {
    const FrmnBone& bone = records[bi];
    w.tag("BONE");
    w.i32(bone.index);
    const auto items = file.items_of(bone);
    for (std::size_t ii = 0; ii < items.size(); ++ii) {
      const FrmnItem& item = items[ii];
      switch (item.kind) {
        case ItemKind::matrix:
          w.tag("MATR");
          w.u32s(file.matrix(item));
          break;
        case ItemKind::visibility:
          w.tag("VISI");
          w.i32(file.visibility(item));
          break;
        case ItemKind::mesh:
          w.tag("MESH");
          put_payload(w, file.mesh(item), [&] { return fmt::format("/frames/{}/bones/{}/items/{}/mesh", fi, bi, ii); });
          break;
      }
    }
  }
}

void put_keyed(ByteWriter& w, const File& file, const Frame& frame, std::size_t fi) {
  auto frame_pointer = [fi] { return fmt::format("/frames/{}", fi); };
  const std::size_t width = frame.chunk == FrameChunk::frm2 ? 2 : frm3_frame_width(file.frame_count);
  if (width < 4 && frame.number >> (8 * width)) {
    fail(frame_pointer() + "/frame",
         fmt::format("frame number {} does not fit the {}-bit field of {}{}", frame.number, 8 * width,
                     chunk_tag(frame.chunk),
                     frame.chunk == FrameChunk::frm3 ? fmt::format(" with frame count {}", file.frame_count) : ""));
  }
  if (width == 1) w.u8(static_cast<std::uint8_t>(frame.number));
  else if (width == 2) w.u16(static_cast<std::uint16_t>(frame.number));
  else w.u32(frame.number);
  if (frame.count > 255) {
    fail(frame_pointer() + "/keys",
         fmt::format("{} keys in one frame chunk; the key count is a byte (at most 255)", frame.count));
  }
  w.u8(static_cast<std::uint8_t>(frame.count));
  const auto keys = file.keys_of(frame);
  for (std::size_t ki = 0; ki < keys.size(); ++ki) {
    const Key& key = keys[ki];
    w.u8(key.bone);
    w.u16(key.flags);
    w.u32s(file.values_of(key));
    if (const Bytes* mesh = file.mesh(key)) {
      put_payload(w, *mesh, [&] { return fmt::format("/frames/{}/keys/{}/mesh", fi, ki); });
    }
  }
}

void put_file(ByteWriter& w, const File& file) {
  w.tag("EANM");
  w.u32(file.version);
  w.tag("FRMS");
  w.u32(file.frame_count);
  for (std::size_t i = 0; i < file.comments.size(); ++i) {
    const Bytes& text = file.comments[i].text;
    if (text.size() > 0xffff) {
      fail(fmt::format("/comments/{}", i),
           fmt::format("comment of {} bytes; its size field holds at most 65535", text.size()));
    }
    w.tag("CMNT");
    w.u16(static_cast<std::uint16_t>(text.size()));
    w.bytes(text);
  }
  w.tag("BMAP");
  if (file.bones.size() > UINT32_MAX) fail("/bones", "too many bones");
  w.u32(static_cast<std::uint32_t>(file.bones.size()));
  for (std::size_t i = 0; i < file.bones.size(); ++i) {
    const BoneName& bone = file.bones[i];
    if (bone.name.size() > 0xff) {
      fail(fmt::format("/bones/{}/name", i),
           fmt::format("bone name of {} bytes; its length field holds at most 255", bone.name.size()));
    }
    if (bone.reserved > 0xffffff) {
      fail(fmt::format("/bones/{}/reserved", i), "reserved bits exceed the prefix's upper 24 bits");
    }
    w.u32((bone.reserved << 8) | static_cast<std::uint32_t>(bone.name.size()));
    w.bytes({reinterpret_cast<const std::uint8_t*>(bone.name.data()), bone.name.size()});
  }
  for (std::size_t fi = 0; fi < file.frames.size(); ++fi) {
    const Frame& frame = file.frames[fi];
    w.tag(chunk_tag(frame.chunk));
    if (frame.chunk == FrameChunk::frmn) {
      put_frmn(w, file, frame, fi);
    } else {
      put_keyed(w, file, frame, fi);
    }
  }
}

}  // namespace

// write() sizes its output with encoded_size() first, so a file is checked here once, before
// any frame is walked (the accessors assume a well-formed file).
Expected<std::size_t> encoded_size(const File& file) {
  return catch_errors([&] {
    if (auto bad = find_malformed(file)) fail(bad->pointer, bad->message);
    ByteWriter counter = ByteWriter::counting();
    put_file(counter, file);
    return counter.size();
  });
}

Expected<std::vector<std::uint8_t>> write(const File& file) {
  auto size = encoded_size(file);
  if (!size) return size.error();
  return catch_errors([&] {
    ByteWriter w;
    w.reserve(*size);
    put_file(w, file);
    return w.take();
  });
}

}  // namespace anmkit::gem
