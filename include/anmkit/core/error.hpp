#pragma once
// One error model for the whole library: a stable code, a message, and where it happened
// (byte offset in a binary input, or a JSON pointer in a JSON input), plus the file when known.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

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

// A setting that a message names, as data: the setting, by the library's name for it
// ("limits.max_frames", "skeleton", "fps", or a format's own option such as "nodes"), and the
// bytes of the message that say it (`at`, `size`), so that each front end can put it in its own
// words ("--max-frames", "max_frames=") without searching the text.
struct SettingMention {
  std::string setting;
  std::size_t at = 0, size = 0;
  friend bool operator==(const SettingMention&, const SettingMention&) = default;
};

// A message in the library's words and the settings it names: text is appended, and each
// setting's words are appended with setting(), which records where they are.
struct Wording {
  std::string text;
  std::vector<SettingMention> settings;

  Wording() = default;
  Wording(std::string plain) : text(std::move(plain)) {}  // NOLINT: plain text names no setting
  Wording(const char* plain) : text(plain) {}               // NOLINT
  Wording& operator+=(std::string_view more);
  Wording& operator+=(const std::string& more) { return *this += std::string_view(more); }
  Wording& operator+=(const char* more) { return *this += std::string_view(more); }
  Wording& operator+=(const Wording& more);  // its text, and its settings where they now are
  // Appends `words` (default: the setting's name itself, as for "limits.max_frames") as the
  // words that say `setting`.
  Wording& setting(std::string_view setting, std::string_view words = {});
};

// Words that say a setting, alone: to begin a Wording with, or to append with +=.
Wording naming(std::string_view setting, std::string_view words = {});

// "MESSAGE (limits.max_frames)": a message that ends by naming the limit it ran into.
Wording past_limit(std::string message, std::string_view limit);

// `text` with each mentioned setting said by `words(setting)` instead, where that gives words
// (a front end's: "--max-frames"); the others stay as they are. Mentions that overlap, or do not
// lie within the text, are left alone.
std::string reworded(std::string_view text, const std::vector<SettingMention>& settings,
                     const std::function<std::optional<std::string>(std::string_view setting)>& words);

struct Error {
  ErrorCode code;
  std::string message;
  std::optional<std::uint64_t> offset;  // byte offset in the input, when it is binary
  std::string pointer;                  // JSON pointer, when the input is JSON
  std::string file;                     // path of the input, when known
  std::vector<SettingMention> settings;  // the settings the message names, and where

  // `FILE:OFFSET: error: MESSAGE` (the location parts are left out when unknown).
  std::string to_string() const;
};

Error make_error(ErrorCode code, Wording message, std::optional<std::uint64_t> offset = {});
// `text` put before the error's message, its settings moved with the words that say them.
void prepend(Error& error, std::string_view text);
// The error's message and the settings it names, to put in a longer message.
Wording wording_of(const Error& error);

// Thrown only inside codecs (by ByteReader and friends) and caught at their public entry
// points, which return Expected<T>. Never escapes the library.
struct ErrorException {
  Error error;
};

}  // namespace anmkit
