// Hand-built big-endian LM fixtures: header, each track kind, count 0/1/n, flag 0/0x80, shared
// data, unusual layouts; decoded values asserted and bytes written back unchanged.

#include "anmkit/formats/lm/lm_read.hpp"

#include <gtest/gtest.h>

#include "anmkit/formats/lm/lm_curves.hpp"
#include "anmkit/formats/lm/lm_write.hpp"
#include "support/expect_lossless.hpp"
#include "support/fixture_bytes.hpp"
#include "support/fixture_bytes_be.hpp"

namespace anmkit::lm {
namespace {

using test::BigEndianBytes;
using test::bits;

ReadResult read_ok(const std::vector<std::uint8_t>& bytes, std::optional<std::uint32_t> count = {}) {
  return test::expect_lossless(read(bytes, count), bytes, [](const ReadResult& r) -> const File& { return r.file; },
                               [](const File& f) { return write(f); });
}

TEST(LmRead, HeaderGroupsAndArrays) {
  const ReadResult r = read_ok(test::lm_two_node_fixture());
  const File& f = r.file;
  EXPECT_EQ(r.node_count_source, NodeCountSource::inferred);
  EXPECT_EQ(f.version, 2);
  EXPECT_EQ(f.loop, 1);
  EXPECT_EQ(f.frame_count, 60u);
  ASSERT_EQ(f.groups.size(), 2u);
  EXPECT_EQ(f.groups[0].tracks[5], (Track{3, 1, 0}));
  EXPECT_EQ(f.groups[0].tracks[6], (Track{2, 0, 0x80}));
  EXPECT_EQ(f.groups[1].tracks[2], (Track{2, 1, 0}));
  EXPECT_EQ(f.arrays[0].size(), 7u);
  EXPECT_EQ(f.arrays[1].size(), 10u);
  EXPECT_EQ(f.arrays[2].size(), 9u);
  EXPECT_EQ(f.arrays[1][0], bits(90.0f));
  EXPECT_EQ(f.arrays[2][8], bits(7.5f));
  EXPECT_TRUE(f.lead.empty());
  const Layout l = layout_of(f);
  EXPECT_EQ(l.start[std::size_t(Region::groups)], 0x18u);
  EXPECT_EQ(l.array_offset(ArrayKind::rotation), 0x84u + 28);
  EXPECT_EQ(l.size, test::lm_two_node_fixture().size());
}

TEST(LmRead, CurvesOfEveryTrackKind) {
  auto curves = decode_curves(read_ok(test::lm_two_node_fixture()).file);
  ASSERT_TRUE(curves);
  const auto& n0 = (*curves)[0].curves;
  const auto& n1 = (*curves)[1].curves;
  EXPECT_EQ(n0[0].kind, Curve::Kind::fixed_default);
  EXPECT_EQ(n0[4].kind, Curve::Kind::constant);
  EXPECT_EQ(n0[4].constant, 90.0f);
  ASSERT_EQ(n0[5].keys.size(), 3u);
  EXPECT_EQ(n0[5].keys[1], (Key{30, 45, 1.5f, 1.5f})) << "without 0x80 the out slope is the in slope";
  ASSERT_EQ(n0[6].keys.size(), 2u);
  EXPECT_EQ(n0[6].keys[0], (Key{0, 10, 0.5f, 1.0f}));
  EXPECT_EQ(n0[6].keys[1], (Key{60, 40, 0.25f, -0.5f}));
  EXPECT_EQ(n1[0].constant, 2.0f);
  EXPECT_EQ(n1[1].constant, 2.0f) << "shared constant";
  EXPECT_EQ(n1[5], n0[5]) << "shared key run";
  EXPECT_EQ(n1[8].constant, 7.5f);
}

TEST(LmRead, GivenNodeCountMustFillTheGroups) {
  EXPECT_EQ(read_ok(test::lm_two_node_fixture(), 2).node_count_source, NodeCountSource::given);
  auto wrong = read(test::lm_two_node_fixture(), 3);
  ASSERT_FALSE(wrong);
  EXPECT_EQ(wrong.error().offset, 0x18u);
  EXPECT_EQ(wrong.error().message,
            "3 nodes need 0xa2 bytes of node groups at 0x18, but the scale key array starts after 0x6c bytes "
            "(the groups and the arrays disagree with the node count)");
}

TEST(LmRead, UnusualRegionOrderRoundTrips) {
  // Translation array first, then groups, scale, rotation.
  BigEndianBytes b;
  b.u8(1).u8(0).u16(0xbeef).u32(10);
  const std::uint32_t translation = 0x18, groups = translation + 8, scale = groups + 0x36, rotation = scale + 4;
  b.u32(scale).u32(rotation).u32(translation).u32(groups);
  b.f32s({0, 5});                                                                   // translation
  b.track(1, 0).track(0, 0).track(0, 0).track(0, 0).track(0, 0).track(1, 0).track(1, 1).track(0, 0).track(0, 0);
  b.f32(3.0f);                                                                      // scale
  b.f32(45.0f);                                                                     // rotation
  const ReadResult r = read_ok(b);
  EXPECT_EQ(r.file.order, (std::array<Region, 4>{Region::translation, Region::groups, Region::scale, Region::rotation}));
  EXPECT_EQ(r.file.padding, 0xbeef);
  auto curves = decode_curves(r.file);
  ASSERT_TRUE(curves);
  EXPECT_EQ((*curves)[0].curves[0].constant, 3.0f);
  EXPECT_EQ((*curves)[0].curves[5].constant, 45.0f);
  EXPECT_EQ((*curves)[0].curves[6].constant, 5.0f);
}

TEST(LmRead, StrayBytesAndPartialFloatsAreKept) {
  BigEndianBytes b;
  b.u8(2).u8(0).u16(0).u32(1);
  const std::uint32_t groups = 0x18 + 3;
  b.u32(groups + 0x36).u32(groups + 0x36).u32(groups + 0x36).u32(groups);  // empty arrays share an offset
  b.u8(0xaa).u8(0xbb).u8(0xcc);
  for (int i = 0; i < 9; ++i) b.track(0, 0);
  b.u8(1).u8(2);  // two bytes: not a whole float
  const ReadResult r = read_ok(b);
  EXPECT_EQ(r.file.lead, (Bytes{0xaa, 0xbb, 0xcc}));
  EXPECT_EQ(r.file.array_tails[2], (Bytes{1, 2}));
  EXPECT_TRUE(r.file.arrays[0].empty());
}

TEST(LmRead, ErrorsCarryOffsets) {
  auto bytes = test::lm_two_node_fixture();
  bytes[0x0f] = 0x10;  // rotation offset 0x10: inside the header
  auto r = read(bytes);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().offset, 0x0cu);
  EXPECT_EQ(r.error().message, "rotation key array offset 0x10 is inside the header (expected 0x18 to the file size 0xec)");

  bytes = test::lm_two_node_fixture();
  bytes[0x14] = 0x7f;  // groups offset far past the end
  r = read(bytes);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().offset, 0x14u);

  bytes = test::lm_two_node_fixture();
  bytes[0x0b] = 0x85;  // scale array one byte later: the groups no longer divide by 0x36
  r = read(bytes);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().offset, 0x18u);
  EXPECT_EQ(r.error().message,
            "cannot infer the node count: the node groups at 0x18 span 0x6d bytes, not a multiple of 0x36; "
            "give the node count or the .bin model");

  r = read(std::vector<std::uint8_t>(10, 0));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::truncated);
  EXPECT_EQ(r.error().offset, 8u);
}

TEST(LmRead, FrameAndNodeLimits) {
  auto bytes = test::lm_two_node_fixture();
  bytes[4] = 0xff;  // frame count 0xff00003c
  auto r = read(bytes);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().offset, 4u);
  EXPECT_EQ(r.error().message, "frame count 4278190140 exceeds the limit of 1048576 frames (limits.max_frames)");
  ReadLimits limits;
  limits.max_bones = 1;
  r = read(test::lm_two_node_fixture(), {}, limits);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message, "2 nodes exceed the limit of 1 (limits.max_bones)");
}

TEST(LmRead, TrackDataPastTheEndIsADecodeError) {
  auto bytes = test::lm_two_node_fixture();
  bytes[0x18 + 5 * 6 + 3] = 200;  // node 0 rz index 200
  auto r = read(bytes);
  ASSERT_TRUE(r);
  auto curves = decode_curves(r->file);
  ASSERT_FALSE(curves);
  EXPECT_EQ(curves.error().offset, 0x18u + 5 * 6);
  EXPECT_EQ(curves.error().message, "track rz of node 0 reads 9 floats at 0x3c0, past the end of the file (0xec)");
}

// Track data is read from the model, never by encoding it: every byte the model says is at an
// offset is the byte write() puts there, whatever the layout.
TEST(LmRead, TheModelKnowsEveryByteOfItsFile) {
  BigEndianBytes unusual;
  unusual.u8(1).u8(0).u16(0xbeef).u32(10);
  const std::uint32_t translation = 0x18, groups = translation + 8, scale = groups + 0x36, rotation = scale + 4;
  unusual.u32(scale).u32(rotation).u32(translation).u32(groups);
  unusual.f32s({0, 5});
  unusual.track(1, 0).track(0, 0).track(0, 0).track(0, 0).track(0, 0).track(1, 0).track(1, 1).track(0, 0).track(0, 0);
  unusual.f32(3.0f).f32(45.0f).u8(7);
  BigEndianBytes stray;
  stray.u8(2).u8(1).u16(0).u32(1);
  stray.u32(0x18 + 3 + 0x36).u32(0x18 + 3 + 0x36).u32(0x18 + 3 + 0x36).u32(0x18 + 3);
  stray.u8(0xaa).u8(0xbb).u8(0xcc);
  for (int i = 0; i < 9; ++i) stray.track(0, 0);
  stray.u8(1).u8(2);
  for (const auto& bytes : {unusual.bytes(), stray.bytes(), test::lm_two_node_fixture()}) {
    const auto r = read(bytes);
    ASSERT_TRUE(r) << r.error().to_string();
    const Layout layout = layout_of(r->file);
    ASSERT_EQ(layout.size, bytes.size());
    for (std::size_t i = 0; i < bytes.size(); ++i) EXPECT_EQ(encoded_byte(r->file, layout, i), bytes[i]) << "offset " << i;
  }
}

TEST(LmRead, TrackDataRunningPastItsArrayReadsWhatFollows) {
  // Node 0's ry keeps reading past the end of the rotation array: into the translation array
  // that follows it in the file, as the game would.
  auto bytes = test::lm_two_node_fixture();
  auto base = read(bytes);
  ASSERT_TRUE(base);
  const auto& rotation = base->file.arrays[std::size_t(ArrayKind::rotation)];
  const std::size_t index = rotation.size() - 1;
  bytes[0x18 + 4 * 6] = 0;
  bytes[0x18 + 4 * 6 + 1] = 2;  // two keys: 6 floats
  bytes[0x18 + 4 * 6 + 2] = std::uint8_t(index >> 8);
  bytes[0x18 + 4 * 6 + 3] = std::uint8_t(index);
  bytes[0x18 + 4 * 6 + 5] = 0;  // no out slope
  auto r = read(bytes);
  ASSERT_TRUE(r);
  auto data = track_data(r->file);
  ASSERT_TRUE(data) << data.error().to_string();
  const Layout layout = layout_of(r->file);
  const std::uint64_t at = layout.array_offset(ArrayKind::rotation) + 4 * index;
  ASSERT_EQ((*data)[0][4].size(), 6u);
  for (std::size_t f = 0; f < 6; ++f) {
    std::uint32_t expected = 0;
    for (std::size_t b = 0; b < 4; ++b) expected = expected << 8 | bytes[at + 4 * f + b];
    EXPECT_EQ((*data)[0][4][f], expected) << f;
  }
}

TEST(LmRead, DetectionNeedsAPlausibleHeader) {
  EXPECT_TRUE(looks_like_lm(test::lm_two_node_fixture()));
  auto bytes = test::lm_two_node_fixture();
  bytes[0] = 3;
  EXPECT_FALSE(looks_like_lm(bytes));
  bytes[0] = 2;
  bytes[1] = 2;
  EXPECT_FALSE(looks_like_lm(bytes));
  EXPECT_FALSE(looks_like_lm(std::vector<std::uint8_t>(0x17, 0)));
}

}  // namespace
}  // namespace anmkit::lm
