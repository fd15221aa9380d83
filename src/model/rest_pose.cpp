#include "anmkit/model/rest_pose.hpp"

#include "anmkit/model/name_index.hpp"

namespace anmkit::model {

std::vector<RestPose> rest_poses(const Clip& clip, const Skeleton& skeleton) {
  std::vector<RestPose> out;
  out.reserve(clip.bones.size());
  const NameIndex joints(skeleton.joints, [](const Joint& j) -> const std::string& { return j.name; });
  for (const BoneTrack& bone : clip.bones) {
    RestPose rest;
    if (const int j = joints.find(bone.name); j >= 0) {
      const Joint& joint = skeleton.joints[std::size_t(j)];
      rest.translation = joint.translation;
      rest.rotation = joint.rotation;
      rest.scale = joint.scale;
      rest.mirrored = joint.mirrored;
      rest.shown = joint.shown;
    }
    if (!bone.visible.empty()) rest.first_visible = bone.visible.front().frame;
    if (!bone.mirrored.empty()) rest.first_mirrored = bone.mirrored.front().frame;
    out.push_back(rest);
  }
  return out;
}

FilledPose filled(const BonePose& pose, const RestPose& rest, double frame) {
  return {pose.has_translation ? pose.translation : rest.translation, pose.has_rotation ? pose.rotation : rest.rotation,
          pose.has_scale ? pose.scale : rest.scale, frame < rest.first_visible ? rest.shown : pose.visible,
          frame < rest.first_mirrored ? rest.mirrored : pose.mirrored};
}

}  // namespace anmkit::model
