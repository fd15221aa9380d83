#include "anmkit/formats/lm/lm_write.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "anmkit/core/byte_writer.hpp"

namespace anmkit::lm {
namespace {

Error invalid(std::string pointer, std::string message) {
  Error e = make_error(ErrorCode::invalid_model, std::move(message));
  e.pointer = std::move(pointer);
  return e;
}

std::optional<Error> check(const File& file, const Layout& layout) {
  auto sorted = file.order;
  std::sort(sorted.begin(), sorted.end());
  if (sorted != std::array<Region, 4>{Region::groups, Region::scale, Region::rotation, Region::translation}) {
    return invalid("/layout", "the region order must name groups, scale, rotation and translation once each");
  }
  for (ArrayKind kind : array_kinds) {
    if (file.array_tails[std::size_t(kind)].size() > 3) {
      return invalid(fmt::format("/tails/{}", array_name(kind)), "an array tail holds at most 3 bytes");
    }
  }
  if (layout.size > UINT32_MAX) {
    return invalid("", fmt::format("the file would be {} bytes; offsets are 32-bit", layout.size));
  }
  return std::nullopt;
}

}  // namespace

Expected<std::size_t> encoded_size(const File& file) {
  const Layout layout = layout_of(file);
  if (auto e = check(file, layout)) return *e;
  return std::size_t(layout.size);
}

Expected<std::vector<std::uint8_t>> write(const File& file) {
  const Layout layout = layout_of(file);
  if (auto e = check(file, layout)) return *e;
  ByteWriter w(Endian::big);
  w.reserve(std::size_t(layout.size));
  w.u8(file.version);
  w.u8(file.loop);
  w.u16(file.padding);
  w.u32(file.frame_count);
  for (Region r : {Region::scale, Region::rotation, Region::translation, Region::groups}) {
    w.u32(std::uint32_t(layout.start[std::size_t(r)]));
  }
  w.bytes(file.lead);
  for (Region r : file.order) {
    if (r == Region::groups) {
      for (const NodeGroup& g : file.groups) {
        for (const Track& t : g.tracks) {
          w.u16(t.count);
          w.u16(t.index);
          w.u16(t.flag);
        }
      }
    } else {
      const std::size_t k = std::size_t(r) - 1;
      for (std::uint32_t bits : file.arrays[k]) w.f32_bits(bits);
      w.bytes(file.array_tails[k]);
    }
  }
  return w.take();
}

}  // namespace anmkit::lm
