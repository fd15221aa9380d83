#pragma once
// The sine and cosine of one double, for the Euler-to-quaternion conversion that every LM sample
// makes three times: glibc's sincos was 63% of the runtime sampler's time.
//
// Cody-Waite reduction by pi/2 (pi/2 in three parts, the first two of 33 bits, so n * part is
// exact for |n| < 2^20), then the Taylor series on [-pi/4, pi/4], cut where the next term is
// below 2^-60 (sine to x^17, cosine to x^16). The answers are within about an ulp of glibc's,
// which the float quaternion built from them does not see. Arguments past 2^20 * pi/2 (about
// 1.6 million radians) and non-finite ones go to portable::sin and portable::cos
// (portable_math.hpp), which give the same bits on every platform, as this series does.

#include <cmath>
#include <cstdint>

#include "portable_math.hpp"

namespace anmkit::model::detail {

struct SineCosine {
  double sin = 0, cos = 1;
};

// 1 / k!, rounded once: k! is exact in a double up to 18!.
consteval double f(int k) {
  double factorial = 1;
  for (int i = 2; i <= k; ++i) factorial *= i;
  return 1 / factorial;
}

using Pair = double __attribute__((vector_size(16)));
using PairBits = std::uint64_t __attribute__((vector_size(16)));

// The largest argument reduced here (|n| <= 2^20 below); past it, and for NaN, portable_math.
constexpr double reduced_limit = 0x1p20 * 0x1.921fb54442d18p+0;

// The reduction's constants (also the runtime sampler's lanes', pose_quaternions.cpp).
namespace reduction {
constexpr double two_over_pi = 0x1.45f306dc9c883p-1;
constexpr double pio2_1 = 0x1.921fb544p+0;       // pi/2, its first 33 bits
constexpr double pio2_2 = 0x1.0b4611a6p-34;      // the next 33
constexpr double pio2_3 = 0x1.3198a2e037073p-69;  // the rest, rounded
// n = x * 2/pi rounded to the nearest integer by adding and taking away 1.5 * 2^52
// (round-to-nearest mode); |n| <= 2^20, so it converts exactly, and its low bits are the quadrant.
constexpr double shift = 0x1.8p52;
}  // namespace reduction

// The two series on [-pi/4, pi/4], highest power first: sin r = r + r^3 * S(r^2) and
// cos r = 1 + r^2 * C(r^2), each evaluated by Horner's rule from these (here, and in the runtime
// sampler's lanes, pose_quaternions.cpp).
namespace series {
constexpr int terms = 8;
inline constexpr double sine[terms] = {f(17), -f(15), f(13), -f(11), f(9), -f(7), f(5), -f(3)};
inline constexpr double cosine[terms] = {f(16), -f(14), f(12), -f(10), f(8), -f(6), f(4), -f(2)};
}  // namespace series

// sin x in lane 0 and cos x in lane 1, for |x| <= reduced_limit. Inlined: the three calls of an
// Euler rotation, and the rotations of successive bones, overlap only when the compiler sees them.
__attribute__((always_inline)) inline Pair reduced_sine_cosine(double x) {
  using namespace reduction;
  const double n = (x * two_over_pi + shift) - shift;
  const unsigned quadrant = static_cast<unsigned>(static_cast<std::int32_t>(n)) & 3u;
  const double r = ((x - n * pio2_1) - n * pio2_2) - n * pio2_3;

  // Both series at once, the sine's in lane 0 and the cosine's in lane 1 (the same operations
  // per lane as two scalar Horner loops).
  const double r2 = r * r;
  const Pair z = {r2, r2};
  Pair p = Pair{series::sine[0], series::cosine[0]};
#pragma GCC unroll 8
  for (int k = 1; k < series::terms; ++k) p = p * z + Pair{series::sine[k], series::cosine[k]};
  // sin r has the sign of r on [-pi/4, pi/4]: copysign keeps sin(-0) = -0, which the sum makes +0.
  const double s = std::copysign(r + r * r2 * p[0], r);
  const double c = 1 + r2 * p[1];

  // The quadrant picks and signs them by masks, not branches (the quadrant of a moving angle is
  // not predictable): odd quadrants swap sine and cosine; the sine is negated in quadrants 2 and
  // 3, the cosine in 1 and 2.
  constexpr std::uint64_t all = ~std::uint64_t(0), sign = std::uint64_t(1) << 63;
  static constexpr PairBits swap[4] = {{0, 0}, {all, all}, {0, 0}, {all, all}};
  static constexpr PairBits negate[4] = {{0, 0}, {0, sign}, {sign, sign}, {sign, 0}};
  const PairBits sc = reinterpret_cast<PairBits>(Pair{s, c}), cs = reinterpret_cast<PairBits>(Pair{c, s});
  return reinterpret_cast<Pair>(((sc & ~swap[quadrant]) | (cs & swap[quadrant])) ^ negate[quadrant]);
}

__attribute__((always_inline)) inline SineCosine sine_cosine(double x) {
  if (!(std::fabs(x) <= reduced_limit)) return {portable::sin(x), portable::cos(x)};
  const Pair sc = reduced_sine_cosine(x);
  return {sc[0], sc[1]};
}

}  // namespace anmkit::model::detail
