#pragma once
// A Luigi's Mansion animation as a glTF scene (docs/gltf.md), through the neutral clip
// (lm::to_clip, then clip_gltf.hpp). Nodes are named node_<index>, with the `.bin` scene graph's
// hierarchy and rest pose when given. LM values replace the rest pose entirely (an unkeyed track
// is its default), so every node gets all three channels: translation and scale as CUBICSPLINE
// (the file's own Hermite keys, slopes x fps), rotation from the evaluated Euler angles
// (Rz * Ry * Rx) resampled `rotation_samples` times a frame, LINEAR, so that between frames the
// error stays far below 1e-4 rad. At whole frames the pose is exactly `anmkit sample`'s. LM is
// Y up: the root carries no change of axes.

#include <string>

#include "anmkit/core/expected.hpp"
#include "anmkit/export/gltf.hpp"
#include "anmkit/formats/lm/lm_bin.hpp"
#include "anmkit/formats/lm/lm_curves.hpp"
#include "anmkit/formats/lm/lm_file.hpp"

namespace anmkit::gltf {

struct LmOptions {
  double fps = 30;
  const lm::SceneGraph* scene_graph = nullptr;
  lm::RotationUnit unit = lm::RotationUnit::degrees;
  std::size_t rotation_samples = 8;  // per frame
  std::string animation_name = "animation";
};

// Fails when a track's data lies past the end of the file.
Expected<Scene> lm_scene(const lm::File& file, const LmOptions& options);

}  // namespace anmkit::gltf
