#include "anmkit/core/json_text.hpp"

namespace anmkit {

bool is_utf8(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    std::size_t extra = 0;
    std::uint32_t code = 0;
    if ((c & 0xe0) == 0xc0) { extra = 1; code = c & 0x1fu; }
    else if ((c & 0xf0) == 0xe0) { extra = 2; code = c & 0x0fu; }
    else if ((c & 0xf8) == 0xf0) { extra = 3; code = c & 0x07u; }
    else return false;
    if (extra >= s.size() - i) return false;
    for (std::size_t k = 1; k <= extra; ++k) {
      const auto cc = static_cast<unsigned char>(s[i + k]);
      if ((cc & 0xc0) != 0x80) return false;
      code = code << 6 | (cc & 0x3fu);
    }
    // Overlong forms, surrogates and values past U+10FFFF are not UTF-8 (and JSON printers refuse them).
    static constexpr std::uint32_t min_code[] = {0, 0x80, 0x800, 0x10000};
    if (code < min_code[extra] || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff) return false;
    i += extra + 1;
  }
  return true;
}

std::string json_text(std::string_view bytes) {
  // A NUL is text to JSON, but tools that read the text as a C string (tinygltf's writer among
  // them) would cut the name there: escaped too.
  if (is_utf8(bytes) && !bytes.starts_with(json_text_escape_prefix) && bytes.find('\0') == std::string_view::npos) {
    return std::string(bytes);
  }
  static constexpr char digits[] = "0123456789abcdef";
  std::string out(json_text_escape_prefix);
  out.reserve(out.size() + 2 * bytes.size());
  for (char c : bytes) {
    const auto b = static_cast<unsigned char>(c);
    out += digits[b >> 4];
    out += digits[b & 15];
  }
  return out;
}

std::optional<std::string> bytes_of_json_text(std::string_view text) {
  if (!text.starts_with(json_text_escape_prefix)) return std::string(text);
  text.remove_prefix(json_text_escape_prefix.size());
  if (text.size() % 2 != 0) return std::nullopt;
  const auto nibble = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  std::string out(text.size() / 2, '\0');
  for (std::size_t i = 0; i < out.size(); ++i) {
    const int hi = nibble(text[2 * i]), lo = nibble(text[2 * i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out[i] = static_cast<char>(hi << 4 | lo);
  }
  return out;
}

}  // namespace anmkit
