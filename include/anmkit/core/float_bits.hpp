#pragma once
// Floats are kept as their raw IEEE-754 bits wherever a file stores them, so that -0.0 and
// NaN payloads survive a round trip; these helpers convert at the point of use.

#include <bit>
#include <cstdint>

namespace anmkit {

inline float float_from_bits(std::uint32_t bits) { return std::bit_cast<float>(bits); }
inline std::uint32_t bits_from_float(float value) { return std::bit_cast<std::uint32_t>(value); }

}  // namespace anmkit
