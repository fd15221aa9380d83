#pragma once
// `anmkit convert` for sprite animations: export to PNG folders here, and to sprite sheets, GIF and
// IFF ILBM through the library (export_as) by OUT's extension; import of edited PNG frames.

#include <string>

#include "cli_common.hpp"

namespace anmkit::cli {

struct SpriteExportOptions {
  bool raw = false;           // sheet of the stored frames instead of the composed states
  int sequence = -1;          // GIF: which sequence (-1: the longest)
  bool flipbook = false;      // GIF: the composed states in order
  std::uint32_t flipbook_ticks = 10;
  std::size_t state = 0;      // ILBM: which composed state
  std::size_t scale = 1;      // nearest-neighbour enlargement of every image output
  double tick_hz = model::default_tick_hz;
  bool force = false;
};
int export_sprite(const Document& document, const std::string& output, const InputSet& inputs,
                  const SpriteExportOptions& options);

struct SpriteImportOptions {
  std::string base;
  bool remap = false;
  bool resize = false;
  std::size_t scale = 0;  // the scale the frames were exported at; 0: found from the pictures
  bool force = false;
};
// Every file it reads (the base, each raw_NNN.png) is an input: the output may replace none.
int import_sprite_frames(const std::string& folder, const std::string& output, const SpriteImportOptions& options);

}  // namespace anmkit::cli
