#include "clip_export.hpp"

#include <fmt/format.h>

#include "anmkit/gltf/clip_gltf.hpp"

namespace anmkit::detail {

Expected<void> add_clip(gltf::Scene& scene, const model::Clip& clip, const std::string& name, const std::string& warn_about,
                        std::vector<Warning>& warnings) {
  std::vector<std::string> missing;
  if (auto added = gltf::add_animation(scene, clip, {.animation_name = name}, warn_about.empty() ? nullptr : &missing);
      !added) {
    return added.error();
  }
  for (const auto& bone : missing) {
    warnings.push_back({warn_about, fmt::format("bone '{}' is not in the skeleton; it is exported under the root", bone)});
  }
  return {};
}

}  // namespace anmkit::detail
