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
  EXPECT_TRUE(at1.visible);         // before its first visibility key: shown
  EXPECT_TRUE(at1.mirrored);        // before its first mirror key: as the joint is
  const FilledPose at3 = filled(sample(clip, 3)[0], rest[0], 3);
  EXPECT_FALSE(at3.visible);
  EXPECT_FALSE(at3.mirrored);
  const FilledPose free_bone = filled(poses[1], rest[1], 1);
  EXPECT_EQ(free_bone.scale.z, 1);
  EXPECT_EQ(free_bone.rotation.w, 1);
}

}  // namespace
}  // namespace anmkit::model
