#pragma once
// Euler angles (radians, Rz * Ry * Rx) to a quaternion with w >= 0: model::quat_from_euler_zyx.
// Inline, as the definition that the runtime sampler's lanes (pose_quaternions.cpp) repeat
// operation for operation, and that they fall back to past the reduced range.

#include "anmkit/model/math.hpp"
#include "sine_cosine.hpp"

namespace anmkit::model::detail {

__attribute__((always_inline)) inline Quat euler_zyx_quaternion(double rx, double ry, double rz) {
  const auto [sx, cx] = sine_cosine(rx / 2);
  const auto [sy, cy] = sine_cosine(ry / 2);
  const auto [sz, cz] = sine_cosine(rz / 2);
  // qz * qy * qx
  const double w = cz * cy * cx + sz * sy * sx;
  const double x = cz * cy * sx - sz * sy * cx;
  const double y = cz * sy * cx + sz * cy * sx;
  const double z = sz * cy * cx - cz * sy * sx;
  return with_positive_w(Quat{float(x), float(y), float(z), float(w)});
}

}  // namespace anmkit::model::detail
