// png::encode_rgba, the way a decoded texture leaves as PNG (glTF takes PNG, not DDS or TGA):
// read back by libspng itself and by png::decode, RGBA when some pixel is not opaque, RGB when
// every one is.

#include <gtest/gtest.h>

#include <spng.h>

#include "anmkit/image/png.hpp"

namespace anmkit {
namespace {

spng_ihdr header_of(const std::vector<std::uint8_t>& bytes) {
  spng_ctx* ctx = spng_ctx_new(0);
  spng_set_png_buffer(ctx, bytes.data(), bytes.size());
  spng_ihdr ihdr{};
  EXPECT_EQ(spng_get_ihdr(ctx, &ihdr), 0);
  spng_ctx_free(ctx);
  return ihdr;
}

std::vector<std::uint8_t> rgba_of(const model::Picture& picture) {
  std::vector<std::uint8_t> out;
  for (const model::Color& c : picture.rgba) out.insert(out.end(), {c.r, c.g, c.b, c.a});
  return out;
}

TEST(PngRgba, TranslucentPixelsKeepTheirAlpha) {
  std::vector<std::uint8_t> rgba;
  for (int i = 0; i < 3 * 2; ++i) rgba.insert(rgba.end(), {std::uint8_t(i * 40), std::uint8_t(255 - i), std::uint8_t(i), std::uint8_t(i * 50)});
  auto bytes = png::encode_rgba(3, 2, rgba);
  ASSERT_TRUE(bytes) << bytes.error().to_string();
  const spng_ihdr ihdr = header_of(*bytes);
  EXPECT_EQ(ihdr.width, 3u);
  EXPECT_EQ(ihdr.height, 2u);
  EXPECT_EQ(ihdr.bit_depth, 8);
  EXPECT_EQ(ihdr.color_type, SPNG_COLOR_TYPE_TRUECOLOR_ALPHA);
  auto back = png::decode(*bytes);
  ASSERT_TRUE(back);
  EXPECT_EQ(rgba_of(*back), rgba);
}

TEST(PngRgba, OpaquePicturesAreWrittenAsRgb) {
  std::vector<std::uint8_t> rgba;
  for (int i = 0; i < 4 * 5; ++i) rgba.insert(rgba.end(), {std::uint8_t(i), std::uint8_t(2 * i), std::uint8_t(3 * i), 255});
  auto bytes = png::encode_rgba(4, 5, rgba);
  ASSERT_TRUE(bytes) << bytes.error().to_string();
  EXPECT_EQ(header_of(*bytes).color_type, SPNG_COLOR_TYPE_TRUECOLOR);
  auto back = png::decode(*bytes);
  ASSERT_TRUE(back);
  EXPECT_EQ(rgba_of(*back), rgba);
}

TEST(PngRgba, ThePixelsMustFillThePicture) {
  const std::vector<std::uint8_t> rgba(4 * 6);
  auto wrong = png::encode_rgba(3, 3, rgba);
  ASSERT_FALSE(wrong);
  EXPECT_EQ(wrong.error().code, ErrorCode::invalid_model);
  EXPECT_EQ(wrong.error().message, "an RGBA picture of 3x3 pixels is 36 bytes, not 24");
  EXPECT_FALSE(png::encode_rgba(0, 6, rgba));
  EXPECT_FALSE(png::encode_rgba(6, 0, {}));
  EXPECT_TRUE(png::encode_rgba(6, 1, rgba));
}

}  // namespace
}  // namespace anmkit
