#include "anmkit/formats/gem/brace_text.hpp"

#include <algorithm>

namespace anmkit::gem {

bool key_is(std::string_view key, std::string_view expected) {
  auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; };
  return key.size() == expected.size() &&
         std::equal(key.begin(), key.end(), expected.begin(), [&](char a, char b) { return lower(a) == lower(b); });
}

std::size_t line_at(std::span<const std::uint8_t> text, std::uint64_t offset) {
  const std::size_t end = std::size_t(std::min<std::uint64_t>(offset, text.size()));
  return 1 + std::size_t(std::count(text.begin(), text.begin() + std::ptrdiff_t(end), std::uint8_t('\n')));
}

}  // namespace anmkit::gem
