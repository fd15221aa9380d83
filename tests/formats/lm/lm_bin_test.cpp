#include "anmkit/formats/lm/lm_bin.hpp"

#include <gtest/gtest.h>

#include "support/fixture_bytes_be.hpp"

namespace anmkit::lm {
namespace {

struct NodeSpec {
  int parent, child, next, previous;
  float tx;
};

// A `.bin` with only what the reader needs: header, section offsets, the scene graph.
std::vector<std::uint8_t> bin_with(const std::vector<NodeSpec>& nodes, std::uint32_t scene_graph = 0x60) {
  test::BigEndianBytes b;
  b.u8(2).text("mansion_mdl");
  for (int i = 0; i < 21; ++i) b.u32(i == 12 ? scene_graph : 0);
  while (b.size() < scene_graph) b.u8(0);
  for (const NodeSpec& n : nodes) {
    b.s16(n.parent).s16(n.child).s16(n.next).s16(n.previous).u8(0).u8(3).u16(0);
    b.f32s({1, 1, 1}).f32s({0, 90, 0}).f32s({n.tx, 2, 3});
    b.f32s({-1, -1, -1}).f32s({1, 1, 1}).u32(0).u16(0).u16(0);
    b.zeros(0x8c - 0x50);  // part count and offset at 0x4c and 0x50 are zero here
  }
  return b.bytes();
}

// 0 ─┬─ 1 ─── 2
//    └─ 3 ─── 4
const std::vector<NodeSpec> branching{
    {-1, 1, -1, -1, 0}, {0, 2, 3, -1, 10}, {1, -1, -1, -1, 20}, {0, 4, -1, 1, 30}, {3, -1, -1, -1, 40}};

TEST(LmBin, BranchingSceneGraph) {
  auto g = read_bin(bin_with(branching));
  ASSERT_TRUE(g) << g.error().to_string();
  EXPECT_EQ(g->version, 2);
  EXPECT_EQ(g->name, "mansion_mdl");
  ASSERT_EQ(g->nodes.size(), 5u);
  EXPECT_EQ(g->walk_order, (std::vector<std::size_t>{0, 1, 2, 3, 4}));
  EXPECT_EQ(g->nodes[0].parent, -1);
  EXPECT_EQ(g->nodes[1].parent, 0);
  EXPECT_EQ(g->nodes[2].parent, 1);
  EXPECT_EQ(g->nodes[3].parent, 0);
  EXPECT_EQ(g->nodes[4].parent, 3);
  EXPECT_EQ(g->nodes[3].translation, (model::Vec3{30, 2, 3}));
  EXPECT_EQ(g->nodes[3].rotation_degrees, (model::Vec3{0, 90, 0}));
  EXPECT_EQ(g->nodes[3].render_flags, 3);
  EXPECT_EQ(g->nodes[3].offset, 0x60u + 3 * 0x8c);
}

TEST(LmBin, ACycleIsAnErrorNotAHang) {
  auto nodes = branching;
  nodes[2].next = 1;  // node 2's sibling is its own parent
  auto g = read_bin(bin_with(nodes));
  ASSERT_FALSE(g);
  EXPECT_EQ(g.error().offset, 0x60u + 2 * 0x8c + 4);
  EXPECT_EQ(g.error().message, "node 2's next sibling is node 1, which the walk has already reached: the scene graph has a cycle");
  nodes = branching;
  nodes[4].next = 4;
  EXPECT_FALSE(read_bin(bin_with(nodes)));
}

TEST(LmBin, LinksOutOfRangeAreErrors) {
  auto nodes = branching;
  nodes[1].child = 99;
  auto g = read_bin(bin_with(nodes));
  ASSERT_FALSE(g);
  EXPECT_EQ(g.error().offset, 0x60u + 0x8c + 2);
  EXPECT_EQ(g.error().message, "node 1's first child is node 99, but the file holds at most 5 nodes at 0x60");
}

TEST(LmBin, SceneGraphOffsetAndSizeAreChecked) {
  auto bytes = bin_with(branching);
  bytes[0x3d] = 0x10;  // scene graph offset 0x00100060: past the end
  auto g = read_bin(bytes);
  ASSERT_FALSE(g);
  EXPECT_EQ(g.error().offset, 0x3cu);
  EXPECT_EQ(g.error().message, "scene graph offset 0x100060 is outside the file (0x60 to 0x31c)");
  bytes = bin_with(branching);
  bytes.resize(0x60 + 0x8b);  // not even one whole node
  g = read_bin(bytes);
  ASSERT_FALSE(g);
  EXPECT_EQ(g.error().code, ErrorCode::truncated);
  EXPECT_EQ(g.error().offset, 0x60u);
  bytes.resize(0x30);
  g = read_bin(bytes);
  ASSERT_FALSE(g);
  EXPECT_EQ(g.error().code, ErrorCode::truncated);
}

}  // namespace
}  // namespace anmkit::lm
