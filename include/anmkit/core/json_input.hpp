#pragma once
// Strict reading of hand-edited JSON: every failure names the JSON pointer of the offending
// value and says what was expected there. Unknown members are errors, so a typo is caught.
// Throws ErrorException{json}; codecs catch it at their entry points.

#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "anmkit/core/error.hpp"
#include "anmkit/core/limits.hpp"

namespace anmkit::json_input {

using json = nlohmann::ordered_json;

[[noreturn]] void fail(const std::string& pointer, Wording message);

// Parses text in time linear in its size (dumps and glTF alike): a syntax error, or a number
// past a double, carries its byte offset (the last byte read). Containers nested deeper than
// `max_depth` (the root is level 1) and an object member given twice are errors naming the JSON
// pointer, found while parsing, so no recursive code ever sees a deep document.
json parse(std::span<const std::uint8_t> text, std::uint32_t max_depth = ReadLimits{}.max_json_depth);

std::string child(const std::string& pointer, std::string_view name);
std::string child(const std::string& pointer, std::size_t index);

void expect_object(const json& value, const std::string& pointer,
                   std::initializer_list<std::string_view> allowed);
const json& member(const json& object, const std::string& pointer, const char* name);
const json& array(const json& value, const std::string& pointer);
std::uint64_t unsigned_integer(const json& value, const std::string& pointer, std::uint64_t max);
std::int64_t signed_integer(const json& value, const std::string& pointer, std::int64_t min,
                            std::int64_t max);
const std::string& string(const json& value, const std::string& pointer);
std::uint32_t float_bits(const json& value, const std::string& pointer);
// Exactly `count` floats.
std::vector<std::uint32_t> float_bits_array(const json& value, const std::string& pointer,
                                            std::size_t count);

// A dump's header: "schema" and "schema_version" equal to the reader's, "format" as expected.
void expect_dump_header(const json& document, std::string_view schema, std::uint64_t schema_version,
                        std::string_view format);

// Bytes as lower-case hex text, and back.
std::string hex(std::span<const std::uint8_t> bytes);
std::vector<std::uint8_t> from_hex(const json& value, const std::string& pointer);

// A name's bytes from its JSON text (json_text.hpp): "hex:" followed by anything but hex pairs is
// an error at `pointer`.
std::string name_bytes(const json& value, const std::string& pointer);

}  // namespace anmkit::json_input
