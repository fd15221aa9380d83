#include "anmkit/model/skeleton_affine.hpp"

namespace anmkit::model {

Affine joint_affine(const Joint& j) {
  return rest_affine(j.translation, j.rotation, {j.scale.x, j.scale.y, j.mirrored ? -j.scale.z : j.scale.z});
}

std::vector<Affine> world_rests(const Skeleton& skeleton) {
  std::vector<Affine> out(skeleton.joints.size());
  for (std::size_t j = 0; j < out.size(); ++j) {
    const Joint& joint = skeleton.joints[j];
    const bool placed_parent = joint.parent >= 0 && std::size_t(joint.parent) < j;
    out[j] = placed_parent ? out[std::size_t(joint.parent)] * joint_affine(joint) : joint_affine(joint);
  }
  return out;
}

}  // namespace anmkit::model
