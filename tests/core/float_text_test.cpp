#include "anmkit/core/float_text.hpp"

#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <string>

#include "anmkit/core/float_bits.hpp"

// The portable forms (what the WebAssembly build uses, its libc++ having no floating-point
// <charconv>) held to the standard library's results: the same end, error and bits.

namespace anmkit {
namespace {

int parse_mismatches = 0;

void expect_same_parse(const std::string& text) {
  float expected = 42.0f, got = 42.0f;
  const char* first = text.data();
  const char* last = first + text.size();
  const auto want = std::from_chars(first, last, expected);
  const auto have = detail::float_from_chars_portable(first, last, got);
  const bool same = have.ptr == want.ptr && have.ec == want.ec && bits_from_float(got) == bits_from_float(expected);
  EXPECT_TRUE(same) << "'" << text << "': std::from_chars read " << (want.ptr - first) << " chars, error "
                    << int(want.ec) << ", bits " << std::hex << bits_from_float(expected) << "; the portable form "
                    << std::dec << (have.ptr - first) << ", " << int(have.ec) << ", " << std::hex << bits_from_float(got);
  if (!same && ++parse_mismatches > 20) FAIL() << "too many mismatches";
}

std::string chars(double value, std::chars_format format, int precision) {
  char buffer[1024];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value, format, precision);
  EXPECT_EQ(ec, std::errc());
  return std::string(buffer, end);
}

TEST(FloatText, PortableFromCharsAgreesOnEdgeCases) {
  for (const char* text : {"", "-", "+1", " 1", ".", "-.", "e5", "1e", "1e+", "1e-", "1e5x", "1.5.2", "0.", ".5",
                           "-.5e-3", "0", "-0", "00012.5000", "0x10", "1,5", "inf", "INF", "-Infinity", "infinit",
                           "infx", "nan", "-nan", "NaN(abc_DEF)", "nan()", "nan(", "nan(12", "nan(a b)", "1e38",
                           "1e39", "-1e39", "1e-38", "1e-45", "1e-46", "7e-46", "7.006492321624086e-46",
                           "7.0064923216240862e-46", "7.1e-46", "1.17549435e-38", "1.1754942e-38", "3.4028235e38",
                           "3.4028234664e38", "3.40282356e38", "3.40282357e38",
                           "340282356779733661637539395458142568448", "340282356779733661637539395458142568447",
                           "0e999999999999", "1e999999999999", "1e-999999999999", "1e2147483648",
                           "0.0000000000000000000000000000000000000000000000000000001",
                           "123456789012345678901234567890", "16777217", "16777219", "0.1", "0.3",
                           "2.98023223876953125e-8", "2.98023223876953126e-8"}) {
    expect_same_parse(text);
  }
  std::string long_zeros = "0." + std::string(400, '0') + "1e400";  // many digits, a plain value
  expect_same_parse(long_zeros);
  expect_same_parse("1" + std::string(50, '0') + "e-50");
}

TEST(FloatText, PortableFromCharsAgreesOnRandomFloatsAndMidpoints) {
  std::mt19937 random(20240601);
  for (int i = 0; i < 100000; ++i) {
    const float f = float_from_bits(std::uint32_t(random()));
    if (!std::isfinite(f)) continue;
    expect_same_parse(shortest_float_text(f));
    expect_same_parse(chars(f, std::chars_format::scientific, 8));
    expect_same_parse(chars(f, std::chars_format::general, 6));
    // The exact midpoint to the next float (exact in a double), and just either side of it:
    // the ties and near-ties that only a correctly rounded reader gets right.
    const float next = std::nextafter(f, std::numeric_limits<float>::infinity());
    if (!std::isfinite(next)) continue;
    const std::string mid = chars((double(f) + double(next)) / 2, std::chars_format::scientific, 120);
    expect_same_parse(mid);
    const auto e = mid.find('e');
    expect_same_parse(mid.substr(0, e) + "000001" + mid.substr(e));
    std::string below = mid.substr(0, e);
    while (below.back() == '0') below.pop_back();
    if (below.back() != '.') {
      below.back() = char(below.back() - 1);
      expect_same_parse(below + "9999" + mid.substr(e));
    }
  }
}

TEST(FloatText, PortableFromCharsAgreesOnRandomText) {
  std::mt19937 random(7);
  auto pick = [&](int n) { return int(random() % unsigned(n)); };
  for (int i = 0; i < 100000; ++i) {
    std::string text;
    if (pick(4) == 0) text += '-';
    const int digits = 1 + pick(pick(3) == 0 ? 60 : 12);
    const int point = pick(digits + 2) - 1;  // -1: none
    for (int d = 0; d < digits; ++d) {
      if (d == point) text += '.';
      text += char('0' + (d < 3 && pick(3) == 0 ? 0 : pick(10)));
    }
    if (pick(2) == 0) {
      text += pick(2) ? 'e' : 'E';
      if (pick(3) == 0) text += pick(2) ? '+' : '-';
      text += std::to_string(pick(3) == 0 ? pick(400) : pick(60));
    }
    if (pick(10) == 0) text += "x";
    expect_same_parse(text);
  }
}

int shortest_mismatches = 0;

void expect_same_shortest(float f) {
  char buffer[64];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, f);
  ASSERT_EQ(ec, std::errc());
  const std::string want(buffer, end);
  const std::string have = detail::shortest_float_text_portable(f);
  EXPECT_EQ(have, want) << "bits " << std::hex << bits_from_float(f);
  if (have != want && ++shortest_mismatches > 20) FAIL() << "too many mismatches";
}

TEST(FloatText, PortableShortestAgreesWithToChars) {
  for (float f : {0.0f, 1.0f, 0.1f, 0.3f, 20.4944f, 1e-45f, std::numeric_limits<float>::min(),
                  std::numeric_limits<float>::max(), std::numeric_limits<float>::denorm_min(), 16777216.0f, 1e10f,
                  1e-10f, 123456.789f, 3.0e38f, 80084418560.0f, 1e-3f, 1e-4f, 1.5e-4f, 1e4f, 1e5f, 12345e5f, 1e15f,
                  123456789.0f, 0.000123456789f}) {
    expect_same_shortest(f);
    expect_same_shortest(-f);
  }
  for (int e = -149; e <= 127; ++e) {  // powers of two: where the gap below is half the gap above
    expect_same_shortest(-std::ldexp(1.0f, e));
    expect_same_shortest(std::ldexp(1.0f, e));
    expect_same_shortest(std::nextafter(std::ldexp(1.0f, e), 0.0f));
  }
  std::mt19937 random(11);
  for (int i = 0; i < 300000; ++i) {
    const float f = float_from_bits(std::uint32_t(random()));
    if (std::isfinite(f)) expect_same_shortest(f);
  }
}

TEST(FloatText, UsesTheStandardLibraryWhereItHasFloatCharconv) {
#if defined(__cpp_lib_to_chars)
  char buffer[32];
  const auto printed = std::to_chars(buffer, buffer + sizeof buffer, 20.4944f);
  EXPECT_EQ(shortest_float_text(20.4944f), std::string(buffer, printed.ptr));
#endif
  float value = 0;
  const std::string text = "20.4944 rest";
  const auto [ptr, ec] = float_from_chars(text.data(), text.data() + text.size(), value);
  EXPECT_EQ(ec, std::errc());
  EXPECT_EQ(ptr, text.data() + 7);
  EXPECT_EQ(value, 20.4944f);
}

}  // namespace
}  // namespace anmkit
