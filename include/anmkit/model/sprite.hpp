#pragma once
// The neutral sprite model: indexed images over one palette, and sequences of (image, duration
// in ticks). Format codecs (MM2) produce it; image exporters (PNG, GIF, IFF) consume it.

#include <array>
#include <cstdint>
#include <vector>

namespace anmkit::model {

struct Color {
  std::uint8_t r = 0, g = 0, b = 0, a = 255;
  friend bool operator==(const Color&, const Color&) = default;
};

struct IndexedImage {
  std::size_t width = 0, height = 0;
  std::vector<std::uint8_t> pixels;  // one pen per pixel, row by row
  std::uint8_t at(std::size_t x, std::size_t y) const { return pixels[y * width + x]; }
  friend bool operator==(const IndexedImage&, const IndexedImage&) = default;
};

// Nearest-neighbour enlargement by an integer factor.
IndexedImage scaled(const IndexedImage& image, std::size_t factor);

struct SpriteStep {
  std::size_t image = 0;     // index into SpriteAnimation::images
  std::uint32_t ticks = 1;   // how long it shows
};

struct SpriteAnimation {
  std::vector<Color> palette;             // pen -> colour; transparent pens have a = 0
  std::vector<IndexedImage> images;       // all the same size (the canvas)
  std::vector<std::vector<SpriteStep>> sequences;
  double tick_hz = 60;
};

}  // namespace anmkit::model
