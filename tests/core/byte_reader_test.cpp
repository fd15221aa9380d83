#include "anmkit/core/byte_reader.hpp"

#include <gtest/gtest.h>

#include "support/capture_error.hpp"

#include <vector>

namespace anmkit {
namespace {

TEST(ByteReader, ReadsLittleEndianFields) {
  const std::vector<std::uint8_t> data{0x01, 0x34, 0x12, 0x78, 0x56, 0x34, 0x12, 0xff, 0xff, 0xff, 0xff};
  ByteReader r(data);
  EXPECT_EQ(r.u8("a"), 0x01);
  EXPECT_EQ(r.u16("b"), 0x1234);
  EXPECT_EQ(r.u32("c"), 0x12345678u);
  EXPECT_EQ(r.i32("d"), -1);
  EXPECT_TRUE(r.at_end());
  EXPECT_EQ(r.offset(), 11u);
}

TEST(ByteReader, ReadsBigEndianFields) {
  const std::vector<std::uint8_t> data{0x12, 0x34, 0x12, 0x34, 0x56, 0x78};
  ByteReader r(data, Endian::big);
  EXPECT_EQ(r.u16("a"), 0x1234);
  EXPECT_EQ(r.u32("b"), 0x12345678u);
}

TEST(ByteReader, KeepsFloatBitsExactly) {
  // -0.0 and a NaN with a payload: both must come back as the same bits.
  const std::vector<std::uint8_t> data{0x00, 0x00, 0x00, 0x80, 0x01, 0x00, 0xc0, 0x7f};
  ByteReader r(data);
  EXPECT_EQ(r.f32_bits("x"), 0x80000000u);
  EXPECT_EQ(r.f32_bits("y"), 0x7fc00001u);
}

TEST(ByteReader, TruncationNamesOffsetAndField) {
  const std::vector<std::uint8_t> data{1, 2, 3, 4, 5};
  ByteReader r(data);
  r.u32("first");
  const Error e = test::capture_error([&] { r.u32("bone count"); });
  EXPECT_EQ(e.code, ErrorCode::truncated);
  EXPECT_EQ(e.offset, 4u);
  EXPECT_EQ(e.message, "unexpected end of data: expected bone count (4 bytes), 1 remains");
  EXPECT_EQ(r.offset(), 4u) << "a failed read does not move the reader";
}

TEST(ByteReader, CheckCountRefusesCountsLargerThanTheRest) {
  std::vector<std::uint8_t> data(40);
  ByteReader r(data);
  r.bytes(24, "header");
  const Error e = test::capture_error([&] { r.check_count(0xffffffffu, 4, "bone count"); });
  EXPECT_EQ(e.code, ErrorCode::too_large);
  EXPECT_EQ(e.offset, 24u);
  EXPECT_EQ(e.message, "bone count 4294967295 needs at least 17179869180 bytes, but only 16 remain");
  EXPECT_NO_THROW(r.check_count(4, 4, "bone count"));
}

TEST(ByteReader, CheckCountSurvivesOverflowingProducts) {
  std::vector<std::uint8_t> data(8);
  ByteReader r(data);
  const Error e = test::capture_error([&] { r.check_count(UINT64_MAX, 16, "items"); });
  EXPECT_EQ(e.message, "items 18446744073709551615 needs at least more than 2^64 bytes, but only 8 remain");
}

TEST(ByteReader, ExpectTagReportsWhatWasFound) {
  const std::vector<std::uint8_t> data{'B', 'M', 'A', 'Q', 0};
  ByteReader r(data);
  const Error e = test::capture_error([&] { r.expect_tag("BMAP", "bone map chunk"); });
  EXPECT_EQ(e.code, ErrorCode::unknown_chunk);
  EXPECT_EQ(e.offset, 0u);
  EXPECT_EQ(e.message, "expected bone map chunk ('BMAP'), found 'BMAQ'");
}

TEST(ByteReader, NextTagIsNeverReadsPastTheEnd) {
  const std::vector<std::uint8_t> data{'F', 'R'};
  ByteReader r(data);
  EXPECT_FALSE(r.next_tag_is("FRM2"));
  EXPECT_TRUE(r.next_tag_is("FR"));
}

TEST(TagForMessage, PrintsHexWhenNotPrintable) {
  const std::vector<std::uint8_t> data{0x00, 0x41, 0xff, 0x10};
  EXPECT_EQ(tag_for_message(data), "00 41 ff 10");
  const std::vector<std::uint8_t> text{'F', 'R', 'M', '2'};
  EXPECT_EQ(tag_for_message(text), "FRM2");
}

}  // namespace
}  // namespace anmkit
