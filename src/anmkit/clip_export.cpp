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

Expected<GltfOutput> clip_to_gltf(const model::Skeleton& skeleton, const model::Clip& clip, bool binary,
                                  const std::string& animation_name, const std::string& warn_about) {
  gltf::Scene scene = gltf::skeleton_scene(skeleton);
  GltfOutput out;
  if (auto added = add_clip(scene, clip, animation_name, warn_about, out.warnings); !added) return added.error();
  auto bytes = gltf::write(scene, binary);
  if (!bytes) return bytes.error();
  out.bytes = std::move(*bytes);
  return out;
}

}  // namespace anmkit::detail
