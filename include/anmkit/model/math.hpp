#pragma once
// Small vector, quaternion and matrix types for animation data. Conventions: column vectors
// (v' = M v, as glTF and Blender), quaternions stored x, y, z, w.

#include <array>

namespace anmkit::model {

struct Vec3 {
  float x = 0, y = 0, z = 0;
  friend bool operator==(const Vec3&, const Vec3&) = default;
};

struct Vec3d {
  double x = 0, y = 0, z = 0;
  friend bool operator==(const Vec3d&, const Vec3d&) = default;
};

struct Quat {
  float x = 0, y = 0, z = 0, w = 1;
  friend bool operator==(const Quat&, const Quat&) = default;
};

// 3x3 matrix, m[row][col], column-vector convention.
using Mat3 = std::array<std::array<float, 3>, 3>;

Mat3 matrix_from_quat(const Quat& q);
// Rotation matrix (orthonormal, det +1) to a unit quaternion with w >= 0.
Quat quat_from_matrix(const Mat3& m);
Quat normalized(const Quat& q);
// The same rotation with w >= 0 (q and -q are one rotation). Inline: the Euler evaluator
// (src/model/euler_quaternion.hpp), which sampling calls for every Euler rotation, inlines it.
inline Quat with_positive_w(const Quat& q) { return q.w < 0 ? Quat{-q.x, -q.y, -q.z, -q.w} : q; }
// Rebuilds w >= 0 of a unit quaternion from x, y, z.
Quat quat_from_xyz(float x, float y, float z);

// A rigid-ish transform as GEM's Matrix34 holds it: four rows of three floats, rows 0-2 the
// local X, Y, Z axes in the row-vector convention (so the columns of the column-convention
// matrix), row 3 the translation. `mirrored` negates the local Z axis.
struct Decomposed {
  Vec3 translation;
  Quat rotation;
  Vec3 scale{1, 1, 1};
  bool mirrored = false;
};
using Matrix34 = std::array<float, 12>;

// Splits a Matrix34 into translation, rotation (w >= 0), positive scale, and mirrored when the
// determinant is negative. Scale lengths within 1e-6 of 1 are snapped to exactly 1. Shear is
// not representable and is lost (validators warn about it).
Decomposed decompose(const Matrix34& m);
Matrix34 compose(const Decomposed& d);

float quat_angle_between(const Quat& a, const Quat& b);  // radians, sign-insensitive

// The cubic Hermite curve from value a (slope a_out) to value b (slope b_in) over a segment of
// `gap` frames, at u in [0, 1]: slopes are per frame, so the tangents are slope * gap. Computed in
// double, in one order, so that every evaluator (neutral clip, LM, glTF import) agrees bit for bit.
double hermite(double a, double a_out, double b, double b_in, double gap, double u);

// Spherical interpolation along the shorter arc (b's sign flipped when needed), normalised.
Quat slerp(const Quat& a, Quat b, double u);

// Euler angles (radians) composed as Rz * Ry * Rx (column vectors), w >= 0.
Quat quat_from_euler_zyx(double rx, double ry, double rz);
// The inverse: angles with ry in [-pi/2, pi/2]; at gimbal lock (cos ry ~ 0) only rx - rz or
// rx + rz is defined, and rz = 0 takes it all.
Vec3d euler_zyx_from_quat(const Quat& q);

}  // namespace anmkit::model
