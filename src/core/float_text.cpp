#include "anmkit/core/float_text.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <version>

#include <fmt/format.h>

namespace anmkit {

// __cpp_lib_to_chars promises both directions for floating point; without it, the portable forms.
#if defined(__cpp_lib_to_chars)

std::from_chars_result float_from_chars(const char* first, const char* last, float& value) {
  return std::from_chars(first, last, value);
}

std::string shortest_float_text(float value) {
  char buffer[32];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  if (ec != std::errc()) return detail::shortest_float_text_portable(value);  // 32 always fit
  return std::string(buffer, end);
}

#else

std::from_chars_result float_from_chars(const char* first, const char* last, float& value) {
  return detail::float_from_chars_portable(first, last, value);
}

std::string shortest_float_text(float value) { return detail::shortest_float_text_portable(value); }

#endif

namespace detail {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
char lower(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }

// Whether [p, last) starts with `word` (lower case), in any case.
bool starts_with_word(const char* p, const char* last, const char* word) {
  for (; *word != '\0'; ++p, ++word) {
    if (p == last || lower(*p) != *word) return false;
  }
  return true;
}

}  // namespace

std::from_chars_result float_from_chars_portable(const char* first, const char* last, float& value) {
  const char* p = first;
  const bool negative = p != last && *p == '-';
  if (negative) ++p;
  if (starts_with_word(p, last, "inf")) {
    p += starts_with_word(p, last, "infinity") ? 8 : 3;
    value = negative ? -std::numeric_limits<float>::infinity() : std::numeric_limits<float>::infinity();
    return {p, std::errc()};
  }
  if (starts_with_word(p, last, "nan")) {
    p += 3;
    if (p != last && *p == '(') {  // nan(chars): letters, digits and '_', then ')'
      const char* q = p + 1;
      while (q != last && (is_digit(*q) || (lower(*q) >= 'a' && lower(*q) <= 'z') || *q == '_')) ++q;
      if (q != last && *q == ')') p = q + 1;
    }
    value = negative ? -std::numeric_limits<float>::quiet_NaN() : std::numeric_limits<float>::quiet_NaN();
    return {p, std::errc()};
  }
  // Digits, an optional point and digits (at least one digit in all), an optional exponent (taken
  // only when it has digits).
  const char* digits = p;
  while (p != last && is_digit(*p)) ++p;
  if (p != last && *p == '.') {
    ++p;
    while (p != last && is_digit(*p)) ++p;
  }
  bool any_digit = false;
  bool nonzero = false;  // a non-zero digit: a zero result is then an underflow
  for (const char* d = digits; d != p; ++d) {
    if (*d == '.') continue;
    any_digit = true;
    if (*d != '0') nonzero = true;
  }
  if (!any_digit) return {first, std::errc::invalid_argument};
  if (p != last && (*p == 'e' || *p == 'E')) {
    const char* q = p + 1;
    if (q != last && (*q == '+' || *q == '-')) ++q;
    if (q != last && is_digit(*q)) {
      while (q != last && is_digit(*q)) ++q;
      p = q;
    }
  }
  // strtof reads exactly this text the same way; it needs it NUL-terminated.
  const std::string text(first, p);
  const int saved_errno = errno;
  const float parsed = std::strtof(text.c_str(), nullptr);
  errno = saved_errno;
  if (std::isinf(parsed) || (parsed == 0 && nonzero)) return {p, std::errc::result_out_of_range};
  value = parsed;
  return {p, std::errc()};
}

std::string shortest_float_text_portable(float value) {
  // fmt's "{}" of a float gives its shortest round-trip digits (Dragonbox, on the float itself,
  // not widened to double), nearest to the value, ties to even: the digits std::to_chars chooses.
  const std::string text = fmt::format("{}", value);
  // Its sign, its significant digits and the power of ten of the last: value = digits x 10^exponent.
  const bool negative = text[0] == '-';
  std::string digits;
  int exponent = 0;
  bool after_point = false;
  std::size_t i = negative ? 1 : 0;
  for (; i < text.size() && text[i] != 'e'; ++i) {
    if (text[i] == '.') {
      after_point = true;
      continue;
    }
    if (after_point) --exponent;
    if (!digits.empty() || text[i] != '0') digits += text[i];
  }
  if (i < text.size()) exponent += std::atoi(text.c_str() + i + 1);
  while (!digits.empty() && digits.back() == '0') {
    digits.pop_back();
    ++exponent;
  }
  std::string out = negative ? "-" : "";
  if (digits.empty()) return out + "0";
  // std::to_chars's layout: plain (fixed) when it is no longer than the scientific form.
  const int count = int(digits.size());
  const int scientific_exponent = exponent + count - 1;
  const bool fixed = count == 1 ? exponent >= -3 && exponent <= 4 : exponent >= -(count + 3) && exponent <= 5;
  if (!fixed) {
    out += digits[0];
    if (count > 1) out += "." + digits.substr(1);
    return out + fmt::format("e{}{:02}", scientific_exponent < 0 ? '-' : '+', std::abs(scientific_exponent));
  }
  // An integer: std::to_chars writes its exact value (80084418560, not 80084420000), below 10^15.
  if (exponent >= 0) return out + fmt::format("{:.0f}", std::fabs(double(value)));
  if (scientific_exponent >= 0) {
    const auto whole = std::size_t(scientific_exponent + 1);
    return out + digits.substr(0, whole) + "." + digits.substr(whole);
  }
  return out + "0." + std::string(std::size_t(-scientific_exponent - 1), '0') + digits;
}

}  // namespace detail
}  // namespace anmkit
