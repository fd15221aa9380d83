#include "anmkit/image/ilbm.hpp"

#include <fmt/format.h>

#include "anmkit/core/byte_writer.hpp"

namespace anmkit::ilbm {

Expected<std::vector<std::uint8_t>> encode(const model::IndexedImage& image, const std::vector<model::Color>& palette,
                                           std::size_t planes, std::uint16_t transparent) {
  if (image.width == 0 || image.height == 0 || image.width > 0x7fff || image.height > 0x7fff) {
    return make_error(ErrorCode::unsupported, fmt::format("an ILBM of {}x{} pixels cannot be written", image.width, image.height));
  }
  for (std::uint8_t pen : image.pixels) {
    if (pen >> planes) return make_error(ErrorCode::unsupported, fmt::format("pen {} needs more than {} bitplanes", pen, planes));
  }
  const std::size_t row = ((image.width + 15) / 16) * 2;
  ByteWriter body(Endian::big);
  for (std::size_t y = 0; y < image.height; ++y) {
    for (std::size_t p = 0; p < planes; ++p) {
      std::vector<std::uint8_t> bits(row, 0);
      for (std::size_t x = 0; x < image.width; ++x) {
        if ((image.at(x, y) >> p) & 1) bits[x / 8] |= std::uint8_t(0x80 >> (x % 8));
      }
      body.bytes(bits);
    }
  }
  const std::size_t colors = std::size_t(1) << planes;
  ByteWriter w(Endian::big);
  w.tag("FORM");
  const std::size_t cmap_size = 3 * colors;
  const std::size_t form_size = 4 + (8 + 20) + (8 + cmap_size + cmap_size % 2) + (8 + body.size() + body.size() % 2);
  w.u32(std::uint32_t(form_size));
  w.tag("ILBM");
  w.tag("BMHD");
  w.u32(20);
  w.u16(std::uint16_t(image.width));
  w.u16(std::uint16_t(image.height));
  w.u16(0);  // x
  w.u16(0);  // y
  w.u8(std::uint8_t(planes));
  w.u8(2);   // masking: mskHasTransparentColor
  w.u8(0);   // compression: none
  w.u8(0);   // pad
  w.u16(transparent);
  w.u8(10);  // x aspect (Amiga low resolution)
  w.u8(11);  // y aspect
  w.u16(std::uint16_t(image.width));
  w.u16(std::uint16_t(image.height));
  w.tag("CMAP");
  w.u32(std::uint32_t(cmap_size));
  for (std::size_t i = 0; i < colors; ++i) {
    const model::Color c = i < palette.size() ? palette[i] : model::Color{};
    w.u8(c.r);
    w.u8(c.g);
    w.u8(c.b);
  }
  if (cmap_size % 2) w.u8(0);
  w.tag("BODY");
  w.u32(std::uint32_t(body.size()));
  w.bytes(body.data());
  if (body.size() % 2) w.u8(0);
  return w.take();
}

}  // namespace anmkit::ilbm
