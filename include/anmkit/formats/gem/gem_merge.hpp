#pragma once
// A clip imported from another tool (glTF) written over the original file it came from, so that
// what the tool did not change keeps the original's exact bytes (docs/gltf.md, "--base").
//
// Bone order, flags, comments, version and frame layout come from the base. Per bone and part
// (position; rotation, scale and mirror together, compared as one matrix; visibility), frames
// are walked holding the value last written: where the base has a key and the imported pose is
// within the tolerance of the base's pose there, the base's key is kept bit for bit; elsewhere a
// key is written where the imported value leaves the held one by more than the tolerance. Mesh
// payloads come from the base (glTF cannot carry them). What is left out is said in warnings.

#include <string>
#include <vector>

#include "anmkit/core/expected.hpp"
#include "anmkit/formats/gem/gem_file.hpp"
#include "anmkit/model/clip.hpp"

namespace anmkit::gem {

struct BaseMerge {
  File file;
  std::vector<std::string> warnings;
};

// `tolerance` as model::within_tolerance takes it. Unchanged poses give the base back byte for
// byte. A base that cannot be merged key by key (FRMN records, frames out of order, two keys of
// one bone in one frame) is kept whole when every pose is within the tolerance, else written as
// from_imported_clip writes it, with a warning.
Expected<BaseMerge> merge_with_base(const File& base, const model::Clip& imported, double tolerance);

}  // namespace anmkit::gem
