#include "anmkit/core/printable.hpp"

#include <cstdint>

#include <fmt/format.h>

namespace anmkit {

namespace {

// The length of the well-formed UTF-8 sequence that starts text[at] with a byte of 0x80 or more
// (no overlong form, no surrogate, nothing past U+10FFFF), and its code point; 0 when there is none.
std::size_t utf8_sequence(std::string_view text, std::size_t at, char32_t& code) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(at);
  std::size_t n = 0;
  char32_t min = 0;
  if (lead >= 0xc2 && lead <= 0xdf) {
    n = 2, code = lead & 0x1fu, min = 0x80;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    n = 3, code = lead & 0x0fu, min = 0x800;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    n = 4, code = lead & 0x07u, min = 0x10000;
  } else {
    return 0;
  }
  if (text.size() - at < n) return 0;
  for (std::size_t i = 1; i < n; ++i) {
    if ((byte(at + i) & 0xc0u) != 0x80) return 0;
    code = (code << 6) | (byte(at + i) & 0x3fu);
  }
  if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return 0;
  return n;
}

std::string escaped(std::string_view text, bool keep_backslash) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t at = 0; at < text.size();) {
    const char c = text[at];
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x80) {
      // The C1 controls (0x80 to 0x9f: CSI is 0x9b) move a terminal's cursor as ESC does,
      // written as UTF-8 or as a lone byte; every other byte passes, valid UTF-8 or not.
      char32_t code = 0;
      if (const std::size_t n = utf8_sequence(text, at, code)) {
        if (code <= 0x9f) {
          out += fmt::format("\\u{:04x}", std::uint32_t(code));
        } else {
          out.append(text.substr(at, n));
        }
        at += n;
        continue;
      }
      if (byte <= 0x9f) {
        out += fmt::format("\\x{:02x}", byte);
      } else {
        out += c;
      }
    } else if (c == '\\' && keep_backslash) {
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
    ++at;
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

std::string printable_line(std::string_view line) { return escaped(line, true); }

}  // namespace anmkit
