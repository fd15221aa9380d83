#include "anmkit/image/sprite_outputs.hpp"

#include <fmt/format.h>

#include "anmkit/core/json_pretty.hpp"
#include "anmkit/image/gif.hpp"
#include "anmkit/image/png.hpp"
#include "anmkit/image/sheet.hpp"

namespace anmkit::sprite_outputs {

Expected<std::vector<model::SpriteStep>> gif_steps(const model::SpriteAnimation& sprite, std::optional<std::size_t> sequence,
                                                   bool flipbook, std::uint32_t flipbook_ticks, bool& fell_back) {
  fell_back = false;
  std::vector<model::SpriteStep> steps;
  if (!flipbook) {
    if (sequence) {
      if (*sequence >= sprite.sequences.size()) {
        return make_error(ErrorCode::bad_value, fmt::format("sequence {} is out of range (the file has {} sequences)", *sequence, sprite.sequences.size()));
      }
      steps = sprite.sequences[*sequence];
    } else {
      std::uint64_t longest = 0;
      for (const auto& seq : sprite.sequences) {
        std::uint64_t ticks = 0;
        for (const auto& st : seq) ticks += st.ticks;
        if (ticks > longest) {
          longest = ticks;
          steps = seq;
        }
      }
    }
    fell_back = steps.empty();
  }
  if (steps.empty()) {
    for (std::size_t k = 0; k < sprite.images.size(); ++k) steps.push_back({k, flipbook_ticks});
  }
  return steps;
}

Expected<std::vector<std::uint8_t>> encode_gif(const model::SpriteAnimation& sprite, const std::vector<model::SpriteStep>& steps,
                                               std::size_t scale) {
  std::vector<model::IndexedImage> frames;
  std::vector<std::uint32_t> ticks;
  for (const auto& st : steps) {
    frames.push_back(model::scaled(sprite.images[st.image], scale));
    ticks.push_back(st.ticks);
  }
  return gif::encode(frames, gif::centisecond_delays(ticks, sprite.tick_hz), sprite.palette, 0);
}

Expected<SheetFiles> encode_sheet(const std::vector<model::IndexedImage>& images, const std::vector<model::Color>& palette,
                                  std::size_t scale, const std::string& image_name, const std::string& source_name,
                                  const std::string& cell_key) {
  std::vector<model::IndexedImage> scaled_images;
  for (const auto& i : images) scaled_images.push_back(model::scaled(i, scale));
  const sheet::Sheet s = sheet::layout(scaled_images);
  auto png_bytes = png::encode_indexed(s.image, palette);
  if (!png_bytes) return png_bytes.error();
  nlohmann::ordered_json cells = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < s.cells.size(); ++i) {
    const auto& c = s.cells[i];
    cells.push_back({{cell_key, i}, {"x", c.x}, {"y", c.y}, {"width", c.width}, {"height", c.height}});
  }
  const nlohmann::ordered_json map = {{"image", image_name},
                                      {"source", source_name},
                                      {"content", cell_key == "frame" ? "stored frames" : "composed states"},
                                      {"scale", scale},
                                      {"cells", std::move(cells)}};
  return SheetFiles{std::move(*png_bytes), pretty_json(map) + "\n"};
}

}  // namespace anmkit::sprite_outputs
