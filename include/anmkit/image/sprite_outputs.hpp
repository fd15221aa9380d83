#pragma once
// Whole outputs made from a sprite animation, shared by `convert` and `batch`: an animated GIF
// of a sequence, and a sprite sheet with its cell map.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "anmkit/core/expected.hpp"
#include "anmkit/core/limits.hpp"
#include "anmkit/model/sprite.hpp"

namespace anmkit::sprite_outputs {

// The steps a GIF plays: sequence `sequence`, else the longest by ticks, else (flipbook, or no
// sequence has steps) every image in order for `flipbook_ticks` each; `fell_back` tells when a
// sequence was wanted but none had steps. Fails when `sequence` does not exist.
Expected<std::vector<model::SpriteStep>> gif_steps(const model::SpriteAnimation& sprite, std::optional<std::size_t> sequence,
                                                   bool flipbook, std::uint32_t flipbook_ticks, bool& fell_back);

// Refused (too_large) before any frame is made when the frames shown would hold more than
// `max_output_pixels` pixels in all (each step's image, scaled).
Expected<std::vector<std::uint8_t>> encode_gif(const model::SpriteAnimation& sprite, const std::vector<model::SpriteStep>& steps,
                                               std::size_t scale, std::uint64_t max_output_pixels = ReadLimits{}.max_output_pixels);

struct SheetFiles {
  std::vector<std::uint8_t> png;
  std::string json;  // the cell map: {"image", "source", "content", "scale", "cells": [...]}
};
// The composed states, or with `stored` the stored frames (each cell's index in the map is then
// "frame", else "state"), `scale` times enlarged. Refused (too_large) when the sheet would hold
// more than `max_output_pixels` pixels. States are composed one at a time into the sheet.
Expected<SheetFiles> encode_sheet(const model::SpriteAnimation& sprite, bool stored, std::size_t scale,
                                  const std::string& image_name, const std::string& source_name,
                                  std::uint64_t max_output_pixels = ReadLimits{}.max_output_pixels);

}  // namespace anmkit::sprite_outputs
