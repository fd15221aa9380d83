#pragma once
// Names are bytes; JSON strings are UTF-8. The one escape between them, used by every path that
// puts a name (a bone, a comment, a file, a sequence) into JSON and by every path that reads one
// back (docs/json-schema.md, "Names as bytes"):
//
//   bytes that are valid UTF-8, hold no NUL and do not begin with "hex:"  ->  the same text
//   any other bytes                                ->  "hex:" + two lower-case hex digits a byte
//
// (A NUL is valid JSON text, but a reader that takes the text as a C string cuts the name there:
// tinygltf's writer did, and the glTF's nodes no longer matched its bone map.)
//
// So the escape is reversible: a valid UTF-8 name that itself begins with "hex:" is escaped too
// ("hex:" + the hex of all its bytes), and text that begins with "hex:" always means an escape.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace anmkit {

inline constexpr std::string_view json_text_escape_prefix = "hex:";

// Strict UTF-8: no overlong forms, no surrogates, nothing past U+10FFFF.
bool is_utf8(std::string_view bytes);

// The JSON text of a name (always valid UTF-8).
std::string json_text(std::string_view bytes);

// The bytes a JSON text stands for; nullopt when it begins with "hex:" but what follows is not
// pairs of hex digits (either case).
std::optional<std::string> bytes_of_json_text(std::string_view text);

}  // namespace anmkit
