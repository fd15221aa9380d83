// Names are bytes (issue 17): one escape between bytes and JSON text (json_text), JSON printing
// that never throws on a name, and JSON input whose nesting and duplicate members are refused
// while it is parsed.

#include <gtest/gtest.h>

#include "anmkit/core/json_input.hpp"
#include "anmkit/core/json_pretty.hpp"
#include "anmkit/core/json_text.hpp"
#include "support/capture_error.hpp"

namespace anmkit {
namespace {

namespace in = json_input;
using json = nlohmann::ordered_json;

json parse(const std::string& text, std::uint32_t depth = ReadLimits{}.max_json_depth) {
  return in::parse({reinterpret_cast<const std::uint8_t*>(text.data()), text.size()}, depth);
}

TEST(JsonNames, Utf8IsStrict) {
  EXPECT_TRUE(is_utf8("turret_1"));
  EXPECT_TRUE(is_utf8("\xc3\xa9t\xc3\xa9"));          // été
  EXPECT_TRUE(is_utf8(std::string("a\0b", 3)));       // a NUL is text; JSON spells it \u0000
  EXPECT_TRUE(is_utf8("\xf4\x8f\xbf\xbf"));           // U+10FFFF
  EXPECT_FALSE(is_utf8("bas\xe9is"));                 // Latin-1 é
  EXPECT_FALSE(is_utf8("\xff"));
  EXPECT_FALSE(is_utf8("\xc3"));                      // cut short
  EXPECT_FALSE(is_utf8("\xc0\xaf"));                  // overlong '/'
  EXPECT_FALSE(is_utf8("\xed\xa0\x80"));              // a surrogate
  EXPECT_FALSE(is_utf8("\xf4\x90\x80\x80"));          // past U+10FFFF
}

TEST(JsonNames, TextThatIsUtf8StaysAsItIs) {
  EXPECT_EQ(json_text("basis"), "basis");
  EXPECT_EQ(json_text("\xc3\xa9t\xc3\xa9"), "\xc3\xa9t\xc3\xa9");
  EXPECT_EQ(json_text(""), "");
  EXPECT_EQ(json_text("HEX:41"), "HEX:41");  // the prefix is lower case
  EXPECT_EQ(json_text("hex"), "hex");
}

TEST(JsonNames, BytesThatAreNotUtf8AreHexAfterThePrefix) {
  EXPECT_EQ(json_text("bas\xe9is"), "hex:626173e96973");
  EXPECT_EQ(json_text("\xff"), "hex:ff");
  EXPECT_EQ(json_text("\xed\xa0\x80"), "hex:eda080");
}

TEST(JsonNames, ANameWithANulIsEscapedSoThatNoCStringCutsIt) {
  EXPECT_EQ(json_text(std::string("x\0a", 3)), "hex:780061");
  EXPECT_EQ(json_text(std::string(1, '\0')), "hex:00");
  EXPECT_EQ(bytes_of_json_text("hex:780061"), std::string("x\0a", 3));
}

TEST(JsonNames, AUtf8NameThatBeginsWithThePrefixIsEscapedToo) {
  EXPECT_EQ(json_text("hex:ff"), "hex:6865783a6666");
  EXPECT_EQ(json_text("hex:"), "hex:6865783a");
  EXPECT_EQ(bytes_of_json_text("hex:6865783a6666"), "hex:ff");
}

TEST(JsonNames, TheEscapeReversesForEveryByteString) {
  for (const std::string& bytes : {std::string("basis"), std::string("bas\xe9is"), std::string("\xff"), std::string("hex:ff"),
                                  std::string("hex:"), std::string(""), std::string("a\0b", 3), std::string("\xc3\xa9")}) {
    EXPECT_EQ(bytes_of_json_text(json_text(bytes)), bytes) << json_text(bytes);
  }
  for (int b = 0; b < 256; ++b) {
    const std::string one(1, char(b));
    EXPECT_EQ(bytes_of_json_text(json_text(one)), one) << b;
    EXPECT_TRUE(is_utf8(json_text(one))) << b;
  }
}

TEST(JsonNames, ABrokenEscapeIsRefused) {
  EXPECT_EQ(bytes_of_json_text("hex:e"), std::nullopt);
  EXPECT_EQ(bytes_of_json_text("hex:zz"), std::nullopt);
  EXPECT_EQ(bytes_of_json_text("hex:E9"), "\xe9");  // either case
  const Error e = test::capture_error([] { in::name_bytes(json("hex:zz"), "/bones/0/name"); });
  EXPECT_EQ(e.code, ErrorCode::json);
  EXPECT_EQ(e.pointer, "/bones/0/name");
  EXPECT_EQ(e.message, "expected a name, or \"hex:\" and pairs of hex digits, found \"hex:zz\"");
  EXPECT_EQ(in::name_bytes(json("hex:626173e96973"), "/n"), "bas\xe9is");
  EXPECT_EQ(in::name_bytes(json("basis"), "/n"), "basis");
}

TEST(JsonNames, PrintersEscapeWhatWasNotEscapedInsteadOfThrowing) {
  const json doc = {{"file", "\xff.anm"}, {"bones", json::array({"bas\xe9is", "hex:6865783a"})}, {"\xe9", 1}};
  EXPECT_EQ(pretty_json(doc), R"({"file": "hex:ff2e616e6d", "bones": ["hex:626173e96973", "hex:6865783a"], "hex:e9": 1})");
  EXPECT_EQ(pretty_json(doc, 2, 60), "{\n  \"file\": \"hex:ff2e616e6d\",\n  \"bones\": [\"hex:626173e96973\", \"hex:6865783a\"],\n"
                                     "  \"hex:e9\": 1\n}");
  EXPECT_EQ(compact_json(doc), R"({"file":"hex:ff2e616e6d","bones":["hex:626173e96973","hex:6865783a"],"hex:e9":1})");
  // What the printer gives, nlohmann gives for UTF-8 documents.
  const json plain = {{"a", json::array({1, 2.5, "x", nullptr, true})}, {"b", json::object()}, {"c", "t\"\n"}};
  EXPECT_EQ(compact_json(plain), plain.dump());
}

TEST(JsonNames, NestingIsLimitedWhileParsing) {
  std::string at_limit(64, '[');
  at_limit += std::string(64, ']');
  EXPECT_EQ(parse(at_limit).size(), 1u);
  const Error e = test::capture_error([&] { parse("[" + at_limit + "]"); });
  EXPECT_EQ(e.code, ErrorCode::json);
  EXPECT_EQ(e.pointer, "/0" + [] { std::string p; for (int i = 0; i < 63; ++i) p += "/0"; return p; }());
  EXPECT_EQ(e.message, "nested deeper than the limit of 64 levels (limits.max_json_depth)");
  const Error e2 = test::capture_error([] { parse(R"({"frames": [1, {"keys": [[]]}]})", 3); });
  EXPECT_EQ(e2.pointer, "/frames/1/keys");  // the root is level 1, the keys array level 4
  EXPECT_EQ(e2.message, "nested deeper than the limit of 3 levels (limits.max_json_depth)");
}

TEST(JsonNames, TwoHundredThousandLevelsAreRefusedNotACrash) {
  // 400 KB that once overflowed the stack of `build`.
  const std::string deep = std::string(200000, '[') + std::string(200000, ']');
  const Error e = test::capture_error([&] { parse(deep); });
  EXPECT_EQ(e.message, "nested deeper than the limit of 64 levels (limits.max_json_depth)");
  const std::string objects = [] {
    std::string s;
    for (int i = 0; i < 200000; ++i) s += "{\"a\":";
    return s + "1" + std::string(200000, '}');
  }();
  EXPECT_EQ(test::capture_error([&] { parse(objects); }).pointer.size(), 64u * 2);  // "/a" 64 times
}

TEST(JsonNames, DuplicateMembersAreErrorsWithThePointer) {
  const Error e = test::capture_error([] { parse(R"({"frame_count": 1, "bones": [{"name": "a", "name": "b"}]})"); });
  EXPECT_EQ(e.code, ErrorCode::json);
  EXPECT_EQ(e.pointer, "/bones/0/name");
  EXPECT_EQ(e.message, "duplicate member 'name'");
  const Error top = test::capture_error([] { parse(R"({"frame_count": 1, "frame_count": 4294967295})"); });
  EXPECT_EQ(top.pointer, "/frame_count");
  // The same key in sibling objects is not a duplicate.
  EXPECT_EQ(parse(R"([{"a": 1}, {"a": 2}, {"b": {"a": 3}}])").size(), 3u);
  // Escapes that spell the same key are the same key.
  EXPECT_EQ(test::capture_error([] { parse(R"({"a/b": 1, "a\/b": 2})"); }).pointer, "/a~1b");
}

}  // namespace
}  // namespace anmkit
