#include "anmkit/model/clip.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include <fmt/format.h>

#include "interpolate.hpp"

namespace anmkit::model {
namespace {

char lower(char c) { return (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c; }

bool finite(const Vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }
bool finite(const Quat& q) { return finite(Vec3{q.x, q.y, q.z}) && std::isfinite(q.w); }

// The first key after `frame` (keys ascend in a valid clip; in an invalid one the search still
// stays inside the array).
template <class K>
auto first_after(const std::vector<K>& keys, double frame) {
  return std::upper_bound(keys.begin(), keys.end(), frame,
                          [](double f, const K& k) { return f < double(k.frame); });
}

template <class K>
const K* event_at(const std::vector<K>& keys, double frame) {
  auto it = first_after(keys, frame);
  return it == keys.begin() ? nullptr : &*std::prev(it);
}

template <class T, class Lerp, class Cubic>
T evaluate_track(const Track<T>& track, double frame, Lerp lerp, Cubic cubic) {
  const auto& keys = track.keys;
  if (keys.empty()) return T{};
  auto after = first_after(keys, frame);
  if (after == keys.begin()) return keys.front().value;
  if (after == keys.end()) return keys.back().value;
  const Keyframe<T>& a = *std::prev(after);
  const Keyframe<T>& b = *after;
  const double gap = b.frame - a.frame;
  if (track.interpolation == Interpolation::step || !(gap > 0)) return a.value;
  const double u = (frame - a.frame) / gap;
  if (track.interpolation == Interpolation::linear) return lerp(a.value, b.value, u);
  return cubic(a, b, u, gap);
}

struct Checker {
  std::vector<Diagnostic>& out;
  void add(Severity s, std::string id, std::string pointer, std::string message) {
    out.push_back(Diagnostic{s, std::move(id), std::move(message), std::nullopt, std::move(pointer)});
  }
};

// Shared by keyframes and events: ascending finite frames; `past_end_warns` for keys whose
// frame is a frame shown (step keys, events), not a curve's control point.
template <class K, class ValueCheck>
void check_keys(Checker& c, const Clip& clip, std::size_t bone, const char* track, const std::vector<K>& keys,
                bool past_end_warns, ValueCheck value_check) {
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const std::string pointer = fmt::format("/bones/{}/{}/{}", bone, track, i);
    const double frame = double(keys[i].frame);
    if (!std::isfinite(frame)) {
      c.add(Severity::error, "clip.non-finite", pointer, fmt::format("{} key frame is not finite", track));
      continue;
    }
    if (i > 0 && !(frame > double(keys[i - 1].frame))) {
      c.add(Severity::error, "clip.keys-not-ascending", pointer,
            fmt::format("{} key at frame {:g} does not come after frame {:g}", track, frame, double(keys[i - 1].frame)));
    }
    if (past_end_warns && frame >= clip.frame_count) {
      c.add(Severity::warning, "clip.key-past-end", pointer,
            fmt::format("{} key at frame {:g} is past the last frame {}", track, frame, std::int64_t(clip.frame_count) - 1));
    }
    value_check(pointer, keys[i]);
  }
}

template <class T>
void check_track(Checker& c, const Clip& clip, std::size_t bone, const char* name, const Track<T>& track) {
  check_keys(c, clip, bone, name, track.keys, track.interpolation == Interpolation::step,
             [&](const std::string& pointer, const Keyframe<T>& k) {
               if (!finite(k.value) || !finite(k.in_tangent) || !finite(k.out_tangent)) {
                 c.add(Severity::error, "clip.non-finite", pointer, fmt::format("{} is not finite", name));
                 return;
               }
               if constexpr (std::is_same_v<T, Quat>) {
                 const Quat& q = k.value;
                 const double length =
                     std::sqrt(double(q.x) * q.x + double(q.y) * q.y + double(q.z) * q.z + double(q.w) * q.w);
                 if (std::fabs(length - 1.0) > 1e-3) {
                   c.add(Severity::error, "clip.non-unit-rotation", pointer,
                         fmt::format("rotation has length {:.6g}, expected 1", length));
                 }
               }
             });
}

}  // namespace

std::string_view interpolation_name(Interpolation i) {
  switch (i) {
    case Interpolation::step: return "step";
    case Interpolation::linear: return "linear";
    case Interpolation::hermite: return "hermite";
  }
  return "step";
}

bool names_equal(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return lower(x) == lower(y);
         });
}

std::string ascii_lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), lower);
  return out;
}

std::vector<Diagnostic> Clip::validate() const {
  std::vector<Diagnostic> out;
  Checker c{out};
  if (!(fps > 0) || !std::isfinite(fps)) c.add(Severity::error, "clip.bad-fps", "/fps", fmt::format("fps {:g} is not a positive number", fps));
  std::unordered_map<std::string, std::size_t> seen;
  for (std::size_t b = 0; b < bones.size(); ++b) {
    const BoneTrack& t = bones[b];
    if (t.name.empty()) {
      c.add(Severity::error, "clip.empty-name", fmt::format("/bones/{}/name", b), "bone has no name");
    }
    if (auto [it, inserted] = seen.emplace(ascii_lower(t.name), b); !inserted) {
      c.add(Severity::warning, "clip.duplicate-name", fmt::format("/bones/{}/name", b),
            fmt::format("bone name '{}' is also bone {}", t.name, it->second));
    }
    check_track(c, *this, b, "translation", t.translation);
    check_track(c, *this, b, "scale", t.scale);
    check_track(c, *this, b, "rotation", t.rotation);
    check_track(c, *this, b, "euler_rotation", t.euler_rotation);
    if (!t.rotation.empty() && !t.euler_rotation.empty()) {
      c.add(Severity::error, "clip.two-rotations", fmt::format("/bones/{}/euler_rotation", b),
            "bone has both quaternion and Euler rotation keys");
    }
    auto no_check = [](const std::string&, const auto&) {};
    check_keys(c, *this, b, "visible", t.visible, true, no_check);
    check_keys(c, *this, b, "mirrored", t.mirrored, true, no_check);
    check_keys(c, *this, b, "mesh", t.mesh, true, no_check);
  }
  return out;
}

namespace {

// The same arithmetic as the Sampler's (interpolate.hpp).
template <class T>
T evaluate_with_kernels(const Track<T>& track, double frame) {
  return evaluate_track(
      track, frame, [](const T& a, const T& b, double u) { return interpolate::linear(a, b, u); },
      [](const Keyframe<T>& a, const Keyframe<T>& b, double u, double gap) {
        return interpolate::cubic(a.value, a.out_tangent, b.value, b.in_tangent, gap, u);
      });
}

}  // namespace

Vec3 evaluate(const Track<Vec3>& track, double frame) { return evaluate_with_kernels(track, frame); }
Quat evaluate(const Track<Quat>& track, double frame) { return evaluate_with_kernels(track, frame); }

namespace {

// Before a step track's first key the bone keeps its rest value: no value from the clip.
template <class T>
bool has_value(const Track<T>& track, double frame) {
  if (track.keys.empty()) return false;
  return track.interpolation != Interpolation::step || !(frame < track.keys.front().frame);
}

}  // namespace

BonePose sample_bone(const BoneTrack& t, double frame) {
  BonePose p;
  if ((p.has_translation = has_value(t.translation, frame))) p.translation = evaluate(t.translation, frame);
  if ((p.has_scale = has_value(t.scale, frame))) p.scale = evaluate(t.scale, frame);
  if (!t.rotation.empty()) {
    if ((p.has_rotation = has_value(t.rotation, frame))) p.rotation = evaluate(t.rotation, frame);
  } else if (has_value(t.euler_rotation, frame)) {
    p.euler = evaluate(t.euler_rotation, frame);
    p.has_euler = p.has_rotation = true;
    p.rotation = quat_from_euler_zyx(p.euler.x, p.euler.y, p.euler.z);
  }
  if (auto* k = event_at(t.visible, frame)) p.visible = k->value;
  if (auto* k = event_at(t.mirrored, frame)) p.mirrored = k->value;
  return p;
}

std::vector<BonePose> sample(const Clip& clip, double frame) {
  std::vector<BonePose> poses(clip.bones.size());
  for (std::size_t b = 0; b < clip.bones.size(); ++b) poses[b] = sample_bone(clip.bones[b], frame);
  return poses;
}

double playback_frame(const Clip& clip, double frame) {
  if (clip.frame_count == 0) return 0;
  if (clip.loop) return std::fmod(frame, double(clip.frame_count));
  return std::min(frame, double(clip.frame_count - 1));
}

}  // namespace anmkit::model
