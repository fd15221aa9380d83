#include "anmkit/formats/gem/gem_extras.hpp"

#include <nlohmann/json.hpp>

#include "anmkit/core/json_input.hpp"
#include "anmkit/core/json_pretty.hpp"
#include "anmkit/core/json_text.hpp"

namespace anmkit::gem {

std::string clip_extras(const File& file, const model::Clip& clip) {
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
  // Bones are named as the glTF's nodes are: through json_text's escape.
  for (const model::BoneTrack& track : clip.bones) {
    const std::string name = json_text(track.name);
    bone_map.push_back(name);
    if (!track.visible.empty()) visibility[name] = keys_json(track.visible);
    if (!track.mirrored.empty()) mirrored[name] = keys_json(track.mirrored);
    if (!track.mesh.empty()) {
      nlohmann::ordered_json payloads = nlohmann::ordered_json::array();
      for (const auto& k : track.mesh) payloads.push_back({k.frame, json_input::hex(k.payload)});
      mesh[name] = std::move(payloads);
    }
  }
  for (const auto& c : clip.comments) comments.push_back(json_input::hex(c));
  const nlohmann::ordered_json extras = {
      {"format", "gem"},           {"version", version_name(file.version)}, {"frame_count", clip.frame_count},
      {"fps", clip.fps},           {"bone_map", std::move(bone_map)},       {"visibility", std::move(visibility)},
      {"mirrored", std::move(mirrored)}, {"mesh", std::move(mesh)},          {"comments", std::move(comments)}};
  return compact_json(extras);
}

}  // namespace anmkit::gem
