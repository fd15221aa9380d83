#pragma once
// A sprite sheet: images of one size laid out in a near-square grid, with each cell's rectangle.

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

// Cells of the largest image's size, ceil(sqrt(n)) columns, row by row.
Sheet layout(const std::vector<model::IndexedImage>& images);

}  // namespace anmkit::sheet
