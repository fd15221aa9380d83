#include "anmkit/model/sampler.hpp"

#include <algorithm>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <stdexcept>

#include "interpolate.hpp"
#include "pose_quaternions.hpp"

namespace anmkit::model {
namespace {

// Arrays are indexed by 32 bits: a clip past that would need hundreds of gigabytes anyway.
std::uint32_t index32(std::size_t n) {
  if (n > std::numeric_limits<std::uint32_t>::max()) throw std::length_error("clip too large for the sampler");
  return static_cast<std::uint32_t>(n);
}

// The index of the first of n key frames after `frame` (n when none): std::upper_bound with the
// comparison clip.cpp uses, so that even keys out of order give model::sample's answer.
std::uint32_t first_after(const double* frames, std::uint32_t n, double frame) {
  return static_cast<std::uint32_t>(
      std::upper_bound(frames, frames + n, frame, [](double f, double k) { return f < k; }) - frames);
}

// The same index for keys in ascending order, starting from the last one found: playback moves
// a key or two per frame, so a few steps beat a binary search; farther jumps fall back to it.
// For ascending keys only one index satisfies both sides, so the answer is upper_bound's.
inline std::uint32_t first_after(const double* frames, std::uint32_t n, double frame, std::uint32_t& hint) {
  std::uint32_t i = std::min(hint, n);
  if (i > 0 && frame < frames[i - 1]) {
    i = (i > 1 && !(frame < frames[i - 2])) ? i - 1 : first_after(frames, i - 1, frame);
  } else {
    constexpr int steps = 4;
    int s = 0;
    while (i < n && !(frame < frames[i]) && s < steps) ++i, ++s;
    if (s == steps && i < n && !(frame < frames[i])) i += first_after(frames + i, n - i, frame);
  }
  hint = i;
  return i;
}

}  // namespace

Sampler::Sampler(const Clip& clip) : frame_count_(clip.frame_count), loop_(clip.loop) {
  std::size_t keys = 0, vec3s = 0, quats = 0, events = 0;
  for (const BoneTrack& t : clip.bones) {
    keys += t.translation.keys.size() + t.rotation.keys.size() + t.euler_rotation.keys.size() + t.scale.keys.size() +
            t.visible.size() + t.mirrored.size();
    vec3s += 3 * (t.translation.keys.size() + t.euler_rotation.keys.size() + t.scale.keys.size());
    quats += 3 * t.rotation.keys.size();
    events += t.visible.size() + t.mirrored.size();
  }
  frames_.reserve(keys);
  vec3s_.reserve(vec3s);
  quats_.reserve(quats);
  flags_.reserve(events);
  index32(std::max({keys, vec3s, quats}));

  auto add_track = [this](const auto& track, auto& values) {
    TrackRef ref;
    ref.begin = index32(frames_.size());
    ref.count = index32(track.keys.size());
    ref.interpolation = track.interpolation;
    ref.value = index32(values.size());
    for (const auto& k : track.keys) values.push_back(k.value);
    ref.tangent = index32(values.size());
    if (track.interpolation == Interpolation::hermite) {
      for (const auto& k : track.keys) {
        values.push_back(k.in_tangent);
        values.push_back(k.out_tangent);
      }
    }
    for (std::size_t i = 0; i < track.keys.size(); ++i) {
      frames_.push_back(track.keys[i].frame);
      if (i > 0 && !(track.keys[i].frame > track.keys[i - 1].frame)) ref.ascending = false;
    }
    if (!track.keys.empty() && track.keys[0].frame != track.keys[0].frame) ref.ascending = false;  // NaN
    return ref;
  };
  auto add_events = [this](const std::vector<Key<bool>>& list) {
    TrackRef ref;
    ref.begin = index32(frames_.size());
    ref.count = index32(list.size());
    ref.value = index32(flags_.size());
    for (std::size_t i = 0; i < list.size(); ++i) {
      frames_.push_back(double(list[i].frame));
      flags_.push_back(static_cast<std::uint8_t>(list[i].value));
      if (i > 0 && !(list[i].frame > list[i - 1].frame)) ref.ascending = false;
    }
    return ref;
  };

  // A bone's tracks often have their keys at the same frames (GEM keys translation and rotation
  // together; LM's tracks are unions of the same axes): one copy of the frames, found once.
  auto share_frames = [this](TrackRef& ref, std::uint8_t slot, std::initializer_list<const TrackRef*> earlier) {
    ref.search = slot;
    const std::size_t bytes = sizeof(double) * ref.count;
    for (const TrackRef* e : earlier) {
      const bool same = ref.count != 0 && e->count == ref.count && ref.begin + ref.count == frames_.size() &&
                        std::memcmp(frames_.data() + e->begin, frames_.data() + ref.begin, bytes) == 0;  // bits: -0 is not 0
      if (same) {
        frames_.resize(ref.begin);
        ref.begin = e->begin;
        ref.search = e->search;
        return;
      }
    }
  };

  bones_.reserve(clip.bones.size());
  for (const BoneTrack& t : clip.bones) {
    BoneRef b;
    // Shared as soon as added, while the new frames are the last ones.
    b.translation = add_track(t.translation, vec3s_);
    share_frames(b.translation, 0, {});
    b.euler = t.rotation.empty();
    b.rotation = b.euler ? add_track(t.euler_rotation, vec3s_) : add_track(t.rotation, quats_);
    share_frames(b.rotation, 1, {&b.translation});
    b.scale = add_track(t.scale, vec3s_);
    share_frames(b.scale, 2, {&b.translation, &b.rotation});
    b.visible = add_events(t.visible);
    share_frames(b.visible, 3, {&b.translation, &b.rotation, &b.scale});
    b.mirrored = add_events(t.mirrored);
    share_frames(b.mirrored, 4, {&b.translation, &b.rotation, &b.scale, &b.visible});
    bones_.push_back(b);
  }
}

namespace {

// Where `frame` falls among a track's keys (see first_after).
inline std::uint32_t locate(const double* frames, std::uint32_t n, bool ascending, double frame, std::uint32_t* hint) {
  return hint && ascending ? first_after(frames, n, frame, *hint) : first_after(frames, n, frame);
}

}  // namespace

void Sampler::sample_bone(const BoneRef& bone, double frame, BonePose& out, std::uint32_t* hints) const {
  const double* frames = frames_.data();
  // Where `frame` falls among a track's keys, found once per call for the tracks that share
  // their frames, with the division that makes u (the same operations on the same values).
  struct Place {
    bool found = false, has_u = false;
    std::uint32_t after = 0;
    double u = 0;
  } places[tracks_per_bone];
  auto find = [&](const TrackRef& t) __attribute__((always_inline)) -> Place& {
    Place& place = places[t.search];
    if (!place.found) {
      place.after = locate(frames + t.begin, t.count, t.ascending, frame, hints ? hints + t.search : nullptr);
      place.found = true;
    }
    return place;
  };
  // model::evaluate's rules (clip.cpp) on a track's arrays.
  auto evaluate = [&](const TrackRef& t, const auto* values) __attribute__((always_inline)) {
    Place& at = find(t);
    const auto* v = values + t.value;
    if (t.interpolation == Interpolation::step) return v[at.after == 0 ? 0 : at.after - 1];  // the common case first
    if (at.after == 0) return v[0];
    if (at.after == t.count) return v[t.count - 1];
    const std::uint32_t a = at.after - 1;
    const double* f = frames + t.begin;
    const double gap = f[a + 1] - f[a];
    if (!(gap > 0)) return v[a];
    if (!at.has_u) {
      at.u = (frame - f[a]) / gap;
      at.has_u = true;
    }
    if (t.interpolation == Interpolation::linear) return interpolate::linear(v[a], v[a + 1], at.u);
    const auto* tangents = values + t.tangent;  // in, out per key
    return interpolate::cubic(v[a], tangents[2 * a + 1], v[a + 1], tangents[2 * a + 2], gap, at.u);
  };
  // Before a step track's first key the bone keeps its rest value (has_value in clip.cpp).
  auto has_value = [&](const TrackRef& t) {
    return t.count > 0 && (t.interpolation != Interpolation::step || !(frame < frames[t.begin]));
  };
  auto event = [&](const TrackRef& t, bool& value) {
    if (t.count == 0) return;
    if (const std::uint32_t after = find(t).after; after > 0) value = flags_[t.value + after - 1] != 0;
  };

  BonePose p;
  if ((p.has_translation = has_value(bone.translation))) {
    p.translation = evaluate(bone.translation, vec3s_.data());
  }
  if (has_value(bone.rotation)) {
    p.has_rotation = true;
    if (bone.euler) {
      p.euler = evaluate(bone.rotation, vec3s_.data());
      p.has_euler = true;  // its quaternion comes after every bone's tracks (pose_quaternions.hpp)
    } else {
      p.rotation = evaluate(bone.rotation, quats_.data());
    }
  }
  if ((p.has_scale = has_value(bone.scale))) p.scale = evaluate(bone.scale, vec3s_.data());
  event(bone.visible, p.visible);
  event(bone.mirrored, p.mirrored);
  out = p;
}

bool Sampler::sample(double frame, std::span<BonePose> out) const {
  if (out.size() != bones_.size()) return false;
  for (std::size_t b = 0; b < bones_.size(); ++b) sample_bone(bones_[b], frame, out[b], nullptr);
  detail::euler_to_quaternions(out);
  return true;
}

bool Sampler::sample(double frame, std::span<BonePose> out, Cursor& cursor) const {
  if (out.size() != bones_.size()) return false;
  if (cursor.hints_.size() != track_count()) cursor.hints_.assign(track_count(), 0);
  std::uint32_t* hints = cursor.hints_.data();
  for (std::size_t b = 0; b < bones_.size(); ++b) sample_bone(bones_[b], frame, out[b], hints + b * tracks_per_bone);
  detail::euler_to_quaternions(out);
  return true;
}

bool Sampler::sample_frames(std::uint32_t first, std::uint32_t count, std::span<BonePose> out) const {
  const std::size_t bones = bones_.size();
  if (bones != 0 && count > out.size() / bones) return false;  // also keeps count * bones from overflowing
  if (out.size() != std::size_t(count) * bones) return false;
  // Bone by bone: one bone's keys stay in cache and its hints local across the frames.
  for (std::size_t b = 0; b < bones; ++b) {
    std::uint32_t hints[tracks_per_bone] = {};
    for (std::uint32_t i = 0; i < count; ++i) {
      sample_bone(bones_[b], double(first) + double(i), out[std::size_t(i) * bones + b], hints);
    }
  }
  detail::euler_to_quaternions(out);
  return true;
}

bool Sampler::sample_bone(std::size_t bone, double frame, BonePose& out, Cursor& cursor) const {
  if (bone >= bones_.size()) return false;
  if (cursor.hints_.size() != track_count()) cursor.hints_.assign(track_count(), 0);
  sample_bone(bones_[bone], frame, out, cursor.hints_.data() + bone * tracks_per_bone);
  detail::euler_to_quaternions(std::span<BonePose>(&out, 1));
  return true;
}

}  // namespace anmkit::model
