#include "anmkit/core/json_float.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>

#include <fmt/format.h>

#include "anmkit/core/float_bits.hpp"
#include "anmkit/core/float_text.hpp"

namespace anmkit {

nlohmann::ordered_json json_from_float_bits(std::uint32_t bits) {
  const float value = float_from_bits(bits);
  if (!std::isfinite(value)) return fmt::format("bits:0x{:08x}", bits);
  // The shortest float digits, read as a double, give a double that nlohmann prints with the
  // same digits. Reading back goes decimal -> double -> float; check that this double rounding
  // lands on the same bits, and fall back to the exact double value when it does not.
  const double shortest = std::strtod(shortest_float_text(value).c_str(), nullptr);
  if (bits_from_float(static_cast<float>(shortest)) == bits) return shortest;
  return static_cast<double>(value);
}

std::optional<std::uint32_t> float_bits_from_json(const nlohmann::ordered_json& value) {
  if (value.is_number()) {
    const double d = value.get<double>();
    if (!std::isfinite(d)) return std::nullopt;
    // Doubles at or past the midpoint between FLT_MAX and 2^128 would round to infinity (and
    // converting them is undefined behaviour): refuse them. Below it they round to FLT_MAX.
    static const double overflow_midpoint = std::ldexp(1.0, 128) - std::ldexp(1.0, 103);
    if (std::fabs(d) >= overflow_midpoint) return std::nullopt;
    return bits_from_float(static_cast<float>(d));
  }
  if (value.is_string()) {
    const auto& s = value.get_ref<const std::string&>();
    if (s.size() == 15 && s.compare(0, 7, "bits:0x") == 0) {
      std::uint32_t bits = 0;
      auto [ptr, ec] = std::from_chars(s.data() + 7, s.data() + s.size(), bits, 16);
      if (ec == std::errc() && ptr == s.data() + s.size()) return bits;
    }
  }
  return std::nullopt;
}

}  // namespace anmkit
