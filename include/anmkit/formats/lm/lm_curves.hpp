#pragma once
// The meaning of LM tracks (notes points 4, 5, 9-12): per node, nine curves (scale, rotation,
// translation X Y Z) evaluated with cubic Hermite interpolation at any real-valued frame.

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "anmkit/core/expected.hpp"
#include "anmkit/formats/lm/lm_file.hpp"
#include "anmkit/model/math.hpp"

namespace anmkit::lm {

struct Key {
  float frame = 0, value = 0, in_slope = 0, out_slope = 0;  // slopes in value per frame
  friend bool operator==(const Key&, const Key&) = default;
};

struct Curve {
  enum class Kind : std::uint8_t { fixed_default, constant, keyed };
  Kind kind = Kind::fixed_default;
  float constant = 0;
  std::vector<Key> keys;  // kind keyed: two or more; out_slope = in_slope unless flag 0x80
  friend bool operator==(const Curve&, const Curve&) = default;
};

struct NodeCurves {
  std::array<Curve, 9> curves;  // slots as NodeGroup::tracks
  friend bool operator==(const NodeCurves&, const NodeCurves&) = default;
};

// The value of a track without data: scale 1, rotation 0, translation 0.
inline float default_value(std::size_t slot) { return slot < 3 ? 1.0f : 0.0f; }

// Every track's data as stored (float bits), by node and slot: 0, 1 or count * (3 or 4) floats.
using TrackData = std::array<std::vector<std::uint32_t>, 9>;
Expected<std::vector<TrackData>> track_data(const File& file);

// Reads every track's data at its array offset + 4 * index. Data past the end of the file is an
// error naming the track's own offset. (Data outside its array but inside the file is decoded;
// validate reports it.)
Expected<std::vector<NodeCurves>> decode_curves(const File& file);

// Before the first key the first value, after the last key the last value; between keys a and
// b, cubic Hermite with u = (f - a.frame) / (b.frame - a.frame) and tangents
// a.out_slope * gap and b.in_slope * gap (notes point 10). Computed in double.
double evaluate(const Curve& curve, double frame, float default_value);

// One-sided slopes (per frame) of a curve at `frame`, (before, after): a key's own slopes at a
// key (none before the first key, none after the last), the cubic's inside a segment, 0 where
// the curve is constant (before its first key, after its last, unkeyed).
std::pair<double, double> slopes_at(const Curve& curve, double frame);

enum class RotationUnit { degrees, turn4096, radians };
// The units' names, in the enum's order: the one table every parser and option list uses.
inline constexpr std::array<std::string_view, 3> rotation_unit_names{"degrees", "turn4096", "radians"};
std::optional<RotationUnit> parse_rotation_unit(std::string_view name);
std::string_view rotation_unit_name(RotationUnit unit);
double to_radians(double value, RotationUnit unit);

// Euler angles (radians) composed as Rz * Ry * Rx (column vectors; J3D order), w >= 0.
using model::quat_from_euler_zyx;

struct NodePose {
  model::Vec3 scale{1, 1, 1};
  model::Vec3 euler;  // rotation X, Y, Z as evaluated, in the file's unit
  model::Quat rotation;
  model::Vec3 translation;
};

// The format's own evaluator, the reference that the neutral clip (lm_clip.hpp) is tested
// against; tools sample the neutral clip.
std::vector<NodePose> sample(const std::vector<NodeCurves>& nodes, double frame, RotationUnit unit);

// The frame actually shown at `frame` (>= 0): looping files wrap at the frame count, others stop
// at it.
double playback_frame(const File& file, double frame);

}  // namespace anmkit::lm
