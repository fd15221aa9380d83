#include "anmkit/core/byte_writer.hpp"

#include <gtest/gtest.h>

namespace anmkit {
namespace {

TEST(ByteWriter, WritesBothByteOrders) {
  ByteWriter le;
  le.u16(0x1234);
  le.u32(0xa1b2c3d4);
  EXPECT_EQ(le.data(), (std::vector<std::uint8_t>{0x34, 0x12, 0xd4, 0xc3, 0xb2, 0xa1}));
  ByteWriter be(Endian::big);
  be.u16(0x1234);
  be.u32(0xa1b2c3d4);
  EXPECT_EQ(be.data(), (std::vector<std::uint8_t>{0x12, 0x34, 0xa1, 0xb2, 0xc3, 0xd4}));
}

TEST(ByteWriter, WritesRunsOfU32InEitherByteOrder) {
  const std::vector<std::uint32_t> values{0xa1b2c3d4, 0x00000001};
  ByteWriter le;
  le.u8(0xee);
  le.u32s(values);
  le.u32s({});
  EXPECT_EQ(le.data(), (std::vector<std::uint8_t>{0xee, 0xd4, 0xc3, 0xb2, 0xa1, 0x01, 0x00, 0x00, 0x00}));
  ByteWriter be(Endian::big);
  be.u32s(values);
  EXPECT_EQ(be.data(), (std::vector<std::uint8_t>{0xa1, 0xb2, 0xc3, 0xd4, 0x00, 0x00, 0x00, 0x01}));
  ByteWriter counter = ByteWriter::counting();
  counter.u32s(values);
  EXPECT_EQ(counter.size(), 8u);
}

TEST(ByteWriter, FloatBitsSurviveAReadBack) {
  ByteWriter w;
  w.f32_bits(0x80000000u);  // -0.0
  w.f32_bits(0x7fa00123u);  // a signalling NaN with a payload
  ByteReader r(w.data());
  EXPECT_EQ(r.f32_bits("a"), 0x80000000u);
  EXPECT_EQ(r.f32_bits("b"), 0x7fa00123u);
}

TEST(ByteWriter, CountingWriterReportsTheSizeAndStoresNothing) {
  ByteWriter w = ByteWriter::counting();
  w.tag("EANM");
  w.u32(1);
  w.u8(2);
  const std::vector<std::uint8_t> payload(10);
  w.bytes(payload);
  EXPECT_EQ(w.size(), 19u);
  EXPECT_TRUE(w.data().empty());
}

}  // namespace
}  // namespace anmkit
