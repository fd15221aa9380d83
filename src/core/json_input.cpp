#include "anmkit/core/json_input.hpp"

#include <algorithm>
#include <functional>
#include <unordered_set>

#include <fmt/format.h>

#include "anmkit/core/error.hpp"
#include "anmkit/core/json_float.hpp"
#include "anmkit/core/json_text.hpp"

namespace anmkit::json_input {

void fail(const std::string& pointer, std::string message) {
  Error e = make_error(ErrorCode::json, std::move(message));
  e.pointer = pointer.empty() ? "/" : pointer;
  throw ErrorException{std::move(e)};
}

namespace {

// "[json.exception.parse_error.101] parse error at line 1, column 2: ..." -> the part after "] ".
std::string without_prefix(std::string message) {
  if (auto close = message.find("] "); close != std::string::npos) message.erase(0, close + 2);
  return message;
}

}  // namespace

namespace {

// What the parser callback knows of where it is: one entry per open container. Pointers are
// only spelt out for an error.
class Structure {
 public:
  explicit Structure(std::uint32_t max_depth) : max_depth_(max_depth) {}

  bool operator()(int, json::parse_event_t event, json& parsed) {
    switch (event) {
      case json::parse_event_t::object_start:
      case json::parse_event_t::array_start:
        start_element();
        if (open_.size() >= max_depth_) {
          fail(pointer(open_.size()), fmt::format("nested deeper than the limit of {} levels (limits.max_json_depth)", max_depth_));
        }
        open_.push_back(Level{event == json::parse_event_t::object_start, 0, {}, {}});
        break;
      case json::parse_event_t::key: {
        Level& object = open_.back();
        object.key = parsed.get<std::string>();
        if (!object.keys.insert(object.key).second) {
          fail(child(pointer(open_.size() - 1), object.key), fmt::format("duplicate member '{}'", object.key));
        }
        break;
      }
      case json::parse_event_t::value: start_element(); break;
      case json::parse_event_t::object_end:
      case json::parse_event_t::array_end: open_.pop_back(); break;
    }
    return true;
  }

 private:
  struct Level {
    bool object;
    std::size_t count;  // an array's elements so far
    std::string key;    // an object's member being read
    std::unordered_set<std::string> keys;
  };

  void start_element() {
    if (!open_.empty() && !open_.back().object) ++open_.back().count;
  }

  // The pointer of the element being read in each of the first `levels` open containers.
  std::string pointer(std::size_t levels) const {
    std::string p;
    for (std::size_t i = 0; i < levels; ++i) p = open_[i].object ? child(p, open_[i].key) : child(p, open_[i].count - 1);
    return p;
  }

  std::uint32_t max_depth_;
  std::vector<Level> open_;
};

}  // namespace

json parse(std::span<const std::uint8_t> text, std::uint32_t max_depth) {
  try {
    Structure structure(max_depth);
    return json::parse(text.begin(), text.end(), std::ref(structure));
  } catch (const json::parse_error& e) {
    throw ErrorException{make_error(ErrorCode::json, "invalid JSON: " + without_prefix(e.what()),
                                    e.byte > 0 ? e.byte - 1 : 0)};
  } catch (const json::exception& e) {
    // Other parser failures (a number too large for a double) carry no position; their message
    // quotes the token, so point at its first occurrence.
    std::string message = without_prefix(e.what());
    std::size_t at = 0;
    if (auto open = message.find('\''); open != std::string::npos) {
      const auto close = message.find('\'', open + 1);
      const std::string token = message.substr(open + 1, close == std::string::npos ? std::string::npos : close - open - 1);
      const std::string_view text_view(reinterpret_cast<const char*>(text.data()), text.size());
      if (auto found = text_view.find(token); !token.empty() && found != std::string_view::npos) at = found;
    }
    throw ErrorException{make_error(ErrorCode::json, "invalid JSON: " + message, at)};
  }
}

std::string child(const std::string& pointer, std::string_view name) {
  std::string escaped;
  for (char c : name) {
    if (c == '~') escaped += "~0";
    else if (c == '/') escaped += "~1";
    else escaped += c;
  }
  return pointer + "/" + escaped;
}

std::string child(const std::string& pointer, std::size_t index) {
  return fmt::format("{}/{}", pointer, index);
}

void expect_object(const json& value, const std::string& pointer,
                   std::initializer_list<std::string_view> allowed) {
  if (!value.is_object()) fail(pointer, fmt::format("expected an object, found {}", value.type_name()));
  for (const auto& item : value.items()) {
    if (std::find(allowed.begin(), allowed.end(), item.key()) == allowed.end()) {
      fail(child(pointer, item.key()),
           fmt::format("unknown member '{}' (expected one of: {})", item.key(), fmt::join(allowed, ", ")));
    }
  }
}

const json& member(const json& object, const std::string& pointer, const char* name) {
  auto it = object.find(name);
  if (it == object.end()) fail(pointer, fmt::format("missing member '{}'", name));
  return *it;
}

const json& array(const json& value, const std::string& pointer) {
  if (!value.is_array()) fail(pointer, fmt::format("expected an array, found {}", value.type_name()));
  return value;
}

std::uint64_t unsigned_integer(const json& value, const std::string& pointer, std::uint64_t max) {
  if (!value.is_number_integer() || (!value.is_number_unsigned() && value.get<std::int64_t>() < 0)) {
    fail(pointer, fmt::format("expected an integer from 0 to {}, found {}", max, value.dump()));
  }
  const auto v = value.get<std::uint64_t>();
  if (v > max) fail(pointer, fmt::format("expected an integer from 0 to {}, found {}", max, v));
  return v;
}

std::int64_t signed_integer(const json& value, const std::string& pointer, std::int64_t min,
                            std::int64_t max) {
  if (!value.is_number_integer() ||
      (value.is_number_unsigned() && value.get<std::uint64_t>() > std::uint64_t(max)) ||
      (!value.is_number_unsigned() && (value.get<std::int64_t>() < min || value.get<std::int64_t>() > max))) {
    fail(pointer, fmt::format("expected an integer from {} to {}, found {}", min, max, value.dump()));
  }
  return value.get<std::int64_t>();
}

const std::string& string(const json& value, const std::string& pointer) {
  if (!value.is_string()) fail(pointer, fmt::format("expected a string, found {}", value.type_name()));
  return value.get_ref<const std::string&>();
}

std::uint32_t float_bits(const json& value, const std::string& pointer) {
  auto bits = float_bits_from_json(value);
  if (!bits) {
    fail(pointer, fmt::format("expected a float (a number in float range, or \"bits:0xHHHHHHHH\"), found {}",
                              value.dump()));
  }
  return *bits;
}

std::vector<std::uint32_t> float_bits_array(const json& value, const std::string& pointer,
                                            std::size_t count) {
  if (!value.is_array() || value.size() != count) {
    fail(pointer, fmt::format("expected an array of {} floats, found {}", count,
                              value.is_array() ? fmt::format("{} elements", value.size())
                                               : std::string(value.type_name())));
  }
  std::vector<std::uint32_t> out(count);
  for (std::size_t i = 0; i < count; ++i) out[i] = float_bits(value[i], child(pointer, i));
  return out;
}

void expect_dump_header(const json& document, std::string_view schema, std::uint64_t schema_version,
                        std::string_view format) {
  const std::string& found = string(member(document, "", "schema"), "/schema");
  if (found != schema) fail("/schema", fmt::format("expected \"{}\", found \"{}\"", schema, found));
  const auto version = unsigned_integer(member(document, "", "schema_version"), "/schema_version", UINT32_MAX);
  if (version != schema_version) {
    fail("/schema_version", fmt::format("this anmkit reads schema version {}, found {}", schema_version, version));
  }
  const std::string& found_format = string(member(document, "", "format"), "/format");
  if (found_format != format) fail("/format", fmt::format("expected \"{}\", found \"{}\"", format, found_format));
}

std::string hex(std::span<const std::uint8_t> bytes) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out(bytes.size() * 2, '0');
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    out[2 * i] = digits[bytes[i] >> 4];
    out[2 * i + 1] = digits[bytes[i] & 15];
  }
  return out;
}

std::vector<std::uint8_t> from_hex(const json& value, const std::string& pointer) {
  const std::string& text = string(value, pointer);
  auto nibble = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  if (text.size() % 2 != 0) fail(pointer, "expected hex digits in pairs, found an odd count");
  std::vector<std::uint8_t> out(text.size() / 2);
  for (std::size_t i = 0; i < out.size(); ++i) {
    const int hi = nibble(text[2 * i]), lo = nibble(text[2 * i + 1]);
    if (hi < 0 || lo < 0) fail(pointer, fmt::format("expected hex digits, found '{}' at character {}",
                                                    hi < 0 ? text[2 * i] : text[2 * i + 1], hi < 0 ? 2 * i : 2 * i + 1));
    out[i] = std::uint8_t(hi << 4 | lo);
  }
  return out;
}

std::string name_bytes(const json& value, const std::string& pointer) {
  const std::string& text = string(value, pointer);
  auto bytes = bytes_of_json_text(text);
  if (!bytes) {
    fail(pointer, fmt::format("expected a name, or \"{}\" and pairs of hex digits, found \"{}\"", json_text_escape_prefix, text));
  }
  return std::move(*bytes);
}

}  // namespace anmkit::json_input
