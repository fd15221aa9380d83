#include "anmkit/formats/mm2/mm2_codec.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "support/mm2_fixture.hpp"

namespace anmkit::mm2 {
namespace {

TEST(Mm2Codec, RunsAndLiterals) {
  // 0x0F: sixteen 0 nibbles; 0xF2: three F nibbles; 0x5A: literal nibbles 5, A, where the frame
  // (20 nibbles) ends after the 5: the A is dropped and the 0x00 belongs to the next frame.
  const std::vector<std::uint8_t> stream{0x0f, 0xf2, 0x5a, 0x00};
  std::size_t used = 0;
  auto planes_bytes = decode_planes(stream, 16, 1, used);  // one row of 2 bytes per plane: 10 bytes
  ASSERT_TRUE(planes_bytes) << planes_bytes.error().message;
  EXPECT_EQ(used, 3u);
  EXPECT_EQ(*planes_bytes, (Bytes{0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xf5}));
}

TEST(Mm2Codec, NibblesPastTheFrameAreDropped) {
  std::size_t used = 0;
  // 2 bytes per plane row of width 1..16: 20 nibbles; a run of 16 then a run of 16: 12 dropped.
  auto planes_bytes = decode_planes(std::vector<std::uint8_t>{0x0f, 0xff, 0x77}, 1, 1, used);
  ASSERT_TRUE(planes_bytes);
  EXPECT_EQ(used, 2u) << "the next frame starts at the next byte";
  EXPECT_EQ((*planes_bytes)[8], 0xff);
  EXPECT_EQ((*planes_bytes)[9], 0xff);
}

TEST(Mm2Codec, TruncatedStream) {
  std::size_t used = 0;
  auto planes_bytes = decode_planes(std::vector<std::uint8_t>{0x0f}, 16, 1, used);
  ASSERT_FALSE(planes_bytes);
  EXPECT_EQ(planes_bytes.error().code, ErrorCode::truncated);
  EXPECT_EQ(stream_length(std::vector<std::uint8_t>{0x0f}, 16, 1), std::nullopt);
}

TEST(Mm2Codec, GreedyEncoder) {
  // 17 zero nibbles, then literal 5 1, then F F F, then a lone 7 padded with 0.
  Bytes planes_bytes{0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x05, 0x1f, 0xff, 0x70};
  EXPECT_EQ(encode_planes(planes_bytes), (Bytes{0x0f, 0x00, 0x51, 0xf2, 0x70}));
  EXPECT_EQ(encode_planes(Bytes{0x47}), (Bytes{0x47}));
  EXPECT_EQ(encode_planes(Bytes{0x40}), (Bytes{0x40}));
}

TEST(Mm2Codec, PlanesAndPixelsOddWidth) {
  const auto frame = test::mm2_pattern(19, 3, 4);
  const auto expected = test::mm2_planes(frame.pixels, 19, 3);
  EXPECT_EQ(pixels_to_planes(frame.pixels, 19, 3), expected);
  EXPECT_EQ(planes_to_pixels(expected, 19, 3), frame.pixels);
  EXPECT_EQ(row_bytes(19), 4u);
  EXPECT_EQ(row_bytes(16), 2u);
  EXPECT_EQ(row_bytes(17), 4u);
}

TEST(Mm2Codec, PaletteTimesSeventeen) {
  EXPECT_EQ(palette_rgb(0x0f80), (Rgb{255, 136, 0}));
  EXPECT_EQ(palette_rgb(0x0777), (Rgb{119, 119, 119}));
}

RC_GTEST_PROP(Mm2Codec, RandomPlanesRoundTrip, ()) {
  const std::size_t w = *rc::gen::inRange<std::size_t>(1, 70), h = *rc::gen::inRange<std::size_t>(1, 20);
  const auto size = 5 * ras_size(w, h);
  // Bias towards 0 and F nibbles so that runs of every length occur.
  const auto planes_bytes = *rc::gen::container<Bytes>(size, rc::gen::weightedOneOf<std::uint8_t>(
                                                                 {{3, rc::gen::just<std::uint8_t>(0)},
                                                                  {2, rc::gen::just<std::uint8_t>(0xff)},
                                                                  {3, rc::gen::arbitrary<std::uint8_t>()}}));
  const Bytes stream = encode_planes(planes_bytes);
  std::size_t used = 0;
  auto back = decode_planes(stream, w, h, used);
  RC_ASSERT(back.has_value());
  RC_ASSERT(*back == planes_bytes);
  RC_ASSERT(used == stream.size());
  // The test's plain encoder decodes to the same planes too.
  auto plain = decode_planes(test::mm2_plain_stream(planes_bytes), w, h, used);
  RC_ASSERT(plain.has_value());
  RC_ASSERT(*plain == planes_bytes);
  RC_ASSERT(pixels_to_planes(planes_to_pixels(planes_bytes, w, h), w, h) == planes_bytes || w % 16 != 0);
}

}  // namespace
}  // namespace anmkit::mm2

namespace anmkit::mm2 {
namespace {

// The stream's meaning, one nibble at a time (formats/mm2.md): the reference the byte-wise
// decoder must agree with on any stream, runs and literals at odd and even nibbles alike.
std::optional<std::pair<Bytes, std::size_t>> reference_decode(const Bytes& stream, std::size_t size) {
  Bytes out(size, 0);
  std::size_t produced = 0, pos = 0;
  const auto put = [&](std::uint8_t nibble) {
    if (produced < 2 * size) out[produced / 2] |= std::uint8_t(produced % 2 == 0 ? nibble << 4 : nibble);
    ++produced;
  };
  while (produced < 2 * size) {
    if (pos == stream.size()) return std::nullopt;
    const std::uint8_t c = stream[pos++];
    if ((c >> 4) == 0 || (c >> 4) == 0xf) {
      for (int i = 0; i <= (c & 15); ++i) put(std::uint8_t(c >> 4));
    } else {
      put(std::uint8_t(c >> 4));
      put(std::uint8_t(c & 15));
    }
  }
  return std::make_pair(out, pos);
}

RC_GTEST_PROP(Mm2Codec, AnyStreamDecodesAsTheReference, ()) {
  const std::size_t w = *rc::gen::inRange<std::size_t>(1, 40), h = *rc::gen::inRange<std::size_t>(1, 6);
  const auto stream = *rc::gen::container<Bytes>(rc::gen::weightedOneOf<std::uint8_t>(
      {{2, rc::gen::inRange<std::uint8_t>(0x00, 0x10)}, {2, rc::gen::inRange<std::uint8_t>(0xf0, 0xff)},
       {3, rc::gen::arbitrary<std::uint8_t>()}}));
  std::size_t used = 0;
  const auto got = decode_planes(stream, w, h, used);
  const auto expected = reference_decode(stream, planes * ras_size(w, h));
  RC_ASSERT(bool(got) == bool(expected));
  if (expected) {
    RC_ASSERT(*got == expected->first);
    RC_ASSERT(used == expected->second);
  }
}

}  // namespace
}  // namespace anmkit::mm2
