#pragma once
// When an imported value counts as the same as a stored one. Float noise grows with the value
// (one ulp of 20.0 is 2e-6), so the tolerance is absolute below 1 and relative above: a value
// of 20 may stray 20 times as far as a value of 0.5.
//
// Compared with an original file (--base), the tolerance is at least base_tolerance_floor: a DCC
// tool that rebuilds each bone from its parents' matrices (Blender) moves values by about 1e-6 of
// the skeleton's size, more than one ulp of the value.

#include <algorithm>
#include <cmath>

#include "anmkit/model/math.hpp"

namespace anmkit::model {

inline constexpr double base_tolerance_floor = 1e-5;

inline bool within_tolerance(double a, double b, double tolerance) {
  const double size = std::max({1.0, std::fabs(a), std::fabs(b)});
  return std::fabs(a - b) <= tolerance * size;
}

// Vectors by their length: a tool that recomposes a bone from its parents rounds every component
// to the size of the whole vector (a 1e-4 component of a 40-unit offset moves by 1e-6).
inline bool within_tolerance(const Vec3& a, const Vec3& b, double tolerance) {
  const auto length = [](const Vec3& v) { return std::sqrt(double(v.x) * v.x + double(v.y) * v.y + double(v.z) * v.z); };
  const double size = std::max({1.0, length(a), length(b)});
  return std::fabs(double(a.x) - b.x) <= tolerance * size && std::fabs(double(a.y) - b.y) <= tolerance * size &&
         std::fabs(double(a.z) - b.z) <= tolerance * size;
}

// Rotation, scale and mirror as one linear map: rotation (0, 1, 0, 0) with scale (-1, -1, 1)
// and GEM's mirror flag with some other rotation can be the same matrix.
inline bool within_tolerance(const Mat3& a, const Mat3& b, double tolerance) {
  for (std::size_t r = 0; r < 3; ++r) {
    for (std::size_t c = 0; c < 3; ++c) {
      if (!within_tolerance(a[r][c], b[r][c], tolerance)) return false;
    }
  }
  return true;
}

// The linear part of a transform: R(rotation) * diag(scale), the local Z axis negated when
// mirrored (column vectors).
inline Mat3 linear_part(const Quat& rotation, const Vec3& scale, bool mirrored) {
  Mat3 m = matrix_from_quat(rotation);
  const float s[3] = {scale.x, scale.y, mirrored ? -scale.z : scale.z};
  for (auto& row : m) {
    for (std::size_t c = 0; c < 3; ++c) row[c] *= s[c];
  }
  return m;
}

}  // namespace anmkit::model
