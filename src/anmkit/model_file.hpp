#pragma once
// A model file (GEM .mdl, LM .bin) read and recognised by content: what a model document
// (model_document.cpp) starts from.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "format_entry.hpp"

namespace anmkit::detail {

struct OpenedModel {
  const FormatEntry* entry = nullptr;  // the format whose read_model took it
  ModelFile model;
};

// The entry whose model file this is: by its content (sniff_model), or by the model extension its
// game reads by name (model_extension_claims) unless a known file's content says it is another
// (KnownFile::sniff: GEM's armour .mdl); null when none.
const FormatEntry* model_entry(const std::string& path, std::span<const std::uint8_t> bytes);

// What a file that no entry reads as a model is: in its format's words where a known file's content
// says (GEM's armour file under .mdl: "a GEM armour file, not a model: it has no skeleton"), else
// `otherwise`. unknown_format.
Error not_a_model(const std::string& path, std::span<const std::uint8_t> bytes, std::string_view otherwise);

// The first entry whose read_model takes these bytes; unknown_format when none does (with the
// error of the entry that claims the file, when one does: GEM's "an armour file, not a model").
Expected<OpenedModel> read_model_bytes(const std::string& path, std::span<const std::uint8_t> bytes, const ReadLimits& limits);

}  // namespace anmkit::detail
