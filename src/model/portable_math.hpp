#pragma once
// Transcendental functions that give the same bits on every platform (issue 27).
//
// The C library decides these bits, and C libraries differ: mingw-w64's asin, acos, atan, atan2
// and hypot differ from glibc's on 6-14% of inputs, its sin by up to 1.3e9 ulps, and emscripten's
// (musl's) differ again. Wherever such a function's result reaches anmkit's output, the library
// calls these instead. They are written only with IEEE basic operations (+ - * / and sqrt, each
// correctly rounded), fabs, copysign, comparisons, integer arithmetic and bit manipulation, in a
// fixed order, so every conforming platform computes the same bits. That needs double to be
// evaluated as double (FLT_EVAL_METHOD 0: x86-64, aarch64, wasm; not the x87) and no fused
// multiply-add: everything is built with -ffp-contract=off (the top CMakeLists.txt), and the
// definitions (portable_math.cpp) also turn contraction off themselves where clang allows it.
//
// Methods (the classic ones; the code is our own). Every result is formed as a double-double
// (an unevaluated sum hi + lo worth about 2^-100) to within about 2^-70 of its value, then
// rounded once:
//   sin, cos   reduction by pi/2 to a double-double remainder r, |r| <= pi/4: Cody-Waite with
//              pi/2 in four parts (three of 33 bits) below 2^20 * pi/2, Payne-Hanek beyond (x
//              times the 192 bits of 2/pi that matter, in 64-bit integer arithmetic, so every
//              finite argument is reduced exactly enough); then r = c + d with c = i/256,
//              sin(c + d) and cos(c + d) from a table of sin c and cos c and short Taylor
//              series of sin d and cos d.
//   atan, atan2, asin, acos
//              one kernel, atan(n/d) for 0 < n <= d as double-doubles: c = i/64 nearest n/d,
//              atan(n/d) = atan c + atan u, u = (n - c d) / (d + c n), atan c from a table, atan u
//              by its series (|u| <= 1/128). atan2 works on the smaller magnitude over the larger
//              (pi/2 less the result when y is larger), asin x = atan(x / sqrt(1 - x^2)) and
//              acos x = atan(sqrt(1 - x^2) / x) with 1 - x^2 formed exactly ((1 - x)(1 + x)
//              above 1/2) and its square root as a double-double.
//   hypot      the sum of the squares in double-double, scaled by a power of two, and its square
//              root corrected once; both arguments subnormal: the integer square root.
// The tables and constants are the values of pi, 2/pi, sin, cos and atan, computed with mpmath at
// 300 bits (2000 for 2/pi) and each rounded to the nearest double (and the rest to the next).
//
// Accuracy. Correctly rounded except when the exact value lies within about 2^-17 ulp of a
// rounding boundary. Measured with mpmath over some 485 000 results (70 000 a function, the
// test's kinds of input): the largest error was 0.50000016 ulp (one acos; every other result
// was correctly rounded). tests/model/portable_math_test.cpp compares 240 000 inputs a function
// with glibc 2.36 (itself within about 0.5 ulp, but not always correctly rounded): every result
// within `max_ulps_from_glibc` (1) ulp; they differ on 0.03-0.11% of inputs (hypot on 3%, mostly
// subnormal and huge arguments), and where they do, ours was the correctly rounded one on every
// difference checked with mpmath. The float atan2 differs from glibc's atan2f, which is not
// correctly rounded, on 16% of pairs in [-1, 1].
//
// Cost (x86-64, GCC 12 -O2, independent calls in a loop; glibc 2.36 for comparison): sin and cos
// 38-40 ns (glibc 13), atan2 67 (20), atan 64 (11-16), asin 93 (14), acos 100 (15), hypot 24
// (15). slerp (math.cpp: one acos and two sines, the third being the second's) 250 ns (110).
//
// Special values follow C Annex F: +-0 keeps its sign (asin, atan, atan2, sin), asin and acos
// outside [-1, 1] and sin and cos of an infinity give NaN, atan2 has every quadrant, signed-zero
// and infinite case of Annex F, hypot(+-inf, anything, even NaN) is +inf. A NaN argument is
// returned as it is (its bits unchanged; atan2 and hypot return the first NaN argument); a NaN
// made here (asin(2), sin(inf)) is always the same one, std::numeric_limits<double>::quiet_NaN().

namespace anmkit::model::portable {

inline constexpr int max_ulps_from_glibc = 1;

// Pure: a call with the arguments of an earlier one may reuse its result (slerp's sin(angle)).
[[gnu::pure]] double sin(double x);
[[gnu::pure]] double cos(double x);
[[gnu::pure]] double atan(double x);
[[gnu::pure]] double atan2(double y, double x);
// std::atan2's float overload, for callers with float arguments: the double result rounded to
// float (correctly rounded but for double rounding, once in about 2^29 cases).
[[gnu::pure]] float atan2(float y, float x);
[[gnu::pure]] double asin(double x);
[[gnu::pure]] double acos(double x);
[[gnu::pure]] double hypot(double x, double y);

}  // namespace anmkit::model::portable
