#include "anmkit/model/rest_affine.hpp"

#include <cmath>

namespace anmkit::model {

Affine operator*(const Affine& p, const Affine& c) {
  Affine out;
  for (std::size_t i = 0; i < 3; ++i) {
    out.t[i] = p.t[i];
    for (std::size_t j = 0; j < 3; ++j) {
      out.a[i][j] = 0;
      for (std::size_t k = 0; k < 3; ++k) out.a[i][j] += p.a[i][k] * c.a[k][j];
      out.t[i] += p.a[i][j] * c.t[j];
    }
  }
  return out;
}

Affine rest_affine(const Vec3& translation, const Quat& rotation, const Vec3& scale) {
  const Mat3 r = matrix_from_quat(normalized(rotation));
  const std::array<double, 3> s{scale.x == 0 ? 1.0 : scale.x, scale.y == 0 ? 1.0 : scale.y, scale.z == 0 ? 1.0 : scale.z};
  Affine m;
  for (std::size_t i = 0; i < 3; ++i) {
    for (std::size_t j = 0; j < 3; ++j) m.a[i][j] = double(r[i][j]) * s[j];
  }
  m.t = {translation.x, translation.y, translation.z};
  return m;
}

double determinant(const Affine& m) {
  const auto& a = m.a;
  return a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0]) +
         a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]);
}

Affine inverse(const Affine& m) {
  const auto& a = m.a;
  const double det = determinant(m);
  if (!std::isfinite(det) || std::fabs(det) < 1e-30) return Affine{};
  Affine out;
  for (std::size_t i = 0; i < 3; ++i) {
    for (std::size_t j = 0; j < 3; ++j) {
      const std::size_t j1 = (j + 1) % 3, j2 = (j + 2) % 3, i1 = (i + 1) % 3, i2 = (i + 2) % 3;
      out.a[i][j] = (a[j1][i1] * a[j2][i2] - a[j1][i2] * a[j2][i1]) / det;  // cofactor of (j, i)
    }
  }
  for (std::size_t i = 0; i < 3; ++i) {
    out.t[i] = 0;
    for (std::size_t j = 0; j < 3; ++j) out.t[i] -= out.a[i][j] * m.t[j];
  }
  return out;
}

bool within(const Affine& m, double bound) {
  const auto ok = [bound](double v) { return std::isfinite(v) && std::fabs(v) <= bound; };
  for (const auto& row : m.a) {
    for (double v : row) {
      if (!ok(v)) return false;
    }
  }
  return ok(m.t[0]) && ok(m.t[1]) && ok(m.t[2]);
}

}  // namespace anmkit::model
