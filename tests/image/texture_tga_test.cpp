// TGA textures built here (raw and run-length, 24 and 32 bits, every origin) decode to the same
// picture, top row first; netpbm's pamtotga writes the same picture independently; short files
// and what is not read are refused with messages naming where.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "anmkit/image/texture.hpp"
#include "anmkit/image/texture_tga.hpp"
#include "support/externals.hpp"
#include "support/fixture_bytes.hpp"

namespace anmkit::texture {
namespace {

// 5 x 3, top row first; the second row's last three pixels and the third row's first two are
// one colour, so that a run crosses from one stored row to the next (in either order of rows).
Image picture() {
  Image p;
  p.width = 5;
  p.height = 3;
  const std::uint8_t px[15][4] = {{10, 20, 30, 40},    {50, 60, 70, 80},   {90, 100, 110, 120}, {130, 140, 150, 160}, {170, 180, 190, 200},
                                  {1, 2, 3, 4},        {5, 6, 7, 8},       {9, 9, 9, 9},        {9, 9, 9, 9},         {9, 9, 9, 9},
                                  {9, 9, 9, 9},        {9, 9, 9, 9},       {200, 0, 100, 255},  {0, 0, 0, 0},         {255, 255, 255, 128}};
  for (const auto& c : px) p.rgba.insert(p.rgba.end(), c, c + 4);
  return p;
}

struct Layout {
  int bits = 32;
  bool run_length = false, top_down = false, right_to_left = false;
  std::uint8_t id_length = 0;
};

// The pixels in the order the file stores them, BGR(A).
std::vector<std::vector<std::uint8_t>> stored_pixels(const Image& image, const Layout& l) {
  std::vector<std::vector<std::uint8_t>> out;
  for (std::uint32_t r = 0; r < image.height; ++r) {
    const std::uint32_t y = l.top_down ? r : image.height - 1 - r;
    for (std::uint32_t c = 0; c < image.width; ++c) {
      const std::uint32_t x = l.right_to_left ? image.width - 1 - c : c;
      const std::uint8_t* p = image.rgba.data() + (y * image.width + x) * 4;
      std::vector<std::uint8_t> px{p[2], p[1], p[0]};
      if (l.bits == 32) px.push_back(p[3]);
      out.push_back(px);
    }
  }
  return out;
}

std::vector<std::uint8_t> tga(const Image& image, const Layout& l) {
  test::FixtureBytes b;
  b.u8(l.id_length).u8(0).u8(l.run_length ? 10 : 2).u16(0).u16(0).u8(0).u16(0).u16(0);
  b.u16(image.width).u16(image.height).u8(std::uint32_t(l.bits));
  b.u8((l.bits == 32 ? 8u : 0u) | (l.right_to_left ? 0x10u : 0u) | (l.top_down ? 0x20u : 0u));
  std::vector<std::uint8_t> out = b.bytes();
  for (std::uint8_t i = 0; i < l.id_length; ++i) out.push_back(std::uint8_t('a' + i));
  const auto pixels = stored_pixels(image, l);
  if (!l.run_length) {
    for (const auto& p : pixels) out.insert(out.end(), p.begin(), p.end());
    return out;
  }
  // Greedy: a run of two or more equal pixels is a repeated packet, the rest raw packets.
  for (std::size_t i = 0; i < pixels.size();) {
    std::size_t run = 1;
    while (i + run < pixels.size() && run < 128 && pixels[i + run] == pixels[i]) ++run;
    if (run >= 2) {
      out.push_back(std::uint8_t(0x80 | (run - 1)));
      out.insert(out.end(), pixels[i].begin(), pixels[i].end());
      i += run;
      continue;
    }
    std::size_t raw = 1;
    while (i + raw < pixels.size() && raw < 128 && !(i + raw + 1 < pixels.size() && pixels[i + raw] == pixels[i + raw + 1])) ++raw;
    out.push_back(std::uint8_t(raw - 1));
    for (std::size_t k = 0; k < raw; ++k) out.insert(out.end(), pixels[i + k].begin(), pixels[i + k].end());
    i += raw;
  }
  return out;
}

Image opaque(Image image) {
  for (std::size_t i = 3; i < image.rgba.size(); i += 4) image.rgba[i] = 255;
  return image;
}

TEST(TextureTga, EveryLayoutGivesTheSamePictureTopRowFirst) {
  const Image want = picture();
  for (int bits : {24, 32}) {
    for (bool run_length : {false, true}) {
      for (bool top_down : {false, true}) {
        for (bool right_to_left : {false, true}) {
          const Layout l{bits, run_length, top_down, right_to_left};
          const std::string name = std::to_string(bits) + (run_length ? " RLE" : " raw") + (top_down ? " top-down" : " bottom-up") +
                                   (right_to_left ? " right-to-left" : "");
          const auto bytes = tga(want, l);
          EXPECT_EQ(detect_texture(bytes), Kind::tga) << name;
          auto header = read_tga_header(bytes);
          ASSERT_TRUE(header) << name << ": " << header.error().to_string();
          EXPECT_EQ(header->data_end, bytes.size()) << name;
          EXPECT_EQ(header->top_down, top_down) << name;
          EXPECT_EQ(header->right_to_left, right_to_left) << name;
          auto image = decode_tga(bytes);
          ASSERT_TRUE(image) << name << ": " << image.error().to_string();
          EXPECT_EQ(*image, bits == 32 ? want : opaque(want)) << name;
          auto same = decode_texture(bytes);
          ASSERT_TRUE(same) << name;
          EXPECT_EQ(*same, *image) << name;
        }
      }
    }
  }
}

TEST(TextureTga, TheRunLengthFixtureHasPacketsAcrossRows) {
  // The fixture's point: packets that cross stored rows. Bottom-up the rows are stored 2, 1, 0:
  // 9 9 | H Z W F G | 9 9 9 | A B C D E (H Z W end row 2, F G start row 1).
  const auto bottom_up = tga(picture(), {32, true, false, false});
  EXPECT_EQ(bottom_up[18], 0x80 | 1);
  EXPECT_EQ(bottom_up[18 + 5], 4);
  EXPECT_EQ(bottom_up[18 + 5 + 21], 0x80 | 2);
  // Top-down: A B C D E F G (row 0, then row 1's first two) | 9 9 9 9 9 (row 1's last three, row 2's first two).
  const auto top_down = tga(picture(), {32, true, true, false});
  EXPECT_EQ(top_down[18], 6);
  EXPECT_EQ(top_down[18 + 1 + 28], 0x80 | 4);
}

TEST(TextureTga, TheImageIdIsSkippedAndTrailingBytesIgnored) {
  auto bytes = tga(picture(), {24, true, false, false, 7});
  const std::string footer = "TRUEVISION-XFILE.";
  bytes.insert(bytes.end(), footer.begin(), footer.end());
  bytes.push_back(0);
  auto header = read_tga_header(bytes);
  ASSERT_TRUE(header) << header.error().to_string();
  EXPECT_EQ(header->data_offset, 25u);
  EXPECT_EQ(header->data_end, bytes.size() - footer.size() - 1);
  auto image = decode_tga(bytes);
  ASSERT_TRUE(image) << image.error().to_string();
  EXPECT_EQ(*image, opaque(picture()));
}

TEST(TextureTga, ALastPacketMayPromiseMoreThanThePictureTakes) {
  // 2 x 1, one raw packet that says 4 pixels but holds the 2 the picture takes.
  std::vector<std::uint8_t> bytes{0, 0, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 1, 0, 24, 0x20, 3, 1, 2, 3, 4, 5, 6};
  auto image = decode_tga(bytes);
  ASSERT_TRUE(image) << image.error().to_string();
  EXPECT_EQ(image->rgba, (std::vector<std::uint8_t>{3, 2, 1, 255, 6, 5, 4, 255}));
}

TEST(TextureTga, ShortFilesNameWhereTheirDataEnds) {
  const Image p = picture();
  auto raw = tga(p, {24, false, false, false});
  raw.pop_back();
  auto image = decode_tga(raw);
  ASSERT_FALSE(image);
  EXPECT_EQ(image.error().code, ErrorCode::truncated);
  EXPECT_EQ(image.error().offset, 18u);
  EXPECT_EQ(image.error().message, "the TGA pixels (5x3 at 24 bits, 45 bytes) need bytes 18 to 63, but the file ends at byte 62");

  auto rle = tga(p, {32, true, false, false});
  // Cut inside the last packet, then right after it.
  const std::size_t full = rle.size();
  rle.pop_back();
  image = decode_tga(rle);
  ASSERT_FALSE(image);
  EXPECT_EQ(image.error().code, ErrorCode::truncated);
  // Bottom-up, the last stored row is row 0: five different pixels, one raw packet of 1 + 20 bytes.
  EXPECT_EQ(image.error().offset, full - 21);
  EXPECT_EQ(image.error().message, "the TGA run-length packet at byte " + std::to_string(full - 21) +
                                       " (5 raw pixels) needs 21 bytes, but the file ends at byte " + std::to_string(full - 1));
  rle.resize(full - 21);
  image = decode_tga(rle);
  ASSERT_FALSE(image);
  EXPECT_EQ(image.error().offset, full - 21);
  EXPECT_EQ(image.error().message,
            "the TGA run-length data ends at byte " + std::to_string(full - 21) + " with 5 of its 15 pixels still to come");

  auto header = decode_tga(std::span(rle).first(10));
  ASSERT_FALSE(header);
  EXPECT_EQ(header.error().code, ErrorCode::truncated);
  EXPECT_EQ(header.error().message, "unexpected end of data: expected the TGA origin (4 bytes), 2 remain");
}

std::vector<std::uint8_t> header_only(std::uint8_t map_type, std::uint8_t image_type, std::uint16_t width, std::uint16_t height,
                                      std::uint8_t depth, std::uint8_t descriptor = 0) {
  test::FixtureBytes b;
  b.u8(0).u8(map_type).u8(image_type).u16(0).u16(map_type ? 2 : 0).u8(map_type ? 24 : 0).u16(0).u16(0);
  b.u16(width).u16(height).u8(depth).u8(descriptor);
  return b.bytes();
}

TEST(TextureTga, WhatIsNotTrueColourIsRefusedClearly) {
  const std::string reads = "this library reads 24- and 32-bit true-colour TGA, raw or run-length encoded";
  struct Case {
    std::vector<std::uint8_t> bytes;
    ErrorCode code;
    std::uint64_t offset;
    std::string message;
  };
  const std::vector<Case> cases{
      {header_only(1, 1, 4, 4, 8), ErrorCode::unsupported, 2, "colour-mapped TGA (image type 1) is not supported; " + reads},
      {header_only(1, 9, 4, 4, 8), ErrorCode::unsupported, 2, "colour-mapped TGA (image type 9) is not supported; " + reads},
      {header_only(0, 3, 4, 4, 8), ErrorCode::unsupported, 2, "greyscale TGA (image type 3) is not supported; " + reads},
      {header_only(0, 11, 4, 4, 8), ErrorCode::unsupported, 2, "greyscale TGA (image type 11) is not supported; " + reads},
      {header_only(1, 2, 4, 4, 24), ErrorCode::unsupported, 1,
       "a true-colour TGA with a colour map (colour-map type 1) is not supported; " + reads},
      {header_only(0, 2, 4, 4, 16), ErrorCode::unsupported, 16, "TGA of 16 bits per pixel is not supported; " + reads},
      {header_only(0, 10, 4, 4, 15), ErrorCode::unsupported, 16, "TGA of 15 bits per pixel is not supported; " + reads},
      {header_only(0, 2, 4, 4, 24, 0x40), ErrorCode::unsupported, 17,
       "interleaved TGA (descriptor 0x40, bits 6-7) is not supported; " + reads},
      {header_only(0, 2, 4, 4, 31), ErrorCode::bad_value, 16, "a true-colour TGA of 31 bits per pixel"},
      {header_only(0, 2, 4, 4, 32, 0x29), ErrorCode::bad_value, 17, "the TGA descriptor 0x29 says 9 alpha bits; a pixel has at most 8"},
      {header_only(0, 0, 4, 4, 24), ErrorCode::bad_value, 2, "the TGA holds no image (image type 0)"},
      {header_only(0, 7, 4, 4, 24), ErrorCode::bad_value, 2, "unknown TGA image type 7"},
      {header_only(2, 2, 4, 4, 24), ErrorCode::bad_value, 1, "unknown TGA colour-map type 2"},
      {header_only(0, 2, 0, 4, 24), ErrorCode::bad_value, 12, "a TGA of 0x4 pixels: a texture has at least one pixel"},
      {header_only(0, 10, 65535, 65535, 32), ErrorCode::too_large, 12,
       "a TGA of 65535x65535 pixels is more than the limit of 16777216 pixels (limits.max_pixels)"},
  };
  for (const Case& c : cases) {
    auto image = decode_tga(c.bytes);
    ASSERT_FALSE(image) << c.message;
    EXPECT_EQ(image.error().code, c.code) << c.message;
    EXPECT_EQ(image.error().offset, c.offset) << c.message;
    EXPECT_EQ(image.error().message, c.message);
  }
  // Within the caller's limit, a huge picture is measured against the bytes before anything is made.
  ReadLimits wide;
  wide.max_pixels = 1ull << 28;
  auto image = decode_tga(header_only(0, 10, 16384, 16384, 32), wide);
  ASSERT_FALSE(image);
  EXPECT_EQ(image.error().code, ErrorCode::truncated);
  EXPECT_EQ(image.error().message, "the TGA run-length data ends at byte 18 with 268435456 of its 268435456 pixels still to come");
}

TEST(TextureTga, DetectionNeedsAHeaderThatHoldsTogether) {
  EXPECT_EQ(detect_texture(header_only(0, 2, 4, 4, 24)), Kind::tga);
  EXPECT_EQ(detect_texture(header_only(1, 1, 4, 4, 8)), Kind::tga);  // read as TGA, refused by the decoder
  EXPECT_EQ(detect_texture(header_only(0, 2, 0, 4, 24)), Kind::unknown);
  EXPECT_EQ(detect_texture(header_only(0, 5, 4, 4, 24)), Kind::unknown);
  EXPECT_EQ(detect_texture(header_only(0, 2, 4, 4, 12)), Kind::unknown);
  EXPECT_EQ(detect_texture(header_only(0, 2, 4, 4, 32, 0x09)), Kind::unknown);  // 9 alpha bits
  const std::vector<std::uint8_t> png{0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R', 0, 0, 0, 1};
  EXPECT_EQ(detect_texture(png), Kind::unknown);
  EXPECT_EQ(detect_texture(std::vector<std::uint8_t>(10)), Kind::unknown);
  auto neither = decode_texture(png);
  ASSERT_FALSE(neither);
  EXPECT_EQ(neither.error().code, ErrorCode::unknown_format);
  EXPECT_EQ(neither.error().message, "not a texture this library reads (DDS or TGA)");
  EXPECT_EQ(kind_name(Kind::dds), "DDS");
  EXPECT_EQ(kind_name(Kind::tga), "TGA");
  EXPECT_TRUE(texture_decoders_available());
}

// netpbm's pamtotga writes TGA by its own code: bottom-up, run-length by default, 32 bits for a
// picture with alpha (whose descriptor says 0 alpha bits: the fourth byte is alpha all the same).
TEST(TextureTga, FilesWrittenByNetpbmDecodeToTheirPicture) {
  ANMKIT_NEED_EXTERNAL(test::have_program("pamtotga"), "pamtotga", "Debian's netpbm, which scripts/deps installs");
  const auto dir = std::filesystem::temp_directory_path() / ("anmkit_tga_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const Image want = picture();
  for (bool alpha : {true, false}) {
    std::ofstream pam(dir / "in.pam", std::ios::binary);
    pam << "P7\nWIDTH " << want.width << "\nHEIGHT " << want.height << "\nDEPTH " << (alpha ? 4 : 3)
        << "\nMAXVAL 255\nTUPLTYPE " << (alpha ? "RGB_ALPHA" : "RGB") << "\nENDHDR\n";
    for (std::size_t i = 0; i < want.rgba.size(); i += 4) pam.write(reinterpret_cast<const char*>(&want.rgba[i]), alpha ? 4 : 3);
    pam.close();
    for (const char* compression : {"", "-norle"}) {
      const auto out = dir / "out.tga";
      const std::string command = "pamtotga -rgb " + std::string(compression) + " " + (dir / "in.pam").string() + " > " + out.string();
      ASSERT_EQ(std::system(command.c_str()), 0) << command;
      const auto bytes = test::read_bytes(out);
      auto image = decode_tga(bytes);
      ASSERT_TRUE(image) << command << ": " << image.error().to_string();
      EXPECT_EQ(*image, alpha ? want : opaque(want)) << command;
    }
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace anmkit::texture
