#include "anmkit/formats/mm2/mm2_write.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "anmkit/core/byte_writer.hpp"

namespace anmkit::mm2 {
namespace {

std::optional<Error> check(const File& file) {
  auto invalid = [](std::string pointer, std::string message) {
    Error e = make_error(ErrorCode::invalid_model, std::move(message));
    e.pointer = std::move(pointer);
    return e;
  };
  if (std::find(file.preamble.begin(), file.preamble.end(), 0xff) != file.preamble.end()) {
    return invalid("/preamble", "the preamble holds an FF byte, which would start a block");
  }
  for (std::size_t b = 0; b < file.blocks.size(); ++b) {
    if (std::find(file.blocks[b].begin(), file.blocks[b].end(), 0xff) != file.blocks[b].end()) {
      return invalid(fmt::format("/sequences/{}", b), "a sequence holds the byte 255 (FF), which ends a block");
    }
  }
  if (file.frames.empty() || file.frames.size() > 12) {
    return invalid("/frames", fmt::format("{} frames; a file holds 1 to 12 (a base and up to 11 patches)", file.frames.size()));
  }
  if (file.streams.size() != file.frames.size()) {
    return invalid("/frames", fmt::format("{} frames but {} pixel streams", file.frames.size(), file.streams.size()));
  }
  return std::nullopt;
}

void put(ByteWriter& w, const File& file) {
  w.u8(0);
  w.u8(0);
  w.tag("TV");
  for (const Slot& s : file.prelude) w.bytes(s.raw);
  w.bytes(file.seq_header);
  w.bytes(file.preamble);
  for (const Bytes& b : file.blocks) {
    w.u8(0xff);
    w.bytes(b);
  }
  w.u8(0xff);
  w.u16(std::uint16_t(file.frames.size()));
  w.u16(file.depth_or_mode);
  for (const FrameInfo& f : file.frames) {
    w.u16(f.width);
    w.u16(f.height);
    w.u16(f.flags);
  }
  for (std::uint16_t word : file.palette) w.u16(word);
  for (const Bytes& s : file.streams) w.bytes(s);
}

}  // namespace

Expected<std::size_t> encoded_size(const File& file) {
  if (auto e = check(file)) return *e;
  ByteWriter counter = ByteWriter::counting(Endian::big);
  put(counter, file);
  return counter.size();
}

Expected<std::vector<std::uint8_t>> write(const File& file) {
  auto size = encoded_size(file);
  if (!size) return size.error();
  ByteWriter w(Endian::big);
  w.reserve(*size);
  put(w, file);
  return w.take();
}

}  // namespace anmkit::mm2
