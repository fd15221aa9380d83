#pragma once
// Floats in JSON that read back to the same bits: finite values print as the shortest decimal
// that round-trips (so 0.1f prints as 0.1, not 0.10000000149011612); NaN and infinities, which
// JSON numbers cannot hold, print as the string "bits:0xHHHHHHHH". -0.0 prints as -0.0.

#include <cstdint>
#include <optional>

#include <nlohmann/json.hpp>

namespace anmkit {

nlohmann::ordered_json json_from_float_bits(std::uint32_t bits);

// Accepts a JSON number (rounded to the nearest float) or a "bits:0x..." string.
std::optional<std::uint32_t> float_bits_from_json(const nlohmann::ordered_json& value);

}  // namespace anmkit
