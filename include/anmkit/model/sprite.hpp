#pragma once
// The neutral sprite model: indexed images over one palette, and sequences of (image, duration
// in ticks). Format codecs (MM2) produce it; image exporters (PNG, GIF, IFF) consume it.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
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
  std::size_t image = 0;     // a composed state of SpriteAnimation (state(image))
  std::uint32_t ticks = 1;   // how long it shows
};

// Game ticks per second where a file does not say (MM2 does not).
inline constexpr double default_tick_hz = 60;

// A picture as an editor saved it, decoded: every pixel's colour, and its pens when the picture
// was indexed. Sprite importers take it (the image layer decodes PNG into it).
struct Picture {
  std::size_t width = 0, height = 0;
  bool indexed = false;
  IndexedImage indices;        // when indexed: the pen of every pixel
  std::vector<Color> palette;  // when indexed (alpha from tRNS)
  std::vector<Color> rgba;     // every pixel as RGBA (always)
};

// Reading back a picture exported `factor` times enlarged (nearest neighbour): the first block
// of factor x factor pixels that is not all one colour (its top-left pixel), nullopt when every
// block is one colour. The picture's size must be a multiple of factor.
struct PixelPosition {
  std::size_t x = 0, y = 0;
};
std::optional<PixelPosition> first_mixed_block(const Picture& picture, std::size_t factor);
// The picture `factor` times smaller: each block's top-left pixel (the inverse of scaled() where
// first_mixed_block finds none).
Picture unscaled(const Picture& picture, std::size_t factor);

// The composed states are not kept: each is drawn from the stored frames when asked for
// (state(), compose_state()), so that a file of large frames costs its stored frames only.
struct SpriteAnimation {
  std::vector<Color> palette;             // pen -> colour; transparent pens have a = 0
  std::vector<std::vector<SpriteStep>> sequences;
  double tick_hz = default_tick_hz;
  // The frames as the file stores them (MM2: a base and patches), before they are composed.
  std::vector<IndexedImage> stored;
  // Where each stored frame is drawn on the canvas (MM2: the base at 0, 0; a patch in its slot,
  // clipped to the slot's size), one per stored frame.
  struct Rect {
    std::size_t x = 0, y = 0, width = 0, height = 0;
  };
  std::vector<Rect> stored_rects;
  // What each stored frame clears to pen 0 before it is drawn (MM2: a patch its whole slot, so
  // that the base does not show through the patch's holes), one per stored frame; a rectangle
  // of no pixels clears nothing.
  std::vector<Rect> cleared_rects;
  std::size_t width = 0, height = 0;  // the canvas every state is composed on
  std::size_t planes = 8;  // bitplanes the pens fit in (MM2: 5), for planar outputs such as ILBM

  // One state per stored frame: state k is a canvas of pen 0 with stored frame 0 drawn on it
  // and, for k > 0, cleared_rects[k] set to pen 0 and stored frame k drawn; a frame is drawn in
  // its stored_rects entry, cropped to the canvas, its pen 0 drawing nothing.
  std::size_t state_count() const { return stored.size(); }
  IndexedImage state(std::size_t k) const;
  // The same into `canvas` (width x height pens, row by row), allocating nothing. False when k
  // is not a state or the canvas is not width x height.
  bool compose_state(std::size_t k, std::span<std::uint8_t> canvas) const;
};

}  // namespace anmkit::model
