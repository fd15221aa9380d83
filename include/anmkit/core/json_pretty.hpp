#pragma once
// JSON for people: containers that hold only scalars (and arrays of scalars) print on one line
// when they fit in `width` columns, so a key or a vector reads as one line; the rest indents.

#include <string>

#include <nlohmann/json.hpp>

namespace anmkit {

std::string pretty_json(const nlohmann::ordered_json& value, std::size_t indent = 2, std::size_t width = 160);

}  // namespace anmkit
