#include "anmkit/image/sheet.hpp"

#include <algorithm>

namespace anmkit::sheet {

Sheet layout(const std::vector<Size>& sizes, std::size_t scale) {
  Sheet out;
  if (sizes.empty()) return out;
  std::size_t cell_w = 0, cell_h = 0;
  for (const Size& s : sizes) {
    cell_w = std::max(cell_w, s.width * scale);
    cell_h = std::max(cell_h, s.height * scale);
  }
  std::size_t columns = 1;
  while (columns * columns < sizes.size()) ++columns;
  const std::size_t rows = (sizes.size() + columns - 1) / columns;
  out.image = {columns * cell_w, rows * cell_h, std::vector<std::uint8_t>(columns * cell_w * rows * cell_h, 0)};
  for (std::size_t n = 0; n < sizes.size(); ++n) {
    out.cells.push_back({(n % columns) * cell_w, (n / columns) * cell_h, sizes[n].width * scale, sizes[n].height * scale});
  }
  return out;
}

void draw(Sheet& sheet, std::size_t n, const model::IndexedImage& image, std::size_t scale) {
  if (n >= sheet.cells.size() || scale == 0 || image.pixels.size() < image.width * image.height) return;
  const Cell& cell = sheet.cells[n];
  const std::size_t width = std::min(cell.width, image.width * scale), height = std::min(cell.height, image.height * scale);
  for (std::size_t y = 0; y < height; ++y) {
    const std::uint8_t* from = image.pixels.data() + (y / scale) * image.width;
    std::uint8_t* to = sheet.image.pixels.data() + (cell.y + y) * sheet.image.width + cell.x;
    for (std::size_t x = 0; x < width; ++x) to[x] = from[x / scale];
  }
}

Sheet layout(const std::vector<model::IndexedImage>& images) {
  std::vector<Size> sizes;
  for (const auto& i : images) sizes.push_back({i.width, i.height});
  Sheet out = layout(sizes);
  for (std::size_t n = 0; n < images.size(); ++n) draw(out, n, images[n]);
  return out;
}

}  // namespace anmkit::sheet
