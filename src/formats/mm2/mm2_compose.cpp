#include "anmkit/formats/mm2/mm2_compose.hpp"

#include <algorithm>

#include "anmkit/formats/mm2/mm2_codec.hpp"
#include "anmkit/formats/mm2/mm2_read.hpp"

namespace anmkit::mm2 {

CanvasSize canvas_size(const File& file) {
  CanvasSize c;
  if (!file.frames.empty()) c = {file.frames[0].width, file.frames[0].height};
  for (const Slot& s : file.prelude) {
    if (!s.used()) continue;
    c.width = std::max<std::size_t>(c.width, std::size_t(s.x()) + s.w());
    c.height = std::max<std::size_t>(c.height, std::size_t(s.y()) + s.h());
  }
  return c;
}

Expected<std::vector<model::IndexedImage>> raw_frames(const File& file) {
  auto planes_list = decode_all_planes(file);
  if (!planes_list) return planes_list.error();
  std::vector<model::IndexedImage> out;
  for (std::size_t f = 0; f < file.frames.size(); ++f) {
    const FrameInfo& info = file.frames[f];
    out.push_back({info.width, info.height, planes_to_pixels((*planes_list)[f], info.width, info.height)});
  }
  return out;
}

model::IndexedImage compose_state(const File& file, const std::vector<model::IndexedImage>& raw, std::size_t k) {
  const CanvasSize size = canvas_size(file);
  model::IndexedImage canvas{size.width, size.height, std::vector<std::uint8_t>(size.width * size.height, 0)};
  auto draw = [&canvas](const model::IndexedImage& image, std::size_t x0, std::size_t y0, std::size_t w, std::size_t h) {
    for (std::size_t y = 0; y < std::min(h, image.height); ++y) {
      for (std::size_t x = 0; x < std::min(w, image.width); ++x) {
        const std::uint8_t pen = image.at(x, y);
        if (pen != 0 && x0 + x < canvas.width && y0 + y < canvas.height) canvas.pixels[(y0 + y) * canvas.width + x0 + x] = pen;
      }
    }
  };
  if (!raw.empty()) draw(raw[0], 0, 0, raw[0].width, raw[0].height);
  if (k == 0 || k >= raw.size()) return canvas;
  // A model built from JSON may hold more frames than the 11 slots (write refuses it).
  if (k > prelude_slots || !file.prelude[k - 1].used()) {
    draw(raw[k], 0, 0, raw[k].width, raw[k].height);
    return canvas;
  }
  const Slot& slot = file.prelude[k - 1];
  for (std::size_t y = slot.y(); y < std::min<std::size_t>(canvas.height, std::size_t(slot.y()) + slot.h()); ++y) {
    for (std::size_t x = slot.x(); x < std::min<std::size_t>(canvas.width, std::size_t(slot.x()) + slot.w()); ++x) {
      canvas.pixels[y * canvas.width + x] = 0;
    }
  }
  draw(raw[k], slot.x(), slot.y(), slot.w(), slot.h());
  return canvas;
}

std::vector<model::Color> palette_colors(const File& file) {
  std::vector<model::Color> out;
  for (std::size_t pen = 0; pen < palette_size; ++pen) {
    const Rgb c = palette_rgb(file.palette[pen]);
    out.push_back({c.r, c.g, c.b, std::uint8_t(pen == 0 ? 0 : 255)});
  }
  return out;
}

Expected<model::SpriteAnimation> to_sprite(const File& file, double tick_hz) {
  auto raw = raw_frames(file);
  if (!raw) return raw.error();
  model::SpriteAnimation a;
  a.palette = palette_colors(file);
  a.tick_hz = tick_hz;
  for (std::size_t k = 0; k < file.frames.size(); ++k) a.images.push_back(compose_state(file, *raw, k));
  for (const Bytes& block : file.blocks) {
    if (a.images.empty()) break;
    std::vector<model::SpriteStep> steps;
    for (const Step& s : parse_sequence(block).steps) {
      steps.push_back({std::min<std::size_t>(s.state, a.images.size() - 1), step_ticks(s)});
    }
    a.sequences.push_back(std::move(steps));
  }
  for (std::size_t k = 0; k < raw->size(); ++k) {
    const model::IndexedImage& image = (*raw)[k];
    const Slot* slot = k == 0 || k > prelude_slots ? nullptr : &file.prelude[k - 1];
    if (slot == nullptr || !slot->used()) {
      a.stored_rects.push_back({0, 0, image.width, image.height});
    } else {  // as compose_state draws it
      a.stored_rects.push_back({slot->x(), slot->y(), std::min<std::size_t>(slot->w(), image.width),
                                std::min<std::size_t>(slot->h(), image.height)});
    }
  }
  a.stored = std::move(*raw);
  a.planes = planes;
  return a;
}

}  // namespace anmkit::mm2
