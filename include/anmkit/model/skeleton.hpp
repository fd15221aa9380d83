#pragma once
// The rest pose that a clip animates: named joints with parents and parent-local rest
// transforms. GEM's `.mdl` (gem::to_skeleton) and LM's `.bin` (lm::to_skeleton) convert to it;
// glTF export makes one node per joint.

#include <string>
#include <string_view>
#include <vector>

#include "anmkit/core/diagnostic.hpp"
#include "anmkit/model/math.hpp"

namespace anmkit::model {

struct Joint {
  std::string name;
  int parent = -1;  // index into Skeleton::joints, -1 for a root
  Vec3 translation;
  Quat rotation;
  Vec3 scale{1, 1, 1};
  bool mirrored = false;  // local Z negated
  // Hidden at rest (GEM's {Visibility 0}) until an animation's visibility key shows it.
  bool shown = true;
  friend bool operator==(const Joint&, const Joint&) = default;
};

struct Skeleton {
  std::vector<Joint> joints;
  // The format's axes and units as seen from a right-handed, Y-up, metre world (glTF's): signs
  // (+1 or -1) per axis of the format's own that make its world right-handed (a left-handed world
  // negates one axis), then the rotation that takes its up axis to +Y, and one unit in metres.
  Vec3 to_right_handed{1, 1, 1};
  Quat to_y_up;
  float metres_per_unit = 1;

  // Errors: a parent that does not come before its child (so the joints form a forest and a
  // single pass from first to last visits parents first); an empty name; a rest value that is
  // not finite. Warnings: two joints with the same name (case-insensitive).
  std::vector<Diagnostic> validate() const;
  int find(std::string_view name) const;  // case-insensitive; -1 when absent
  friend bool operator==(const Skeleton&, const Skeleton&) = default;
};

}  // namespace anmkit::model
