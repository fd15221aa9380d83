#include "anmkit/image/sprite_outputs.hpp"

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "anmkit/core/json_pretty.hpp"
#include "anmkit/core/json_text.hpp"
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
    for (std::size_t k = 0; k < sprite.state_count(); ++k) steps.push_back({k, flipbook_ticks});
  }
  return steps;
}

namespace {

std::uint64_t times(std::uint64_t a, std::uint64_t b) { return a != 0 && b > UINT64_MAX / a ? UINT64_MAX : a * b; }
std::uint64_t plus(std::uint64_t a, std::uint64_t b) { return b > UINT64_MAX - a ? UINT64_MAX : a + b; }

Error too_many_pixels(std::string_view what, std::uint64_t pixels, std::uint64_t limit) {
  return make_error(ErrorCode::too_large, past_limit(fmt::format("the {} would hold {} pixels, more than the limit of {}",
                                                      what, pixels == UINT64_MAX ? "over 2^64" : fmt::to_string(pixels), limit), "limits.max_output_pixels"));
}

}  // namespace

Expected<std::vector<std::uint8_t>> encode_gif(const model::SpriteAnimation& sprite, const std::vector<model::SpriteStep>& steps,
                                               std::size_t scale, std::uint64_t max_output_pixels) {
  // The work is the pixels of every frame shown: counted before any is made.
  std::uint64_t pixels = 0;
  for (const auto& st : steps) {
    if (st.image >= sprite.state_count()) {
      return make_error(ErrorCode::invalid_model, fmt::format("a step shows image {}, but there are {}", st.image, sprite.state_count()));
    }
    pixels = plus(pixels, times(times(sprite.width, sprite.height), times(scale, scale)));
  }
  if (pixels > max_output_pixels) return too_many_pixels(fmt::format("GIF of {} frames", steps.size()), pixels, max_output_pixels);
  // Each state shown is composed and scaled once; the frames refer to it.
  std::vector<std::optional<model::IndexedImage>> scaled(sprite.state_count());
  std::vector<const model::IndexedImage*> frames;
  std::vector<std::uint32_t> ticks;
  for (const auto& st : steps) {
    if (!scaled[st.image]) scaled[st.image] = model::scaled(sprite.state(st.image), scale);
    frames.push_back(&*scaled[st.image]);
    ticks.push_back(st.ticks);
  }
  return gif::encode(frames, gif::centisecond_delays(ticks, sprite.tick_hz), sprite.palette, 0);
}

Expected<SheetFiles> encode_sheet(const model::SpriteAnimation& sprite, bool stored, std::size_t scale,
                                  const std::string& image_name, const std::string& source_name, std::uint64_t max_output_pixels) {
  const std::size_t count = stored ? sprite.stored.size() : sprite.state_count();
  // The sheet is a grid of equal cells (sheet::layout): its size is known before it is made.
  std::vector<sheet::Size> sizes;
  std::uint64_t cell_w = 0, cell_h = 0, columns = 1;
  for (std::size_t n = 0; n < count; ++n) {
    const sheet::Size size = stored ? sheet::Size{sprite.stored[n].width, sprite.stored[n].height} : sheet::Size{sprite.width, sprite.height};
    cell_w = std::max<std::uint64_t>(cell_w, size.width);
    cell_h = std::max<std::uint64_t>(cell_h, size.height);
    sizes.push_back(size);
  }
  while (columns * columns < count) ++columns;
  const std::uint64_t rows = (count + columns - 1) / columns;
  const std::uint64_t pixels = times(times(times(cell_w, scale), times(cell_h, scale)), times(columns, rows));
  if (pixels > max_output_pixels) return too_many_pixels("sheet", pixels, max_output_pixels);
  // One image at a time: a composed state exists only while it is drawn into its cell.
  sheet::Sheet s = sheet::layout(sizes, scale);
  model::IndexedImage state{sprite.width, sprite.height, stored ? std::vector<std::uint8_t>() : std::vector<std::uint8_t>(sprite.width * sprite.height)};
  for (std::size_t n = 0; n < count; ++n) {
    if (stored) {
      sheet::draw(s, n, sprite.stored[n], scale);
    } else if (sprite.compose_state(n, state.pixels)) {
      sheet::draw(s, n, state, scale);
    }
  }
  const std::vector<model::Color>& palette = sprite.palette;
  const std::string cell_key = stored ? "frame" : "state";
  auto png_bytes = png::encode_indexed(s.image, palette);
  if (!png_bytes) return png_bytes.error();
  nlohmann::ordered_json cells = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < s.cells.size(); ++i) {
    const auto& c = s.cells[i];
    cells.push_back({{cell_key, i}, {"x", c.x}, {"y", c.y}, {"width", c.width}, {"height", c.height}});
  }
  const nlohmann::ordered_json map = {{"image", json_text(image_name)},
                                      {"source", json_text(source_name)},
                                      {"content", cell_key == "frame" ? "stored frames" : "composed states"},
                                      {"scale", scale},
                                      {"cells", std::move(cells)}};
  return SheetFiles{std::move(*png_bytes), pretty_json(map) + "\n"};
}

}  // namespace anmkit::sprite_outputs
