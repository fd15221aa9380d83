#pragma once
// The documents of the game's files that are not animations: a model (GEM .mdl, LM .bin) and a
// resource (GEM .ply, .mtl, .vol, armour .mdl), read by the entries that know them, for
// Document::open after no format took the bytes as an animation.

#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "format_entry.hpp"

namespace anmkit::detail {

struct OpenedFile {
  const FormatEntry* entry = nullptr;
  std::shared_ptr<const FormatModel> model;
};

// A model file by its content (every entry's read_model, in detection order); unknown_format when
// none takes it, or the error of the entry whose model these bytes are and that refused them.
Expected<OpenedFile> read_model_document(std::span<const std::uint8_t> bytes, const std::string& name, const OpenOptions& options);

// A resource by its signature, else (a text) by its extension; unknown_format when none reads it.
Expected<OpenedFile> read_resource_document(std::span<const std::uint8_t> bytes, const std::string& name, const OpenOptions& options);

}  // namespace anmkit::detail
