#include "anmkit/formats/lm/lm_file.hpp"

namespace anmkit::lm {

std::string_view array_name(ArrayKind kind) { return region_name(region_of(kind)); }

std::string_view region_name(Region region) {
  switch (region) {
    case Region::groups: return "groups";
    case Region::scale: return "scale";
    case Region::rotation: return "rotation";
    case Region::translation: return "translation";
  }
  return "?";
}

Layout layout_of(const File& file) {
  Layout l;
  std::uint64_t at = header_size + file.lead.size();
  for (Region r : file.order) {
    const std::size_t i = std::size_t(r);
    l.start[i] = at;
    if (r == Region::groups) {
      at += file.groups.size() * group_size;
    } else {
      at += 4 * file.arrays[i - 1].size() + file.array_tails[i - 1].size();
    }
    l.end[i] = at;
  }
  l.size = at;
  return l;
}

namespace {
std::uint8_t big_endian_byte(std::uint64_t value, std::size_t width, std::size_t i) {
  return std::uint8_t(value >> (8 * (width - 1 - i)));
}
}  // namespace

std::uint8_t encoded_byte(const File& file, const Layout& layout, std::uint64_t offset) {
  if (offset < header_size) {
    // version, loop, padding (u16), frame count (u32), then the offsets of the scale, rotation
    // and translation arrays and of the groups (u32 each).
    if (offset == 0) return file.version;
    if (offset == 1) return file.loop;
    if (offset < 4) return big_endian_byte(file.padding, 2, std::size_t(offset - 2));
    if (offset < 8) return big_endian_byte(file.frame_count, 4, std::size_t(offset - 4));
    constexpr std::array<Region, 4> offsets{Region::scale, Region::rotation, Region::translation, Region::groups};
    const std::size_t field = std::size_t(offset - 8) / 4;
    return big_endian_byte(layout.start[std::size_t(offsets[field])], 4, std::size_t(offset - 8) % 4);
  }
  if (offset < header_size + file.lead.size()) return file.lead[std::size_t(offset - header_size)];
  for (Region r : file.order) {
    const std::size_t i = std::size_t(r);
    if (offset < layout.start[i] || offset >= layout.end[i]) continue;
    const std::uint64_t at = offset - layout.start[i];
    if (r == Region::groups) {
      const Track& t = file.groups[std::size_t(at / group_size)].tracks[std::size_t(at % group_size) / 6];
      const std::size_t field = std::size_t(at % 6) / 2;
      return big_endian_byte(field == 0 ? t.count : field == 1 ? t.index : t.flag, 2, std::size_t(at % 2));
    }
    const auto& array = file.arrays[i - 1];
    if (at < 4 * array.size()) return big_endian_byte(array[std::size_t(at / 4)], 4, std::size_t(at % 4));
    return file.array_tails[i - 1][std::size_t(at - 4 * array.size())];
  }
  return 0;
}

}  // namespace anmkit::lm
