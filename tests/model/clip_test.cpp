#include "anmkit/model/clip.hpp"

#include <gtest/gtest.h>

#include <cmath>

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

TEST(Clip, NamesMatchIgnoringAsciiCase) {
  EXPECT_TRUE(names_equal("FXtraceR1", "fxtracer1"));
  EXPECT_FALSE(names_equal("body", "body1"));
}

}  // namespace
}  // namespace anmkit::model
