#pragma once
// The neutral clip as glTF (docs/gltf.md): one builder for every format. Each bone animates the
// node of its name (a skeleton's joint, or a new node under the root), with its own local
// values, so that glTF sampled at every whole frame gives exactly model::sample's pose:
//   step tracks     STEP at their key frames; a track whose first key comes after frame 0 gets a
//                   key at 0 holding the node's rest value, as glTF holds the first value before it;
//   linear tracks   LINEAR (rotations kept in one hemisphere from key to key, so slerp agrees);
//   hermite tracks  CUBICSPLINE with tangents x fps (per second);
//   Euler rotations resampled to quaternions `rotation_samples` times a frame, LINEAR, which
//                   keeps the error between frames far below 1e-4 rad at game speeds;
//   scale           z negated while mirrored and 0 while hidden; a bone with visibility or
//                   mirror keys (or a mirrored rest pose) gets a STEP scale channel keyed
//                   wherever any of them changes; before its first mirror or visibility key
//                   the rest's holds (a joint hidden at rest, Node::shown, at scale 0).
// Keys of step tracks past the last frame shown are left out.

#include <span>
#include <string>
#include <vector>

#include "anmkit/gltf/gltf.hpp"
#include "anmkit/model/clip.hpp"
#include "anmkit/model/skeleton.hpp"

namespace anmkit::gltf {

struct ClipExportOptions {
  std::size_t rotation_samples = 8;  // per frame, for Euler tracks
  std::string animation_name = "animation";
};

// One node per joint, in order, under a root that carries the change of handedness, axes and
// units (skeleton.to_right_handed, to_y_up, metres_per_unit).
Scene skeleton_scene(const model::Skeleton& skeleton);

// Each bone's node: the scene's node of the same name (case-insensitive), else a new node under
// the root, reported in `missing` (bone names).
std::vector<std::size_t> bind_bones(Scene& scene, const model::Clip& clip, std::vector<std::string>* missing);

// The clip's channels on the bound nodes (times in seconds at clip.fps). Fails only when the
// resampled channels (Euler rotations; scale of non-step tracks with visibility or mirror keys)
// would pass 2^26 values; a clip of step, linear and hermite tracks never fails.
Expected<Animation> clip_animation(const Scene& scene, const model::Clip& clip, const std::vector<std::size_t>& node_of,
                                   const ClipExportOptions& options);

// bind_bones and clip_animation, then the animation (with the clip's record) added to the scene.
// `missing`, when given, receives the animated bones the scene has no node for. The animation
// refers to the clip's mesh payloads (BoneEvents::mesh): the clip must outlive write(scene).
Expected<void> add_animation(Scene& scene, const model::Clip& clip, const ClipExportOptions& options,
                             std::vector<std::string>* missing);

// A mesh animation as the morph weights of figure mesh `mesh` (which has `targets` morph
// targets): STEP, from each key's frame on its target in full and the others 0, its own shape
// before the first key; keys past `last_frame` left out. Empty (no times) without keys.
Channel morph_channel(std::size_t mesh, std::size_t targets, std::span<const model::MorphKey> keys, double fps,
                      std::uint32_t last_frame);
}  // namespace anmkit::gltf
