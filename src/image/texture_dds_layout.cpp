// The DDS header and its mip chain, read and checked by our own code (no library): what the
// decoder (texture_dds.cpp) hands libsquish is only ever a level found here within the bytes.
//
// The header (Microsoft's DDS_HEADER, all little-endian 32-bit words after the "DDS " signature):
//   4 size (124)   8 flags   12 height   16 width   20 pitch or linear size   24 depth
//   28 mipmap count   32..75 reserved   76..107 pixel format: 76 size (32), 80 flags, 84 FourCC,
//   88 RGB bit count, 92/96/100/104 red/green/blue/alpha masks   108 caps   112 caps2   116..127
// The levels follow at byte 128, the top one first, each half the size of the one before (at
// least 1 x 1); a DXTn level is its 4 x 4 blocks, row by row, partial blocks at the edges whole.

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "anmkit/core/byte_reader.hpp"
#include "anmkit/core/guard.hpp"
#include "anmkit/image/texture_dds.hpp"
#include "texture_checks.hpp"

namespace anmkit::texture {
namespace {

constexpr std::uint32_t header_size = 124, pixel_format_size = 32;
constexpr std::uint64_t data_start = 128;
constexpr std::uint32_t flag_mipmap_count = 0x20000, flag_depth = 0x800000;  // DDSD_*
constexpr std::uint32_t pf_alpha_pixels = 0x1, pf_fourcc = 0x4, pf_rgb = 0x40;  // DDPF_*
constexpr std::uint32_t caps_mipmap = 0x400000;                                // DDSCAPS_MIPMAP
constexpr std::uint32_t caps2_cubemap = 0x200, caps2_volume = 0x200000;        // DDSCAPS2_*
constexpr std::uint64_t at_depth = 24, at_mip_count = 28, at_pixel_format = 76, at_fourcc = 84, at_bit_count = 88,
                        at_caps2 = 112, at_height = 12;

constexpr std::string_view supported = "this library reads DXT1, DXT3, DXT5 and uncompressed 24- or 32-bit RGB(A)";

constexpr std::uint32_t fourcc(const char (&text)[5]) {
  return std::uint32_t(std::uint8_t(text[0])) | std::uint32_t(std::uint8_t(text[1])) << 8 |
         std::uint32_t(std::uint8_t(text[2])) << 16 | std::uint32_t(std::uint8_t(text[3])) << 24;
}

std::string fourcc_text(std::uint32_t code) {
  const std::uint8_t raw[4] = {std::uint8_t(code), std::uint8_t(code >> 8), std::uint8_t(code >> 16), std::uint8_t(code >> 24)};
  return tag_for_message(raw);
}

// Which byte of a `bits`-bit pixel (24 or 32) a channel mask picks, or -1 unless it is one whole byte.
int mask_byte(std::uint32_t mask, std::uint32_t bits) {
  for (std::uint32_t k = 0; k < std::min<std::uint32_t>(bits / 8, 4); ++k) {
    if (mask == 0xffu << (8 * k)) return int(k);
  }
  return -1;
}

std::uint64_t level_size(const DdsLayout& layout, std::uint32_t width, std::uint32_t height) {
  switch (layout.encoding) {
    case DdsEncoding::dxt1: return ((std::uint64_t(width) + 3) / 4) * ((std::uint64_t(height) + 3) / 4) * 8;
    case DdsEncoding::dxt3:
    case DdsEncoding::dxt5: return ((std::uint64_t(width) + 3) / 4) * ((std::uint64_t(height) + 3) / 4) * 16;
    case DdsEncoding::rgb: break;
  }
  return std::uint64_t(width) * height * (layout.bits_per_pixel / 8);
}

std::string level_what(const DdsLayout& layout) {
  return layout.encoding == DdsEncoding::rgb ? fmt::format("{}-bit pixels", layout.bits_per_pixel)
                                             : fmt::format("{} blocks", encoding_name(layout.encoding));
}

// The pixel format: a FourCC, or uncompressed channels given by masks.
void read_pixel_format(ByteReader& r, DdsLayout& layout) {
  const std::uint32_t size = r.u32("the DDS pixel format's size");
  if (size != pixel_format_size) {
    r.fail_at(at_pixel_format, ErrorCode::bad_value, fmt::format("the DDS pixel format's size is {}, not 32", size));
  }
  const std::uint32_t flags = r.u32("the DDS pixel format's flags");
  const std::uint32_t code = r.u32("the DDS FourCC");
  const std::uint32_t bits = r.u32("the DDS bits per pixel");
  const auto masks = r.u32_array<4>("the DDS channel masks");
  if (flags & pf_fourcc) {
    if (code == fourcc("DXT1")) {
      layout.encoding = DdsEncoding::dxt1;
    } else if (code == fourcc("DXT3")) {
      layout.encoding = DdsEncoding::dxt3;
    } else if (code == fourcc("DXT5")) {
      layout.encoding = DdsEncoding::dxt5;
    } else if (code == fourcc("DXT2") || code == fourcc("DXT4")) {
      r.fail_at(at_fourcc, ErrorCode::unsupported,
                fmt::format("DDS pixel format {} (premultiplied alpha) is not supported; {}", fourcc_text(code), supported));
    } else if (code == fourcc("DX10")) {
      r.fail_at(at_fourcc, ErrorCode::unsupported,
                fmt::format("DDS with a DX10 header (a DXGI format) is not supported; {}", supported));
    } else {
      r.fail_at(at_fourcc, ErrorCode::unsupported,
                fmt::format("DDS pixel format '{}' is not supported; {}", fourcc_text(code), supported));
    }
    return;
  }
  if (!(flags & pf_rgb)) {
    r.fail_at(at_pixel_format + 4, ErrorCode::unsupported,
              fmt::format("DDS pixel format of flags 0x{:x} (neither a FourCC nor RGB: luminance, alpha only, YUV or "
                          "bump) is not supported; {}", flags, supported));
  }
  const bool has_alpha = (flags & pf_alpha_pixels) && masks[3] != 0;
  std::array<int, 4> byte{mask_byte(masks[0], bits), mask_byte(masks[1], bits), mask_byte(masks[2], bits),
                          has_alpha ? mask_byte(masks[3], bits) : -1};
  const int channels = has_alpha ? 4 : 3;
  bool ok = bits == 24 || bits == 32;
  for (int c = 0; c < channels && ok; ++c) {
    ok = byte[std::size_t(c)] >= 0;
    for (int d = 0; d < c && ok; ++d) ok = byte[std::size_t(c)] != byte[std::size_t(d)];
  }
  if (!ok) {
    r.fail_at(at_bit_count, ErrorCode::unsupported,
              fmt::format("DDS uncompressed format of {} bits per pixel, masks red 0x{:08x} green 0x{:08x} blue 0x{:08x} "
                          "alpha 0x{:08x}, is not supported: only 24 or 32 bits with a whole byte for each channel; {}",
                          bits, masks[0], masks[1], masks[2], has_alpha ? masks[3] : 0u, supported));
  }
  layout.encoding = DdsEncoding::rgb;
  layout.bits_per_pixel = bits;
  layout.channel_byte = byte;
}

DdsLayout read_layout(std::span<const std::uint8_t> bytes, const ReadLimits& limits) {
  ByteReader r(bytes);
  if (bytes.size() < 4 || std::memcmp(bytes.data(), "DDS ", 4) != 0) {
    r.fail_at(0, ErrorCode::bad_magic,
              fmt::format("not a DDS file: it starts with '{}', not 'DDS '", tag_for_message(bytes.first(std::min<std::size_t>(bytes.size(), 4)))));
  }
  r.skip(4, "the DDS signature");
  const std::uint32_t size = r.u32("the DDS header's size");
  if (size != header_size) r.fail_at(4, ErrorCode::bad_value, fmt::format("the DDS header's size is {}, not 124", size));
  const std::uint32_t flags = r.u32("the DDS header's flags");
  const std::uint32_t height = r.u32("the DDS height");
  const std::uint32_t width = r.u32("the DDS width");
  (void)r.u32("the DDS pitch or linear size");  // not trusted: the levels' sizes follow from size and format
  const std::uint32_t depth = r.u32("the DDS depth");
  const std::uint32_t mip_count = r.u32("the DDS mipmap count");
  r.skip(44, "the DDS header's reserved words");
  DdsLayout layout;
  read_pixel_format(r, layout);
  const std::uint32_t caps = r.u32("the DDS caps");
  const std::uint32_t caps2 = r.u32("the DDS caps2");
  r.skip(12, "the end of the DDS header");

  if (caps2 & caps2_cubemap) {
    r.fail_at(at_caps2, ErrorCode::unsupported,
              fmt::format("DDS cube maps are not supported (caps2 0x{:x}): only 2D textures are", caps2));
  }
  if (caps2 & caps2_volume) {
    r.fail_at(at_caps2, ErrorCode::unsupported,
              fmt::format("DDS volume textures are not supported (caps2 0x{:x}): only 2D textures are", caps2));
  }
  if ((flags & flag_depth) && depth > 1) {
    r.fail_at(at_depth, ErrorCode::unsupported,
              fmt::format("DDS volume textures are not supported (depth {}): only 2D textures are", depth));
  }
  if (auto checked = detail::check_picture_size("a DDS", width, height, at_height, limits); !checked) {
    throw ErrorException{std::move(checked.error())};
  }
  layout.width = width;
  layout.height = height;

  // Mipmaps when the header says so (the count's flag, or the caps' mipmap bit); a count of 0 is 1.
  std::uint32_t count = 1;
  if ((flags & flag_mipmap_count) || (caps & caps_mipmap)) count = std::max<std::uint32_t>(mip_count, 1);
  const std::uint32_t longest = std::max(width, height);
  std::uint32_t most = 1;
  while ((longest >> most) != 0) ++most;  // floor(log2(longest)) + 1
  if (count > most) {
    r.fail_at(at_mip_count, ErrorCode::bad_value,
              fmt::format("the DDS declares {} mip levels; a {}x{} texture has at most {}", count, width, height, most));
  }
  std::uint64_t offset = data_start;
  for (std::uint32_t i = 0; i < count; ++i) {
    DdsLevel level;
    level.width = std::max<std::uint32_t>(width >> i, 1);
    level.height = std::max<std::uint32_t>(height >> i, 1);
    level.offset = offset;
    level.size = level_size(layout, level.width, level.height);
    if (level.size > bytes.size() - offset) {  // offset <= size: the level before ended within the bytes
      r.fail_at(std::size_t(offset), ErrorCode::truncated,
                fmt::format("DDS level {} of {} ({}x{}, {} bytes of {}) needs bytes {} to {}, but the file ends at byte {}",
                            i, count, level.width, level.height, level.size, level_what(layout), offset, offset + level.size,
                            bytes.size()));
    }
    offset += level.size;
    layout.levels.push_back(level);
  }
  return layout;
}

}  // namespace

std::string_view encoding_name(DdsEncoding encoding) {
  switch (encoding) {
    case DdsEncoding::dxt1: return "DXT1";
    case DdsEncoding::dxt3: return "DXT3";
    case DdsEncoding::dxt5: return "DXT5";
    case DdsEncoding::rgb: break;
  }
  return "RGB";
}

Expected<DdsLayout> read_dds_layout(std::span<const std::uint8_t> bytes, const ReadLimits& limits) {
  return guard([&]() -> Expected<DdsLayout> {
    if (auto checked = detail::check_input_size("DDS file", bytes, limits); !checked) return checked.error();
    return read_layout(bytes, limits);
  });
}

}  // namespace anmkit::texture
