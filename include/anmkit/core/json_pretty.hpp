#pragma once
// JSON for people: containers that hold only scalars (and arrays of scalars) print on one line
// when they fit in `width` columns, so a key or a vector reads as one line; the rest indents.

#include <string>

#include <nlohmann/json.hpp>

namespace anmkit {

// Strings that are not UTF-8 print through json_text's escape ("hex:..."), so printing never throws.
std::string pretty_json(const nlohmann::ordered_json& value, std::size_t indent = 2, std::size_t width = 160);

// One line, no spaces (what nlohmann's dump() gives), with the same escape. For documents anmkit
// builds itself: their depth is fixed by the code, not by an input.
std::string compact_json(const nlohmann::ordered_json& value);

}  // namespace anmkit
