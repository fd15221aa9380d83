// Edited frames back into a game file: unedited frames keep their streams byte for byte, edited
// ones are re-encoded; colours map exactly or (with remap) to the nearest pen; sizes are kept
// unless resizing is asked for.

#include "anmkit/formats/mm2/mm2_import.hpp"

#include <gtest/gtest.h>

#include <cstdlib>

#include <spng.h>

#include "anmkit/image/png.hpp"
#include "anmkit/formats/mm2/mm2_compose.hpp"
#include "anmkit/formats/mm2/mm2_read.hpp"
#include "anmkit/formats/mm2/mm2_write.hpp"
#include "support/mm2_fixture.hpp"

namespace anmkit::mm2 {

// A truecolour PNG with alpha, through libspng (defined at the end).
std::vector<std::uint8_t> encode_rgba_png(const std::vector<std::uint8_t>& rgba, std::size_t w, std::size_t h);

namespace {

File base_file() {
  test::Mm2Spec s;
  s.slots = {{2, 3, 6, 4}, {10, 1, 5, 5}};
  s.blocks = {{1, 10, 2, 10}};
  s.frames = {test::mm2_pattern(21, 9, 0), test::mm2_pattern(8, 6, 1), test::mm2_pattern(5, 5, 2)};
  auto f = read(test::mm2_file(s));  // plain streams: re-encoding would change them
  EXPECT_TRUE(f);
  return *f;
}

std::map<std::size_t, FrameImage> exported(const File& f) {
  auto raw = raw_frames(f);
  std::map<std::size_t, FrameImage> out;
  for (std::size_t i = 0; i < raw->size(); ++i) {
    out[i] = {"raw_00" + std::to_string(i) + ".png", *png::decode(*png::encode_indexed((*raw)[i], palette_colors(f)))};
  }
  return out;
}

TEST(Mm2Import, UneditedFramesKeepTheirStreams) {
  const File base = base_file();
  auto result = import_frames(base, exported(base), {});
  ASSERT_TRUE(result) << result.error().to_string();
  EXPECT_EQ(*result, base);
  EXPECT_EQ(*write(*result), *write(base));
}

TEST(Mm2Import, AnEditedFrameIsReencodedAndOthersKept) {
  const File base = base_file();
  auto images = exported(base);
  // Frame 1 (8x6) repainted: row 0 pens 15 15 15 15 1, pixel (7, 5) pen 16, the rest 0.
  model::IndexedImage edited{8, 6, std::vector<std::uint8_t>(48, 0)};
  for (std::size_t x = 0; x < 4; ++x) edited.pixels[x] = 15;
  edited.pixels[4] = 1;
  edited.pixels[5 * 8 + 7] = 16;
  images[1].picture = *png::decode(*png::encode_indexed(edited, palette_colors(base)));
  auto result = import_frames(base, images, {});
  ASSERT_TRUE(result) << result.error().to_string();
  EXPECT_EQ(result->streams[0], base.streams[0]);
  EXPECT_EQ(result->streams[2], base.streams[2]);
  // Worked by hand (notes points 7, 8, 10). Rows are 2 bytes, planes 12 bytes (24 nibbles):
  // plane 0 = F8 00 + ten 00; planes 1-3 = F0 00 + ten 00; plane 4 = ten 00, 01, 00.
  // Nibbles: F 8 0x22 | F 0x23 | F 0x23 | F 0x23 | 0x21 1 0 0. Greedy: F0 (one F), 80 (literal
  // 8 0), 0F 04 (21 zeros), then F0 0F 06 twice, F0, then 23 + 21 = 44 zeros across planes 3
  // and 4 as 0F 0F 0B, the literal 1 0 and one last 0.
  EXPECT_EQ(result->streams[1], (Bytes{0xf0, 0x80, 0x0f, 0x04, 0xf0, 0x0f, 0x06, 0xf0, 0x0f, 0x06, 0xf0, 0x0f, 0x0f, 0x0b, 0x10, 0x00}))
      << "the greedy rule";
  auto after = raw_frames(*result);
  ASSERT_TRUE(after);
  EXPECT_EQ((*after)[1], edited);
}

model::IndexedImage rgba_as_image(std::size_t w, std::size_t h) { return {w, h, std::vector<std::uint8_t>(w * h, 0)}; }

TEST(Mm2Import, RgbaImagesMapToThePalette) {
  const File base = base_file();
  auto raw = raw_frames(base);
  const auto colors = palette_colors(base);
  // A truecolour RGBA PNG of frame 2: every pixel its pen's colour (pen 0 fully transparent).
  const model::IndexedImage frame = (*raw)[2];
  auto images = exported(base);
  std::vector<std::uint8_t> rgba;
  for (std::uint8_t pen : frame.pixels) {
    const auto c = colors[pen];
    rgba.insert(rgba.end(), {c.r, c.g, c.b, c.a});
  }
  // Pen 3 of the test palette has a unique colour; the first pixel is changed to it.
  const auto c3 = colors[3];
  rgba[0] = c3.r, rgba[1] = c3.g, rgba[2] = c3.b, rgba[3] = 255;
  images[2].picture = *png::decode(encode_rgba_png(rgba, frame.width, frame.height));
  auto result = import_frames(base, images, {});
  ASSERT_TRUE(result) << result.error().to_string();
  auto after = raw_frames(*result);
  ASSERT_TRUE(after);
  EXPECT_EQ((*after)[2].pixels[0], 3);
  for (std::size_t i = 1; i < frame.pixels.size(); ++i) {
    const std::uint8_t want = frame.pixels[i];
    // Transparent pixels come back as pen 0; opaque ones as the lowest pen with their colour.
    std::uint8_t lowest = want;
    for (std::uint8_t p = 1; p < want; ++p) {
      if (colors[p].r == colors[want].r && colors[p].g == colors[want].g && colors[p].b == colors[want].b) {
        lowest = p;
        break;
      }
    }
    ASSERT_EQ((*after)[2].pixels[i], want == 0 ? 0 : lowest) << i;
  }
}

TEST(Mm2Import, ColoursOutsideThePaletteAndSizes) {
  const File base = base_file();
  auto raw = raw_frames(base);
  std::vector<std::uint8_t> rgba;
  for (std::size_t i = 0; i < 8 * 6; ++i) rgba.insert(rgba.end(), {1, 2, 3, 255});
  std::map<std::size_t, FrameImage> images{{1, {"edit/raw_001.png", *png::decode(encode_rgba_png(rgba, 8, 6))}}};
  auto result = import_frames(base, images, {});
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().to_string(),
            "edit/raw_001.png: error: pixel (0, 0) has colour #010203, which is not in the palette; the remap option maps it to the nearest pen");
  result = import_frames(base, images, {true, false});
  ASSERT_TRUE(result);
  auto after = raw_frames(*result);
  EXPECT_EQ((*after)[1].pixels[0], 16) << "pen 16 (0x320, #332200) is the nearest to #010203 among pens 1..31";

  images = {{1, {"raw_001.png", *png::decode(*png::encode_indexed(rgba_as_image(9, 6), palette_colors(base)))}}};
  result = import_frames(base, images, {});
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().message, "the image is 9x6 but frame 1 is 8x6; the resize option accepts a new size");
  result = import_frames(base, images, {false, true});
  ASSERT_TRUE(result);
  EXPECT_EQ(result->frames[1], (FrameInfo{9, 6, 0}));
  EXPECT_EQ(result->prelude[0].raw, (std::array<std::uint8_t, 4>{2, 3, 9, 6}));

  images = {{7, {"raw_007.png", *png::decode(*png::encode_indexed(rgba_as_image(2, 2), palette_colors(base)))}}};
  result = import_frames(base, images, {});
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().message, "the base file has frames 0..2, not 7");
}

// The base's frames as exported with --scale factor: indexed PNGs, each pixel a block.
std::map<std::size_t, FrameImage> exported_at(const File& f, std::size_t factor) {
  auto raw = raw_frames(f);
  std::map<std::size_t, FrameImage> out;
  for (std::size_t i = 0; i < raw->size(); ++i) {
    const auto png = png::encode_indexed(model::scaled((*raw)[i], factor), palette_colors(f));
    out[i] = {"raw_00" + std::to_string(i) + ".png", *png::decode(*png)};
  }
  return out;
}

TEST(Mm2Import, FramesExportedAtAScaleComeBackAtTheirOwnSize) {
  const File base = base_file();  // frames 21x9, 8x6, 5x5
  const auto images = exported_at(base, 3);
  ASSERT_EQ(images.at(0).picture.width, 63u);
  ImportOptions detect;
  detect.scale = 0;
  auto result = import_frames(base, images, detect);
  ASSERT_TRUE(result) << result.error().to_string();
  EXPECT_EQ(*write(*result), *write(base)) << "found scale 3: the file back byte for byte";
  ImportOptions three;
  three.scale = 3;
  result = import_frames(base, images, three);
  ASSERT_TRUE(result) << result.error().to_string();
  EXPECT_EQ(*write(*result), *write(base));

  // Read at scale 1 (the library's default), the enlarged pictures are another size.
  result = import_frames(base, images, {});
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().to_string(),
            "raw_000.png: error: the image is 63x27 but frame 0 is 21x9, 3 times its size in 3x3 blocks of one colour, "
            "as if exported at scale 3: give that scale (the scale option); the resize option accepts a new size");
  ImportOptions two;
  two.scale = 2;
  result = import_frames(base, images, two);
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().to_string(), "raw_000.png: error: the image is 63x27, not a whole number of 2x2 blocks (the scale it is read at)");
}

TEST(Mm2Import, AnEditThatBreaksABlockIsNamed) {
  const File base = base_file();
  auto images = exported_at(base, 2);
  // One pixel of frame 1's block at (4, 2) painted another pen: no longer an enlarged export.
  model::Picture& p = images.at(1).picture;
  const std::size_t at = 3 * p.width + 5;
  p.indices.pixels[at] = p.indices.pixels[at] == 7 ? 8 : 7;
  p.rgba[at] = p.palette[p.indices.pixels[at]];
  ImportOptions detect;
  detect.scale = 0;
  auto result = import_frames(base, images, detect);
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().to_string(),
            "raw_000.png: error: the image is 42x18 but frame 0 is 21x9, 2 times its size in 2x2 blocks of one colour, "
            "as if exported at scale 2: give that scale (the scale option); the resize option accepts a new size")
      << "detection needs every picture in blocks, so it reads at scale 1";
  ImportOptions two;
  two.scale = 2;
  result = import_frames(base, images, two);
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().to_string(), "raw_001.png: error: the image is read at scale 2, but its 2x2 block at (4, 2) is not one colour");
  images.erase(0);
  images.erase(2);
  result = import_frames(base, images, {});
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().to_string(),
            "raw_001.png: error: the image is 16x12 but frame 1 is 8x6, 2 times its size but not in 2x2 blocks of one "
            "colour (the block at (4, 2) is not), so not an enlarged export; the resize option accepts a new size");
}

TEST(Mm2Import, ASpriteEnlargedAsAWholeTakesItsRectanglesAlong) {
  const File base = base_file();  // slots (2, 3) 6x4 and (10, 1) 5x5
  ImportOptions resize;
  resize.resize = true;
  auto result = import_frames(base, exported_at(base, 2), resize);
  ASSERT_TRUE(result) << result.error().to_string();
  EXPECT_EQ(result->frames[0], (FrameInfo{42, 18, 0}));
  EXPECT_EQ(result->frames[1], (FrameInfo{16, 12, 0}));
  EXPECT_EQ(result->prelude[0].raw, (std::array<std::uint8_t, 4>{4, 6, 16, 12})) << "place doubled, size the frame's";
  EXPECT_EQ(result->prelude[1].raw, (std::array<std::uint8_t, 4>{20, 2, 10, 10}));

  // Only some frames enlarged: each rectangle keeps its place, even reaching past the base.
  auto images = exported(base);
  images[2] = exported_at(base, 2).at(2);
  result = import_frames(base, images, resize);
  ASSERT_TRUE(result) << result.error().to_string();
  EXPECT_EQ(result->frames[0], base.frames[0]);
  EXPECT_EQ(result->prelude[0].raw, base.prelude[0].raw);
  EXPECT_EQ(result->prelude[1].raw, (std::array<std::uint8_t, 4>{10, 1, 10, 10}));

  // A rectangle holds bytes: 26 times slot 1's x, 10, is past 255.
  images = exported_at(base, 26);
  result = import_frames(base, images, resize);
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().to_string(),
            "raw_002.png: error: frame 2 would be 130x130 at (260, 26), but its prelude rectangle holds at most 255 in each");
}

}  // namespace

std::vector<std::uint8_t> encode_rgba_png(const std::vector<std::uint8_t>& rgba, std::size_t w, std::size_t h) {
  spng_ctx* ctx = spng_ctx_new(SPNG_CTX_ENCODER);
  spng_set_option(ctx, SPNG_ENCODE_TO_BUFFER, 1);
  spng_ihdr ihdr{};
  ihdr.width = std::uint32_t(w);
  ihdr.height = std::uint32_t(h);
  ihdr.bit_depth = 8;
  ihdr.color_type = SPNG_COLOR_TYPE_TRUECOLOR_ALPHA;
  spng_set_ihdr(ctx, &ihdr);
  spng_encode_image(ctx, rgba.data(), rgba.size(), SPNG_FMT_PNG, SPNG_ENCODE_FINALIZE);
  std::size_t size = 0;
  int error = 0;
  auto* buffer = static_cast<std::uint8_t*>(spng_get_png_buffer(ctx, &size, &error));
  std::vector<std::uint8_t> out(buffer, buffer + size);
  std::free(buffer);
  spng_ctx_free(ctx);
  return out;
}

}  // namespace anmkit::mm2
