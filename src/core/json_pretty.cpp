#include "anmkit/core/json_pretty.hpp"

#include <vector>

#include "anmkit/core/json_text.hpp"

namespace anmkit {
namespace {

using json = nlohmann::ordered_json;

bool is_flat(const json& v) {
  if (!v.is_structured()) return true;
  for (const auto& child : v) {
    if (child.is_object()) return false;
    if (child.is_array()) {
      for (const auto& grandchild : child) {
        if (grandchild.is_structured()) return false;
      }
    }
  }
  return true;
}

// A string that reached the printer still holding bytes that are not UTF-8 (a name someone
// forgot to pass through json_text) prints escaped the same way, never throws or mangles.
std::string quoted(const std::string& s) { return json(is_utf8(s) ? s : json_text(s)).dump(); }

std::string scalar(const json& v) { return v.is_string() ? quoted(v.get_ref<const std::string&>()) : v.dump(); }

std::string inline_form(const json& v, const char* comma = ", ", const char* colon = ": ") {
  if (!v.is_structured() || v.empty()) return scalar(v);
  std::string out(1, v.is_object() ? '{' : '[');
  bool first = true;
  for (auto it = v.begin(); it != v.end(); ++it) {
    if (!first) out += comma;
    first = false;
    if (v.is_object()) out += quoted(it.key()) + colon;
    out += inline_form(*it, comma, colon);
  }
  out += v.is_object() ? '}' : ']';
  return out;
}

}  // namespace

std::string pretty_json(const json& root, std::size_t indent, std::size_t width) {
  // An explicit stack instead of recursion: each frame is a container being printed.
  struct Frame {
    const json* value;
    json::const_iterator next;
    std::size_t depth;
    bool first;
  };
  std::string out;
  auto emit_value = [&](const json& v, std::size_t depth, std::size_t column, std::vector<Frame>& stack) {
    if (is_flat(v)) {
      std::string flat = inline_form(v);
      if (!v.is_structured() || column + flat.size() <= width) {
        out += flat;
        return;
      }
    }
    out += v.is_object() ? '{' : '[';
    stack.push_back(Frame{&v, v.begin(), depth + 1, true});
  };
  std::vector<Frame> stack;
  emit_value(root, 0, 0, stack);
  while (!stack.empty()) {
    Frame& f = stack.back();
    const bool object = f.value->is_object();
    if (f.next == f.value->end()) {
      out += '\n';
      out.append((f.depth - 1) * indent, ' ');
      out += object ? '}' : ']';
      stack.pop_back();
      continue;
    }
    out += f.first ? "\n" : ",\n";
    f.first = false;
    out.append(f.depth * indent, ' ');
    const std::size_t line_start = out.size() - f.depth * indent;
    if (object) out += quoted(f.next.key()) + ": ";
    const json& child = *f.next;
    ++f.next;
    const std::size_t depth = f.depth;
    emit_value(child, depth, out.size() - line_start, stack);  // may invalidate `f`
  }
  return out;
}

std::string compact_json(const json& value) { return inline_form(value, ",", ":"); }

}  // namespace anmkit
