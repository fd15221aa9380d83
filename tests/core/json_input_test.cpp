#include "anmkit/core/json_input.hpp"

#include <gtest/gtest.h>

#include "support/capture_error.hpp"

namespace anmkit {
namespace {

namespace in = json_input;
using json = nlohmann::ordered_json;

TEST(JsonInput, SyntaxErrorsCarryAByteOffset) {
  const std::string text = "{\"a\": [1, 2,, 3]}";
  const Error e = test::capture_error([&] { in::parse({reinterpret_cast<const std::uint8_t*>(text.data()), text.size()}); });
  EXPECT_EQ(e.code, ErrorCode::json);
  EXPECT_EQ(e.offset, 12u);
  EXPECT_EQ(e.message.rfind("invalid JSON: parse error at line 1, column 13", 0), 0u) << e.message;
}

TEST(JsonInput, NumbersTooLargeForADoubleAreErrorsNotCrashes) {
  const std::string text = "{\"frame_count\": 1e999}";
  const Error e = test::capture_error([&] { in::parse({reinterpret_cast<const std::uint8_t*>(text.data()), text.size()}); });
  EXPECT_EQ(e.code, ErrorCode::json);
  EXPECT_EQ(e.offset, 20u);  // the token's last byte, where the parser stands (as for syntax errors)
  EXPECT_EQ(e.message, "invalid JSON: number overflow parsing '1e999'");
}

TEST(JsonInput, UnknownMembersNameThePointer) {
  const json v = {{"bone", 1}, {"positon", 2}};
  const Error e = test::capture_error([&] { in::expect_object(v, "/frames/0/keys/1", {"bone", "position"}); });
  EXPECT_EQ(e.pointer, "/frames/0/keys/1/positon");
  EXPECT_EQ(e.message, "unknown member 'positon' (expected one of: bone, position)");
}

TEST(JsonInput, IntegersAreRangeChecked) {
  EXPECT_EQ(in::unsigned_integer(json(255), "/x", 255), 255u);
  Error e = test::capture_error([&] { in::unsigned_integer(json(256), "/x", 255); });
  EXPECT_EQ(e.message, "expected an integer from 0 to 255, found 256");
  e = test::capture_error([&] { in::unsigned_integer(json(-1), "/x", 255); });
  EXPECT_EQ(e.message, "expected an integer from 0 to 255, found -1");
  e = test::capture_error([&] { in::unsigned_integer(json(1.5), "/x", 255); });
  EXPECT_EQ(e.message, "expected an integer from 0 to 255, found 1.5");
  EXPECT_EQ(in::signed_integer(json(-5), "/y", -10, 10), -5);
  e = test::capture_error([&] { in::signed_integer(json(11), "/y", -10, 10); });
  EXPECT_EQ(e.message, "expected an integer from -10 to 10, found 11");
}

TEST(JsonInput, FloatArraysNeedTheirLength) {
  const Error e = test::capture_error([&] { in::float_bits_array(json::array({1, 2}), "/p", 3); });
  EXPECT_EQ(e.pointer, "/p");
  EXPECT_EQ(e.message, "expected an array of 3 floats, found 2 elements");
  const Error e2 = test::capture_error([&] { in::float_bits_array(json::array({1, "x", 3}), "/p", 3); });
  EXPECT_EQ(e2.pointer, "/p/1");
}

TEST(JsonInput, HexRoundTripsAndRejectsBadDigits) {
  const std::vector<std::uint8_t> bytes{0x00, 0xab, 0xff};
  EXPECT_EQ(in::hex(bytes), "00abff");
  EXPECT_EQ(in::from_hex(json("00ABff"), "/m"), bytes);
  EXPECT_EQ(test::capture_error([&] { in::from_hex(json("0g"), "/m"); }).message, "expected hex digits, found 'g' at character 1");
  EXPECT_EQ(test::capture_error([&] { in::from_hex(json("abc"), "/m"); }).message, "expected hex digits in pairs, found an odd count");
}

TEST(JsonInput, PointerEscapesSlashAndTilde) {
  EXPECT_EQ(in::child("/a", "b/c~d"), "/a/b~1c~0d");
  EXPECT_EQ(in::child("", std::size_t{3}), "/3");
}

}  // namespace
}  // namespace anmkit
