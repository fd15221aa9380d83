#include "anmkit/image/sheet.hpp"

#include <algorithm>
#include <cmath>

namespace anmkit::sheet {

Sheet layout(const std::vector<model::IndexedImage>& images) {
  Sheet out;
  if (images.empty()) return out;
  std::size_t cell_w = 0, cell_h = 0;
  for (const auto& i : images) {
    cell_w = std::max(cell_w, i.width);
    cell_h = std::max(cell_h, i.height);
  }
  std::size_t columns = 1;
  while (columns * columns < images.size()) ++columns;
  const std::size_t rows = (images.size() + columns - 1) / columns;
  out.image = {columns * cell_w, rows * cell_h, std::vector<std::uint8_t>(columns * cell_w * rows * cell_h, 0)};
  for (std::size_t n = 0; n < images.size(); ++n) {
    const Cell cell{(n % columns) * cell_w, (n / columns) * cell_h, images[n].width, images[n].height};
    for (std::size_t y = 0; y < cell.height; ++y) {
      std::copy_n(images[n].pixels.begin() + std::ptrdiff_t(y * cell.width), cell.width,
                  out.image.pixels.begin() + std::ptrdiff_t((cell.y + y) * out.image.width + cell.x));
    }
    out.cells.push_back(cell);
  }
  return out;
}

}  // namespace anmkit::sheet
