#pragma once
// A structure-aware glTF fuzz input: not the file's bytes but a list of edits to a valid glTF
// exported from the examples, each naming a JSON value by its place and giving it a value from
// the ones that break readers (2^31, 2^32, 2^63, 2^64 - k, -1, 1e400, NaN, a folder as a URI, an
// invalid UTF-8 string, ...). Byte mutations of a glTF almost never keep its JSON readable and
// never spell 18446744073709551600; edits always do. Decoding is total: any bytes give a file.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace anmkit::fuzz {

// The glTF JSON texts the edits start from (made once from the examples).
void set_gltf_edit_bases(std::vector<std::string> bases);

// The edited glTF's text. Layout: one byte picks the base; then records of 12 bytes:
// operation, place (2 bytes, little-endian), value kind, value (8 bytes).
std::string apply_gltf_edits(std::span<const std::uint8_t> input);

// The places of a base's numbers and strings as JSON pointers, in the order a record's place
// counts them (for tests that spell an edit).
std::vector<std::string> gltf_edit_leaves(std::size_t base);

}  // namespace anmkit::fuzz
