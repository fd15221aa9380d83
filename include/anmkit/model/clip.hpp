#pragma once
// The neutral skeletal animation: an editable, format-independent clip in the spirit of
// ozz-animation's RawAnimation. Every format codec converts its lossless file model to and from
// it (gem::to_clip/from_clip, lm::to_clip/from_clip, the glTF importer), and one evaluator,
// sample(), serves every format. The rest pose lives apart, in a Skeleton (skeleton.hpp).
//
// Per bone, translation, rotation and scale are tracks of keys holding absolute parent-local
// values at real-valued frames, each track with one interpolation:
//   step     a value holds until the next key, then changes at that frame (GEM's engine);
//            before the first key the bone keeps its rest value, which the clip does not know:
//            sample() reports that with has_* = false;
//   linear   component-wise lerp between keys (rotations: shortest-path slerp);
//   hermite  cubic Hermite per component between keys a and b, with u = (f - a) / (b - a) and
//            tangents a.out_tangent * (b - a) and b.in_tangent * (b - a), tangents in value per
//            frame (LM; glTF CUBICSPLINE); rotations are normalised after, as glTF does.
// Linear and hermite tracks hold their first value before the first key and their last value
// after the last key (as glTF and LM do).
// A rotation is either a quaternion track or, when `rotation` has no keys, an Euler track:
// angles in radians composed as Rz * Ry * Rx (column vectors), evaluated per angle and then
// turned into a quaternion (LM stores rotations so). Visibility, the mirror and mesh payloads
// are events at whole frames that hold until the next one.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "anmkit/core/diagnostic.hpp"
#include "anmkit/model/format_record.hpp"
#include "anmkit/model/math.hpp"
#include "anmkit/model/mesh_motion.hpp"

namespace anmkit::model {

enum class Interpolation : std::uint8_t { step, linear, hermite };
std::string_view interpolation_name(Interpolation i);  // "step", "linear", "hermite"

template <class T>
struct Keyframe {
  double frame = 0;
  T value{};
  T in_tangent{};   // hermite only: slope arriving at the key, per frame
  T out_tangent{};  // hermite only: slope leaving the key, per frame
  friend bool operator==(const Keyframe&, const Keyframe&) = default;
};

template <class T>
struct Track {
  Interpolation interpolation = Interpolation::step;
  std::vector<Keyframe<T>> keys;
  bool empty() const { return keys.empty(); }
  friend bool operator==(const Track&, const Track&) = default;
};

// An event at a whole frame (visibility, mirror).
template <class T>
struct Key {
  std::uint32_t frame = 0;
  T value{};
  friend bool operator==(const Key&, const Key&) = default;
};

// An opaque per-vertex animation payload (GEM mesh animation), kept as bytes.
struct MeshKey {
  std::uint32_t frame = 0;
  std::vector<std::uint8_t> payload;
  friend bool operator==(const MeshKey&, const MeshKey&) = default;
};

// A bone's local values where its source keys nothing, as the source shows them (a glTF node's
// own translation, rotation and scale): an importer's hint that lets a merge tell a part set
// once (one key in Blender holds for the whole clip) from a part left alone. No format stores it.
struct ShownAtRest {
  Vec3 translation;
  Quat rotation;
  Vec3 scale{1, 1, 1};
  friend bool operator==(const ShownAtRest&, const ShownAtRest&) = default;
};

struct BoneTrack {
  std::string name;
  Track<Vec3> translation;
  Track<Quat> rotation;        // unit quaternions, any sign
  Track<Vec3> euler_rotation;  // radians, Rz * Ry * Rx; used only when `rotation` has no keys
  Track<Vec3> scale;
  std::vector<Key<bool>> visible;
  std::vector<Key<bool>> mirrored;  // local Z axis negated (a scale of 1, 1, -1)
  std::vector<MeshKey> mesh;
  std::optional<ShownAtRest> shown_at_rest;  // set by an import that knows it
  friend bool operator==(const BoneTrack&, const BoneTrack&) = default;
};

// Frames per second where a file does not say (neither GEM nor LM stores it).
inline constexpr double default_fps = 30;

struct Clip {
  std::uint32_t frame_count = 0;  // whole frames 0 .. frame_count - 1 are shown
  double fps = default_fps;
  bool loop = false;              // playback wraps at frame_count (LM's loop flag)
  std::vector<BoneTrack> bones;
  std::vector<std::vector<std::uint8_t>> comments;  // free text carried across conversions
  // The unit the file stores Euler angles in, and radians per unit: how to show them as stored
  // (LM's rotation-unit; radians for a format that stores none).
  std::string euler_unit = "radians";
  double euler_unit_radians = 1;
  // What the format needs back that a clip cannot say (its version, how its keys were counted):
  // exporters record it (glTF extras.anmkit), importers restore it, and the format reads it
  // back when it is written from the clip. Empty: nothing.
  FormatRecord record;
  // Meshes' vertex animation an import on a skeleton read (mesh_motion.hpp); formats that
  // animate meshes write it, others say it is not written.
  std::vector<MeshMotion> mesh_motions;

  // The rules a valid clip follows; every finding points at the offending key with a JSON
  // pointer such as "/bones/2/rotation/5":
  //  errors:   keys of a track in strictly ascending frame order; finite frames, values and
  //            tangents; quaternion rotations of unit length (within 1e-3); a bone with both
  //            quaternion and Euler rotation keys; an empty bone name; fps not positive;
  //  warnings: keys at or past frame_count; two bones with the same name (case-insensitive).
  std::vector<Diagnostic> validate() const;
  friend bool operator==(const Clip&, const Clip&) = default;
};

struct BonePose {
  Vec3 translation;
  Quat rotation;
  Vec3 scale{1, 1, 1};
  Vec3 euler;  // radians, when the rotation comes from an Euler track
  bool visible = true;
  bool mirrored = false;
  bool has_translation = false;
  bool has_rotation = false;
  bool has_scale = false;
  bool has_euler = false;
  friend bool operator==(const BonePose&, const BonePose&) = default;
};

// The pose of every bone at `frame` (any real frame; see the rules above).
std::vector<BonePose> sample(const Clip& clip, double frame);
BonePose sample_bone(const BoneTrack& bone, double frame);

// The last whole frame a clip covers: frame_count - 1, or for a loop frame_count itself (the
// wrap frame, equal to frame 0), so that exports and LM's frame count cover the whole cycle.
inline std::uint32_t last_frame(std::uint32_t frame_count, bool loop) {
  return frame_count == 0 ? 0 : loop ? frame_count : frame_count - 1;
}
inline std::uint32_t last_frame(const Clip& clip) { return last_frame(clip.frame_count, clip.loop); }

// The frame shown at `frame` (>= 0): looping clips wrap at frame_count, others stop at the last
// frame.
double playback_frame(const Clip& clip, double frame);

// Track evaluation, exposed for exporters that resample (never called before the first key of
// a step track: the caller knows the rest value).
Vec3 evaluate(const Track<Vec3>& track, double frame);
Quat evaluate(const Track<Quat>& track, double frame);

// Names match case-insensitively (GEM names are ASCII and matched that way against skeletons).
bool names_equal(std::string_view a, std::string_view b);
std::string ascii_lower(std::string_view s);  // A-Z to a-z, every other byte kept

}  // namespace anmkit::model
