#pragma once
// The neutral skeletal clip: an editable, format-independent animation in the spirit of
// ozz-animation's RawAnimation. Format codecs convert their lossless file models to and from it.
//
// Keys hold absolute parent-local values. Between keys a value holds (step interpolation), as
// GEM's engine plays them: the pose at whole frame f takes, per component, the last key at or
// before f. A component with no key at or before f keeps the bone's rest value, which the clip
// does not know (a skeleton supplies it); sample() reports that with `has_*` = false.

#include <cstdint>
#include <string>
#include <vector>

#include "anmkit/core/diagnostic.hpp"
#include "anmkit/model/math.hpp"

namespace anmkit::model {

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

struct BoneTrack {
  std::string name;
  std::vector<Key<Vec3>> translation;
  std::vector<Key<Quat>> rotation;  // unit quaternions, any sign
  std::vector<Key<Vec3>> scale;
  std::vector<Key<bool>> visible;
  std::vector<Key<bool>> mirrored;  // local Z axis negated (a scale of 1, 1, -1)
  std::vector<MeshKey> mesh;
  friend bool operator==(const BoneTrack&, const BoneTrack&) = default;
};

struct Clip {
  std::uint32_t frame_count = 0;  // frames 0 .. frame_count - 1
  std::vector<BoneTrack> bones;
  std::vector<std::vector<std::uint8_t>> comments;  // free text carried across conversions

  // The rules a valid clip follows; every finding points at the offending key with a JSON
  // pointer such as "/bones/2/rotation/5":
  //  errors:   keys of a track in strictly ascending frame order; rotations of unit length
  //            (within 1e-3); finite translation, rotation and scale values; empty bone names;
  //  warnings: keys at or past frame_count; two bones with the same name (case-insensitive).
  std::vector<Diagnostic> validate() const;
  friend bool operator==(const Clip&, const Clip&) = default;
};

struct BonePose {
  Vec3 translation;
  Quat rotation;
  Vec3 scale{1, 1, 1};
  bool visible = true;
  bool mirrored = false;
  bool has_translation = false;
  bool has_rotation = false;
  bool has_scale = false;
  friend bool operator==(const BonePose&, const BonePose&) = default;
};

// The pose of every bone at whole frame `frame` under the hold rule.
std::vector<BonePose> sample(const Clip& clip, std::uint32_t frame);

// Names match case-insensitively (GEM names are ASCII and matched that way against skeletons).
bool names_equal(std::string_view a, std::string_view b);

}  // namespace anmkit::model
