#include "anmkit/core/printable.hpp"

#include <fmt/format.h>

namespace anmkit {

namespace {

std::string escaped(std::string_view text, bool keep_backslash) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\\' && keep_backslash) {
      out += c;
    } else if (c == '\\') {
      out += "\\\\";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else if (byte < 0x20 || byte == 0x7f) {
      out += fmt::format("\\x{:02x}", byte);
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

std::string printable(std::string_view text) { return escaped(text, false); }

#if defined(_WIN32)
std::string printable_path(std::string_view text) { return escaped(text, true); }
#else
std::string printable_path(std::string_view text) { return escaped(text, false); }
#endif

}  // namespace anmkit
