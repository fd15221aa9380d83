#include "json_tree.hpp"

#include <cmath>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include <fmt/format.h>

namespace anmkit::gltf::detail {
namespace {

using json = json_input::json;

// nlohmann's SAX interface, building the tree as its DOM parser does, except that members are
// appended (after a hash lookup for duplicates) instead of searched for.
class TreeBuilder {
 public:
  explicit TreeBuilder(std::size_t max_depth) : max_depth_(max_depth) {}

  bool null() { return put(nullptr); }
  bool boolean(bool v) { return put(v); }
  bool number_integer(json::number_integer_t v) { return put(v); }
  bool number_unsigned(json::number_unsigned_t v) { return put(v); }
  bool number_float(json::number_float_t v, const json::string_t& token) {
    json* at = slot();
    if (!std::isfinite(v)) json_input::fail(pointer(), fmt::format("invalid JSON: number overflow parsing '{}'", token));
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
      json_input::fail(json_input::child(pointer(stack_.size() - 1), name), fmt::format("duplicate member '{}'", name));
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
      json_input::fail(pointer(), fmt::format("nested deeper than the limit of {} levels (limits.max_json_depth)", max_depth_));
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
        if (!level->empty()) out = json_input::child(out, level->size() - 1);
      } else if (!level->empty()) {
        out = json_input::child(out, level->get_ref<const json::object_t&>().back().first);
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

json parse_json_tree(std::span<const std::uint8_t> text, std::size_t max_depth) {
  TreeBuilder builder(max_depth);
  json::sax_parse(text.begin(), text.end(), &builder);
  return builder.take();
}

}  // namespace anmkit::gltf::detail
