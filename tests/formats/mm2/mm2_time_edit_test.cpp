// MM2 time edits (mm2_time_edit.hpp): sequences' steps on a timeline of ticks, durations scaled
// exactly, every other byte kept.

#include "anmkit/formats/mm2/mm2_time_edit.hpp"

#include <gtest/gtest.h>

#include "anmkit/formats/mm2/mm2_read.hpp"
#include "anmkit/formats/mm2/mm2_write.hpp"
#include "support/fixture_bytes.hpp"

namespace anmkit::mm2 {
namespace {

namespace fs = std::filesystem;

// A file holding only these sequences (the edits read nothing else).
File with_blocks(std::vector<Bytes> blocks) {
  File f;
  f.blocks = std::move(blocks);
  return f;
}

TimeEdited edited(const File& file, std::string_view text) {
  auto out = edit_time(file, *model::parse_time_edit(text), ReadLimits{});
  EXPECT_TRUE(out) << text << ": " << out.error().to_string();
  return out ? *out : TimeEdited{};
}

std::string error_of(const File& file, std::string_view text) {
  auto out = edit_time(file, *model::parse_time_edit(text), ReadLimits{});
  EXPECT_FALSE(out) << text;
  return out ? std::string() : out.error().message;
}

// The ghost's two sequences (notes, "Facts of the real 51.anm"): 50 ticks each.
const Bytes ghost_a{1, 10, 2, 10, 3, 10, 4, 10, 5, 10}, ghost_b{4, 10, 3, 10, 2, 10, 1, 10, 0, 10};

TEST(Mm2TimeEdit, TheBundledGhostComesBackFromReverseTwiceAndRetimeThereAndBack) {
  const auto bytes = test::read_bytes(fs::path(ANMKIT_SOURCE_DIR) / "examples" / "ghost_mm2.anm");
  auto r = read(bytes);
  ASSERT_TRUE(r) << r.error().to_string();
  ASSERT_EQ(r->blocks, (std::vector<Bytes>{{0, 40, 1, 6, 0, 30, 1, 6}, {}, {2, 10, 3, 12, 2, 10, 0, 8}}));
  const auto reversed = edited(*r, "reverse");
  EXPECT_EQ(reversed.file.blocks, (std::vector<Bytes>{{1, 6, 0, 30, 1, 6, 0, 40}, {}, {0, 8, 2, 10, 3, 12, 2, 10}}));
  EXPECT_EQ(*write(edited(reversed.file, "reverse").file), bytes);
  const auto slower = edited(*r, "retime=2");
  EXPECT_EQ(slower.file.blocks, (std::vector<Bytes>{{0, 80, 1, 12, 0, 60, 1, 12}, {}, {2, 20, 3, 24, 2, 20, 0, 16}}));
  EXPECT_EQ(*write(edited(slower.file, "retime=1/2").file), bytes);
  // Every byte but the sequences' is the input's: the images, the prelude, the palette.
  auto images_of = [](File f) {
    f.blocks.clear();
    return f;
  };
  EXPECT_EQ(images_of(slower.file), images_of(*r));
}

TEST(Mm2TimeEdit, TrimDeleteAndInsertCountTicks) {
  const File ghost = with_blocks({ghost_a, ghost_b});
  // Ticks 5 to 24 of 1x10 2x10 3x10 ...: 1 for 5, 2 for 10, 3 for 5.
  EXPECT_EQ(edited(ghost, "trim=5:24@0").file.blocks, (std::vector<Bytes>{{1, 5, 2, 10, 3, 5}, ghost_b}));
  // Ticks 10 to 29 gone: 1x10 then 4x10 5x10.
  EXPECT_EQ(edited(ghost, "delete=10:29@1").file.blocks, (std::vector<Bytes>{ghost_a, {4, 10, 1, 10, 0, 10}}));
  // Five ticks before tick 10 hold tick 9's state: the first step lasts 15.
  EXPECT_EQ(edited(ghost, "insert=10:5@0").file.blocks[0], (Bytes{1, 15, 2, 10, 3, 10, 4, 10, 5, 10}));
  // Steps no tick shows are said.
  EXPECT_EQ(edited(ghost, "trim=0:9").notes, std::vector<std::string>{"8 steps that no tick of the result shows were left out"});
}

TEST(Mm2TimeEdit, LoopAddsATickOfTheFirstStateUnlessTheLastIsIt) {
  const File file = with_blocks({ghost_a, {7, 3, 8, 2, 7, 4}});
  const auto out = edited(file, "loop");
  EXPECT_EQ(out.file.blocks, (std::vector<Bytes>{{1, 10, 2, 10, 3, 10, 4, 10, 5, 10, 1, 1}, {7, 3, 8, 2, 7, 4}}));
  EXPECT_EQ(out.notes, std::vector<std::string>{"1 sequence already ends with the state it begins with: nothing added to it"});
  const auto closed = edited(with_blocks({{7, 3, 8, 2, 7, 4}}), "loop");
  EXPECT_TRUE(closed.unchanged);
  EXPECT_EQ(closed.notes, std::vector<std::string>{"the last frame already equals the first: nothing to add"});
}

TEST(Mm2TimeEdit, LongStepsSplitShortOnesDropAndOddBytesStay) {
  // 10 ticks x 30 = 300: two steps, as no delay byte may be FF.
  EXPECT_EQ(edited(with_blocks({{1, 10}}), "retime=30").file.blocks[0], (Bytes{1, 254, 1, 46}));
  // Delay 0 lasts one tick; a third of 1 + 1 + 10 ticks: the first two steps end at ticks 0 and
  // 1 (rounded), so the first gets none and is dropped.
  const auto shorter = edited(with_blocks({{1, 0, 2, 1, 3, 10, 9}}), "retime=1/3");
  EXPECT_EQ(shorter.file.blocks[0], (Bytes{2, 1, 3, 3, 9}));
  EXPECT_EQ(shorter.notes, std::vector<std::string>{"1 step that no tick of the result shows was left out"});
  // Empty sequences are left as they are.
  EXPECT_EQ(edited(with_blocks({{}, {1, 4}}), "length=8").file.blocks, (std::vector<Bytes>{{}, {1, 8}}));
}

TEST(Mm2TimeEdit, ErrorsNameTheSequence) {
  const File ghost = with_blocks({ghost_a, {}});
  EXPECT_EQ(error_of(ghost, "reverse@2"), "time edit 'reverse@2': the file has 2 sequences (@0 to @1)");
  EXPECT_EQ(error_of(ghost, "reverse@1"), "time edit 'reverse@1': sequence 1 has no steps");
  EXPECT_EQ(error_of(ghost, "trim=0:50"),
            "sequence 0: time edit 'trim=0:50': the frames must lie within 0:49 (the sequence has 50 frames)");
  ReadLimits small;
  small.max_frames = 40;
  auto out = edit_time(ghost, *model::parse_time_edit("reverse"), small);
  ASSERT_FALSE(out);
  EXPECT_EQ(out.error().message, "time edit 'reverse': sequence 0 is 50 ticks long, more than the limit of 40 (limits.max_frames)");
}

}  // namespace
}  // namespace anmkit::mm2
