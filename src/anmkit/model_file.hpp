#pragma once
// A model file (GEM .mdl, LM .bin) read and recognised by content: what model_summary() and
// model_figure() both start from.

#include <cstdint>
#include <string>
#include <vector>

#include "format_entry.hpp"

namespace anmkit::detail {

struct OpenedModel {
  const FormatEntry* entry = nullptr;  // the format whose read_model took it
  ModelFile model;
  std::vector<std::uint8_t> bytes;
};

// The first entry whose read_model takes the file; unknown_format when none does.
Expected<OpenedModel> open_model_file(const std::string& path, const OpenOptions& options);

}  // namespace anmkit::detail
