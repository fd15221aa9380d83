#include "anmkit/model/math.hpp"

#include <algorithm>
#include <cmath>

#include "interpolate.hpp"
#include "euler_quaternion.hpp"
#include "portable_math.hpp"

namespace anmkit::model {

Mat3 matrix_from_quat(const Quat& q) {
  const float x = q.x, y = q.y, z = q.z, w = q.w;
  return Mat3{{{1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)},
               {2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)},
               {2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)}}};
}

Quat normalized(const Quat& q) {
  const double n = std::sqrt(double(q.x) * q.x + double(q.y) * q.y + double(q.z) * q.z +
                             double(q.w) * q.w);
  if (n == 0 || !std::isfinite(n)) return Quat{};
  return Quat{float(q.x / n), float(q.y / n), float(q.z / n), float(q.w / n)};
}

Quat quat_from_xyz(float x, float y, float z) {
  const double ww = 1.0 - double(x) * x - double(y) * y - double(z) * z;
  return Quat{x, y, z, float(std::sqrt(std::max(0.0, ww)))};
}

Quat quat_from_matrix(const Mat3& m) {
  // Shepperd's method: pick the largest of the four diagonal combinations for stability.
  const double m00 = m[0][0], m11 = m[1][1], m22 = m[2][2];
  const double trace = m00 + m11 + m22;
  double x, y, z, w;
  if (trace > 0) {
    const double s = std::sqrt(trace + 1.0) * 2;
    w = 0.25 * s;
    x = (m[2][1] - m[1][2]) / s;
    y = (m[0][2] - m[2][0]) / s;
    z = (m[1][0] - m[0][1]) / s;
  } else if (m00 > m11 && m00 > m22) {
    const double s = std::sqrt(1.0 + m00 - m11 - m22) * 2;
    w = (m[2][1] - m[1][2]) / s;
    x = 0.25 * s;
    y = (m[0][1] + m[1][0]) / s;
    z = (m[0][2] + m[2][0]) / s;
  } else if (m11 > m22) {
    const double s = std::sqrt(1.0 + m11 - m00 - m22) * 2;
    w = (m[0][2] - m[2][0]) / s;
    x = (m[0][1] + m[1][0]) / s;
    y = 0.25 * s;
    z = (m[1][2] + m[2][1]) / s;
  } else {
    const double s = std::sqrt(1.0 + m22 - m00 - m11) * 2;
    w = (m[1][0] - m[0][1]) / s;
    x = (m[0][2] + m[2][0]) / s;
    y = (m[1][2] + m[2][1]) / s;
    z = 0.25 * s;
  }
  return with_positive_w(normalized(Quat{float(x), float(y), float(z), float(w)}));
}

namespace {

float snap_unit(double length) {
  return std::fabs(length - 1.0) <= 1e-6 ? 1.0f : float(length);
}

}  // namespace

Decomposed decompose(const Matrix34& m) {
  std::array<std::array<double, 3>, 3> axis{};  // rows 0-2: local X, Y, Z axes
  for (std::size_t r = 0; r < 3; ++r) {
    for (std::size_t c = 0; c < 3; ++c) axis[r][c] = m[r * 3 + c];
  }
  const auto& a = axis[0];
  const auto& b = axis[1];
  const auto& c = axis[2];
  const double det = a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) +
                     a[2] * (b[0] * c[1] - b[1] * c[0]);
  Decomposed d;
  d.translation = Vec3{m[9], m[10], m[11]};
  d.mirrored = det < 0;
  if (d.mirrored) {
    for (double& v : axis[2]) v = -v;
  }
  double length[3];
  for (std::size_t r = 0; r < 3; ++r) {
    length[r] = std::sqrt(axis[r][0] * axis[r][0] + axis[r][1] * axis[r][1] +
                          axis[r][2] * axis[r][2]);
  }
  d.scale = Vec3{snap_unit(length[0]), snap_unit(length[1]), snap_unit(length[2])};
  Mat3 rotation{};
  for (std::size_t col = 0; col < 3; ++col) {
    const double inv = length[col] > 0 ? 1.0 / length[col] : 0.0;
    for (std::size_t row = 0; row < 3; ++row) rotation[row][col] = float(axis[col][row] * inv);
  }
  d.rotation = quat_from_matrix(rotation);
  return d;
}

Matrix34 compose(const Decomposed& d) {
  const Mat3 r = matrix_from_quat(normalized(d.rotation));
  const float s[3] = {d.scale.x, d.scale.y, d.scale.z};
  Matrix34 m{};
  for (std::size_t row = 0; row < 3; ++row) {
    const float sign = (row == 2 && d.mirrored) ? -1.0f : 1.0f;
    for (std::size_t c = 0; c < 3; ++c) m[row * 3 + c] = r[c][row] * s[row] * sign;
  }
  m[9] = d.translation.x;
  m[10] = d.translation.y;
  m[11] = d.translation.z;
  return m;
}

float quat_angle_between(const Quat& a, const Quat& b) {
  // 4 * asin(|a - b| / 2) is precise for small angles, where 2 * acos(dot) is not.
  const double dot = double(a.x) * b.x + double(a.y) * b.y + double(a.z) * b.z +
                     double(a.w) * b.w;
  const double s = dot < 0 ? -1.0 : 1.0;
  const double dx = a.x - s * b.x, dy = a.y - s * b.y, dz = a.z - s * b.z, dw = a.w - s * b.w;
  const double chord = std::sqrt(dx * dx + dy * dy + dz * dz + dw * dw);
  return float(4 * portable::asin(std::min(1.0, chord / 2)));
}

Quat quat_from_euler_zyx(double rx, double ry, double rz) { return detail::euler_zyx_quaternion(rx, ry, rz); }

Vec3d euler_zyx_from_quat(const Quat& q) {
  // atan2 throughout: asin loses precision near 90 degrees. The portable functions
  // (portable_math.hpp), so that every platform gets the same bits; e.x and e.z from float
  // arguments, as std::atan2's float overload gave them, but correctly rounded (glibc's atan2f
  // is not: on 16% of arguments it is a float ulp away).
  const Mat3 m = matrix_from_quat(normalized(q));
  const double cos_y = portable::hypot(double(m[0][0]), double(m[1][0]));
  Vec3d e;
  e.y = portable::atan2(-double(m[2][0]), cos_y);
  if (cos_y > 1e-6) {
    e.x = portable::atan2(m[2][1], m[2][2]);
    e.z = portable::atan2(m[1][0], m[0][0]);
  } else {
    e.x = m[2][0] < 0 ? portable::atan2(m[0][1], m[1][1]) : portable::atan2(-m[0][1], m[1][1]);
  }
  return e;
}

Quat slerp(const Quat& a, Quat b, double u) {
  double dot = double(a.x) * b.x + double(a.y) * b.y + double(a.z) * b.z + double(a.w) * b.w;
  if (dot < 0) {
    b = {-b.x, -b.y, -b.z, -b.w};
    dot = -dot;
  }
  double wa = 1 - u, wb = u;
  if (dot < 0.9995) {  // otherwise nlerp: the angle is too small for sin() to divide by
    // The portable functions (portable_math.hpp): the same weights on every platform.
    const double angle = portable::acos(std::min(dot, 1.0));
    wa = portable::sin((1 - u) * angle) / portable::sin(angle);
    wb = portable::sin(u * angle) / portable::sin(angle);
  }
  return normalized(Quat{float(wa * a.x + wb * b.x), float(wa * a.y + wb * b.y), float(wa * a.z + wb * b.z),
                         float(wa * a.w + wb * b.w)});
}

double hermite(double a, double a_out, double b, double b_in, double gap, double u) {
  return interpolate::HermiteBasis(u)(a, a_out, b, b_in, gap);
}

}  // namespace anmkit::model
