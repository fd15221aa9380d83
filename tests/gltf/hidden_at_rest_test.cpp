// A part hidden at rest (GEM's {Visibility 0}) stays hidden in a glTF animation until the clip's
// first visibility key shows it: on its mesh's node when it has one, else on its own node.

#include <gtest/gtest.h>

#include "anmkit/gltf/clip_gltf.hpp"

namespace anmkit::gltf {
namespace {

const Channel* scale_channel(const Animation& animation, std::size_t node, int mesh) {
  for (const Channel& c : animation.channels) {
    if (c.path == Path::scale && (mesh >= 0 ? c.mesh == mesh : c.mesh < 0 && c.node == node)) return &c;
  }
  return nullptr;
}

TEST(GltfHiddenAtRest, APartHiddenAtRestStaysHiddenUntilItsFirstVisibilityKey) {
  model::Skeleton skeleton;
  for (const char* name : {"hatch", "emit1", "body"}) {
    model::Joint joint;
    joint.name = name;
    joint.shown = std::string(name) == "body";
    skeleton.joints.push_back(joint);
  }
  Scene scene = skeleton_scene(skeleton);
  model::Mesh hatch;  // the hatch's own mesh, hidden at rest as its bone
  hatch.joint = 0;
  hatch.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  hatch.used_vertices = 3;
  hatch.primitives.push_back({{0, 1, 2}, -1});
  hatch.shown = false;
  scene.figure.meshes.push_back(hatch);

  model::Clip clip;
  clip.frame_count = 8;
  clip.fps = 10;
  for (const char* name : {"hatch", "emit1", "body"}) {
    model::BoneTrack bone;
    bone.name = name;
    bone.visible = {{3, true}, {6, false}};
    clip.bones.push_back(bone);
  }
  const auto node_of = bind_bones(scene, clip, nullptr);
  auto animation = clip_animation(scene, clip, node_of, {});
  ASSERT_TRUE(animation) << animation.error().message;

  // The hatch's mesh node: hidden from frame 0, shown at 3, hidden again at 6.
  const Channel* mesh = scale_channel(*animation, 0, 0);
  ASSERT_NE(mesh, nullptr);
  EXPECT_EQ(mesh->times, (std::vector<float>{0, 0.3f, 0.6f}));
  EXPECT_EQ(mesh->values, (std::vector<float>{0, 0, 0, 1, 1, 1, 0, 0, 0}));
  // A bone without a mesh hides through its own node's scale, as it rests before its first key.
  const Channel* emit = scale_channel(*animation, 1, -1);
  ASSERT_NE(emit, nullptr);
  EXPECT_EQ(emit->times, (std::vector<float>{0, 0.3f, 0.6f}));
  EXPECT_EQ(emit->values, (std::vector<float>{0, 0, 0, 1, 1, 1, 0, 0, 0}));
  // A bone shown at rest shows before its first key.
  const Channel* body = scale_channel(*animation, 2, -1);
  ASSERT_NE(body, nullptr);
  EXPECT_EQ(body->values, (std::vector<float>{1, 1, 1, 1, 1, 1, 0, 0, 0}));
}

}  // namespace
}  // namespace anmkit::gltf
