#include "anmkit/formats/gem/gem_mesh.hpp"

#include <gtest/gtest.h>

#include "support/fixture_bytes.hpp"

namespace anmkit::gem {
namespace {

TEST(GemMesh, HeaderWithBoundingBox) {
  test::FixtureBytes b;
  b.u32(5).u16(2).u16(1);
  for (int i = 0; i < 2 * 12; ++i) b.u8(0xee);  // two 12-byte vertex records
  b.f32s({-1, -2, -3, 4, 5, 6}).f32s({0, 0});
  const auto h = parse_mesh_header(b.bytes());
  ASSERT_TRUE(h);
  EXPECT_EQ(h->first_vertex, 5u);
  EXPECT_EQ(h->vertex_count, 2);
  EXPECT_EQ(h->vertex_stride, 12u);
  ASSERT_TRUE(h->bbox);
  EXPECT_EQ(*h->bbox, (std::array<float, 6>{-1, -2, -3, 4, 5, 6}));
}

TEST(GemMesh, HeaderWithoutBoundingBoxOrWithUnevenSize) {
  test::FixtureBytes b;
  b.u32(0).u16(3).u16(0);
  for (int i = 0; i < 3 * 8 + 8; ++i) b.u8(0);
  auto h = parse_mesh_header(b.bytes());
  ASSERT_TRUE(h);
  EXPECT_EQ(h->vertex_stride, 8u);
  EXPECT_FALSE(h->bbox);
  b.u8(0);  // one byte too many: the stride is unknown
  h = parse_mesh_header(b.bytes());
  ASSERT_TRUE(h);
  EXPECT_FALSE(h->vertex_stride);
}

TEST(GemMesh, ShorterThanTheHeader) {
  const std::vector<std::uint8_t> seven(7);
  EXPECT_FALSE(parse_mesh_header(seven));
}

}  // namespace
}  // namespace anmkit::gem
