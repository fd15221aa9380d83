// The Euler-to-quaternion sine and cosine (src/model/sine_cosine.hpp) against the C library's.
#include "../../src/model/sine_cosine.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>
#include <random>
#include <vector>

#include "anmkit/model/math.hpp"

namespace anmkit::model {
namespace {

using detail::sine_cosine;

// Distance in units in the last place between two finite doubles of the same sign, or across zero.
std::uint64_t ulps_apart(double a, double b) {
  auto ordered = [](double v) {
    const auto bits = std::bit_cast<std::int64_t>(v);
    return bits < 0 ? std::numeric_limits<std::int64_t>::min() - bits : bits;
  };
  const std::int64_t x = ordered(a), y = ordered(b);
  return x > y ? std::uint64_t(x) - std::uint64_t(y) : std::uint64_t(y) - std::uint64_t(x);
}

// The largest error against std::sin and std::cos, in ulps of the C library's answer; below
// 2^-40 (next to a zero of the function) in ulps of 2^-40, where both are well under a float's.
std::uint64_t worst_error(const std::vector<double>& arguments) {
  std::uint64_t worst = 0;
  for (double x : arguments) {
    const auto [s, c] = sine_cosine(x);
    for (auto [ours, theirs] : {std::pair{s, std::sin(x)}, std::pair{c, std::cos(x)}}) {
      const std::uint64_t error = std::fabs(theirs) >= 0x1p-40 ? ulps_apart(ours, theirs)
                                                                 : std::uint64_t(std::fabs(ours - theirs) / 0x1p-92);
      worst = std::max(worst, error);
    }
  }
  return worst;
}

TEST(SineCosine, WithinTwoUlpsOfTheCLibraryOverTheReducedRange) {
#ifndef __GLIBC__
  GTEST_SKIP() << "the reference is glibc's sine and cosine (other C libraries give other bits: the portable math's test pins those)";
#endif
  std::mt19937_64 random(13);
  std::vector<double> near, far;
  std::uniform_real_distribution<double> small(-8 * std::numbers::pi, 8 * std::numbers::pi);
  std::uniform_real_distribution<double> large(-1.6e6, 1.6e6);
  for (int i = 0; i < 200000; ++i) near.push_back(small(random));
  for (int i = 0; i < 200000; ++i) far.push_back(large(random));
  // Next to every multiple of pi/4 up to 64 pi, where the reduction cancels or the quadrant turns.
  for (int k = -256; k <= 256; ++k) {
    double up = k * (std::numbers::pi / 4), down = up;
    for (int step = 0; step < 64; ++step, up = std::nextafter(up, 1e9), down = std::nextafter(down, -1e9)) {
      near.push_back(up);
      near.push_back(down);
    }
  }
  EXPECT_LE(worst_error(near), 2u);
  EXPECT_LE(worst_error(far), 2u);
}

TEST(SineCosine, ExactWhereTheAnswerIsExact) {
  EXPECT_EQ(sine_cosine(0.0).sin, 0.0);
  EXPECT_FALSE(std::signbit(sine_cosine(0.0).sin));
  EXPECT_TRUE(std::signbit(sine_cosine(-0.0).sin)) << "sin(-0) is -0, as the C library's";
  EXPECT_EQ(sine_cosine(-0.0).cos, 1.0);
  EXPECT_EQ(sine_cosine(1e-300).sin, 1e-300);
  EXPECT_EQ(sine_cosine(1e-300).cos, 1.0);
  EXPECT_EQ(sine_cosine(std::numeric_limits<double>::denorm_min()).sin, std::numeric_limits<double>::denorm_min());
}

// Past the reduced range, the portable functions' answers (portable_math.hpp): the same bits on
// every platform, where the C library's differ.
TEST(SineCosine, OutsideTheReducedRangeIsThePortableAnswer) {
  for (double x : {0x1p20 * 1.5708, -0x1p20 * 1.5708, 1e9, -3.5e15, 1e300}) {
    EXPECT_EQ(sine_cosine(x).sin, portable::sin(x)) << x;
    EXPECT_EQ(sine_cosine(x).cos, portable::cos(x)) << x;
  }
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  for (double x : {nan, inf, -inf}) {
    EXPECT_TRUE(std::isnan(sine_cosine(x).sin)) << x;
    EXPECT_TRUE(std::isnan(sine_cosine(x).cos)) << x;
  }
}

// The float quaternion, what every caller sees: as the C library's sine and cosine make it, but
// for the rare component whose double lands within an ulp of a float's rounding boundary.
TEST(SineCosine, EulerQuaternionsAreTheCLibrarysToTheLastBitButRarely) {
  auto reference = [](double rx, double ry, double rz) {
    const double cx = std::cos(rx / 2), sx = std::sin(rx / 2);
    const double cy = std::cos(ry / 2), sy = std::sin(ry / 2);
    const double cz = std::cos(rz / 2), sz = std::sin(rz / 2);
    return with_positive_w(Quat{float(cz * cy * sx - sz * sy * cx), float(cz * sy * cx + sz * cy * sx),
                                float(sz * cy * cx - cz * sy * sx), float(cz * cy * cx + sz * sy * sx)});
  };
  std::mt19937_64 random(17);
  std::uniform_real_distribution<double> angle(-4 * std::numbers::pi, 4 * std::numbers::pi);
  int different = 0;
  constexpr int count = 300000;
  for (int i = 0; i < count; ++i) {
    const double rx = angle(random), ry = angle(random), rz = angle(random);
    const Quat ours = quat_from_euler_zyx(rx, ry, rz), theirs = reference(rx, ry, rz);
    const float a[] = {ours.x, ours.y, ours.z, ours.w}, b[] = {theirs.x, theirs.y, theirs.z, theirs.w};
    for (int c = 0; c < 4; ++c) {
      if (a[c] == b[c]) continue;
      ++different;
      EXPECT_EQ(std::nextafter(a[c], b[c]), b[c]) << "more than one float ulp apart at " << rx << ", " << ry << ", " << rz;
    }
  }
  EXPECT_LT(different, count * 4 / 10000) << "more than 1 component in 10 000 differs";
}

}  // namespace
}  // namespace anmkit::model
