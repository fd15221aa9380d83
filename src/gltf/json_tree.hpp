#pragma once
// glTF's JSON, parsed in time linear in its size: nlohmann's own DOM builder looks up every key
// of an ordered object among the keys before it, so one object of a million members takes
// hours. Duplicate members are an error (which one counts would be a guess), and so is nesting
// deeper than `max_depth` (the copies and dumps that follow recurse).

#include <cstddef>
#include <cstdint>
#include <span>

#include "anmkit/core/json_input.hpp"

namespace anmkit::gltf::detail {

// glTF itself nests 8 deep (extras.anmkit's keys); other tools' extras get room to spare.
inline constexpr std::size_t max_json_depth = 64;

// Throws ErrorException{json}: a syntax error names its byte offset, a duplicate member or a too
// deep value its JSON pointer.
json_input::json parse_json_tree(std::span<const std::uint8_t> text, std::size_t max_depth = max_json_depth);

}  // namespace anmkit::gltf::detail
