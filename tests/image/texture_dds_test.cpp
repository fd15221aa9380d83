// DDS textures built here byte by byte, their pixels worked out by hand from the DXTn rules:
// colours are RGB 5:6:5 widened by repeating their top bits (r5 -> r5 << 3 | r5 >> 2); DXT1's
// block holds four colours when its first is greater than its second (c2 = (2 c0 + c1) / 3,
// c3 = (c0 + 2 c1) / 3), else three and transparent black (c2 = (c0 + c1) / 2, c3 = 0); DXT3 and
// DXT5 always four; indices are 2 bits a pixel, row by row, the first pixel in the lowest bits.
// DXT3's alpha is 4 bits a pixel (a4 * 17); DXT5's two alphas give eight (a0 > a1: the six
// between, ((7 - i) a0 + i a1) / 7) or six and 0 and 255 (((5 - i) a0 + i a1) / 5), with 3-bit
// indices. libsquish's divisions truncate: the values below are those of its integer rule.

#include <gtest/gtest.h>

#include <array>

#include "anmkit/image/texture.hpp"
#include "anmkit/image/texture_dds.hpp"
#include "support/fixture_bytes.hpp"

namespace anmkit::texture {
namespace {

using test::FixtureBytes;
using Rgba = std::array<std::uint8_t, 4>;

constexpr std::uint32_t dxt1 = 0x31545844, dxt3 = 0x33545844, dxt5 = 0x35545844;

struct Header {
  std::uint32_t width = 4, height = 4;
  std::uint32_t flags = 0x1007;  // caps, height, width, pixel format
  std::uint32_t mip_count = 0;
  std::uint32_t pf_flags = 0x4;  // FourCC
  std::uint32_t fourcc = dxt1;
  std::uint32_t bits = 0;
  std::array<std::uint32_t, 4> masks{};
  std::uint32_t caps = 0x1000, caps2 = 0;
  std::uint32_t header_size = 124, pf_size = 32, depth = 0;
};

FixtureBytes dds(const Header& h) {
  FixtureBytes b;
  b.tag("DDS ").u32(h.header_size).u32(h.flags).u32(h.height).u32(h.width).u32(0).u32(h.depth).u32(h.mip_count);
  for (int i = 0; i < 11; ++i) b.u32(0);
  b.u32(h.pf_size).u32(h.pf_flags).u32(h.fourcc).u32(h.bits);
  for (std::uint32_t m : h.masks) b.u32(m);
  b.u32(h.caps).u32(h.caps2).u32(0).u32(0).u32(0);
  EXPECT_EQ(b.size(), 128u);
  return b;
}

std::vector<std::uint8_t> with(FixtureBytes b, std::initializer_list<std::vector<std::uint8_t>> blocks) {
  std::vector<std::uint8_t> out = b.bytes();
  for (const auto& block : blocks) out.insert(out.end(), block.begin(), block.end());
  return out;
}

// A DXT1 (or DXT3/DXT5 colour) block: two RGB 5:6:5 colours, then a row of four 2-bit indices
// per byte.
std::vector<std::uint8_t> colour_block(std::uint16_t c0, std::uint16_t c1, const std::array<int, 16>& index) {
  std::vector<std::uint8_t> b{std::uint8_t(c0), std::uint8_t(c0 >> 8), std::uint8_t(c1), std::uint8_t(c1 >> 8)};
  for (int row = 0; row < 4; ++row) {
    int byte = 0;
    for (int x = 0; x < 4; ++x) byte |= index[std::size_t(row * 4 + x)] << (2 * x);
    b.push_back(std::uint8_t(byte));
  }
  return b;
}

std::vector<std::uint8_t> dxt5_alpha_block(std::uint8_t a0, std::uint8_t a1, const std::array<int, 16>& index) {
  std::uint64_t bits = 0;
  for (std::size_t p = 0; p < 16; ++p) bits |= std::uint64_t(index[p]) << (3 * p);
  std::vector<std::uint8_t> b{a0, a1};
  for (int i = 0; i < 6; ++i) b.push_back(std::uint8_t(bits >> (8 * i)));
  return b;
}

std::vector<std::uint8_t> dxt3_alpha_block(const std::array<int, 16>& alpha4) {
  std::vector<std::uint8_t> b;
  for (std::size_t p = 0; p < 16; p += 2) b.push_back(std::uint8_t(alpha4[p] | alpha4[p + 1] << 4));
  return b;
}

std::vector<std::uint8_t> cat(std::vector<std::uint8_t> a, const std::vector<std::uint8_t>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

Rgba pixel(const Image& image, std::size_t x, std::size_t y) {
  const std::size_t at = (y * image.width + x) * 4;
  return {image.rgba[at], image.rgba[at + 1], image.rgba[at + 2], image.rgba[at + 3]};
}

// c0: r 20, g 40, b 10 -> 165, 162, 82. c1: r 5, g 10, b 25 -> 41, 40, 206.
constexpr std::uint16_t c0 = (20 << 11) | (40 << 5) | 10;  // 0xa50a
constexpr std::uint16_t c1 = (5 << 11) | (10 << 5) | 25;   // 0x2959
constexpr Rgba colour0{165, 162, 82, 255}, colour1{41, 40, 206, 255};
// (2 c0 + c1) / 3 = 371/3, 364/3, 370/3; (c0 + 2 c1) / 3 = 247/3, 242/3, 494/3 (truncated).
constexpr Rgba two_thirds0{123, 121, 123, 255}, two_thirds1{82, 80, 164, 255};
// (c0 + c1) / 2 = 206/2, 202/2, 288/2.
constexpr Rgba half{103, 101, 144, 255}, transparent{0, 0, 0, 0};
constexpr std::array<int, 16> pattern{0, 1, 2, 3, 3, 2, 1, 0, 0, 0, 1, 1, 2, 2, 3, 3};

TEST(TextureDds, Dxt1FourColoursByHand) {
  const auto bytes = with(dds({}), {colour_block(c0, c1, pattern)});
  auto image = decode_dds(bytes);
  ASSERT_TRUE(image) << image.error().to_string();
  ASSERT_EQ(image->width, 4u);
  ASSERT_EQ(image->height, 4u);
  ASSERT_EQ(image->rgba.size(), 64u);
  const std::array<Rgba, 4> colours{colour0, colour1, two_thirds0, two_thirds1};
  for (std::size_t p = 0; p < 16; ++p) {
    EXPECT_EQ(pixel(*image, p % 4, p / 4), colours[std::size_t(pattern[p])]) << "pixel " << p;
  }
  // The top row is the first in the file: pixel (0, 0) is index 0, (3, 0) index 3.
  EXPECT_EQ(pixel(*image, 3, 0), two_thirds1);
  EXPECT_EQ(detect_texture(bytes), Kind::dds);
  auto same = decode_texture(bytes);
  ASSERT_TRUE(same);
  EXPECT_EQ(*same, *image);
}

TEST(TextureDds, Dxt1ThreeColoursAndTransparentBlack) {
  // c0 <= c1: the block's colours are c0, c1, their mean and transparent black.
  const auto bytes = with(dds({}), {colour_block(c1, c0, pattern)});
  auto image = decode_dds(bytes);
  ASSERT_TRUE(image) << image.error().to_string();
  const std::array<Rgba, 4> colours{colour1, colour0, half, transparent};
  for (std::size_t p = 0; p < 16; ++p) {
    EXPECT_EQ(pixel(*image, p % 4, p / 4), colours[std::size_t(pattern[p])]) << "pixel " << p;
  }
}

TEST(TextureDds, Dxt5AlphaBlocksByHand) {
  Header h;
  h.fourcc = dxt5;
  h.width = 8;  // two blocks side by side
  std::array<int, 16> alpha_index{};
  for (std::size_t p = 0; p < 16; ++p) alpha_index[p] = int(p % 8);
  // Block 0: a0 200 > a1 40: 200, 40, then (6*200 + 40)/7 ... (200 + 6*40)/7, truncated.
  const std::array<int, 8> eight{200, 40, 177, 154, 131, 108, 85, 62};
  // Block 1: a0 50 <= a1 150: 50, 150, (4*50 + 150)/5 ... (50 + 4*150)/5, then 0 and 255.
  const std::array<int, 8> six{50, 150, 70, 90, 110, 130, 0, 255};
  // The colour of a DXT5 block has four colours even when c0 <= c1: index 2 is (2 c1 + c0) / 3 here.
  const std::array<int, 16> all_two{2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2};
  const auto bytes = with(dds(h), {cat(dxt5_alpha_block(200, 40, alpha_index), colour_block(c0, c1, pattern)),
                                   cat(dxt5_alpha_block(50, 150, alpha_index), colour_block(c1, c0, all_two))});
  auto image = decode_dds(bytes);
  ASSERT_TRUE(image) << image.error().to_string();
  ASSERT_EQ(image->width, 8u);
  const std::array<Rgba, 4> colours{colour0, colour1, two_thirds0, two_thirds1};
  for (std::size_t p = 0; p < 16; ++p) {
    Rgba left = colours[std::size_t(pattern[p])];
    left[3] = std::uint8_t(eight[p % 8]);
    EXPECT_EQ(pixel(*image, p % 4, p / 4), left) << "block 0, pixel " << p;
    Rgba right = two_thirds1;  // (2 c1 + c0) / 3 with c1 first: the same as (c0 + 2 c1) / 3 above
    right[3] = std::uint8_t(six[p % 8]);
    EXPECT_EQ(pixel(*image, 4 + p % 4, p / 4), right) << "block 1, pixel " << p;
  }
}

TEST(TextureDds, Dxt3AlphaByHand) {
  Header h;
  h.fourcc = dxt3;
  std::array<int, 16> alpha4{};
  for (std::size_t p = 0; p < 16; ++p) alpha4[p] = int(15 - p);
  const auto bytes = with(dds(h), {dxt3_alpha_block(alpha4), colour_block(c1, c0, pattern)});
  auto image = decode_dds(bytes);
  ASSERT_TRUE(image) << image.error().to_string();
  // Four colours (DXT3, like DXT5, ignores the order of c0 and c1): c1, c0, (2 c1 + c0) / 3, (c1 + 2 c0) / 3.
  const std::array<Rgba, 4> colours{colour1, colour0, two_thirds1, two_thirds0};
  for (std::size_t p = 0; p < 16; ++p) {
    Rgba want = colours[std::size_t(pattern[p])];
    want[3] = std::uint8_t(alpha4[p] * 17);
    EXPECT_EQ(pixel(*image, p % 4, p / 4), want) << "pixel " << p;
  }
}

TEST(TextureDds, OnePixelAndSizesNotMultiplesOfFour) {
  Header one;
  one.width = one.height = 1;
  auto image = decode_dds(with(dds(one), {colour_block(c0, c1, pattern)}));
  ASSERT_TRUE(image) << image.error().to_string();
  ASSERT_EQ(image->rgba.size(), 4u);
  EXPECT_EQ(pixel(*image, 0, 0), colour0);

  // 5 x 3: two blocks, of which the second shows only its first column, each only three rows.
  Header odd;
  odd.width = 5;
  odd.height = 3;
  const std::array<int, 16> other{3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0};
  const auto bytes = with(dds(odd), {colour_block(c0, c1, pattern), colour_block(c0, c1, other)});
  image = decode_dds(bytes);
  ASSERT_TRUE(image) << image.error().to_string();
  ASSERT_EQ(image->width, 5u);
  ASSERT_EQ(image->height, 3u);
  ASSERT_EQ(image->rgba.size(), 60u);
  const std::array<Rgba, 4> colours{colour0, colour1, two_thirds0, two_thirds1};
  for (std::size_t y = 0; y < 3; ++y) {
    for (std::size_t x = 0; x < 5; ++x) {
      const int index = x < 4 ? pattern[y * 4 + x] : other[y * 4];
      EXPECT_EQ(pixel(*image, x, y), colours[std::size_t(index)]) << x << "," << y;
    }
  }
  // Missing the second block: the file is short by 8 bytes.
  auto short_file = decode_dds(std::span(bytes).first(bytes.size() - 8));
  ASSERT_FALSE(short_file);
  EXPECT_EQ(short_file.error().code, ErrorCode::truncated);
  EXPECT_EQ(short_file.error().message,
            "DDS level 0 of 1 (5x3, 16 bytes of DXT1 blocks) needs bytes 128 to 144, but the file ends at byte 136");
}

Header mipmapped_dxt5() {
  Header h;
  h.fourcc = dxt5;
  h.width = h.height = 8;
  h.flags |= 0x20000;
  h.mip_count = 4;
  h.caps |= 0x400008;
  return h;
}

std::vector<std::uint8_t> mipmapped_file() {
  std::array<int, 16> zero{};
  const auto block = cat(dxt5_alpha_block(255, 0, zero), colour_block(c0, c1, pattern));
  const auto small = cat(dxt5_alpha_block(0, 255, zero), colour_block(c1, c0, zero));
  return with(dds(mipmapped_dxt5()), {block, block, block, block, small, small, small});  // 8x8, 4x4, 2x2, 1x1
}

TEST(TextureDds, MipmapsAreLaidOutAndTheTopLevelDecoded) {
  const auto bytes = mipmapped_file();
  ASSERT_EQ(bytes.size(), 128u + 64 + 16 + 16 + 16);
  auto layout = read_dds_layout(bytes);
  ASSERT_TRUE(layout) << layout.error().to_string();
  EXPECT_EQ(layout->encoding, DdsEncoding::dxt5);
  ASSERT_EQ(layout->levels.size(), 4u);
  const std::array<std::array<std::uint64_t, 4>, 4> want{{{8, 8, 128, 64}, {4, 4, 192, 16}, {2, 2, 208, 16}, {1, 1, 224, 16}}};
  for (std::size_t i = 0; i < 4; ++i) {
    const DdsLevel& l = layout->levels[i];
    EXPECT_EQ((std::array<std::uint64_t, 4>{l.width, l.height, l.offset, l.size}), want[i]) << "level " << i;
  }
  auto image = decode_dds(bytes);
  ASSERT_TRUE(image) << image.error().to_string();
  ASSERT_EQ(image->width, 8u);
  // Every block of the top level is the same: alpha index 0 is a0 = 255.
  const std::array<Rgba, 4> colours{colour0, colour1, two_thirds0, two_thirds1};
  for (std::size_t y = 0; y < 8; ++y) {
    for (std::size_t x = 0; x < 8; ++x) EXPECT_EQ(pixel(*image, x, y), colours[std::size_t(pattern[(y % 4) * 4 + x % 4])]);
  }
}

TEST(TextureDds, ATruncatedMipChainNamesTheLevelAndItsBytes) {
  auto bytes = mipmapped_file();
  bytes.resize(128 + 64 + 16 + 5);
  auto layout = read_dds_layout(bytes);
  ASSERT_FALSE(layout);
  EXPECT_EQ(layout.error().code, ErrorCode::truncated);
  EXPECT_EQ(layout.error().offset, 208u);
  EXPECT_EQ(layout.error().message,
            "DDS level 2 of 4 (2x2, 16 bytes of DXT5 blocks) needs bytes 208 to 224, but the file ends at byte 213");
  auto image = decode_dds(bytes);
  ASSERT_FALSE(image);
  EXPECT_EQ(image.error().message, layout.error().message);
  // Short inside the header: ByteReader's own message, at the field.
  auto header = decode_dds(std::span(bytes).first(100));
  ASSERT_FALSE(header);
  EXPECT_EQ(header.error().code, ErrorCode::truncated);
  EXPECT_EQ(header.error().offset, 92u);
  EXPECT_EQ(header.error().message, "unexpected end of data: expected the DDS channel masks (16 bytes), 8 remain");
}

TEST(TextureDds, HugeSizesAreRefusedBeforeAnyPixelIsMade) {
  Header h;
  h.width = h.height = 65536;
  const auto bytes = dds(h).bytes();  // the header alone
  auto image = decode_dds(bytes);
  ASSERT_FALSE(image);
  EXPECT_EQ(image.error().code, ErrorCode::too_large);
  EXPECT_EQ(image.error().offset, 12u);
  EXPECT_EQ(image.error().message, "a DDS of 65536x65536 pixels is more than the limit of 16777216 pixels (limits.max_pixels)");
  ASSERT_EQ(image.error().settings.size(), 1u);
  EXPECT_EQ(image.error().settings[0].setting, "limits.max_pixels");

  // Past the limit the caller gives, the decoders' own ceiling (libsquish's int indices).
  ReadLimits wide;
  wide.max_pixels = 1ull << 40;
  image = decode_dds(bytes, wide);
  ASSERT_FALSE(image);
  EXPECT_EQ(image.error().code, ErrorCode::unsupported);
  EXPECT_EQ(image.error().message,
            "a DDS of 65536x65536 pixels is more than the 268435456 pixels (16384 x 16384) a texture may have here");

  // Within both: the levels are measured against the bytes, which do not hold them.
  h.width = h.height = 16384;
  image = decode_dds(dds(h).bytes(), wide);
  ASSERT_FALSE(image);
  EXPECT_EQ(image.error().code, ErrorCode::truncated);
  EXPECT_EQ(image.error().offset, 128u);
  EXPECT_EQ(image.error().message, "DDS level 0 of 1 (16384x16384, 134217728 bytes of DXT1 blocks) needs bytes 128 to "
                                   "134217856, but the file ends at byte 128");

  // The input's own size.
  ReadLimits small;
  small.max_input_bytes = 100;
  image = decode_dds(mipmapped_file(), small);
  ASSERT_FALSE(image);
  EXPECT_EQ(image.error().code, ErrorCode::too_large);
  EXPECT_EQ(image.error().message, "a DDS file of 240 bytes is more than the limit of 100 bytes (limits.max_input_bytes)");
}

TEST(TextureDds, UncompressedByteChannels) {
  // A8R8G8B8: each pixel's bytes are blue, green, red, alpha.
  Header h;
  h.width = 2;
  h.height = 1;
  h.pf_flags = 0x41;  // RGB, alpha pixels
  h.fourcc = 0;
  h.bits = 32;
  h.masks = {0x00ff0000, 0x0000ff00, 0x000000ff, 0xff000000};
  auto image = decode_dds(with(dds(h), {{1, 2, 3, 4, 5, 6, 7, 8}}));
  ASSERT_TRUE(image) << image.error().to_string();
  EXPECT_EQ(image->rgba, (std::vector<std::uint8_t>{3, 2, 1, 4, 7, 6, 5, 8}));
  // X8B8G8R8: no alpha (255), red first.
  h.pf_flags = 0x40;
  h.masks = {0x000000ff, 0x0000ff00, 0x00ff0000, 0xff000000};
  image = decode_dds(with(dds(h), {{1, 2, 3, 4, 5, 6, 7, 8}}));
  ASSERT_TRUE(image) << image.error().to_string();
  EXPECT_EQ(image->rgba, (std::vector<std::uint8_t>{1, 2, 3, 255, 5, 6, 7, 255}));
  // R8G8B8, 24 bits: blue, green, red.
  h.bits = 24;
  h.masks = {0xff0000, 0x00ff00, 0x0000ff, 0};
  image = decode_dds(with(dds(h), {{1, 2, 3, 4, 5, 6}}));
  ASSERT_TRUE(image) << image.error().to_string();
  EXPECT_EQ(image->rgba, (std::vector<std::uint8_t>{3, 2, 1, 255, 6, 5, 4, 255}));
  // R5G6B5: refused, naming the masks.
  h.bits = 16;
  h.masks = {0xf800, 0x07e0, 0x001f, 0};
  image = decode_dds(with(dds(h), {{1, 2, 3, 4}}));
  ASSERT_FALSE(image);
  EXPECT_EQ(image.error().code, ErrorCode::unsupported);
  EXPECT_EQ(image.error().offset, 88u);
  EXPECT_EQ(image.error().message,
            "DDS uncompressed format of 16 bits per pixel, masks red 0x0000f800 green 0x000007e0 blue 0x0000001f alpha "
            "0x00000000, is not supported: only 24 or 32 bits with a whole byte for each channel; this library reads DXT1, "
            "DXT3, DXT5 and uncompressed 24- or 32-bit RGB(A)");
}

struct Refusal {
  const char* name;
  Header header;
  ErrorCode code;
  std::uint64_t offset;
  const char* message;
};

Header changed(void (*change)(Header&)) {
  Header h;
  change(h);
  return h;
}

TEST(TextureDds, WhatIsNotA2DTextureOfAKnownFormatIsRefusedClearly) {
  const std::string reads = "this library reads DXT1, DXT3, DXT5 and uncompressed 24- or 32-bit RGB(A)";
  const std::vector<Refusal> cases{
      {"cube map", changed([](Header& h) { h.caps2 = 0xfe00; }), ErrorCode::unsupported, 112,
       "DDS cube maps are not supported (caps2 0xfe00): only 2D textures are"},
      {"volume", changed([](Header& h) { h.caps2 = 0x200000; }), ErrorCode::unsupported, 112,
       "DDS volume textures are not supported (caps2 0x200000): only 2D textures are"},
      {"depth", changed([](Header& h) { h.flags |= 0x800000; h.depth = 4; }), ErrorCode::unsupported, 24,
       "DDS volume textures are not supported (depth 4): only 2D textures are"},
      {"DX10", changed([](Header& h) { h.fourcc = 0x30315844; }), ErrorCode::unsupported, 84, nullptr},
      {"DXT2", changed([](Header& h) { h.fourcc = 0x32545844; }), ErrorCode::unsupported, 84, nullptr},
      {"ATI2", changed([](Header& h) { h.fourcc = 0x32495441; }), ErrorCode::unsupported, 84, nullptr},
      {"luminance", changed([](Header& h) { h.pf_flags = 0x20000; h.bits = 8; }), ErrorCode::unsupported, 80, nullptr},
      {"header size", changed([](Header& h) { h.header_size = 100; }), ErrorCode::bad_value, 4,
       "the DDS header's size is 100, not 124"},
      {"pixel format size", changed([](Header& h) { h.pf_size = 0; }), ErrorCode::bad_value, 76,
       "the DDS pixel format's size is 0, not 32"},
      {"no pixels", changed([](Header& h) { h.width = 0; }), ErrorCode::bad_value, 12,
       "a DDS of 0x4 pixels: a texture has at least one pixel"},
      {"mip count", changed([](Header& h) { h.flags |= 0x20000; h.mip_count = 4; }), ErrorCode::bad_value, 28,
       "the DDS declares 4 mip levels; a 4x4 texture has at most 3"},
  };
  for (const Refusal& c : cases) {
    auto image = decode_dds(with(dds(c.header), {colour_block(c0, c1, pattern), std::vector<std::uint8_t>(64)}));
    ASSERT_FALSE(image) << c.name;
    EXPECT_EQ(image.error().code, c.code) << c.name;
    EXPECT_EQ(image.error().offset, c.offset) << c.name;
    if (c.message) {
      EXPECT_EQ(image.error().message, c.message) << c.name;
    }
  }
  auto dx10 = decode_dds(with(dds(changed([](Header& h) { h.fourcc = 0x30315844; })), {}));
  ASSERT_FALSE(dx10);
  EXPECT_EQ(dx10.error().message, "DDS with a DX10 header (a DXGI format) is not supported; " + reads);
  auto dxt2 = decode_dds(with(dds(changed([](Header& h) { h.fourcc = 0x32545844; })), {}));
  ASSERT_FALSE(dxt2);
  EXPECT_EQ(dxt2.error().message, "DDS pixel format DXT2 (premultiplied alpha) is not supported; " + reads);
  auto ati2 = decode_dds(with(dds(changed([](Header& h) { h.fourcc = 0x32495441; })), {}));
  ASSERT_FALSE(ati2);
  EXPECT_EQ(ati2.error().message, "DDS pixel format 'ATI2' is not supported; " + reads);

  auto not_dds = decode_dds(std::vector<std::uint8_t>{'D', 'D', 'S', '!', 0, 0});
  ASSERT_FALSE(not_dds);
  EXPECT_EQ(not_dds.error().code, ErrorCode::bad_magic);
  EXPECT_EQ(not_dds.error().message, "not a DDS file: it starts with 'DDS!', not 'DDS '");
  auto empty = decode_dds(std::vector<std::uint8_t>{});
  ASSERT_FALSE(empty);
  EXPECT_EQ(empty.error().code, ErrorCode::bad_magic);
}

TEST(TextureDds, WithoutTheMipmapFlagsTheCountIsNotTrusted) {
  // A count without DDSD_MIPMAPCOUNT or DDSCAPS_MIPMAP: one level, as the header's flags say.
  Header h;
  h.mip_count = 3;
  auto layout = read_dds_layout(with(dds(h), {colour_block(c0, c1, pattern)}));
  ASSERT_TRUE(layout) << layout.error().to_string();
  EXPECT_EQ(layout->levels.size(), 1u);
}

}  // namespace
}  // namespace anmkit::texture
