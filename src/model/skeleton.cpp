#include "anmkit/model/skeleton.hpp"

#include <cmath>
#include <unordered_map>

#include <fmt/format.h>

#include "anmkit/model/clip.hpp"

namespace anmkit::model {

std::vector<Diagnostic> Skeleton::validate() const {
  std::vector<Diagnostic> out;
  auto add = [&out](Severity s, std::string id, std::string pointer, std::string message) {
    out.push_back(Diagnostic{s, std::move(id), std::move(message), std::nullopt, std::move(pointer)});
  };
  std::unordered_map<std::string, std::size_t> seen;
  for (std::size_t j = 0; j < joints.size(); ++j) {
    const Joint& joint = joints[j];
    if (joint.parent < -1 || joint.parent >= int(j)) {
      add(Severity::error, "skeleton.parent-order", fmt::format("/joints/{}/parent", j),
          fmt::format("parent {} does not come before joint {}", joint.parent, j));
    }
    if (joint.name.empty()) add(Severity::error, "skeleton.empty-name", fmt::format("/joints/{}/name", j), "joint has no name");
    if (auto [it, inserted] = seen.emplace(ascii_lower(joint.name), j); !inserted) {
      add(Severity::warning, "skeleton.duplicate-name", fmt::format("/joints/{}/name", j),
          fmt::format("joint name '{}' is also joint {}", joint.name, it->second));
    }
    const float values[] = {joint.translation.x, joint.translation.y, joint.translation.z, joint.rotation.x,
                            joint.rotation.y,    joint.rotation.z,    joint.rotation.w,    joint.scale.x,
                            joint.scale.y,       joint.scale.z};
    for (float v : values) {
      if (!std::isfinite(v)) {
        add(Severity::error, "skeleton.non-finite", fmt::format("/joints/{}", j), "rest transform is not finite");
        break;
      }
    }
  }
  return out;
}

int Skeleton::find(std::string_view name) const {
  for (std::size_t j = 0; j < joints.size(); ++j) {
    if (names_equal(joints[j].name, name)) return int(j);
  }
  return -1;
}

}  // namespace anmkit::model
