#pragma once
// A skin's inverse bind matrices: its joints bound in their rest pose.

#include <span>
#include <vector>

#include "anmkit/gltf/gltf.hpp"

namespace anmkit::gltf::detail {

// Per node (parents before children, as Scene::nodes), the inverse of its rest transform composed
// up to the skeleton root (the root's own transform left out, so that a mesh bound to the skin is
// in the format's own coordinates): 16 floats each, column-major, as glTF's MAT4 accessors hold
// them. A rest scale of 0 (a joint hidden at rest) binds at unit size, where the inverse exists.
std::vector<float> inverse_bind_matrices(const std::vector<Node>& nodes);

// A skinned mesh's, whose vertices lie in the rest frame of its owner, joints[0]: for each joint
// (a node index) the inverse of its rest transform times the owner's, so that at rest every
// vertex stays where the owner puts it.
std::vector<float> mesh_inverse_bind_matrices(const std::vector<Node>& nodes, std::span<const int> joints);

}  // namespace anmkit::gltf::detail
