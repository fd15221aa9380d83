#include "anmkit/formats/gem/gem_extras.hpp"

#include <nlohmann/json.hpp>

#include "anmkit/core/json_pretty.hpp"
#include "anmkit/core/json_text.hpp"

namespace anmkit::gem {

std::string clip_extras(const File& file, const model::Clip& clip) {
  // Bones are named as the glTF's nodes are: through json_text's escape. The clip's events, mesh
  // payloads and comments are its own records, which the glTF layer writes beside this one.
  nlohmann::ordered_json bone_map = nlohmann::ordered_json::array();
  for (const model::BoneTrack& track : clip.bones) bone_map.push_back(json_text(track.name));
  const nlohmann::ordered_json extras = {{"format", "gem"},
                                         {"version", version_name(file.version)},
                                         {"frame_count", clip.frame_count},
                                         {"fps", clip.fps},
                                         {"bone_map", std::move(bone_map)}};
  return compact_json(extras);
}

}  // namespace anmkit::gem
