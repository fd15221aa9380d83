#pragma once
// A brace text's tree as JSON, for the dumps of `.mdl` and `.mtl`: an array of the top-level
// blocks, each {"key", "offset", "entries"}, each entry a block, {"word": text} or {"string": text}
// (text as json_text: bytes). A dump, not a build format: the whitespace and comments are not in it.

#include <nlohmann/json.hpp>

#include "anmkit/formats/gem/brace_text.hpp"

namespace anmkit::gem {

nlohmann::ordered_json brace_tree_json(const BraceText& text);

}  // namespace anmkit::gem
