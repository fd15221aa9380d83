#pragma once
// x^y from multiplications and square roots alone, for the corpus's file sizes: the C library's
// pow gives other bits on mingw-w64 and in WebAssembly than glibc's, and a size one byte off is
// another file, so one seed would make another corpus on each platform. Multiplication and sqrt
// are IEEE operations, correctly rounded everywhere (with -ffp-contract=off, no fused
// multiply-add), so these are the same bits on every platform.
//
// x^y = x^whole * x^(1/2)^b1 * x^(1/4)^b2 * ..., the b's being the bits of y's fraction; within
// some tens of ulps of x^y (each of the up to 53 factors is within an ulp), which moves a size
// truncated to whole bytes only when x^y lies that close to an integer: the corpora of seeds 1
// and 7 are byte for byte those that glibc's pow made.

#include <cmath>

namespace anmkit::corpus {

// x >= 0 and 0 <= y < 2^52.
inline double power_by_roots(double x, double y) {
  double result = 1;
  for (; y >= 1; y -= 1) result *= x;  // exact steps: y < 2^52
  double root = x;
  for (int bit = 0; bit < 53 && y > 0; ++bit) {
    root = std::sqrt(root);  // x^(2^-(bit + 1))
    y *= 2;                  // exact: the next bit of the fraction comes above the point
    if (y >= 1) {
      result *= root;
      y -= 1;
    }
  }
  return result;
}

}  // namespace anmkit::corpus
