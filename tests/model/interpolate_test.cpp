// The Vec3 Hermite curve (src/model/interpolate.hpp), whose x and y go through one two-lane
// vector, against HermiteBasis's scalar formula component by component, bit for bit: model::sample
// and the Sampler share the vector code, so only this compares it with the formula.
#include "../../src/model/interpolate.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <random>

namespace anmkit::model {
namespace {

TEST(Interpolate, VectorHermiteIsTheScalarFormulaInEveryComponent) {
  std::mt19937_64 random(37);
  std::uniform_real_distribution<float> value(-1000.0f, 1000.0f), tangent(-50.0f, 50.0f);
  std::uniform_real_distribution<double> u(0.0, 1.0), gap(0.5, 300.0);
  auto vec = [&](auto& d) { return Vec3{d(random), d(random), d(random)}; };
  auto bits = [](float f) { return std::bit_cast<std::uint32_t>(f); };
  for (int i = 0; i < 100000; ++i) {
    const Vec3 a = vec(value), a_out = vec(tangent), b = vec(value), b_in = vec(tangent);
    const double t = u(random), g = gap(random);
    const Vec3 got = interpolate::cubic(a, a_out, b, b_in, g, t);
    const interpolate::HermiteBasis h(t);
    ASSERT_EQ(bits(got.x), bits(float(h(a.x, a_out.x, b.x, b_in.x, g)))) << i;
    ASSERT_EQ(bits(got.y), bits(float(h(a.y, a_out.y, b.y, b_in.y, g)))) << i;
    ASSERT_EQ(bits(got.z), bits(float(h(a.z, a_out.z, b.z, b_in.z, g)))) << i;
  }
}

}  // namespace
}  // namespace anmkit::model
