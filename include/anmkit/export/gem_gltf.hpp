#pragma once
// A GEM animation as a glTF scene (docs/gltf.md). Each bone is a node named as the bone, its
// local values the file's own: translation = position, rotation = (x, y, z, +w), scale = scale
// with z negated while mirrored and 0 while hidden. Channels are STEP, keyed where the file keys,
// so that at every whole frame the glTF pose is exactly the hold rule's. The change of axes (GEM
// is Z up) and units (about 20 per metre) sit on the root node only.

#include <string>
#include <vector>

#include "anmkit/core/expected.hpp"
#include "anmkit/export/gltf.hpp"
#include "anmkit/formats/gem/gem_file.hpp"
#include "anmkit/formats/gem/mdl.hpp"

namespace anmkit::gltf {

struct GemOptions {
  double fps = 30;
  const gem::Mdl* skeleton = nullptr;  // bone tree and rest transforms, matched by name
  std::string animation_name = "animation";
};

struct GemScene {
  Scene scene;
  std::vector<std::string> warnings;  // animated bones the skeleton lacks (exported under the root)
};

Expected<GemScene> gem_scene(const gem::File& file, const GemOptions& options);

// A skeleton alone (no animation), for `convert MODEL.mdl -o MODEL.glb`; animations are added
// with add_gem_animation.
Scene skeleton_scene(const gem::Mdl& skeleton);
Expected<std::vector<std::string>> add_gem_animation(Scene& scene, const gem::File& file, const GemOptions& options);

}  // namespace anmkit::gltf
