#include "anmkit/core/json_float.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>

#include <fmt/format.h>

#include "anmkit/core/float_bits.hpp"

namespace anmkit {

nlohmann::ordered_json json_from_float_bits(std::uint32_t bits) {
  const float value = float_from_bits(bits);
  if (!std::isfinite(value)) return fmt::format("bits:0x{:08x}", bits);
  // The shortest float digits, read as a double, give a double that nlohmann prints with the
  // same digits. Reading back goes decimal -> double -> float; check that this double rounding
  // lands on the same bits, and fall back to the exact double value when it does not.
  char buffer[32];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  if (ec == std::errc()) {
    const double shortest = std::strtod(std::string(buffer, end).c_str(), nullptr);
    if (bits_from_float(static_cast<float>(shortest)) == bits) return shortest;
  }
  return static_cast<double>(value);
}

std::optional<std::uint32_t> float_bits_from_json(const nlohmann::ordered_json& value) {
  if (value.is_number()) {
    const double d = value.get<double>();
    if (!std::isfinite(d)) return std::nullopt;
    // Finite doubles beyond the float range would become infinities: refuse them.
    if (std::fabs(d) > 3.4028234663852886e38) return std::nullopt;
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
