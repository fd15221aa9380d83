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
  const CanvasSize canvas = canvas_size(file);
  a.width = canvas.width;
  a.height = canvas.height;
  for (const Bytes& block : file.blocks) {
    if (raw->empty()) break;
    std::vector<model::SpriteStep> steps;
    for (const Step& s : parse_sequence(block).steps) {
      steps.push_back({std::min<std::size_t>(s.state, raw->size() - 1), step_ticks(s)});
    }
    a.sequences.push_back(std::move(steps));
  }
  // The base at (0, 0); a patch in its slot, cropped to it, after clearing the whole slot. A
  // patch past the slots or in an unused one (a model built from JSON may hold more frames than
  // the 11 slots; write refuses it) is drawn at (0, 0), uncropped, clearing nothing.
  for (std::size_t k = 0; k < raw->size(); ++k) {
    const model::IndexedImage& image = (*raw)[k];
    const Slot* slot = k == 0 || k > prelude_slots ? nullptr : &file.prelude[k - 1];
    if (slot == nullptr || !slot->used()) {
      a.stored_rects.push_back({0, 0, image.width, image.height});
      a.cleared_rects.push_back({});
    } else {
      a.stored_rects.push_back({slot->x(), slot->y(), std::min<std::size_t>(slot->w(), image.width),
                                std::min<std::size_t>(slot->h(), image.height)});
      a.cleared_rects.push_back({slot->x(), slot->y(), slot->w(), slot->h()});
    }
  }
  a.stored = std::move(*raw);
  a.planes = planes;
  return a;
}

}  // namespace anmkit::mm2
