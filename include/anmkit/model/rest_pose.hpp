#pragma once
// A sampled pose with the rest filled in: what a player draws. A component no track moves keeps
// its joint's rest value (or the identity, for a bone the skeleton lacks); before a bone's first
// visibility or mirror key it shows as its rest says (shown or hidden, mirrored or not, as the
// joint is; shown and unmirrored for a bone the skeleton lacks).

#include <cmath>
#include <span>
#include <vector>

#include "anmkit/model/clip.hpp"
#include "anmkit/model/skeleton.hpp"

namespace anmkit::model {

// What a bone falls back to where its tracks say nothing.
struct RestPose {
  Vec3 translation;
  Quat rotation;
  Vec3 scale{1, 1, 1};
  bool mirrored = false;
  bool shown = true;
  double first_visible = INFINITY;   // the frame of its first visibility key
  double first_mirrored = INFINITY;  // the frame of its first mirror key
};

// A pose as a player draws it.
struct FilledPose {
  Vec3 translation;
  Quat rotation;
  Vec3 scale{1, 1, 1};
  bool visible = true;
  bool mirrored = false;
};

// Each clip bone's rest: its skeleton joint's (by name, as Skeleton::find matches), else the identity.
std::vector<RestPose> rest_poses(const Clip& clip, const Skeleton& skeleton);
// The sampled pose at `frame` with the rest filled in.
FilledPose filled(const BonePose& pose, const RestPose& rest, double frame);

}  // namespace anmkit::model
