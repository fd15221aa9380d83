#include "anmkit/model/clip.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace anmkit::model {
namespace {

Clip two_key_clip() {
  Clip clip;
  clip.frame_count = 10;
  BoneTrack t;
  t.name = "turret";
  t.translation.keys = {{0, Vec3{1, 2, 3}}, {5, Vec3{4, 5, 6}}};
  t.rotation.keys = {{2, Quat{0, 0, 0.70710678f, 0.70710678f}}};
  t.visible = {{0, true}, {7, false}};
  clip.bones.push_back(t);
  return clip;
}

TEST(Clip, SampleHoldsTheLastKeyAtOrBefore) {
  const Clip clip = two_key_clip();
  auto p = sample(clip, 0)[0];
  EXPECT_EQ(p.translation, (Vec3{1, 2, 3}));
  EXPECT_TRUE(p.has_translation);
  EXPECT_FALSE(p.has_rotation) << "no rotation key yet: the rest value applies";
  EXPECT_EQ(p.rotation, Quat{});
  p = sample(clip, 4)[0];
  EXPECT_EQ(p.translation, (Vec3{1, 2, 3}));
  EXPECT_TRUE(p.has_rotation);
  EXPECT_FLOAT_EQ(p.rotation.z, 0.70710678f);
  p = sample(clip, 5)[0];
  EXPECT_EQ(p.translation, (Vec3{4, 5, 6}));
  EXPECT_TRUE(p.visible);
  p = sample(clip, 9)[0];
  EXPECT_FALSE(p.visible);
  EXPECT_FALSE(p.has_scale);
  EXPECT_EQ(p.scale, (Vec3{1, 1, 1}));
}

TEST(Clip, ValidClipHasNoFindings) { EXPECT_TRUE(two_key_clip().validate().empty()); }

TEST(Clip, ValidateReportsEachRule) {
  Clip clip = two_key_clip();
  clip.bones[0].translation.keys.push_back({3, Vec3{0, 0, 0}});        // not ascending
  clip.bones[0].rotation.keys.push_back({12, Quat{0, 0, 0, 2}});        // past the end, not unit
  clip.bones[0].scale.keys.push_back({1, Vec3{NAN, 1, 1}});             // not finite
  BoneTrack second;
  second.name = "TURRET";                                         // same name, other case
  clip.bones.push_back(second);
  clip.bones.push_back(BoneTrack{});                              // no name
  const auto d = clip.validate();
  ASSERT_EQ(d.size(), 6u);
  EXPECT_EQ(d[0].id, "clip.keys-not-ascending");
  EXPECT_EQ(d[0].pointer, "/bones/0/translation/2");
  EXPECT_EQ(d[0].message, "translation key at frame 3 does not come after frame 5");
  EXPECT_EQ(d[1].id, "clip.non-finite");
  EXPECT_EQ(d[1].pointer, "/bones/0/scale/0");
  EXPECT_EQ(d[2].id, "clip.key-past-end");
  EXPECT_EQ(d[2].message, "rotation key at frame 12 is past the last frame 9");
  EXPECT_EQ(d[3].id, "clip.non-unit-rotation");
  EXPECT_EQ(d[3].message, "rotation has length 2, expected 1");
  EXPECT_EQ(d[4].id, "clip.duplicate-name");
  EXPECT_EQ(d[4].severity, Severity::warning);
  EXPECT_EQ(d[5].id, "clip.empty-name");
  EXPECT_EQ(d[5].severity, Severity::error);
}

TEST(Clip, LinearTracksLerpAndSlerp) {
  BoneTrack t;
  t.name = "b";
  t.translation = {Interpolation::linear, {{0, Vec3{0, 0, 0}}, {4, Vec3{8, -4, 2}}}};
  t.rotation = {Interpolation::linear, {{2, Quat{0, 0, 0, 1}}, {6, Quat{0, 0, 0.70710678f, 0.70710678f}}}};
  auto p = sample_bone(t, 1);
  EXPECT_EQ(p.translation, (Vec3{2, -1, 0.5f}));
  EXPECT_TRUE(p.has_rotation) << "linear tracks hold their first value before the first key";
  EXPECT_EQ(p.rotation, (Quat{0, 0, 0, 1}));
  p = sample_bone(t, 4);
  // Halfway through a 90 degree turn about Z: 45 degrees.
  EXPECT_NEAR(p.rotation.z, std::sin(std::numbers::pi / 8), 1e-6);
  EXPECT_NEAR(p.rotation.w, std::cos(std::numbers::pi / 8), 1e-6);
  EXPECT_EQ(sample_bone(t, 100).translation, (Vec3{8, -4, 2})) << "and their last value after the last";
}

TEST(Clip, HermiteTracksFollowTheCubic) {
  BoneTrack t;
  t.name = "b";
  // x: value 0 -> 10 over 4 frames, slopes 1 out of the first key and 4 into the second.
  t.translation = {Interpolation::hermite, {{0, Vec3{0, 1, 0}, {}, Vec3{1, 0, 0}}, {4, Vec3{10, 1, 0}, Vec3{4, 0, 0}, {}}}};
  const double u = 0.25, gap = 4;
  const double expected = (u * u * u - 2 * u * u + u) * 1 * gap + (-2 * u * u * u + 3 * u * u) * 10 + (u * u * u - u * u) * 4 * gap;
  const auto p = sample_bone(t, 1);
  EXPECT_FLOAT_EQ(p.translation.x, float(expected));
  EXPECT_EQ(p.translation.y, 1);
}

TEST(Clip, EulerTracksComposeZYX) {
  BoneTrack t;
  t.name = "b";
  t.euler_rotation = {Interpolation::hermite, {{0, Vec3{0, 0, 0}}, {10, Vec3{0, 0, float(std::numbers::pi / 2)}}}};
  const auto p = sample_bone(t, 5);  // zero slopes: halfway in value at u = 0.5
  EXPECT_TRUE(p.has_euler);
  EXPECT_FLOAT_EQ(p.euler.z, float(std::numbers::pi / 4));
  EXPECT_NEAR(p.rotation.z, std::sin(std::numbers::pi / 8), 1e-6);
}

TEST(Clip, ValidateRotationsAndRates) {
  Clip clip;
  clip.frame_count = 5;
  clip.fps = 0;
  BoneTrack t;
  t.name = "b";
  t.rotation.keys = {{0, Quat{}}};
  t.euler_rotation = {Interpolation::hermite, {{0, Vec3{}}, {9, Vec3{}}}};  // past the end: a control point, fine
  clip.bones.push_back(t);
  const auto d = clip.validate();
  ASSERT_EQ(d.size(), 2u);
  EXPECT_EQ(d[0].id, "clip.bad-fps");
  EXPECT_EQ(d[0].message, "fps 0 is not a positive number");
  EXPECT_EQ(d[1].id, "clip.two-rotations");
  EXPECT_EQ(d[1].pointer, "/bones/0/euler_rotation");
}

TEST(Clip, NamesMatchIgnoringAsciiCase) {
  EXPECT_TRUE(names_equal("FXtraceR1", "fxtracer1"));
  EXPECT_FALSE(names_equal("body", "body1"));
}

}  // namespace
}  // namespace anmkit::model
