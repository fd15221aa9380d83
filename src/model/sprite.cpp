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

std::optional<PixelPosition> first_mixed_block(const Picture& picture, std::size_t factor) {
  const auto same = [&](std::size_t a, std::size_t b) {
    return picture.rgba[a] == picture.rgba[b] && (!picture.indexed || picture.indices.pixels[a] == picture.indices.pixels[b]);
  };
  for (std::size_t by = 0; by + factor <= picture.height; by += factor) {
    for (std::size_t bx = 0; bx + factor <= picture.width; bx += factor) {
      const std::size_t corner = by * picture.width + bx;
      for (std::size_t y = by; y < by + factor; ++y) {
        for (std::size_t x = bx; x < bx + factor; ++x) {
          if (!same(corner, y * picture.width + x)) return PixelPosition{bx, by};
        }
      }
    }
  }
  return std::nullopt;
}

Picture unscaled(const Picture& picture, std::size_t factor) {
  if (factor <= 1) return picture;
  Picture out;
  out.width = picture.width / factor;
  out.height = picture.height / factor;
  out.indexed = picture.indexed;
  out.palette = picture.palette;
  out.rgba.reserve(out.width * out.height);
  if (picture.indexed) out.indices = IndexedImage{out.width, out.height, {}};
  for (std::size_t y = 0; y < out.height; ++y) {
    for (std::size_t x = 0; x < out.width; ++x) {
      const std::size_t from = y * factor * picture.width + x * factor;
      out.rgba.push_back(picture.rgba[from]);
      if (picture.indexed) out.indices.pixels.push_back(picture.indices.pixels[from]);
    }
  }
  return out;
}

}  // namespace anmkit::model
