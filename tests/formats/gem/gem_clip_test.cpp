// The meaning of GEM keys: tracks built from FRM2/FRM3 flags and from FRMN matrices.

#include "anmkit/formats/gem/gem_clip.hpp"

#include <gtest/gtest.h>

#include "anmkit/formats/gem/gem_read.hpp"
#include "support/fixture_bytes.hpp"

namespace anmkit::gem {
namespace {

using test::FixtureBytes;

model::Clip clip_of(const FixtureBytes& b) {
  auto f = read(b.bytes());
  EXPECT_TRUE(f) << (f ? "" : f.error().to_string());
  return f ? to_clip(*f) : model::Clip{};
}

TEST(GemClip, OrientationRebuildsWAndKeepsStoredZeros) {
  FixtureBytes b;
  b.header(version_6_0, 2, {"body"});
  b.tag("FRM2").u16(0).u8(1).u8(0).u16(0x0b).f32s({1, 2, 3}).f32s({-0.0f, -0.0f, -0.0f});
  b.tag("FRM2").u16(1).u8(1).u8(0).u16(0x02).f32s({0, 0, -0.6f});
  const model::Clip c = clip_of(b);
  ASSERT_EQ(c.bones.size(), 1u);
  const auto& t = c.bones[0];
  ASSERT_EQ(t.rotation.keys.size(), 2u);
  EXPECT_EQ(t.rotation.keys[0].value.w, 1.0f);
  EXPECT_EQ(test::bits(t.rotation.keys[0].value.x), 0x80000000u);
  EXPECT_FLOAT_EQ(t.rotation.keys[1].value.w, 0.8f);
  EXPECT_EQ(t.translation.keys.size(), 1u);
  EXPECT_EQ(t.visible, (std::vector<model::Key<bool>>{{0, true}}));
  EXPECT_EQ(t.mirrored, (std::vector<model::Key<bool>>{{0, false}, {1, false}}));
}

TEST(GemClip, MirroredFollowsTransformKeysOnly) {
  FixtureBytes b;
  b.header(version_6_0, 5, {"basis"});
  b.tag("FRM2").u16(0).u8(1).u8(0).u16(0x0f).f32s({0, 0, 0}).f32s({1, 0, 0});  // mirrored
  b.tag("FRM2").u16(1).u8(1).u8(0).u16(0x10);                                  // hide only
  b.tag("FRM2").u16(2).u8(1).u8(0).u16(0x01).f32s({5, 5, 5});                  // position only
  b.tag("FRM2").u16(3).u8(1).u8(0).u16(0x02).f32s({0, 0, 0});                  // orientation, not mirrored
  b.tag("FRM2").u16(4).u8(1).u8(0).u16(0x04 | 0x08);                           // mirrored alone
  const model::Clip c = clip_of(b);
  const auto& t = c.bones[0];
  EXPECT_EQ(t.mirrored, (std::vector<model::Key<bool>>{{0, true}, {3, false}, {4, true}}));
  EXPECT_EQ(t.visible, (std::vector<model::Key<bool>>{{0, true}, {1, false}, {4, true}}));
  const auto at2 = model::sample(c, 2)[0];
  EXPECT_TRUE(at2.mirrored) << "a position-only key keeps the mirror";
  EXPECT_FALSE(at2.visible);
  EXPECT_EQ(at2.translation, (model::Vec3{5, 5, 5}));
  EXPECT_EQ(at2.rotation, (model::Quat{1, 0, 0, 0}));
}

TEST(GemClip, HiddenWinsOverVisibleInOneKey) {
  FixtureBytes b;
  b.header(version_6_0, 1, {"a"});
  b.tag("FRM2").u16(0).u8(1).u8(0).u16(0x18);
  EXPECT_EQ(clip_of(b).bones[0].visible, (std::vector<model::Key<bool>>{{0, false}}));
}

TEST(GemClip, LaterKeyOfAFrameWinsAndFramesAreSorted) {
  FixtureBytes b;
  b.header(version_6_0, 3, {"a"});
  b.tag("FRM2").u16(2).u8(1).u8(0).u16(0x01).f32s({2, 2, 2});
  b.tag("FRM2").u16(0).u8(2).u8(0).u16(0x01).f32s({0, 0, 0}).u8(0).u16(0x01).f32s({9, 9, 9});
  const model::Clip c = clip_of(b);
  const auto& t = c.bones[0];
  ASSERT_EQ(t.translation.keys.size(), 2u);
  EXPECT_EQ(t.translation.keys[0].frame, 0u);
  EXPECT_EQ(t.translation.keys[0].value, (model::Vec3{9, 9, 9}));
  EXPECT_EQ(t.translation.keys[1].frame, 2u);
}

TEST(GemClip, ScaleAndMeshKeys) {
  FixtureBytes b;
  b.header(version_6_1, 2, {"a"});
  b.tag("FRM3").u8(1).u8(1).u8(0).u16(0x60).f32s({2, 3, 4}).u32(2).raw({7, 7});
  const model::Clip c = clip_of(b);
  const auto& t = c.bones[0];
  EXPECT_EQ(t.scale.keys, (std::vector<model::Keyframe<model::Vec3>>{{1, {2, 3, 4}}}));
  EXPECT_EQ(t.mirrored, (std::vector<model::Key<bool>>{{1, false}}));
  ASSERT_EQ(t.mesh.size(), 1u);
  EXPECT_EQ(t.mesh[0].payload, (std::vector<std::uint8_t>{7, 7}));
}

TEST(GemClip, FrmnMatrixDecomposes) {
  FixtureBytes b;
  b.header(version_4_0, 2, {"basis", "body"});
  b.tag("FRMN").u32(0);
  b.tag("BONE").u32(0).tag("MATR").f32s({1, 0, 0, 0, -1, 0, 0, 0, 1, 0, 0, 0}).tag("VISI").u32(1);
  b.tag("BONE").u32(1).tag("MATR").f32s({0, -2, 0, 2, 0, 0, 0, 0, 2, 1, 2, 3}).tag("VISI").u32(0);
  b.tag("BONE").u32(7).tag("VISI").u32(0);  // past BMAP: left out
  const model::Clip c = clip_of(b);
  const auto p = model::sample(c, 0);
  EXPECT_TRUE(p[0].mirrored);
  EXPECT_NEAR(p[0].rotation.x, 1, 1e-6);
  EXPECT_TRUE(p[0].visible);
  EXPECT_FALSE(p[1].mirrored);
  EXPECT_EQ(p[1].scale, (model::Vec3{2, 2, 2}));
  EXPECT_NEAR(p[1].rotation.z, -0.70710678f, 1e-6);
  EXPECT_NEAR(p[1].rotation.w, 0.70710678f, 1e-6);
  EXPECT_EQ(p[1].translation, (model::Vec3{1, 2, 3}));
  EXPECT_FALSE(p[1].visible);
}

TEST(GemClip, NegativeFrmnFramesAreLeftOut) {
  FixtureBytes b;
  b.header(version_4_0, 2, {"a"});
  b.tag("FRMN").u32(0xfffffffe).tag("BONE").u32(0).tag("VISI").u32(0);
  EXPECT_TRUE(clip_of(b).bones[0].visible.empty());
}

}  // namespace
}  // namespace anmkit::gem
