#pragma once
// The MM2 pixel codec (notes points 7, 8, 10): a nibble stream to 5 bitplanes and back, and
// bitplanes to indexed pixels (pens 0..31) and back.

#include <cstdint>
#include <span>
#include <vector>

#include "anmkit/core/expected.hpp"
#include "anmkit/formats/mm2/mm2_file.hpp"

namespace anmkit::mm2 {

// Decodes one frame's planes (5 * ras_size bytes) from the stream starting at `stream`;
// `consumed` receives the number of stream bytes the frame used. Fails (truncated, offset
// relative to the stream) when the stream ends first.
// Frames over `max_pixels` are refused before anything is allocated.
Expected<Bytes> decode_planes(std::span<const std::uint8_t> stream, std::size_t width, std::size_t height,
                              std::size_t& consumed, std::uint64_t max_pixels = 1u << 24);

// Only counts the stream bytes a frame uses (nullopt when the stream ends first).
std::optional<std::size_t> stream_length(std::span<const std::uint8_t> stream, std::size_t width, std::size_t height);

// The greedy encoder: runs of up to 16 nibbles 0 or F; literal pairs otherwise (an odd last
// literal padded with 0).
Bytes encode_planes(std::span<const std::uint8_t> planes);

// Planes (plane 0 = bit 0 of the pen; MSB = leftmost pixel; rows padded to words) to one byte
// per pixel, row by row, and back.
std::vector<std::uint8_t> planes_to_pixels(std::span<const std::uint8_t> planes, std::size_t width, std::size_t height);
Bytes pixels_to_planes(std::span<const std::uint8_t> pixels, std::size_t width, std::size_t height);

// Amiga 0x0RGB to 8-bit channels (nibble * 17).
struct Rgb {
  std::uint8_t r = 0, g = 0, b = 0;
  friend bool operator==(const Rgb&, const Rgb&) = default;
};
Rgb palette_rgb(std::uint16_t word);

}  // namespace anmkit::mm2
