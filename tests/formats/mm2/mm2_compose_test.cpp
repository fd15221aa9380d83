#include "anmkit/formats/mm2/mm2_compose.hpp"

#include <gtest/gtest.h>

#include "anmkit/formats/mm2/mm2_read.hpp"
#include "support/mm2_fixture.hpp"

namespace anmkit::mm2 {
namespace {

TEST(Mm2Compose, ClearTheRectangleThenDrawThePatchCropped) {
  test::Mm2Spec s;
  // Base 8x4 all pen 3; slot 0 at (2, 1) 3x2 (smaller than its 4x4 patch); slot 1 at (6, 3) 4x2,
  // reaching past the base: the canvas grows to 10x5.
  s.slots = {{2, 1, 3, 2}, {6, 3, 4, 2}};
  s.frames.push_back({8, 4, std::vector<std::uint8_t>(32, 3)});
  test::Mm2Frame patch{4, 4, std::vector<std::uint8_t>(16, 7)};
  patch.pixels[1] = 0;  // (1, 0): a hole
  s.frames.push_back(patch);
  s.frames.push_back({4, 2, std::vector<std::uint8_t>(8, 9)});
  s.blocks = {{1, 1}};
  auto file = read(test::mm2_file(s));
  ASSERT_TRUE(file) << file.error().to_string();
  const CanvasSize canvas = canvas_size(*file);
  EXPECT_EQ(canvas.width, 10u);
  EXPECT_EQ(canvas.height, 5u);
  auto sprite = to_sprite(*file, 60);
  ASSERT_TRUE(sprite);
  const auto base = sprite->state(0);
  EXPECT_EQ(base.at(0, 0), 3);
  EXPECT_EQ(base.at(9, 4), 0) << "outside the base: transparent";
  const auto one = sprite->state(1);
  EXPECT_EQ(one.at(2, 1), 7);
  EXPECT_EQ(one.at(3, 1), 0) << "the patch's pen 0 is a hole through the cleared rectangle";
  EXPECT_EQ(one.at(4, 2), 7);
  EXPECT_EQ(one.at(5, 1), 3) << "cropped to the slot's width 3";
  EXPECT_EQ(one.at(2, 3), 3) << "cropped to the slot's height 2";
  const auto two = sprite->state(2);
  EXPECT_EQ(two.at(6, 3), 9);
  EXPECT_EQ(two.at(9, 4), 9);
  EXPECT_EQ(two.at(2, 1), 3) << "state 2 does not carry patch 1";

  EXPECT_EQ(sprite->state_count(), 3u);
  EXPECT_EQ(sprite->palette[0].a, 0);
  EXPECT_EQ(sprite->palette[1], (model::Color{255, 255, 255, 255}));
  ASSERT_EQ(sprite->sequences.size(), 1u);
  EXPECT_EQ(sprite->sequences[0][0].image, 1u);
  EXPECT_EQ(sprite->sequences[0][0].ticks, 1u);
}

TEST(Mm2Compose, DelayZeroLastsOneTick) {
  EXPECT_EQ(step_ticks({1, 0}), 1u);
  EXPECT_EQ(step_ticks({1, 7}), 7u);
}

}  // namespace
}  // namespace anmkit::mm2
