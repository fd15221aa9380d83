#include "anmkit/model/sprite.hpp"

#include <algorithm>

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

namespace {

using Rect = SpriteAnimation::Rect;

// The part of `r` on a canvas of width x height (no overflow for any rectangle).
Rect on_canvas(const Rect& r, std::size_t width, std::size_t height) {
  if (r.x >= width || r.y >= height) return {};
  return {r.x, r.y, std::min(r.width, width - r.x), std::min(r.height, height - r.y)};
}

void draw(const IndexedImage& image, const Rect& where, std::span<std::uint8_t> canvas, std::size_t width, std::size_t height) {
  Rect r = on_canvas(where, width, height);
  r.width = std::min(r.width, image.width);
  r.height = std::min(r.height, image.height);
  if (image.pixels.size() < image.width * image.height) return;  // not a whole image: nothing to draw
  for (std::size_t y = 0; y < r.height; ++y) {
    const std::uint8_t* from = image.pixels.data() + y * image.width;
    std::uint8_t* to = canvas.data() + (r.y + y) * width + r.x;
    for (std::size_t x = 0; x < r.width; ++x) {
      if (from[x] != 0) to[x] = from[x];
    }
  }
}

}  // namespace

bool SpriteAnimation::compose_state(std::size_t k, std::span<std::uint8_t> canvas) const {
  if (k >= stored.size() || stored_rects.size() != stored.size() || canvas.size() != width * height) return false;
  std::fill(canvas.begin(), canvas.end(), std::uint8_t(0));
  draw(stored[0], stored_rects[0], canvas, width, height);
  if (k == 0) return true;
  if (k < cleared_rects.size()) {
    const Rect clear = on_canvas(cleared_rects[k], width, height);
    for (std::size_t y = clear.y; y < clear.y + clear.height; ++y) {
      std::fill_n(canvas.begin() + std::ptrdiff_t(y * width + clear.x), clear.width, std::uint8_t(0));
    }
  }
  draw(stored[k], stored_rects[k], canvas, width, height);
  return true;
}

IndexedImage SpriteAnimation::state(std::size_t k) const {
  IndexedImage image{width, height, std::vector<std::uint8_t>(width * height, 0)};
  if (!compose_state(k, image.pixels)) return {};
  return image;
}

}  // namespace anmkit::model
