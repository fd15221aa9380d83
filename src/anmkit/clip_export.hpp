#pragma once
// A neutral clip into glTF, as every skeletal format exports it.

#include <string>
#include <vector>

#include "anmkit/anmkit.hpp"
#include "anmkit/gltf/gltf.hpp"

namespace anmkit::detail {

// Adds the clip to the scene as an animation named `name`; `warn_about`, when not empty, names
// the input in a warning (into `warnings`) for each animated bone the scene lacks.
Expected<void> add_clip(gltf::Scene& scene, const model::Clip& clip, const std::string& name, const std::string& warn_about,
                        std::vector<Warning>& warnings);
}  // namespace anmkit::detail
