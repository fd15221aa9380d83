// DDS decoding: the top level of a layout read_dds_layout() checked, DXTn blocks by libsquish.
// libsquish (squish::DecompressImage) decodes whole 4 x 4 blocks and writes only the pixels
// within width x height, so sizes that are not multiples of 4 need nothing of ours.

#include <squish.h>

#include "anmkit/core/guard.hpp"
#include "anmkit/image/texture_dds.hpp"

namespace anmkit::texture {
namespace {

void decode_rgb(const DdsLayout& layout, std::span<const std::uint8_t> level, Image& out) {
  const std::size_t step = layout.bits_per_pixel / 8, pixels = std::size_t(out.width) * out.height;
  for (std::size_t i = 0; i < pixels; ++i) {
    const std::uint8_t* in = level.data() + i * step;
    std::uint8_t* px = out.rgba.data() + i * 4;
    for (std::size_t c = 0; c < 4; ++c) {
      const int at = layout.channel_byte[c];
      px[c] = at < 0 ? std::uint8_t(255) : in[at];
    }
  }
}

}  // namespace

Expected<Image> decode_dds(std::span<const std::uint8_t> bytes, const ReadLimits& limits) {
  auto layout = read_dds_layout(bytes, limits);
  if (!layout) return std::move(layout.error());
  return guard([&]() -> Expected<Image> {
    const DdsLevel& top = layout->levels.front();
    const auto level = bytes.subspan(std::size_t(top.offset), std::size_t(top.size));
    Image out;
    out.width = top.width;
    out.height = top.height;
    out.rgba.resize(std::size_t(top.width) * top.height * 4);
    int flags = 0;
    switch (layout->encoding) {
      case DdsEncoding::dxt1: flags = squish::kDxt1; break;
      case DdsEncoding::dxt3: flags = squish::kDxt3; break;
      case DdsEncoding::dxt5: flags = squish::kDxt5; break;
      case DdsEncoding::rgb: decode_rgb(*layout, level, out); return out;
    }
    // Both sides fit in int: the picture is at most detail::max_decodable_pixels (2^28) pixels.
    squish::DecompressImage(out.rgba.data(), int(top.width), int(top.height), level.data(), flags);
    return out;
  });
}

}  // namespace anmkit::texture
