#include "anmkit/formats/gem/gem_extras.hpp"

#include "anmkit/core/json_text.hpp"

namespace anmkit::gem {

model::FormatRecord clip_record(const File& file, const model::Clip& clip) {
  // Bones are named as the glTF's nodes are: through json_text's escape.
  std::vector<std::string> bone_map;
  for (const model::BoneTrack& track : clip.bones) bone_map.push_back(json_text(track.name));
  return {{{"format", std::string("gem")},
           {"version", version_name(file.version)},
           {"frame_count", std::uint64_t(clip.frame_count)},
           {"fps", clip.fps},
           {"bone_map", std::move(bone_map)}}};
}

}  // namespace anmkit::gem
