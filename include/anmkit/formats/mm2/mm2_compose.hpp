#pragma once
// What the game draws (notes points 11-13): stored frame 0 is the base, frame N > 0 a patch for
// prelude slot N - 1; composed state k is the base with slot k-1's rectangle cleared and patch k
// drawn in it (cropped to the rectangle, pen 0 a hole), on a canvas covering the base and every
// used prelude rectangle. Sequences name composed states.

#include <vector>

#include "anmkit/core/expected.hpp"
#include "anmkit/formats/mm2/mm2_file.hpp"
#include "anmkit/model/sprite.hpp"

namespace anmkit::mm2 {

struct CanvasSize {
  std::size_t width = 0, height = 0;
};
CanvasSize canvas_size(const File& file);

// Each stored frame's pixels (pens 0..31), from the decoded planes.
Expected<std::vector<model::IndexedImage>> raw_frames(const File& file);

// The palette as colours (x17 per channel), pen 0 transparent.
std::vector<model::Color> palette_colors(const File& file);

// The stored frames with where each is drawn and what it clears (the composed states are drawn
// from them: model::SpriteAnimation::state; a patch whose slot is unused is drawn at (0, 0),
// uncropped, without clearing, and validate warns), the palette and the sequences at `tick_hz`.
Expected<model::SpriteAnimation> to_sprite(const File& file, double tick_hz);

}  // namespace anmkit::mm2
