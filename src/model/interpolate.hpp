#pragma once
// The value arithmetic between two keys, shared by model::evaluate (clip.cpp), the Sampler
// (sampler.cpp) and model::hermite (math.cpp): one copy, so that all give the same bits.

#include "anmkit/model/math.hpp"

namespace anmkit::model::interpolate {

inline Vec3 linear(const Vec3& a, const Vec3& b, double u) {
  return Vec3{float(a.x + u * (double(b.x) - a.x)), float(a.y + u * (double(b.y) - a.y)),
              float(a.z + u * (double(b.z) - a.z))};
}

inline Quat linear(const Quat& a, const Quat& b, double u) { return slerp(a, b, u); }

// model::hermite's curve (math.hpp), inline: the basis computed once for every component.
struct HermiteBasis {
  double h00, h10, h01, h11;
  explicit HermiteBasis(double u) {
    const double u2 = u * u, u3 = u2 * u;
    h00 = 2 * u3 - 3 * u2 + 1;
    h10 = u3 - 2 * u2 + u;
    h01 = -2 * u3 + 3 * u2;
    h11 = u3 - u2;
  }
  double operator()(double a, double a_out, double b, double b_in, double gap) const {
    return h00 * a + h10 * (a_out * gap) + h01 * b + h11 * (b_in * gap);
  }
};

// Key a's value and out tangent to key b's value and in tangent, `gap` frames apart. x and y go
// through HermiteBasis's operations together, as two lanes of one vector (the runtime sampler
// spends most of its time here); each lane gives the scalar's bits.
inline Vec3 cubic(const Vec3& a, const Vec3& a_out, const Vec3& b, const Vec3& b_in, double gap, double u) {
  using Pair = double __attribute__((vector_size(16)));
  const HermiteBasis h(u);
  auto xy = [](const Vec3& v) { return Pair{v.x, v.y}; };
  const Pair p = h.h00 * xy(a) + h.h10 * (xy(a_out) * gap) + h.h01 * xy(b) + h.h11 * (xy(b_in) * gap);
  return Vec3{float(p[0]), float(p[1]), float(h(a.z, a_out.z, b.z, b_in.z, gap))};
}

inline Quat cubic(const Quat& a, const Quat& a_out, const Quat& b, const Quat& b_in, double gap, double u) {
  const HermiteBasis h(u);
  return normalized(Quat{float(h(a.x, a_out.x, b.x, b_in.x, gap)), float(h(a.y, a_out.y, b.y, b_in.y, gap)),
                         float(h(a.z, a_out.z, b.z, b_in.z, gap)), float(h(a.w, a_out.w, b.w, b_in.w, gap))});
}

}  // namespace anmkit::model::interpolate
