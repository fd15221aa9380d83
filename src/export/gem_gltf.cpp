#include "anmkit/export/gem_gltf.hpp"

#include <fmt/format.h>

#include "anmkit/core/json_input.hpp"
#include "anmkit/export/clip_gltf.hpp"
#include "anmkit/formats/gem/gem_clip.hpp"
#include "anmkit/model/clip.hpp"

namespace anmkit::gltf {
namespace {

// GEM is Z up, glTF Y up: -90 degrees about X takes +Z to +Y. About 20 GEM units to a metre.
constexpr float quarter = 0.70710678f;
constexpr model::Quat z_up_to_y_up{-quarter, 0, 0, quarter};
constexpr float gem_units_to_metres = 0.05f;

// What glTF cannot hold, for import to restore.
nlohmann::ordered_json gem_extras(const gem::File& file, const model::Clip& clip) {
  // Events as they change: GEM states the mirror again with every rotation key, and repeating
  // a value changes no pose (every reader and writer of the clip works from poses).
  auto keys_json = [](const auto& keys) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (std::size_t i = 0; i < keys.size(); ++i) {
      if (i == 0 || keys[i].value != keys[i - 1].value) out.push_back({keys[i].frame, bool(keys[i].value)});
    }
    return out;
  };
  nlohmann::ordered_json visibility = nlohmann::ordered_json::object(), mirrored = nlohmann::ordered_json::object(),
                         mesh = nlohmann::ordered_json::object(), bone_map = nlohmann::ordered_json::array(),
                         comments = nlohmann::ordered_json::array();
  for (const model::BoneTrack& track : clip.bones) {
    bone_map.push_back(track.name);
    if (!track.visible.empty()) visibility[track.name] = keys_json(track.visible);
    if (!track.mirrored.empty()) mirrored[track.name] = keys_json(track.mirrored);
    if (!track.mesh.empty()) {
      nlohmann::ordered_json payloads = nlohmann::ordered_json::array();
      for (const auto& k : track.mesh) payloads.push_back({k.frame, json_input::hex(k.payload)});
      mesh[track.name] = std::move(payloads);
    }
  }
  for (const auto& c : clip.comments) comments.push_back(json_input::hex(c));
  return {{"anmkit", {{"format", "gem"}, {"version", gem::version_name(file.version)}, {"frame_count", clip.frame_count},
                      {"fps", clip.fps}, {"bone_map", std::move(bone_map)}, {"visibility", std::move(visibility)},
                      {"mirrored", std::move(mirrored)}, {"mesh", std::move(mesh)}, {"comments", std::move(comments)}}}};
}

}  // namespace

Scene skeleton_scene(const gem::Mdl& skeleton) {
  return skeleton_scene(gem::to_skeleton(skeleton), z_up_to_y_up, gem_units_to_metres);
}

Expected<std::vector<std::string>> add_gem_animation(Scene& scene, const gem::File& file, const GemOptions& options) {
  model::Clip clip = gem::to_clip(file);
  clip.fps = options.fps;
  std::vector<std::string> missing;
  const auto node_of = bind_bones(scene, clip, &missing);
  std::vector<std::string> warnings;
  if (options.skeleton) {
    for (const auto& name : missing) warnings.push_back(fmt::format("bone '{}' is not in the skeleton; it is exported under the root", name));
  }
  auto anim = clip_animation(scene, clip, node_of, ClipExportOptions{1, options.animation_name});
  if (!anim) return anim.error();
  anim->extras = gem_extras(file, clip);
  scene.animations.push_back(std::move(*anim));
  return warnings;
}

Expected<GemScene> gem_scene(const gem::File& file, const GemOptions& options) {
  GemScene out;
  out.scene = options.skeleton ? skeleton_scene(*options.skeleton) : skeleton_scene(model::Skeleton{}, z_up_to_y_up, gem_units_to_metres);
  auto warnings = add_gem_animation(out.scene, file, options);
  if (!warnings) return warnings.error();
  out.warnings = std::move(*warnings);
  return out;
}

}  // namespace anmkit::gltf
