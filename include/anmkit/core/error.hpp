#pragma once
// One error model for the whole library: a stable code, a message, and where it happened
// (byte offset in a binary input, or a JSON pointer in a JSON input), plus the file when known.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace anmkit {

// Stable codes: their numeric values and names never change once released.
enum class ErrorCode : int {
  io = 1,             // a file could not be read or written
  truncated = 2,      // the data ends before a field that must be there
  bad_magic = 3,      // the data does not start with the expected signature
  bad_value = 4,      // a field holds a value the format does not allow
  too_large = 5,      // a count or size exceeds the bytes that remain or a caller's limit
  unknown_chunk = 6,  // a chunk tag that is not valid at this place
  unsupported = 7,    // valid input that this operation cannot handle (e.g. too many bones)
  invalid_model = 8,  // an in-memory model that breaks the format's rules
  json = 9,           // a JSON input that is malformed or does not follow the schema
  unknown_format = 10, // content that no codec recognises
  // 11 .. 13 are the C API's own (anmkit.h: invalid_argument, buffer_too_small, wrong_kind).
  out_of_memory = 14,  // an allocation failed
  internal = 15        // a bug: something the library did not expect of itself
};

std::string_view error_code_name(ErrorCode code);

struct Error {
  ErrorCode code;
  std::string message;
  std::optional<std::uint64_t> offset;  // byte offset in the input, when it is binary
  std::string pointer;                  // JSON pointer, when the input is JSON
  std::string file;                     // path of the input, when known

  // `FILE:OFFSET: error: MESSAGE` (the location parts are left out when unknown).
  std::string to_string() const;
};

Error make_error(ErrorCode code, std::string message, std::optional<std::uint64_t> offset = {});

// Thrown only inside codecs (by ByteReader and friends) and caught at their public entry
// points, which return Expected<T>. Never escapes the library.
struct ErrorException {
  Error error;
};

}  // namespace anmkit
