// Image outputs decoded back with the libraries (libspng, giflib) or parsed here (ILBM) and
// compared pixel for pixel.

#include <gtest/gtest.h>

#include <cstring>

#include <gif_lib.h>
#include <spng.h>

#include "anmkit/image/gif.hpp"
#include "anmkit/image/ilbm.hpp"
#include "anmkit/image/png.hpp"
#include "anmkit/image/sheet.hpp"

namespace anmkit {
namespace {

std::vector<model::Color> test_palette() {
  std::vector<model::Color> p;
  for (int i = 0; i < 32; ++i) p.push_back({std::uint8_t(i * 8), std::uint8_t(255 - i * 8), std::uint8_t(i * 3), std::uint8_t(i == 0 ? 0 : 255)});
  return p;
}

model::IndexedImage test_image(std::size_t w, std::size_t h, int seed) {
  model::IndexedImage img{w, h, std::vector<std::uint8_t>(w * h)};
  for (std::size_t i = 0; i < img.pixels.size(); ++i) img.pixels[i] = std::uint8_t((i * 7 + std::size_t(seed)) % 32);
  return img;
}

TEST(ExportPng, IndexedWithPaletteAndTransparentPenZero) {
  const auto palette = test_palette();
  const auto image = test_image(7, 5, 1);
  auto bytes = png::encode_indexed(image, palette);
  ASSERT_TRUE(bytes) << bytes.error().message;
  // Straight through libspng.
  spng_ctx* ctx = spng_ctx_new(0);
  spng_set_png_buffer(ctx, bytes->data(), bytes->size());
  spng_ihdr ihdr{};
  ASSERT_EQ(spng_get_ihdr(ctx, &ihdr), 0);
  EXPECT_EQ(ihdr.width, 7u);
  EXPECT_EQ(ihdr.color_type, SPNG_COLOR_TYPE_INDEXED);
  spng_plte plte{};
  ASSERT_EQ(spng_get_plte(ctx, &plte), 0);
  EXPECT_EQ(plte.n_entries, 32u);
  EXPECT_EQ(plte.entries[5].red, 40);
  spng_trns trns{};
  ASSERT_EQ(spng_get_trns(ctx, &trns), 0);
  EXPECT_EQ(trns.n_type3_entries, 1u);
  EXPECT_EQ(trns.type3_alpha[0], 0);
  std::vector<std::uint8_t> raw(35);
  ASSERT_EQ(spng_decode_image(ctx, raw.data(), raw.size(), SPNG_FMT_RAW, 0), 0);
  EXPECT_EQ(raw, image.pixels);
  spng_ctx_free(ctx);
  // And through our decoder (indexed and RGBA views).
  auto decoded = png::decode(*bytes);
  ASSERT_TRUE(decoded);
  EXPECT_TRUE(decoded->indexed);
  EXPECT_EQ(decoded->indices, image);
  EXPECT_EQ(decoded->palette, palette);
  for (std::size_t i = 0; i < image.pixels.size(); ++i) EXPECT_EQ(decoded->rgba[i], palette[image.pixels[i]]);
}

TEST(ExportPng, DecodeRejectsGarbage) {
  auto decoded = png::decode(std::vector<std::uint8_t>{1, 2, 3});
  ASSERT_FALSE(decoded);
  EXPECT_EQ(decoded.error().message.rfind("PNG", 0), 0u);
}

TEST(ExportGif, CentisecondsCarryTheRounding) {
  EXPECT_EQ(gif::centisecond_delays({10, 10, 10}, 60), (std::vector<std::uint16_t>{17, 16, 17}));
  EXPECT_EQ(gif::centisecond_delays({1, 1, 1, 1}, 50), (std::vector<std::uint16_t>{2, 2, 2, 2}));
  const auto d = gif::centisecond_delays({7, 3, 11, 1, 1, 5}, 60);
  int total = 0;
  for (auto x : d) total += x;
  EXPECT_EQ(total, 47) << "28 ticks at 60 Hz = 46.67 cs, rounded once";
}

struct GifReader {
  std::vector<std::uint8_t> bytes;
  std::size_t pos = 0;
  static int read(GifFileType* gif, GifByteType* out, int length) {
    auto* self = static_cast<GifReader*>(gif->UserData);
    const std::size_t n = std::min<std::size_t>(std::size_t(length), self->bytes.size() - self->pos);
    std::memcpy(out, self->bytes.data() + self->pos, n);
    self->pos += n;
    return int(n);
  }
};

TEST(ExportGif, FramesDelaysTransparencyAndLoop) {
  const auto palette = test_palette();
  const std::vector<model::IndexedImage> frames{test_image(6, 4, 0), test_image(6, 4, 5), test_image(6, 4, 9)};
  auto bytes = gif::encode(frames, {17, 16, 17}, palette, 0);
  ASSERT_TRUE(bytes) << bytes.error().message;
  GifReader reader{*bytes};
  int error = 0;
  GifFileType* gif = DGifOpen(&reader, GifReader::read, &error);
  ASSERT_NE(gif, nullptr);
  ASSERT_EQ(DGifSlurp(gif), GIF_OK);
  EXPECT_EQ(gif->SWidth, 6);
  EXPECT_EQ(gif->SHeight, 4);
  ASSERT_EQ(gif->ImageCount, 3);
  ASSERT_NE(gif->SColorMap, nullptr);
  EXPECT_EQ(gif->SColorMap->ColorCount, 32);
  EXPECT_EQ(gif->SColorMap->Colors[9].Red, 72);
  bool loops = false;
  for (int e = 0; e < gif->ExtensionBlockCount; ++e) {
    if (gif->ExtensionBlocks[e].ByteCount == 11 && std::memcmp(gif->ExtensionBlocks[e].Bytes, "NETSCAPE2.0", 11) == 0) loops = true;
  }
  for (int i = 0; i < gif->ImageCount && !loops; ++i) {
    const SavedImage& img = gif->SavedImages[i];
    for (int e = 0; e < img.ExtensionBlockCount; ++e) {
      if (img.ExtensionBlocks[e].ByteCount == 11 && std::memcmp(img.ExtensionBlocks[e].Bytes, "NETSCAPE2.0", 11) == 0) loops = true;
    }
  }
  EXPECT_TRUE(loops) << "a NETSCAPE2.0 loop extension";
  const int delays[] = {17, 16, 17};
  for (int i = 0; i < 3; ++i) {
    GraphicsControlBlock gcb{};
    ASSERT_EQ(DGifSavedExtensionToGCB(gif, i, &gcb), GIF_OK);
    EXPECT_EQ(gcb.DelayTime, delays[i]);
    EXPECT_EQ(gcb.TransparentColor, 0);
    const SavedImage& img = gif->SavedImages[i];
    EXPECT_EQ(std::vector<std::uint8_t>(img.RasterBits, img.RasterBits + 24), frames[std::size_t(i)].pixels);
  }
  DGifCloseFile(gif, &error);
}

std::uint32_t be32(const std::vector<std::uint8_t>& b, std::size_t at) {
  return std::uint32_t(b[at]) << 24 | std::uint32_t(b[at + 1]) << 16 | std::uint32_t(b[at + 2]) << 8 | b[at + 3];
}

TEST(ExportIlbm, HeaderColourMapAndInterleavedBody) {
  const auto palette = test_palette();
  const auto image = test_image(19, 3, 2);  // 19 wide: rows of 4 bytes per plane
  auto bytes = ilbm::encode(image, palette, 5, 0);
  ASSERT_TRUE(bytes);
  const auto& b = *bytes;
  ASSERT_EQ(std::string(b.begin(), b.begin() + 4), "FORM");
  EXPECT_EQ(be32(b, 4), b.size() - 8);
  EXPECT_EQ(std::string(b.begin() + 8, b.begin() + 16), "ILBMBMHD");
  EXPECT_EQ(be32(b, 16), 20u);
  EXPECT_EQ(b[20] << 8 | b[21], 19);
  EXPECT_EQ(b[22] << 8 | b[23], 3);
  EXPECT_EQ(b[28], 5) << "planes";
  EXPECT_EQ(b[29], 2) << "masking: transparent colour";
  EXPECT_EQ(b[30], 0) << "no compression";
  EXPECT_EQ(b[32] << 8 | b[33], 0) << "transparent pen";
  ASSERT_EQ(std::string(b.begin() + 40, b.begin() + 44), "CMAP");
  EXPECT_EQ(be32(b, 44), 96u);
  EXPECT_EQ(b[48 + 3 * 7], palette[7].r);
  const std::size_t body = 48 + 96;
  ASSERT_EQ(std::string(b.begin() + std::ptrdiff_t(body), b.begin() + std::ptrdiff_t(body) + 4), "BODY");
  EXPECT_EQ(be32(b, body + 4), 3u * 5 * 4);
  for (std::size_t y = 0; y < 3; ++y) {
    for (std::size_t x = 0; x < 19; ++x) {
      std::uint8_t pen = 0;
      for (std::size_t p = 0; p < 5; ++p) {
        const std::uint8_t byte = b[body + 8 + (y * 5 + p) * 4 + x / 8];
        pen |= std::uint8_t(((byte >> (7 - x % 8)) & 1) << p);
      }
      ASSERT_EQ(pen, image.at(x, y)) << x << "," << y;
    }
  }
}

TEST(ExportSheet, NearSquareGridWithCells) {
  std::vector<model::IndexedImage> images;
  for (int i = 0; i < 5; ++i) images.push_back(test_image(3, 2, i));
  const auto s = sheet::layout(images);
  EXPECT_EQ(s.image.width, 9u);
  EXPECT_EQ(s.image.height, 4u);
  ASSERT_EQ(s.cells.size(), 5u);
  EXPECT_EQ(s.cells[4].x, 3u);
  EXPECT_EQ(s.cells[4].y, 2u);
  EXPECT_EQ(s.image.at(4, 3), images[4].at(1, 1));
  EXPECT_EQ(s.image.at(8, 3), 0) << "the empty sixth cell";
}

TEST(ExportScale, NearestNeighbour) {
  const model::IndexedImage img{2, 1, {4, 9}};
  const auto big = model::scaled(img, 3);
  EXPECT_EQ(big.width, 6u);
  EXPECT_EQ(big.height, 3u);
  EXPECT_EQ(big.at(2, 2), 4);
  EXPECT_EQ(big.at(3, 0), 9);
}

}  // namespace
}  // namespace anmkit
