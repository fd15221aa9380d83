#pragma once
// A summary's JSON, made from its values (Summary, anmkit.hpp) and its format's own fields.

#include <nlohmann/json.hpp>

#include "anmkit/anmkit.hpp"

namespace anmkit::detail {

struct SummaryFacts {
  nlohmann::ordered_json fields;  // FormatModel::summary(): the format's name, version, ...
};

// The object `anmkit info --json` prints for the file.
nlohmann::ordered_json summary_json(const Summary& summary);

}  // namespace anmkit::detail
