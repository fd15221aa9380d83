#pragma once
// A clip imported from another tool (glTF) written over the original LM file it came from
// (docs/gltf.md, "--base"): a track whose samples at every whole frame lie within the tolerance
// of the base keeps the base's keys and slopes exactly; the others are fitted as from_clip fits
// them. Rotation is judged per node as a whole (its three angles are one rotation, and another
// tool's angles may take another branch). Nothing moved: the base comes back byte for byte.

#include <string>
#include <vector>

#include "anmkit/core/expected.hpp"
#include "anmkit/formats/lm/lm_clip.hpp"
#include "anmkit/formats/lm/lm_file.hpp"
#include "anmkit/model/clip.hpp"

namespace anmkit::lm {

struct BaseMerge {
  File file;
  std::vector<std::string> warnings;
};

// options.tolerance as model::within_tolerance takes it (rotations compared as matrices).
Expected<BaseMerge> merge_with_base(const File& base, const model::Clip& imported, const WriteOptions& options);

}  // namespace anmkit::lm
