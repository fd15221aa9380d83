#pragma once
// A sprite sheet: images laid out in a near-square grid of equal cells, with each cell's rectangle.
// The sheet is laid out from the images' sizes first and each image drawn into it after, so
// that images made one at a time (composed states) never all exist at once.

#include <functional>
#include <vector>

#include "anmkit/model/sprite.hpp"

namespace anmkit::sheet {

struct Cell {
  std::size_t x = 0, y = 0, width = 0, height = 0;
};

struct Sheet {
  model::IndexedImage image;  // pen 0 where no cell is
  std::vector<Cell> cells;    // in the images' order
};

struct Size {
  std::size_t width = 0, height = 0;
};

// Cells of the largest size, ceil(sqrt(n)) columns, row by row, each `scale` times its image's
// size; the sheet all pen 0.
Sheet layout(const std::vector<Size>& sizes, std::size_t scale = 1);
// Image n drawn `scale` times enlarged (nearest neighbour) into its cell (the size it was laid
// out with).
void draw(Sheet& sheet, std::size_t n, const model::IndexedImage& image, std::size_t scale = 1);
// Laid out and drawn at once.
Sheet layout(const std::vector<model::IndexedImage>& images);

}  // namespace anmkit::sheet
