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

// An 8-bit RGBA PNG of `width` x `height` pixels, `rgba` 4 bytes a pixel, top row first (a
// decoded texture: texture::Image). Written as RGB, a quarter smaller, when every alpha is 255.
// Fails (invalid_model) unless `rgba` holds exactly width * height pixels, and for an empty picture.
Expected<std::vector<std::uint8_t>> encode_rgba(std::uint32_t width, std::uint32_t height, std::span<const std::uint8_t> rgba);

using Decoded = model::Picture;

// Any PNG; errors carry libspng's message. Images larger than `max_pixels` are refused.
Expected<Decoded> decode(std::span<const std::uint8_t> bytes, std::size_t max_pixels = 1u << 24);

}  // namespace anmkit::png
