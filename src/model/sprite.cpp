#include "anmkit/model/sprite.hpp"

namespace anmkit::model {

IndexedImage scaled(const IndexedImage& image, std::size_t factor) {
  if (factor <= 1) return image;
  IndexedImage out{image.width * factor, image.height * factor, {}};
  out.pixels.resize(out.width * out.height);
  for (std::size_t y = 0; y < out.height; ++y) {
    for (std::size_t x = 0; x < out.width; ++x) out.pixels[y * out.width + x] = image.at(x / factor, y / factor);
  }
  return out;
}

}  // namespace anmkit::model
