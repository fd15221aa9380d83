#pragma once
// GEM <-> the neutral clip. Reading gives every bone's tracks; writing produces a file the way
// the game's exporter does: frame 0 and the last frame fully keyed for every bone, and in
// between only the components that changed, so the pose at every whole frame is kept.

#include <optional>
#include <string_view>
#include <vector>

#include "anmkit/core/expected.hpp"
#include "anmkit/formats/gem/gem_file.hpp"
#include "anmkit/formats/gem/mdl.hpp"
#include "anmkit/model/clip.hpp"
#include "anmkit/model/skeleton.hpp"

namespace anmkit::gem {

// Meaning of the keys (docs/formats/gem.md, "Meaning"):
//  - position, orientation (w rebuilt >= 0), scale: absolute parent-local values;
//  - a key with orientation or scale sets mirrored to its 0x04 bit; 0x04 alone sets it too;
//  - 0x08 shows the bone, 0x10 hides it (when both are set, hidden wins);
//  - FRMN MATR decomposes into translation, rotation, scale and mirrored (determinant < 0);
//  - keys of bones past BMAP and FRMN keys at negative frames are left out (validate reports
//    them); two keys of one component at one frame: the later in the file wins.
// Tracks are step tracks (the hold rule) at whole frames; fps is left at 30 (GEM does not
// store it).
// Without `mesh_payloads` the mesh keys are left out: a clip for sampling, which never reads
// them, and which then costs no copy of payloads that can be most of a file.
model::Clip to_clip(const File& file, bool mesh_payloads = true);

// The `.mdl` bones as a skeleton: each rest Matrix34 decomposed (translation, rotation, scale,
// mirrored when its determinant is negative).
model::Skeleton to_skeleton(const Mdl& mdl);

enum class Target { gem_4_0, gem_6_0, gem_6_1, gem_6_1_frm3 };
std::optional<Target> parse_target(std::string_view name);  // "gem-4.0", ..., "gem-6.1-frm3"
std::string_view target_name(Target target);
// Every target's name, oldest version first: what a GEM file converts to and imports as.
std::vector<std::string_view> target_names();

// The clip is sampled at every whole frame (any interpolation; keys at fractional frames count
// at the frames they shape). Fails (unsupported) when the clip cannot be stored: more than 256 bones for FRM2/FRM3,
// frames past 65535 for FRM2. Keys at or past clip.frame_count are not written.
// Rules for what cannot be said exactly (documented in docs/formats/gem.md):
//  - FRM2/FRM3 scale is written only for bones with a scale key other than exactly (1, 1, 1);
//  - the mirror is stated with a rotation key: a bone whose mirror changes before it has any
//    rotation key gets an identity rotation from that frame on;
//  - FRMN stores whole matrices: a component with no key yet is written as identity.
Expected<File> from_clip(const model::Clip& clip, Target target);

// A pose from another tool as the game's exporter states it: a rotation with a negative scale
// that is a reflection becomes the mirror flag with a positive scale (decomposed as Matrix34s
// are), and a scale within `tolerance` (model/tolerance.hpp) of 1 becomes exactly 1.
model::BonePose canonical_pose(model::BonePose pose, double tolerance);

// from_clip for a clip imported from another tool (glTF): poses made canonical, and a component
// keyed only where it moves beyond `tolerance` from the value last written (float noise adds no
// key); scale is written only for bones whose scale leaves 1 by more than the tolerance.
Expected<File> from_imported_clip(const model::Clip& clip, Target target, double tolerance);

}  // namespace anmkit::gem
