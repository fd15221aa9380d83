#include "anmkit/formats/lm/lm_repack.hpp"

#include <gtest/gtest.h>

#include "anmkit/formats/lm/lm_curves.hpp"
#include "anmkit/formats/lm/lm_read.hpp"
#include "anmkit/formats/lm/lm_write.hpp"
#include "support/fixture_bytes.hpp"
#include "support/fixture_bytes_be.hpp"

namespace anmkit::lm {
namespace {

void expect_same_poses(const File& a, const File& b) {
  auto ca = decode_curves(a), cb = decode_curves(b);
  ASSERT_TRUE(ca && cb);
  for (double f = 0; f <= a.frame_count + 2; f += 0.25) {
    const auto pa = sample(*ca, f, RotationUnit::degrees), pb = sample(*cb, f, RotationUnit::degrees);
    ASSERT_EQ(pa.size(), pb.size());
    for (std::size_t n = 0; n < pa.size(); ++n) {
      EXPECT_EQ(pa[n].translation, pb[n].translation) << f;
      EXPECT_EQ(pa[n].euler, pb[n].euler) << f;
      EXPECT_EQ(pa[n].scale, pb[n].scale) << f;
      EXPECT_EQ(pa[n].rotation, pb[n].rotation) << f;
    }
  }
}

TEST(LmRepack, ACanonicalFileRepacksToItself) {
  const auto bytes = test::lm_two_node_fixture();
  auto r = read(bytes);
  ASSERT_TRUE(r);
  auto packed = repack(r->file);
  ASSERT_TRUE(packed);
  EXPECT_EQ(*write(*packed), bytes);
}

TEST(LmRepack, SharesIdenticalDataAndRestoresTheUsualOrder) {
  // Translation first, then rotation, groups, scale; the same constant stored twice, the same
  // key run stored twice.
  test::BigEndianBytes b;
  b.u8(2).u8(0).u16(0).u32(20);
  const std::uint32_t translation = 0x18, rotation = translation + 8, groups = rotation + 2 * 4 * 3 * 4,
                      scale = groups + 2 * 0x36;
  b.u32(scale).u32(rotation).u32(translation).u32(groups);
  b.f32s({5, 5});                                                   // translation: 5 twice
  b.f32s({0, 0, 0, 10, 90, 0, 20, 45, 0, 0, 0, 0});                // rotation run A (3 keys) + filler
  b.f32s({0, 0, 0, 10, 90, 0, 20, 45, 0, 1, 2, 3});                // run A again, then filler
  b.track(0, 0).track(0, 0).track(0, 0).track(0, 0).track(0, 0).track(3, 0).track(1, 0).track(0, 0).track(0, 0);
  b.track(1, 0).track(0, 0).track(0, 0).track(0, 0).track(0, 0).track(3, 12).track(1, 1).track(0, 0).track(0, 0);
  b.f32(1.5f);                                                      // scale
  auto r = read(b.bytes());
  ASSERT_TRUE(r) << r.error().to_string();
  auto packed = repack(r->file);
  ASSERT_TRUE(packed);
  EXPECT_EQ(packed->order, (std::array<Region, 4>{Region::groups, Region::scale, Region::rotation, Region::translation}));
  EXPECT_EQ(packed->arrays[1].size(), 9u) << "one copy of the key run";
  EXPECT_EQ(packed->arrays[2].size(), 1u) << "one copy of the constant";
  EXPECT_EQ(packed->groups[1].tracks[5].index, 0);
  EXPECT_EQ(packed->groups[1].tracks[6].index, 0);
  const auto written = write(*packed);
  ASSERT_TRUE(written);
  auto again = read(*written);
  ASSERT_TRUE(again);
  expect_same_poses(r->file, again->file);
}

}  // namespace
}  // namespace anmkit::lm
