#include "anmkit/export/lm_gltf.hpp"

#include "anmkit/export/clip_gltf.hpp"
#include "anmkit/formats/lm/lm_clip.hpp"

namespace anmkit::gltf {

Expected<Scene> lm_scene(const lm::File& file, const LmOptions& options) {
  auto clip = lm::to_clip(file, options.unit, options.fps);
  if (!clip) return clip.error();
  // LM is Y up and its units are the engine's own: the root changes nothing.
  Scene scene = skeleton_scene(options.scene_graph ? lm::to_skeleton(*options.scene_graph) : model::Skeleton{}, model::Quat{}, 1);
  const auto node_of = bind_bones(scene, *clip, nullptr);
  auto anim = clip_animation(scene, *clip, node_of, ClipExportOptions{options.rotation_samples, options.animation_name});
  if (!anim) return anim.error();
  anim->extras = {{"anmkit", {{"format", "lm"}, {"version", file.version}, {"frame_count", file.frame_count},
                              {"fps", options.fps}, {"loop", file.loop == 1}, {"node_count", file.groups.size()},
                              {"rotation_unit", options.unit == lm::RotationUnit::degrees    ? "degrees"
                                                : options.unit == lm::RotationUnit::turn4096 ? "turn4096"
                                                                                             : "radians"}}}};
  scene.animations.push_back(std::move(*anim));
  return scene;
}

}  // namespace anmkit::gltf
