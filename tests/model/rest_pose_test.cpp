// Poses with the rest filled in: what a player draws where the tracks say nothing.

#include "anmkit/model/rest_pose.hpp"

#include <gtest/gtest.h>

namespace anmkit::model {
namespace {

TEST(RestPose, ComponentsNoTrackMovesTakeTheJointsRestOrTheIdentity) {
  Clip clip;
  clip.frame_count = 4;
  BoneTrack turret;
  turret.name = "Turret";
  turret.rotation.keys.push_back({0, {0, 0, 0.6f, 0.8f}});
  turret.visible = {{2, false}};
  turret.mirrored = {{3, false}};
  BoneTrack loose;
  loose.name = "loose";
  clip.bones = {turret, loose};
  Skeleton skeleton;
  Joint joint;
  joint.name = "turret";  // found case-insensitively, as Skeleton::find matches
  joint.translation = {1, 2, 3};
  joint.rotation = {0, 1, 0, 0};
  joint.scale = {2, 2, 2};
  joint.mirrored = true;
  skeleton.joints = {joint};

  const auto rest = rest_poses(clip, skeleton);
  ASSERT_EQ(rest.size(), 2u);
  EXPECT_EQ(rest[0].first_visible, 2);
  EXPECT_EQ(rest[0].first_mirrored, 3);
  EXPECT_EQ(rest[1].translation.x, 0);
  EXPECT_EQ(rest[1].rotation.w, 1);

  const auto poses = sample(clip, 1);
  const FilledPose at1 = filled(poses[0], rest[0], 1);
  EXPECT_EQ(at1.translation.y, 2);  // the joint's: no translation track
  EXPECT_EQ(at1.rotation.z, 0.6f);  // the track's
  EXPECT_EQ(at1.scale.x, 2);
  EXPECT_TRUE(at1.visible);         // before its first visibility key: as the joint rests (shown)
  EXPECT_TRUE(at1.mirrored);        // before its first mirror key: as the joint is
  const FilledPose at3 = filled(sample(clip, 3)[0], rest[0], 3);
  EXPECT_FALSE(at3.visible);
  EXPECT_FALSE(at3.mirrored);
  const FilledPose free_bone = filled(poses[1], rest[1], 1);
  EXPECT_EQ(free_bone.scale.z, 1);
  EXPECT_EQ(free_bone.rotation.w, 1);
}

// GEM's {Visibility 0}: a joint hidden at rest stays hidden until a key shows it, and a bone
// whose clip keys no visibility at all stays as it rests.
TEST(RestPose, AJointHiddenAtRestIsHiddenUntilAKeyShowsIt) {
  Clip clip;
  clip.frame_count = 6;
  BoneTrack flash;
  flash.name = "emit1";
  flash.translation.keys.push_back({0, {1, 0, 0}});
  flash.visible = {{3, true}, {5, false}};
  BoneTrack smoke;
  smoke.name = "emit2";
  smoke.translation.keys.push_back({0, {2, 0, 0}});
  clip.bones = {flash, smoke};
  Skeleton skeleton;
  for (const char* name : {"emit1", "emit2"}) {
    Joint joint;
    joint.name = name;
    joint.shown = false;
    skeleton.joints.push_back(joint);
  }
  const auto rest = rest_poses(clip, skeleton);
  ASSERT_EQ(rest.size(), 2u);
  EXPECT_FALSE(rest[0].shown);
  std::vector<bool> flash_shown, smoke_shown;
  for (int frame = 0; frame < 6; ++frame) {
    const auto poses = sample(clip, frame);
    flash_shown.push_back(filled(poses[0], rest[0], frame).visible);
    smoke_shown.push_back(filled(poses[1], rest[1], frame).visible);
  }
  EXPECT_EQ(flash_shown, (std::vector<bool>{false, false, false, true, true, false}));
  EXPECT_EQ(smoke_shown, (std::vector<bool>(6, false)));
}

}  // namespace
}  // namespace anmkit::model
