#pragma once
// A glTF animation read onto a game skeleton (ImportOptions::skeleton): whatever the glTF's node
// tree, axes and bone frames, each of the skeleton's bones gets its motion in the game's own
// parent-local values. What a DCC tool changes on the way (Blender's armature object holding the
// change of axes, bones turned to point at their children, helper nodes between bones) cancels:
//
//   A    the glTF's world transform of the game's world: the rest world of the glTF node above
//        the skeleton's first bone (anmkit_root, Blender's armature object), past that bone's
//        unmapped skeleton parents;
//   R_b  bone b's frame in the glTF against the game's, from the two rest poses:
//        R_b = (A * G_rest(b))^-1 * W_rest(node of b), which must move nothing (a bone that rests
//        elsewhere means another model: refused, naming it). G_rest is the game's rest, or, where
//        that does not fit, the rest a tool whose bones hold no scale has (Blender strips each
//        bone's scale and mirror from its rest, children unmoved, and keeps them in the pose);
//   G_f(b) = A^-1 * W_f(node of b) * R_b^-1 at each whole frame, and the bone's local transform
//        G_f(parent)^-1 * G_f(b), split into translation, rotation, scale and the mirror.
//
// A component is keyed (at frame 0 and wherever it moves past the tolerance) when it leaves the
// skeleton's rest at some frame; else it has no keys and the game shows the rest. Animated nodes
// that are no bone of the skeleton are refused by name.

#include <vector>

#include "anmkit/core/diagnostic.hpp"
#include "anmkit/model/clip.hpp"
#include "anmkit/model/skeleton.hpp"
#include "gltf_import_source.hpp"

namespace anmkit::gltf::detail {

// `s` was loaded with every node (load_source's every_node). Throws ErrorException.
model::Clip clip_on_skeleton(const Source& s, const ImportOptions& options, const model::Skeleton& skeleton,
                             std::vector<Wording>& warnings);

}  // namespace anmkit::gltf::detail
