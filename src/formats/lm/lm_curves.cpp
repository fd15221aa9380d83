#include "anmkit/formats/lm/lm_curves.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include <fmt/format.h>

#include "anmkit/core/float_bits.hpp"
#include "anmkit/formats/lm/lm_write.hpp"

namespace anmkit::lm {

// Read from the model: a track's floats are its array's, and (rarely, in a hand-made file) run on
// into whatever follows the array in the file, which the model also holds.
Expected<std::vector<TrackData>> track_data(const File& file) {
  auto size = encoded_size(file);  // the same checks as writing, without encoding
  if (!size) return size.error();
  const Layout layout = layout_of(file);
  std::vector<TrackData> out(file.groups.size());
  for (std::size_t n = 0; n < file.groups.size(); ++n) {
    for (std::size_t slot = 0; slot < 9; ++slot) {
      const Track& t = file.groups[n].tracks[slot];
      if (t.count == 0) continue;
      const std::size_t per_key = t.flag == flag_out_slope ? 4 : 3;
      const std::uint64_t floats = t.count == 1 ? 1 : std::uint64_t(t.count) * per_key;
      const std::uint64_t at = layout.array_offset(track_kind(slot)) + 4ull * t.index;
      if (at + 4 * floats > layout.size) {
        return make_error(ErrorCode::bad_value,
                          fmt::format("track {} of node {} reads {} floats at 0x{:x}, past the end of the file (0x{:x})",
                                      track_names[slot], n, floats, at, layout.size),
                          layout.start[std::size_t(Region::groups)] + n * group_size + slot * 6);
      }
      const auto& array = file.arrays[std::size_t(track_kind(slot))];
      auto& data = out[n][slot];
      if (t.index + floats <= array.size()) {
        data.assign(array.begin() + t.index, array.begin() + std::ptrdiff_t(t.index + floats));
        continue;
      }
      data.resize(std::size_t(floats));
      for (std::size_t f = 0; f < data.size(); ++f) {
        std::uint32_t bits = 0;
        for (std::uint64_t b = 0; b < 4; ++b) bits = bits << 8 | encoded_byte(file, layout, at + 4 * f + b);
        data[f] = bits;
      }
    }
  }
  return out;
}

Expected<std::vector<NodeCurves>> decode_curves(const File& file) {
  auto data = track_data(file);
  if (!data) return data.error();
  std::vector<NodeCurves> out(file.groups.size());
  for (std::size_t n = 0; n < out.size(); ++n) {
    for (std::size_t slot = 0; slot < 9; ++slot) {
      const Track& t = file.groups[n].tracks[slot];
      const auto& bits = (*data)[n][slot];
      Curve& c = out[n].curves[slot];
      if (t.count == 0) continue;
      if (t.count == 1) {
        c.kind = Curve::Kind::constant;
        c.constant = float_from_bits(bits[0]);
        continue;
      }
      const std::size_t per_key = t.flag == flag_out_slope ? 4 : 3;
      c.kind = Curve::Kind::keyed;
      c.keys.resize(t.count);
      for (std::size_t k = 0; k < t.count; ++k) {
        const std::uint32_t* v = &bits[k * per_key];
        c.keys[k] = Key{float_from_bits(v[0]), float_from_bits(v[1]), float_from_bits(v[2]),
                        float_from_bits(per_key == 4 ? v[3] : v[2])};
      }
    }
  }
  return out;
}

namespace {

// The segment of a keyed curve that contains `frame` strictly inside, or nullptr.
const Key* segment_start(const Curve& c, double frame) {
  const auto& keys = c.keys;
  const auto after = std::upper_bound(keys.begin(), keys.end(), frame,
                                      [](double f, const Key& k) { return f < double(k.frame); });
  if (after == keys.begin() || after == keys.end()) return nullptr;
  const Key& a = *std::prev(after);
  return double(a.frame) < frame && double(after->frame) > double(a.frame) ? &a : nullptr;
}

// The slope (per frame) of the cubic from a to a + 1 at `frame`.
double cubic_slope(const Key& a, const Key& b, double frame) {
  const double gap = double(b.frame) - double(a.frame);
  const double u = (frame - a.frame) / gap;
  const double d00 = 6 * u * u - 6 * u, d10 = 3 * u * u - 4 * u + 1, d01 = -d00, d11 = 3 * u * u - 2 * u;
  return (d00 * a.value + d10 * a.out_slope * gap + d01 * b.value + d11 * b.in_slope * gap) / gap;
}

}  // namespace

std::pair<double, double> slopes_at(const Curve& c, double frame) {
  if (c.kind != Curve::Kind::keyed || c.keys.empty()) return {0, 0};
  const auto& keys = c.keys;
  // Keys ascend in a valid file, as evaluate() assumes; a binary search, so that a clip of n keys
  // costs n log n, not n squared.
  const auto at = std::lower_bound(keys.begin(), keys.end(), frame, [](const Key& k, double f) { return double(k.frame) < f; });
  if (at != keys.end() && double(at->frame) == frame) {
    const auto k = std::size_t(at - keys.begin());
    return {k == 0 ? 0.0 : double(keys[k].in_slope), k + 1 == keys.size() ? 0.0 : double(keys[k].out_slope)};
  }
  if (const Key* a = segment_start(c, frame)) {
    const double s = cubic_slope(*a, *(a + 1), frame);
    return {s, s};
  }
  return {0, 0};
}

double evaluate(const Curve& curve, double frame, float fallback) {
  switch (curve.kind) {
    case Curve::Kind::fixed_default: return fallback;
    case Curve::Kind::constant: return curve.constant;
    case Curve::Kind::keyed: break;
  }
  const auto& keys = curve.keys;
  if (keys.empty()) return fallback;
  if (frame <= keys.front().frame) return keys.front().value;
  if (frame >= keys.back().frame) return keys.back().value;
  // The first key after `frame`; keys ascend in a valid file (validate checks it). In an invalid
  // one (keys out of order, NaN frames) the search may land on either end: hold the nearest key.
  const auto after = std::upper_bound(keys.begin(), keys.end(), frame,
                                      [](double f, const Key& k) { return f < double(k.frame); });
  if (after == keys.end()) return keys.back().value;
  if (after == keys.begin()) return keys.front().value;
  const Key& b = *after;
  const Key& a = *std::prev(after);
  const double gap = double(b.frame) - double(a.frame);
  if (!(gap > 0)) return a.value;
  return model::hermite(a.value, a.out_slope, b.value, b.in_slope, gap, (frame - a.frame) / gap);
}

std::optional<RotationUnit> parse_rotation_unit(std::string_view name) {
  for (std::size_t i = 0; i < rotation_unit_names.size(); ++i) {
    if (rotation_unit_names[i] == name) return RotationUnit(i);
  }
  return std::nullopt;
}

std::string_view rotation_unit_name(RotationUnit unit) { return rotation_unit_names[std::size_t(unit)]; }

double to_radians(double value, RotationUnit unit) {
  switch (unit) {
    case RotationUnit::degrees: return value * std::numbers::pi / 180.0;
    case RotationUnit::turn4096: return value * std::numbers::pi / 2048.0;
    case RotationUnit::radians: return value;
  }
  return value;
}

std::vector<NodePose> sample(const std::vector<NodeCurves>& nodes, double frame, RotationUnit unit) {
  std::vector<NodePose> out(nodes.size());
  for (std::size_t n = 0; n < nodes.size(); ++n) {
    float v[9];
    for (std::size_t slot = 0; slot < 9; ++slot) {
      v[slot] = float(evaluate(nodes[n].curves[slot], frame, default_value(slot)));
    }
    NodePose& p = out[n];
    p.scale = {v[0], v[1], v[2]};
    p.euler = {v[3], v[4], v[5]};
    p.translation = {v[6], v[7], v[8]};
    p.rotation = quat_from_euler_zyx(to_radians(v[3], unit), to_radians(v[4], unit), to_radians(v[5], unit));
  }
  return out;
}

double playback_frame(const File& file, double frame) {
  if (file.frame_count == 0) return 0;
  if (file.loop == 1) return std::fmod(frame, double(file.frame_count));
  return std::min(frame, double(file.frame_count));
}

}  // namespace anmkit::lm
