#pragma once
// Indexed PNG in and out (libspng).

#include <cstdint>
#include <span>
#include <vector>

#include "anmkit/core/expected.hpp"
#include "anmkit/model/sprite.hpp"

namespace anmkit::png {

// An 8-bit indexed PNG whose palette is `palette` (alpha < 255 entries go into tRNS).
Expected<std::vector<std::uint8_t>> encode_indexed(const model::IndexedImage& image, const std::vector<model::Color>& palette);

using Decoded = model::Picture;

// Any PNG; errors carry libspng's message. Images larger than `max_pixels` are refused.
Expected<Decoded> decode(std::span<const std::uint8_t> bytes, std::size_t max_pixels = 1u << 24);

}  // namespace anmkit::png
