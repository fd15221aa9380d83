#pragma once
// Floats are kept as their raw IEEE-754 bits wherever a file stores them, so that -0.0 and
// NaN payloads survive a round trip; these helpers convert at the point of use.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace anmkit {

#if defined(__cpp_lib_bit_cast)
inline float float_from_bits(std::uint32_t bits) { return std::bit_cast<float>(bits); }
inline std::uint32_t bits_from_float(float value) { return std::bit_cast<std::uint32_t>(value); }
#else  // Emscripten 3.1's libc++ (the WebAssembly build) has no std::bit_cast: the same by memcpy
inline float float_from_bits(std::uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, sizeof value);
  return value;
}
inline std::uint32_t bits_from_float(float value) {
  std::uint32_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
}
#endif

// Whether none of `count` floats (as bits) is infinite or NaN, i.e. has an all-ones exponent:
// the same answer as std::isfinite on each, but without a branch per value, so the loop
// vectorizes. Validators scan clean data with it and look for the culprit only when it fails.
inline bool all_finite(const std::uint32_t* bits, std::size_t count) {
  std::uint32_t bad = 0;
  for (std::size_t i = 0; i < count; ++i) bad |= std::uint32_t((bits[i] & 0x7f800000u) == 0x7f800000u);
  return bad == 0;
}

}  // namespace anmkit
