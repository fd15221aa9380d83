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

std::size_t LineIndex::line(std::uint64_t offset) const {
  if (breaks_before_.empty()) {
    breaks_before_.reserve(text_.size() / step + 1);
    std::size_t breaks = 0;
    for (std::size_t at = 0; at < text_.size(); at += step) {
      breaks_before_.push_back(breaks);
      const auto chunk = text_.subspan(at, std::min(step, text_.size() - at));
      breaks += std::size_t(std::count(chunk.begin(), chunk.end(), std::uint8_t('\n')));
    }
    if (breaks_before_.empty()) breaks_before_.push_back(0);
  }
  const std::size_t end = std::size_t(std::min<std::uint64_t>(offset, text_.size()));
  const std::size_t k = std::min(end / step, breaks_before_.size() - 1);
  const auto from = text_.begin() + std::ptrdiff_t(k * step);
  return 1 + breaks_before_[k] + std::size_t(std::count(from, text_.begin() + std::ptrdiff_t(end), std::uint8_t('\n')));
}

}  // namespace anmkit::gem
