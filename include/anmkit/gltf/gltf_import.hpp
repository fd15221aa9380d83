#pragma once
// glTF 2.0 back into game animations (docs/gltf.md, Import). The animation is sampled at every
// whole frame; nodes map to bones by name (in the bone-map order that extras.anmkit records when
// anmkit wrote the file, else in node order, the root left out). What extras.anmkit holds
// (visibility and mirrored keys, mesh payloads, comments, frame count, fps) is restored.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "anmkit/core/expected.hpp"
#include "anmkit/core/limits.hpp"
#include "anmkit/model/clip.hpp"

namespace anmkit::gltf {

// What the clip is for: GEM keeps the rest value where a node is not animated and folds scale's
// sign and zero into the mirror and visibility; LM replaces the rest pose, so a node's own
// value stands where it is not animated, and scale is only scale.
enum class ImportTarget { gem, lm };

struct ImportOptions {
  std::string animation;       // a name or an index; empty: the first
  double fps = model::default_fps;  // used when extras.anmkit does not say
  float tolerance = 1e-6f;     // a component changes when it moves more than this
  ImportTarget target = ImportTarget::gem;
  // The input cap covers the file and its external buffers together; frames, bones (the nodes
  // imported) and keys (of every channel read) are capped as the formats' readers cap them.
  ReadLimits limits;
  // The glTF file's folder, where its external buffers (`uri` files) are read from. Empty: the
  // bytes came from elsewhere, and only embedded buffers (GLB, data: URIs) are read.
  std::string folder;
};

// The neutral clip: every component a node animates is sampled at every whole frame (0 to the
// last frame shown, a loop's wrap frame included) and keyed, as a step track, where it moves by
// more than the tolerance. For GEM, scale's z sign and zero become the mirrored and visible
// tracks (unless extras.anmkit recorded them). What extras.anmkit holds comes back as the clip's
// extras, for the format to read. Reads .glb or .gltf, with embedded or external buffers.
Expected<model::Clip> import_clip(std::span<const std::uint8_t> bytes, const ImportOptions& options);
// The same, adding what the import cannot keep to `warnings` (keys between whole frames).
Expected<model::Clip> import_clip(std::span<const std::uint8_t> bytes, const ImportOptions& options,
                                  std::vector<std::string>& warnings);

// A .glb, or glTF JSON (an object with an "asset").
bool looks_like_gltf(std::span<const std::uint8_t> bytes);

}  // namespace anmkit::gltf
