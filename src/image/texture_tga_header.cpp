// The TGA header, and a walk of the pixel data, by our own code (no library): stb_image reads
// past nothing on its own, but fills what a file lacks with zeros and never says so; this walk
// makes a short file an error naming where its data ends, before anything is allocated.
//
// The header (18 bytes, little-endian): 0 image ID length, 1 colour-map type, 2 image type,
// 3..7 colour-map specification, 8..11 x and y origin, 12 width, 14 height, 16 bits per pixel,
// 17 descriptor (bits 0-3 alpha bits, bit 4 right-to-left, bit 5 top-down, bits 6-7 interleaving).
// Then the image ID, the colour map (none here), and the pixels: raw, or run-length packets of a
// byte (bit 7: one pixel repeated; bits 0-6: count - 1) and the pixel or the count's pixels.

#include <algorithm>

#include <fmt/format.h>

#include "anmkit/core/byte_reader.hpp"
#include "anmkit/core/guard.hpp"
#include "anmkit/image/texture_tga.hpp"
#include "texture_checks.hpp"

namespace anmkit::texture {
namespace {

constexpr std::string_view supported = "this library reads 24- and 32-bit true-colour TGA, raw or run-length encoded";

TgaHeader read_header(std::span<const std::uint8_t> bytes, const ReadLimits& limits) {
  ByteReader r(bytes);
  const std::uint8_t id_length = r.u8("the TGA image ID's length");
  const std::uint8_t map_type = r.u8("the TGA colour-map type");
  const std::uint8_t image_type = r.u8("the TGA image type");
  r.skip(5, "the TGA colour-map specification");
  r.skip(4, "the TGA origin");
  const std::uint16_t width = r.u16("the TGA width");
  const std::uint16_t height = r.u16("the TGA height");
  const std::uint8_t depth = r.u8("the TGA bits per pixel");
  const std::uint8_t descriptor = r.u8("the TGA descriptor");

  if (image_type == 1 || image_type == 9) {
    r.fail_at(2, ErrorCode::unsupported, fmt::format("colour-mapped TGA (image type {}) is not supported; {}", image_type, supported));
  }
  if (image_type == 3 || image_type == 11) {
    r.fail_at(2, ErrorCode::unsupported, fmt::format("greyscale TGA (image type {}) is not supported; {}", image_type, supported));
  }
  if (image_type == 0) r.fail_at(2, ErrorCode::bad_value, "the TGA holds no image (image type 0)");
  if (image_type != 2 && image_type != 10) r.fail_at(2, ErrorCode::bad_value, fmt::format("unknown TGA image type {}", image_type));
  if (map_type == 1) {
    r.fail_at(1, ErrorCode::unsupported,
              fmt::format("a true-colour TGA with a colour map (colour-map type 1) is not supported; {}", supported));
  }
  if (map_type != 0) r.fail_at(1, ErrorCode::bad_value, fmt::format("unknown TGA colour-map type {}", map_type));
  if (depth == 8 || depth == 15 || depth == 16) {
    r.fail_at(16, ErrorCode::unsupported, fmt::format("TGA of {} bits per pixel is not supported; {}", depth, supported));
  }
  if (depth != 24 && depth != 32) r.fail_at(16, ErrorCode::bad_value, fmt::format("a true-colour TGA of {} bits per pixel", depth));
  if (descriptor & 0xc0) {
    r.fail_at(17, ErrorCode::unsupported,
              fmt::format("interleaved TGA (descriptor 0x{:02x}, bits 6-7) is not supported; {}", descriptor, supported));
  }
  if ((descriptor & 0x0f) > 8) {
    r.fail_at(17, ErrorCode::bad_value, fmt::format("the TGA descriptor 0x{:02x} says {} alpha bits; a pixel has at most 8",
                                                    descriptor, descriptor & 0x0f));
  }
  if (auto checked = detail::check_picture_size("a TGA", width, height, 12, limits); !checked) {
    throw ErrorException{std::move(checked.error())};
  }

  TgaHeader h;
  h.width = width;
  h.height = height;
  h.bits_per_pixel = depth;
  h.alpha_bits = descriptor & 0x0fu;
  h.run_length = image_type == 10;
  h.right_to_left = (descriptor & 0x10) != 0;
  h.top_down = (descriptor & 0x20) != 0;
  r.skip(id_length, "the TGA image ID");
  h.data_offset = r.offset();

  const std::uint64_t step = depth / 8, total = std::uint64_t(width) * height;
  const std::uint64_t size = bytes.size();
  if (!h.run_length) {
    const std::uint64_t need = total * step;
    if (need > size - h.data_offset) {
      r.fail_at(r.offset(), ErrorCode::truncated,
                fmt::format("the TGA pixels ({}x{} at {} bits, {} bytes) need bytes {} to {}, but the file ends at byte {}",
                            width, height, depth, need, h.data_offset, h.data_offset + need, size));
    }
    h.data_end = h.data_offset + need;
    return h;
  }
  // Run-length packets: every pixel must be there (the last packet may promise more than remain:
  // only the pixels the picture takes must be in the file, as stb_image reads no more).
  std::uint64_t at = h.data_offset, left = total;
  while (left > 0) {
    if (at >= size) {
      r.fail_at(std::size_t(at), ErrorCode::truncated,
                fmt::format("the TGA run-length data ends at byte {} with {} of its {} pixels still to come", at, left, total));
    }
    const std::uint8_t packet = bytes[std::size_t(at)];
    const std::uint64_t count = std::min<std::uint64_t>((packet & 0x7fu) + 1u, left);
    const std::uint64_t need = 1 + ((packet & 0x80) ? step : count * step);
    if (need > size - at) {
      r.fail_at(std::size_t(at), ErrorCode::truncated,
                fmt::format("the TGA run-length packet at byte {} ({} {}) needs {} bytes, but the file ends at byte {}", at,
                            count, (packet & 0x80) ? "repeated pixels" : "raw pixels", need, size));
    }
    at += need;
    left -= count;
  }
  h.data_end = at;
  return h;
}

}  // namespace

Expected<TgaHeader> read_tga_header(std::span<const std::uint8_t> bytes, const ReadLimits& limits) {
  return guard([&]() -> Expected<TgaHeader> {
    if (auto checked = detail::check_input_size("TGA file", bytes, limits); !checked) return checked.error();
    return read_header(bytes, limits);
  });
}

}  // namespace anmkit::texture
