// The pieces a brace text (.mdl, .mtl) is kept in: its tokens' strings and its line index.

#include <gtest/gtest.h>

#include "anmkit/formats/gem/brace_text.hpp"

namespace anmkit::gem {
namespace {

std::span<const std::uint8_t> bytes_of(std::string_view s) {
  return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

TEST(BraceString, HoldsFifteenBytesInPlaceAndMoreOnTheHeapInSixteenBytes) {
  static_assert(sizeof(BraceString) == 16);
  const std::string fifteen(15, 'a'), sixteen = "0123456789abcdef";
  BraceString a = fifteen, b = sixteen, empty;
  EXPECT_EQ(a.view(), fifteen);
  EXPECT_EQ(b.view(), sixteen);
  EXPECT_TRUE(empty.empty());
  EXPECT_EQ(empty.view(), "");
  const std::string with_nul("a\0b", 3);
  EXPECT_EQ(BraceString(with_nul).size(), 3u) << "bytes, not a C string";
}

TEST(BraceString, CopiesMovesAndAssignsWithoutSharing) {
  BraceString heap = std::string(40, 'x');
  BraceString copy = heap;
  EXPECT_NE(copy.data(), heap.data()) << "a copy owns its bytes";
  EXPECT_EQ(copy, heap);
  BraceString moved = std::move(copy);
  EXPECT_EQ(moved.view(), std::string(40, 'x'));
  EXPECT_TRUE(copy.empty());  // NOLINT: a moved-from string is empty, as documented here
  const BraceString& same = moved;
  moved = same;  // assigned itself: kept
  EXPECT_EQ(moved.view(), std::string(40, 'x'));
  moved = moved.view().substr(2, 20);  // assigned from its own bytes
  EXPECT_EQ(moved.view(), std::string(20, 'x'));
  moved = "short";
  EXPECT_EQ(moved, "short");
  EXPECT_EQ(moved + "er", "shorter");
}

TEST(LineIndex, AgreesWithCountingFromTheStart) {
  std::string text;
  for (int i = 0; i < 3000; ++i) text += std::string(std::size_t(i % 7), 'x') + (i % 3 ? "\n" : "\r\n");
  text += "no break at the end";
  const LineIndex lines(bytes_of(text));
  for (std::uint64_t at : {std::uint64_t(0), std::uint64_t(4095), std::uint64_t(4096), std::uint64_t(4097),
                           std::uint64_t(text.size() - 1), std::uint64_t(text.size()), std::uint64_t(text.size() + 100)}) {
    EXPECT_EQ(lines.line(at), line_at(bytes_of(text), at)) << at;
  }
  for (std::uint64_t at = 0; at < text.size(); at += 37) ASSERT_EQ(lines.line(at), line_at(bytes_of(text), at)) << at;
  EXPECT_EQ(lines.line(text.size()), 3001u);
}

TEST(LineIndex, OfAnEmptyText) {
  const LineIndex lines(bytes_of(""));
  EXPECT_EQ(lines.line(0), 1u);
  EXPECT_EQ(lines.line(10), 1u);
}

}  // namespace
}  // namespace anmkit::gem
