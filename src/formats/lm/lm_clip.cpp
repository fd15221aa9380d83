#include "anmkit/formats/lm/lm_clip.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>

#include <fmt/format.h>

#include "anmkit/core/float_bits.hpp"
#include "anmkit/formats/lm/lm_repack.hpp"
#include "anmkit/model/sampler.hpp"

namespace anmkit::lm {
namespace {

// Three axes (slots first .. first + 2) as one hermite track, values multiplied by `scale`.
model::Track<model::Vec3> merge_axes(const NodeCurves& node, std::size_t first, double scale) {
  std::vector<double> frames;
  for (std::size_t axis = 0; axis < 3; ++axis) {
    const Curve& c = node.curves[first + axis];
    if (c.kind != Curve::Kind::keyed) continue;
    for (const Key& k : c.keys) {
      if (std::isfinite(k.frame)) frames.push_back(k.frame);
    }
  }
  std::sort(frames.begin(), frames.end());
  frames.erase(std::unique(frames.begin(), frames.end()), frames.end());
  if (frames.empty()) frames.push_back(0);
  model::Track<model::Vec3> track;
  track.interpolation = model::Interpolation::hermite;
  track.keys.reserve(frames.size());
  for (double f : frames) {
    float v[3], in[3], out[3];
    for (std::size_t axis = 0; axis < 3; ++axis) {
      const Curve& c = node.curves[first + axis];
      const auto [left, right] = slopes_at(c, f);
      v[axis] = float(evaluate(c, f, default_value(first + axis)) * scale);
      in[axis] = float(left * scale);
      out[axis] = float(right * scale);
    }
    track.keys.push_back({f, {v[0], v[1], v[2]}, {in[0], in[1], in[2]}, {out[0], out[1], out[2]}});
  }
  return track;
}

}  // namespace

Expected<model::Clip> to_clip(const File& file, RotationUnit unit, double fps) {
  auto curves = decode_curves(file);
  if (!curves) return curves.error();
  model::Clip clip;
  clip.fps = fps;
  clip.loop = file.loop == 1;
  clip.frame_count = clip.loop ? file.frame_count : file.frame_count + 1;
  clip.euler_unit = rotation_unit_name(unit);
  clip.euler_unit_radians = to_radians(1.0, unit);
  clip.bones.reserve(curves->size());
  for (std::size_t n = 0; n < curves->size(); ++n) {
    model::BoneTrack t;
    t.name = fmt::format("node_{}", n);
    t.scale = merge_axes((*curves)[n], 0, 1.0);
    t.euler_rotation = merge_axes((*curves)[n], 3, to_radians(1.0, unit));
    t.translation = merge_axes((*curves)[n], 6, 1.0);
    clip.bones.push_back(std::move(t));
  }
  return clip;
}

model::Skeleton to_skeleton(const SceneGraph& graph) {
  model::Skeleton s;
  for (std::size_t n = 0; n < graph.nodes.size(); ++n) {
    const BinNode& node = graph.nodes[n];
    const model::Vec3& r = node.rotation_degrees;
    const double to_rad = to_radians(1.0, RotationUnit::degrees);
    s.joints.push_back(model::Joint{fmt::format("node_{}", n), node.parent < int(n) ? node.parent : -1, node.translation,
                                    model::quat_from_euler_zyx(r.x * to_rad, r.y * to_rad, r.z * to_rad), node.scale, false});
  }
  return s;
}

namespace {

using Keys = std::vector<Key>;

// The tangents of one Hermite segment from keys[a] to keys[b] that fit the original curve best
// (least squares over the original keys between them and, when the original is a curve rather
// than samples, the quarter points of its segments), and whether the fit stays within the
// tolerance there. Adjacent keys keep their own.
struct SegmentFit {
  bool ok = false;
  double out_a = 0, in_b = 0;
};

SegmentFit fit_segment(const Keys& keys, const Curve& original, std::size_t a, std::size_t b, double tolerance,
                       bool between) {
  if (b == a + 1) return {true, keys[a].out_slope, keys[b].in_slope};
  const double fa = keys[a].frame, gap = double(keys[b].frame) - fa;
  if (!(gap > 0)) return {};
  const double va = keys[a].value, vb = keys[b].value;
  struct Point { double p, q, r; };
  std::vector<Point> points;
  for (std::size_t k = a; k < b; ++k) {
    for (double quarter : {0.0, 0.25, 0.5, 0.75}) {
      if (quarter > 0 && !between) break;
      const double f = keys[k].frame + quarter * (double(keys[k + 1].frame) - keys[k].frame);
      const double u = (f - fa) / gap, u2 = u * u, u3 = u2 * u;
      // value = h00 va + h01 vb + (h10 gap) out_a + (h11 gap) in_b
      points.push_back({(u3 - 2 * u2 + u) * gap, (u3 - u2) * gap,
                        evaluate(original, f, 0) - (2 * u3 - 3 * u2 + 1) * va - (-2 * u3 + 3 * u2) * vb});
    }
  }
  // Least squares with a faint pull towards the keys' own slopes, which settles the tangents
  // where the points alone do not (a segment over two samples has one interior point).
  const double prior_a = keys[a].out_slope, prior_b = keys[b].in_slope;
  double pp = 0, pq = 0, qq = 0, pr = 0, qr = 0;
  for (const Point& x : points) {
    pp += x.p * x.p, pq += x.p * x.q, qq += x.q * x.q, pr += x.p * x.r, qr += x.q * x.r;
  }
  const double ridge = 1e-9 * std::max(pp + qq, 1e-30);
  pp += ridge, qq += ridge, pr += ridge * prior_a, qr += ridge * prior_b;
  const double det = pp * qq - pq * pq;
  if (!(det > 0)) return {};
  SegmentFit fit{true, float((pr * qq - qr * pq) / det), float((qr * pp - pr * pq) / det)};
  for (const Point& x : points) {
    if (!(std::fabs(x.p * fit.out_a + x.q * fit.in_b - x.r) <= tolerance)) return {};
  }
  return fit;
}

// Flat ends trimmed, then keys dropped greedily: from the last kept key, the next kept key is
// the farthest one that a single segment, its tangents refitted, reaches within the tolerance.
// `samples`: the keys are whole-frame samples, true only at their own frames.
// In and out slopes of a kept key come from its two segments (LM's out-slope flag holds both).
// Windows stop at 64 keys: trying a window costs its length, so the whole reduction costs at
// most about 2 000 evaluations a key, whatever the input (glTF import feeds it).
Keys reduce(Keys keys, double tolerance, bool samples) {
  if (keys.empty()) return keys;
  // A flat segment at either end adds nothing: LM holds the first and last values beyond them.
  const auto flat = [](const Key& a, const Key& b) { return a.value == b.value && a.out_slope == 0 && b.in_slope == 0; };
  std::size_t first = 0, last = keys.size() - 1;
  while (first < last && flat(keys[first], keys[first + 1])) ++first;
  while (last > first && flat(keys[last - 1], keys[last])) --last;
  keys = Keys(keys.begin() + std::ptrdiff_t(first), keys.begin() + std::ptrdiff_t(last) + 1);
  if (keys.size() <= 2) return keys;
  const Curve original{Curve::Kind::keyed, 0, keys};
  Keys out{keys.front()};
  std::size_t a = 0;
  SegmentFit good = fit_segment(keys, original, 0, 1, tolerance, !samples);
  const auto close = [&](std::size_t b) {
    out.back().out_slope = float(good.out_a);
    Key kept = keys[b];
    kept.in_slope = float(good.in_b);
    out.push_back(kept);
  };
  for (std::size_t b = 2; b < keys.size(); ++b) {
    const SegmentFit trial = b - a > 64 ? SegmentFit{} : fit_segment(keys, original, a, b, tolerance, !samples);
    if (trial.ok) {
      good = trial;
      continue;
    }
    close(b - 1);
    a = b - 1;
    good = fit_segment(keys, original, a, b, tolerance, !samples);
  }
  close(keys.size() - 1);
  return out;
}

// One key a frame through `samples`, slopes from the neighbours.
Keys fit_samples(const std::vector<double>& v) {
  Keys out(v.size());
  for (std::size_t k = 0; k < v.size(); ++k) {
    const double slope = v.size() == 1 ? 0 : k == 0 ? v[1] - v[0] : k + 1 == v.size() ? v[k] - v[k - 1] : (v[k + 1] - v[k - 1]) / 2;
    out[k] = Key{float(k), float(v[k]), float(slope), float(slope)};
  }
  return out;
}

float axis(const model::Vec3& v, std::size_t i) { return i == 0 ? v.x : i == 1 ? v.y : v.z; }

// Three axes of one node from a track: direct keys (hermite, not dense) or whole-frame samples.
// `sampled(frame)` gives the three values when sampling; `per_unit` divides values and slopes.
struct Axes {
  std::array<Keys, 3> keys;
  bool sampled = false;  // whole-frame samples rather than a curve's own keys
};

template <class Sampled>
Axes axes_of(const model::Track<model::Vec3>& track, std::uint32_t last, bool dense, double per_unit, Sampled sampled) {
  Axes out;
  if (track.interpolation == model::Interpolation::hermite && !dense) {
    for (const auto& k : track.keys) {
      for (std::size_t i = 0; i < 3; ++i) {
        out.keys[i].push_back(Key{float(k.frame), float(axis(k.value, i) / per_unit), float(axis(k.in_tangent, i) / per_unit),
                                  float(axis(k.out_tangent, i) / per_unit)});
      }
    }
    return out;
  }
  std::array<std::vector<double>, 3> samples;
  for (std::uint32_t f = 0; f <= last; ++f) {
    const model::Vec3d v = sampled(f);
    samples[0].push_back(v.x / per_unit);
    samples[1].push_back(v.y / per_unit);
    samples[2].push_back(v.z / per_unit);
  }
  for (std::size_t i = 0; i < 3; ++i) out.keys[i] = fit_samples(samples[i]);
  out.sampled = true;
  return out;
}

}  // namespace

Expected<File> from_clip(const model::Clip& clip, const WriteOptions& options) {
  if (clip.frame_count > (1u << 16)) {
    return make_error(ErrorCode::unsupported, fmt::format("{} frames: LM tracks hold at most 65535 keys", clip.frame_count));
  }
  File f;
  f.version = options.version;
  f.loop = clip.loop ? 1 : 0;
  f.frame_count = model::last_frame(clip);  // LM's frame count is the time of its last frame
  const std::uint32_t last = f.frame_count;
  const double radian = to_radians(1.0, options.unit);
  f.groups.resize(clip.bones.size());
  std::optional<model::Sampler> sampler;  // made for the first rotation that is resampled
  model::Sampler::Cursor cursor;
  for (std::size_t n = 0; n < clip.bones.size(); ++n) {
    const model::BoneTrack& bone = clip.bones[n];
    std::array<Axes, 3> groups;  // scale, rotation, translation
    const auto vec_or = [](const model::Track<model::Vec3>& t, std::uint32_t frame, model::Vec3 fallback) {
      if (t.empty() || (t.interpolation == model::Interpolation::step && frame < t.keys.front().frame)) return fallback;
      return model::evaluate(t, frame);
    };
    const auto as_d = [](const model::Vec3& v) { return model::Vec3d{v.x, v.y, v.z}; };
    if (!bone.scale.empty()) {
      groups[0] = axes_of(bone.scale, last, options.dense, 1.0, [&](std::uint32_t fr) { return as_d(vec_or(bone.scale, fr, {1, 1, 1})); });
    }
    if (!bone.translation.empty()) {
      groups[2] = axes_of(bone.translation, last, options.dense, 1.0, [&](std::uint32_t fr) { return as_d(vec_or(bone.translation, fr, {})); });
    }
    if (!bone.rotation.empty()) {
      // Quaternions to Euler angles, each angle unwrapped to the turn nearest the previous frame.
      model::Vec3d previous;
      model::Track<model::Vec3> none;
      if (!sampler) sampler.emplace(clip);
      groups[1] = axes_of(none, last, true, radian, [&](std::uint32_t fr) {
        model::BonePose p;
        sampler->sample_bone(n, fr, p, cursor);
        model::Vec3d e = model::euler_zyx_from_quat(p.has_rotation ? p.rotation : model::Quat{});
        if (fr > 0) {
          const double turn = 2 * std::numbers::pi;
          e.x += turn * std::round((previous.x - e.x) / turn);
          e.y += turn * std::round((previous.y - e.y) / turn);
          e.z += turn * std::round((previous.z - e.z) / turn);
        }
        previous = e;
        return e;
      });
    } else if (!bone.euler_rotation.empty()) {
      groups[1] = axes_of(bone.euler_rotation, last, options.dense, radian,
                          [&](std::uint32_t fr) { return as_d(vec_or(bone.euler_rotation, fr, {})); });
    }
    for (std::size_t g = 0; g < 3; ++g) {
      for (std::size_t i = 0; i < 3; ++i) {
        const std::size_t slot = g * 3 + i;
        Keys keys = std::move(groups[g].keys[i]);
        if (keys.empty()) continue;
        if (!options.dense) keys = reduce(keys, g == 1 ? options.tolerance / radian : options.tolerance, groups[g].sampled);
        const bool constant = std::all_of(keys.begin(), keys.end(), [&](const Key& k) {
          return k.value == keys[0].value && k.in_slope == 0 && k.out_slope == 0;
        });
        auto& array = f.arrays[std::size_t(track_kind(slot))];
        Track& track = f.groups[n].tracks[slot];
        if (constant && keys[0].value == default_value(slot)) continue;
        if (array.size() > 0xffff) return make_error(ErrorCode::unsupported, "an LM key array would pass 65536 floats");
        track.index = std::uint16_t(array.size());
        if (constant || keys.size() == 1) {
          track.count = 1;
          array.push_back(bits_from_float(keys[0].value));
          continue;
        }
        if (keys.size() > 0xffff) return make_error(ErrorCode::unsupported, "more than 65535 keys in one LM track");
        track.count = std::uint16_t(keys.size());
        const bool split = std::any_of(keys.begin(), keys.end(), [](const Key& k) { return k.in_slope != k.out_slope; });
        if (split) track.flag = flag_out_slope;
        for (const Key& k : keys) {
          for (float v : {k.frame, k.value, k.in_slope}) array.push_back(bits_from_float(v));
          if (split) array.push_back(bits_from_float(k.out_slope));
        }
      }
    }
  }
  return repack(f);
}

}  // namespace anmkit::lm
