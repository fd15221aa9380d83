#pragma once
// A skeleton's rest as affine maps (rest_affine.hpp): each joint's parent-local transform with its
// scale and mirror, and each joint's world, parents before children as Skeleton::validate requires.

#include <vector>

#include "anmkit/model/rest_affine.hpp"
#include "anmkit/model/skeleton.hpp"

namespace anmkit::model {

// The joint's rest: rotation times scale (Z negated when mirrored), then the translation.
Affine joint_affine(const Joint& joint);

// Every joint's world at rest; a joint whose parent does not come before it is placed at its own
// rest, as if a root (validate reports it).
std::vector<Affine> world_rests(const Skeleton& skeleton);

}  // namespace anmkit::model
