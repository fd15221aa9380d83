#pragma once
// A document exported as a kind of file, in one call, for every front end (convert, batch, the
// C API, Python, the add-on):
//
//   auto out = anmkit::export_as(doc, "gif", {.scale = 4});
//   for (const auto& file : out->files) write(base + file.suffix, file.bytes);
//   anmkit::save_as(doc, "gem-6.1", "turret_v61.anm");  // or made and written in one call
//
// The kinds are the interchange ones (json, glb, gltf; for sprites png, gif, ilbm, iff) and
// every format's convert targets, as the registry lists them: what differs between formats comes
// from FormatInfo (skeletal, sprite, convert_targets), never from a format's name. What a kind
// writes for a format is known before anything is made (export_plan), so that a front end can
// plan its outputs, or say why a file is skipped.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "anmkit/anmkit.hpp"

namespace anmkit {

// The range of a whole number of the front door's, like RealRange for the real ones.
struct WholeRange {
  std::uint64_t min, max;
  bool holds(std::uint64_t v) const { return v >= min && v <= max; }
};
inline constexpr WholeRange scale_range{1, 64};                   // ExportOptions::scale
inline constexpr WholeRange flipbook_ticks_range{1, 4294967295u};  // ExportOptions::flipbook_ticks
// "scale must be from 1 to 64, found 0": an error naming `setting` as the front end calls it.
Expected<void> check_range(std::string_view setting, std::uint64_t value, WholeRange range);

struct ExportOptions {
  // Images (sprites).
  std::uint64_t scale = 1;                // scale_range: every image enlarged N times (nearest neighbour)
  bool raw = false;                       // png: a sheet of the stored frames, not the composed states
  std::optional<std::uint64_t> sequence;  // gif: the sequence to play; none: the longest
  bool flipbook = false;                  // gif: the composed states in order instead
  std::uint64_t flipbook_ticks = 10;      // flipbook_ticks_range: ticks each state shows in a flipbook
  std::uint64_t state = 0;                // ilbm, iff: the composed state to write
  ReadLimits limits;                      // max_output_pixels: the cap on what an image output holds
  // The file name the outputs know the first file by (a sheet's .json names its .png); empty:
  // the document's name without folder and extension, with the first file's suffix.
  std::string file_name;
  // glTF (glb: binary, gltf: JSON with its buffer embedded).
  std::string animation_name;  // default: the document's name without folder and extension
};

// Checks the options' numbers against their ranges (what export_as does first).
Expected<void> check_export_options(const ExportOptions& options);

// Every export kind of every registered format, each once, in order: json, glb, gltf, png, gif,
// ilbm, iff, then the convert targets.
std::vector<std::string> export_kinds();
// The kinds that write something for `format`.
std::vector<std::string> export_kinds(const FormatInfo& format);

// What a kind writes for a format, before it is made.
struct ExportPlan {
  // What each file adds to the output's name without its extension (".png", ".json"), in the
  // order export_as returns them; empty when the kind writes nothing for the format.
  std::vector<std::string> suffixes;
  std::string skip;  // when nothing: why ("png is for MM2 sprites"), in the registry's names
  std::vector<SettingMention> skip_settings;  // the settings `skip` names ("the export kind"), and where
};
// unsupported, listing the kinds, for a kind no format has.
Expected<ExportPlan> export_plan(const FormatInfo& format, std::string_view kind);

struct ExportedFile {
  std::string suffix;  // as ExportPlan::suffixes
  std::vector<std::uint8_t> bytes;
};

struct Export {
  std::vector<ExportedFile> files;
  std::vector<Warning> warnings;  // what did not stop it but changed it (a GIF played as a flipbook)
};

// The document as `kind`. Fails (unsupported) for a kind that writes nothing for its format,
// with the plan's reason, and for an image kind in a build without the image layer
// (WebAssembly); bad_value for options out of range or past what the file holds.
Expected<Export> export_as(const Document& document, std::string_view kind, const ExportOptions& options = {});

struct SavedExport {
  std::vector<std::string> paths;  // the files written, in export_as's order
  std::vector<Warning> warnings;   // as Export::warnings
};

// The document as `kind`, saved: the first file at `path`, each other beside it with its suffix
// as the extension (a sheet's ".json" beside its ".png"), each through a temporary file
// renamed into place. Unless save.overwrite_source, nothing is written when one of them is the
// file the document was opened from. A file named in neither ExportOptions::file_name nor the
// options is known by `path`'s file name (what a sheet's .json names).
Expected<SavedExport> save_as(const Document& document, std::string_view kind, const std::string& path,
                              const ExportOptions& options = {}, const SaveOptions& save = {});

}  // namespace anmkit
