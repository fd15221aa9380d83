#pragma once
// A clip compiled for playback, as ozz-animation splits its runtime from RawAnimation: every
// track's key frames in one contiguous array and its values in another, so that finding the
// segment touches only frames, and sampling allocates nothing. It evaluates exactly as
// model::sample (clip.hpp) does: the same BonePose, bit for bit, at any frame, for valid clips
// and invalid ones alike (keys out of order are searched as model::sample searches them).
//
// Sequential playback keeps a Cursor, one key index per track, so that the next frame's segment
// is found in a step or two instead of a binary search; the cursor is only a hint, and any frame
// in any order stays correct with it.

#include <cstdint>
#include <span>
#include <vector>

#include "anmkit/model/clip.hpp"

namespace anmkit::model {

class Sampler {
 public:
  // Per-track key hints for sequential sampling, owned by the caller (one per playing instance;
  // a Sampler is shared read-only between threads, a Cursor is not). It allocates once, when
  // made for a sampler or on its first use with one; any Cursor works with any Sampler.
  class Cursor {
   public:
    Cursor() = default;
    explicit Cursor(const Sampler& sampler) : hints_(sampler.track_count(), 0) {}

   private:
    friend class Sampler;
    std::vector<std::uint32_t> hints_;
  };

  Sampler() = default;  // no bones
  // Copies what sampling needs; the clip may go afterwards. Throws std::length_error past 2^32
  // keys or values.
  explicit Sampler(const Clip& clip);

  std::size_t bone_count() const { return bones_.size(); }
  std::uint32_t frame_count() const { return frame_count_; }
  bool loop() const { return loop_; }

  // The pose of every bone at `frame`, as model::sample(clip, frame) (no wrapping: pass
  // playback_frame() for that). `out` must hold exactly bone_count() poses; otherwise nothing is
  // written and the result is false.
  bool sample(double frame, std::span<BonePose> out) const;
  bool sample(double frame, std::span<BonePose> out, Cursor& cursor) const;

  // Whole frames first .. first + count - 1, frame by frame: out[i * bone_count() + b] is bone b
  // at frame first + i. `out` must hold exactly count * bone_count() poses; otherwise nothing is
  // written and the result is false.
  bool sample_frames(std::uint32_t first, std::uint32_t count, std::span<BonePose> out) const;

  // Bone `bone`'s pose at `frame`, as model::sample_bone(clip.bones[bone], frame): for a writer
  // that walks one bone over many frames (the cursor keeps that bone's hints). False, and
  // nothing written, when `bone` is not below bone_count().
  bool sample_bone(std::size_t bone, double frame, BonePose& out, Cursor& cursor) const;

 private:
  // One track: its keys are frames_[begin .. begin + count) (a bone's tracks keyed at the same
  // frames share one copy), its values from `value` on (and for hermite, in and out tangents
  // interleaved from `tangent` on).
  struct TrackRef {
    std::uint32_t begin = 0;
    std::uint32_t count = 0;
    std::uint32_t value = 0;
    std::uint32_t tangent = 0;
    Interpolation interpolation = Interpolation::step;
    bool ascending = true;  // strictly ascending, no NaN: a hint may start the search
    std::uint8_t search = 0;  // the bone's slot whose search (and hint) this track's frames use
  };
  struct BoneRef {  // slots 0 .. 4 in this order
    TrackRef translation, rotation, scale;  // rotation: quaternion, or Euler when `euler`
    TrackRef visible, mirrored;             // events: frames_, values in flags_
    bool euler = false;
  };

  static constexpr std::size_t tracks_per_bone = 5;
  std::size_t track_count() const { return bones_.size() * tracks_per_bone; }
  // `hints`: the bone's tracks_per_bone key hints, or null for a plain binary search.
  void sample_bone(const BoneRef& bone, double frame, BonePose& out, std::uint32_t* hints) const;

  std::vector<BoneRef> bones_;
  std::vector<double> frames_;  // every track's and event's key frames, track after track
  std::vector<Vec3> vec3s_;     // translation, scale and Euler values and tangents
  std::vector<Quat> quats_;     // quaternion values and tangents
  std::vector<std::uint8_t> flags_;  // event values
  std::uint32_t frame_count_ = 0;
  bool loop_ = false;
};

}  // namespace anmkit::model
