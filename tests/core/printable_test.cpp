// What reaches a terminal of a name from a file (issue 43): every control, C0 and C1, escaped;
// text that is escaped already not escaped again.

#include <gtest/gtest.h>

#include "anmkit/core/printable.hpp"

namespace anmkit {
namespace {

TEST(Printable, C0ControlsAndBackslashesAreEscaped) {
  EXPECT_EQ(printable("a\x1b[2Jb\n\t\r\\"), "a\\x1b[2Jb\\n\\t\\r\\\\");
  EXPECT_EQ(printable(std::string("a\0b\x7f", 4)), "a\\x00b\\x7f");
}

TEST(Printable, C1ControlsAreEscapedAsUtf8AndAsLoneBytes) {
  // U+009B (CSI) written as UTF-8, and as the lone byte a Latin-1 terminal takes for CSI.
  EXPECT_EQ(printable("a\xc2\x9b" "2Jb"), "a\\u009b2Jb");
  EXPECT_EQ(printable("a\xc2\x80z\xc2\x9f"), "a\\u0080z\\u009f");
  EXPECT_EQ(printable("a\x9b" "2Jb"), "a\\x9b2Jb");
  EXPECT_EQ(printable("\x80\x85\x9f"), "\\x80\\x85\\x9f");
  // A 0x80 to 0x9f byte inside a well-formed sequence is no control: "ћ" (D1 9B), "€" (E2 82 AC).
  EXPECT_EQ(printable("\xd1\x9b \xe2\x82\xac \xc2\xa0"), "\xd1\x9b \xe2\x82\xac \xc2\xa0");
  // Other bytes pass: a Windows-1251 name (not UTF-8), a truncated sequence at the end.
  EXPECT_EQ(printable("\xe0\xe1\xe2"), "\xe0\xe1\xe2");
  EXPECT_EQ(printable("x\xe2\x82"), "x\xe2\\x82");
  // Overlong and surrogate forms are not UTF-8: their bytes are judged one by one.
  EXPECT_EQ(printable("\xc1\x9b"), "\xc1\\x9b");
  EXPECT_EQ(printable("\xed\xa0\x80"), "\xed\xa0\\x80");
}

TEST(Printable, ALineKeepsWhatIsEscapedAlready) {
  EXPECT_EQ(printable_line("bone 'a\\x1bb' and a raw \x1b and \xc2\x9b"), "bone 'a\\x1bb' and a raw \\x1b and \\u009b");
  EXPECT_EQ(printable_line(printable("a\x1b\\b")), printable("a\x1b\\b"));
}

}  // namespace
}  // namespace anmkit
