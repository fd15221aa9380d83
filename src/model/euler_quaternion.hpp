#pragma once
// Euler angles (radians, Rz * Ry * Rx) to a quaternion with w >= 0: model::quat_from_euler_zyx,
// inline for the runtime sampler, which converts a whole pose's rotations in one loop.

#include "anmkit/model/math.hpp"
#include "sine_cosine.hpp"

namespace anmkit::model::detail {

__attribute__((always_inline)) inline Quat euler_zyx_quaternion(double rx, double ry, double rz) {
  double sx, cx, sy, cy, sz, cz;
  const double hx = rx / 2, hy = ry / 2, hz = rz / 2;
  if (std::fabs(hx) <= reduced_limit && std::fabs(hy) <= reduced_limit && std::fabs(hz) <= reduced_limit) {
    const Pair x = reduced_sine_cosine(hx), y = reduced_sine_cosine(hy), z = reduced_sine_cosine(hz);
    sx = x[0], cx = x[1], sy = y[0], cy = y[1], sz = z[0], cz = z[1];
  } else {
    const SineCosine x = sine_cosine(hx), y = sine_cosine(hy), z = sine_cosine(hz);
    sx = x.sin, cx = x.cos, sy = y.sin, cy = y.cos, sz = z.sin, cz = z.cos;
  }
  // qz * qy * qx
  const double w = cz * cy * cx + sz * sy * sx;
  const double x = cz * cy * sx - sz * sy * cx;
  const double y = cz * sy * cx + sz * cy * sx;
  const double z = sz * cy * cx - cz * sy * sx;
  const Quat q{float(x), float(y), float(z), float(w)};
  return q.w < 0 ? Quat{-q.x, -q.y, -q.z, -q.w} : q;  // with_positive_w
}

}  // namespace anmkit::model::detail
