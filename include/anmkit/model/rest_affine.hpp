#pragma once
// A bone's rest transform as an affine map in double (x' = a x + t), composed down a skeleton and
// inverted: what glTF's inverse bind matrices are made of, and what a model reader checks so that
// they fit a float.

#include <array>

#include "anmkit/model/math.hpp"

namespace anmkit::model {

struct Affine {
  std::array<std::array<double, 3>, 3> a{{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
  std::array<double, 3> t{0, 0, 0};
};

Affine operator*(const Affine& parent, const Affine& child);

// Rotation times scale, then the translation; a scale of 0 (a bone hidden at rest) is taken as 1,
// where the inverse exists.
Affine rest_affine(const Vec3& translation, const Quat& rotation, const Vec3& scale);

// The determinant of the linear part (negative for a mirror).
double determinant(const Affine& m);

// The inverse through the adjugate; a singular matrix (only from a malformed rotation) is the identity.
Affine inverse(const Affine& m);

// Every value finite and within `bound` in magnitude.
bool within(const Affine& m, double bound);

}  // namespace anmkit::model
