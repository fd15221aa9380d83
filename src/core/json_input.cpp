#include "anmkit/core/json_input.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <unordered_set>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "anmkit/core/error.hpp"
#include "anmkit/core/json_float.hpp"
#include "anmkit/core/json_text.hpp"

namespace anmkit::json_input {

void fail(const std::string& pointer, Wording message) {
  Error e = make_error(ErrorCode::json, std::move(message));
  e.pointer = pointer.empty() ? "/" : pointer;
  throw ErrorException{std::move(e)};
}

namespace {

// nlohmann's DOM parser looks up every key of an ordered object among the keys before it (one
// object of a million members takes hours). This is its SAX interface building the same tree in
// time linear in the text: members are appended after a hash lookup for duplicates (an error:
// which one counts would be a guess), and nesting past `max_depth` is refused (the copies and
// dumps that follow recurse). The one JSON parser of the library: dumps and glTF alike.
class TreeBuilder {
 public:
  explicit TreeBuilder(std::size_t max_depth) : max_depth_(max_depth) {}

  bool null() { return put(nullptr); }
  bool boolean(bool v) { return put(v); }
  bool number_integer(json::number_integer_t v) { return put(v); }
  bool number_unsigned(json::number_unsigned_t v) { return put(v); }
  bool number_float(json::number_float_t v, const json::string_t& token) {
    json* at = slot();
    if (!std::isfinite(v)) fail(pointer(), fmt::format("invalid JSON: number overflow parsing '{}'", token));
    *at = v;
    return true;
  }
  bool string(json::string_t& v) { return put(std::move(v)); }
  bool binary(json::binary_t&) { return false; }  // JSON text has none
  bool start_object(std::size_t) {
    open(json::object());
    keys_.emplace_back();
    return true;
  }
  bool key(json::string_t& name) {
    if (!keys_.back().insert(name).second) {
      fail(child(pointer(stack_.size() - 1), name), fmt::format("duplicate member '{}'", name));
    }
    auto& members = stack_.back()->get_ref<json::object_t&>();
    members.emplace_back(std::move(name), nullptr);  // the vector's own append: no search
    return true;
  }
  bool end_object() {
    keys_.pop_back();
    stack_.pop_back();
    return true;
  }
  bool start_array(std::size_t) {
    open(json::array());
    return true;
  }
  bool end_array() {
    stack_.pop_back();
    return true;
  }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& e) {
    std::string message = e.what();
    if (auto close = message.find("] "); close != std::string::npos) message.erase(0, close + 2);
    throw ErrorException{make_error(ErrorCode::json, "invalid JSON: " + message, position > 0 ? position - 1 : 0)};
  }

  json take() { return std::move(root_); }

 private:
  // Where the next value goes: the root, the end of the open array, or the member just named.
  json* slot() {
    if (stack_.empty()) return &root_;
    json& top = *stack_.back();
    if (top.is_array()) return &top.get_ref<json::array_t&>().emplace_back();
    return &top.get_ref<json::object_t&>().back().second;
  }
  template <class Value>
  bool put(Value&& v) {
    *slot() = json(std::forward<Value>(v));
    return true;
  }
  void open(json empty) {
    json* at = slot();
    if (stack_.size() >= max_depth_) {
      fail(pointer(), past_limit(fmt::format("nested deeper than the limit of {} levels", max_depth_), "limits.max_json_depth"));
    }
    *at = std::move(empty);
    stack_.push_back(at);
  }
  // The JSON pointer of the value being read, for errors; of the open object or array
  // `levels` deep when given.
  std::string pointer(std::size_t levels = SIZE_MAX) const {
    std::string out;
    for (std::size_t i = 0; i < stack_.size() && i < levels; ++i) {
      const json* level = stack_[i];
      if (level->is_array()) {
        if (!level->empty()) out = child(out, level->size() - 1);
      } else if (!level->empty()) {
        out = child(out, level->get_ref<const json::object_t&>().back().first);
      }
    }
    return out;
  }

  std::size_t max_depth_;
  json root_;
  std::vector<json*> stack_;  // the open arrays and objects; each is the last value of its parent
  std::vector<std::unordered_set<std::string>> keys_;  // the member names of each open object
};

}  // namespace

json parse(std::span<const std::uint8_t> text, std::uint32_t max_depth) {
  TreeBuilder builder(max_depth);
  json::sax_parse(text.begin(), text.end(), &builder);
  return builder.take();
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
