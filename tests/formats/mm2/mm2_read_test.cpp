// Synthetic MM2 files: a preamble, empty blocks, a sequence starting at frame 0, 1 and 12 frames,
// odd widths, the real 51.anm's layout; pixels asserted against the test's own planar decode.

#include "anmkit/formats/mm2/mm2_read.hpp"

#include <gtest/gtest.h>

#include "anmkit/formats/mm2/mm2_codec.hpp"
#include "anmkit/formats/mm2/mm2_compose.hpp"
#include "anmkit/formats/mm2/mm2_write.hpp"
#include "support/expect_lossless.hpp"
#include "support/mm2_fixture.hpp"

namespace anmkit::mm2 {
namespace {

using test::Mm2Spec;

File read_ok(const std::vector<std::uint8_t>& bytes) {
  return test::expect_lossless(read(bytes), bytes, [](const File& f) { return write(f); });
}

void expect_pixels(const File& file, const Mm2Spec& spec) {
  auto raw = raw_frames(file);
  ASSERT_TRUE(raw) << raw.error().to_string();
  ASSERT_EQ(raw->size(), spec.frames.size());
  for (std::size_t f = 0; f < spec.frames.size(); ++f) {
    const auto& frame = spec.frames[f];
    const auto planes = test::mm2_planes(frame.pixels, frame.w, frame.h);
    for (std::size_t y = 0; y < frame.h; ++y) {
      for (std::size_t x = 0; x < frame.w; ++x) {
        ASSERT_EQ((*raw)[f].at(x, y), test::mm2_pen_at(planes, frame.w, frame.h, x, y)) << "frame " << f << " (" << x << ", " << y << ")";
        ASSERT_EQ((*raw)[f].at(x, y), frame.pixels[y * frame.w + x]);
      }
    }
  }
}

Mm2Spec three_frames() {
  Mm2Spec s;
  s.slots = {{2, 3, 6, 4}, {10, 1, 5, 5}};
  s.preamble = {0x01, 0x02};
  s.blocks = {{1, 10, 2, 10, 0, 5}, {}, {2, 0, 1, 3}};
  s.frames = {test::mm2_pattern(21, 9, 0), test::mm2_pattern(8, 6, 1), test::mm2_pattern(5, 5, 2)};
  return s;
}

TEST(Mm2Read, PreambleBlocksFramesPalette) {
  const Mm2Spec spec = three_frames();
  const File f = read_ok(test::mm2_file(spec));
  EXPECT_EQ(f.prelude[0].raw, (std::array<std::uint8_t, 4>{2, 3, 6, 4}));
  EXPECT_FALSE(f.prelude[2].used());
  EXPECT_EQ(f.seq_header, (std::array<std::uint8_t, 3>{0x10, 0x82, 0x05}));
  EXPECT_EQ(f.preamble, (Bytes{1, 2}));
  ASSERT_EQ(f.blocks.size(), 3u);
  EXPECT_TRUE(f.blocks[1].empty()) << "an empty block (FF FF)";
  EXPECT_EQ(parse_sequence(f.blocks[0]).steps, (std::vector<Step>{{1, 10}, {2, 10}, {0, 5}}));
  EXPECT_EQ(f.depth_or_mode, 3);
  ASSERT_EQ(f.frames.size(), 3u);
  EXPECT_EQ(f.frames[0], (FrameInfo{21, 9, 0}));
  EXPECT_EQ(f.palette[1], 0xfff);
  EXPECT_EQ(image_chunk_offset(f), 0x33u + 2 + 7 + 1 + 5 + 1);
  expect_pixels(f, spec);
}

TEST(Mm2Read, ASequenceStartingAtFrameZeroIsNotTheImageChunk) {
  Mm2Spec spec = three_frames();
  spec.preamble.clear();
  spec.blocks = {{0, 3, 0, 4, 1, 10}, {0, 1}};  // FF 00 03 00 04 ...: looks like a frame count of 3
  const File f = read_ok(test::mm2_file(spec));
  ASSERT_EQ(f.blocks.size(), 2u);
  EXPECT_EQ(f.blocks[0], (Bytes{0, 3, 0, 4, 1, 10}));
  EXPECT_EQ(f.frames.size(), 3u);
  expect_pixels(f, spec);
}

TEST(Mm2Read, OneFrameAndTwelveFrames) {
  Mm2Spec one;
  one.frames = {test::mm2_pattern(16, 16, 3)};
  one.blocks = {{0, 1}};
  const File f1 = read_ok(test::mm2_file(one));
  EXPECT_EQ(f1.frames.size(), 1u);
  expect_pixels(f1, one);

  Mm2Spec twelve;
  for (std::uint8_t i = 0; i < 11; ++i) twelve.slots.push_back({i, i, 4, 4});
  for (unsigned i = 0; i < 12; ++i) twelve.frames.push_back(test::mm2_pattern(i == 0 ? 33 : 4, i == 0 ? 17 : 4, i));
  twelve.blocks = {{11, 1}};
  const File f12 = read_ok(test::mm2_file(twelve));
  EXPECT_EQ(f12.frames.size(), 12u);
  expect_pixels(f12, twelve);
}

TEST(Mm2Read, LaidOutLikeTheReal51Anm) {
  // 51.anm: 5 used slots (3, 1, 80, 77), seq bytes 28 1 5, two sequences, the frame count's high
  // byte at 76, frames 84x86 and five 80x77, streams of 1535 1326 1321 1342 1336 1328 bytes
  // ending at 8368. Pixels are synthetic: L literal bytes of 0x11, then zeros in runs of 16,
  // with L chosen so that each stream has the real length.
  Mm2Spec s;
  s.slots.assign(5, {3, 1, 80, 77});
  s.seq_header = {28, 1, 5};
  s.preamble = {0x00, 0x00};
  s.blocks = {{1, 10, 2, 10, 3, 10, 4, 10, 5, 10}, {4, 10, 3, 10, 2, 10, 1, 10, 0, 10}};
  const std::size_t lengths[] = {1535, 1326, 1321, 1342, 1336, 1328};
  for (std::size_t f = 0; f < 6; ++f) {
    const std::size_t w = f == 0 ? 84 : 80, h = f == 0 ? 86 : 77;
    const std::size_t nibbles = 2 * 5 * test::mm2_row_bytes(w) * h;
    std::size_t literals = 0;
    while (literals + (nibbles - 2 * literals + 15) / 16 != lengths[f]) ++literals;
    std::vector<std::uint8_t> planes(nibbles / 2, 0);
    std::fill_n(planes.begin(), literals, 0x11);
    test::Mm2Frame frame{w, h, {}};
    frame.pixels.resize(w * h);
    for (std::size_t y = 0; y < h; ++y)
      for (std::size_t x = 0; x < w; ++x) frame.pixels[y * w + x] = test::mm2_pen_at(planes, w, h, x, y);
    s.frames.push_back(frame);
    std::vector<std::uint8_t> stream(planes.begin(), planes.begin() + std::ptrdiff_t(literals));
    for (std::size_t rest = nibbles - 2 * literals; rest > 0; rest -= std::min<std::size_t>(rest, 16)) {
      stream.push_back(std::uint8_t(std::min<std::size_t>(rest, 16) - 1));
    }
    ASSERT_EQ(stream.size(), lengths[f]);
    s.streams.push_back(stream);
  }
  const auto bytes = test::mm2_file(s);
  ASSERT_EQ(bytes.size(), 8368u);
  const File f = read_ok(bytes);
  EXPECT_EQ(image_chunk_offset(f), 76u);
  EXPECT_EQ(f.seq_header, (std::array<std::uint8_t, 3>{28, 1, 5}));
  ASSERT_EQ(f.streams.size(), 6u);
  for (std::size_t i = 0; i < 6; ++i) EXPECT_EQ(f.streams[i].size(), lengths[i]);
  EXPECT_EQ(f.frames[0], (FrameInfo{84, 86, 0}));
  EXPECT_EQ(f.frames[5], (FrameInfo{80, 77, 0}));
  expect_pixels(f, s);
  // The greedy encoder gives the same lengths for these planes, as it does for the real file.
  auto planes_list = decode_all_planes(f);
  ASSERT_TRUE(planes_list);
  for (std::size_t i = 0; i < 6; ++i) EXPECT_EQ(encode_planes((*planes_list)[i]).size(), lengths[i]);
}

TEST(Mm2Read, AHugeSpriteIsRefusedBeforeAnyAllocation) {
  auto bytes = test::mm2_file(three_frames());
  const std::size_t image = 0x33 + 2 + 7 + 1 + 5 + 1;
  bytes[image + 4] = bytes[image + 5] = bytes[image + 6] = bytes[image + 7] = 0xff;  // frame 0: 65535 x 65535
  auto r = read(bytes);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("frame 0 is 65535x65535, more than the limit of 16777216 pixels (limits.max_pixels)"),
            std::string::npos) << r.error().message;
  std::size_t used = 0;
  auto planes_bytes = decode_planes(std::vector<std::uint8_t>{0x0f}, 65535, 65535, used);
  ASSERT_FALSE(planes_bytes);
  EXPECT_EQ(planes_bytes.error().code, ErrorCode::too_large);
}

TEST(Mm2Read, Errors) {
  auto bytes = test::mm2_file(three_frames());
  bytes[2] = 'X';
  auto r = read(bytes);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::bad_magic);
  EXPECT_EQ(r.error().message, "not an MM2 animation: expected magic 00 00 54 56 ('TV'), found '00 00 58 56'");

  bytes = test::mm2_file(three_frames());
  bytes.pop_back();
  r = read(bytes);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().offset, bytes.size());
  EXPECT_NE(r.error().message.find("frame 2's pixel stream"), std::string::npos) << r.error().message;
  bytes = test::mm2_file(three_frames());
  bytes.push_back(0);
  r = read(bytes);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message.rfind("no image chunk", 0), 0u);
  r = read(std::vector<std::uint8_t>{0, 0, 'T', 'V', 1});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::truncated);
}

}  // namespace
}  // namespace anmkit::mm2
