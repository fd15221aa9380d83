// The time-edit maps (model/time_edit.hpp): parsing, the frame each new frame shows, and keys
// moved under the hold rule.

#include <gtest/gtest.h>

#include "anmkit/model/time_edit.hpp"

namespace anmkit::model {
namespace {

FrameMap map_of(std::string_view text, std::uint64_t frames) {
  auto edit = parse_time_edit(text);
  EXPECT_TRUE(edit) << edit.error().to_string();
  auto map = FrameMap::of(*edit, frames, 1u << 20);
  EXPECT_TRUE(map) << map.error().to_string();
  return *map;
}

std::vector<std::uint64_t> sources(const FrameMap& map) {
  std::vector<std::uint64_t> out;
  for (std::uint64_t g = 0; g < map.frame_count(); ++g) out.push_back(map.source(g));
  return out;
}

TEST(TimeEdit, ParsesEachEditAndSaysItBack) {
  for (const char* text : {"reverse", "loop", "retime=2", "retime=1/2", "retime=2/3", "length=81", "trim=10:40", "delete=0:0",
                           "insert=10:5"}) {
    auto e = parse_time_edit(text);
    ASSERT_TRUE(e) << text;
    EXPECT_EQ(time_edit_text(*e), text);
  }
  auto decimal = parse_time_edit("retime=0.75");
  ASSERT_TRUE(decimal);
  EXPECT_EQ(decimal->numerator, 3u);
  EXPECT_EQ(decimal->denominator, 4u);
  // "@N": one sequence of several.
  auto one = parse_time_edit("trim=1:4@2");
  ASSERT_TRUE(one);
  EXPECT_EQ(one->sequence, std::optional<std::uint32_t>(2));
  EXPECT_EQ(one->first, 1u);
  EXPECT_EQ(time_edit_text(*one), "trim=1:4@2");
  EXPECT_FALSE(parse_time_edit("reverse")->sequence);
  EXPECT_EQ(parse_time_edit("reverse@").error().message,
            "time edit 'reverse@': expected EDIT@N after the edit, N a sequence's number from 0");
  EXPECT_FALSE(parse_time_edit("reverse@4294967296"));
  EXPECT_FALSE(parse_time_edit("reverse@-1"));
  EXPECT_FALSE(parse_time_edit("@1"));
  EXPECT_EQ(check_one_sequence(*parse_time_edit("loop@1"), "GEM").error().message, "time edit 'loop@1': GEM files hold one sequence (@0)");
  EXPECT_TRUE(check_one_sequence(*parse_time_edit("loop@0"), "GEM"));
}

TEST(TimeEdit, RefusesWhatIsNotAnEditNamingWhatWasExpected) {
  auto e = parse_time_edit("retime=0");
  ASSERT_FALSE(e);
  EXPECT_EQ(e.error().message,
            "time edit 'retime=0': expected retime=FACTOR, a positive number such as 2, 0.5 or 2/3 (terms up to 1000000000)");
  EXPECT_EQ(parse_time_edit("trim=5:2").error().message,
            "time edit 'trim=5:2': expected trim=FIRST:LAST, two frames with FIRST <= LAST (both included)");
  EXPECT_EQ(parse_time_edit("reverse=1").error().message, "time edit 'reverse=1': reverse takes no value");
  EXPECT_FALSE(parse_time_edit("speed=2"));
  EXPECT_FALSE(parse_time_edit("retime=-1"));
  EXPECT_FALSE(parse_time_edit("retime=nan"));
  EXPECT_FALSE(parse_time_edit("retime=3000000000"));
  EXPECT_FALSE(parse_time_edit("insert=3:0"));
  EXPECT_FALSE(parse_time_edit("length=99999999999999999999999"));
}

TEST(TimeEdit, EachMapShowsTheFramesItSays) {
  EXPECT_EQ(sources(map_of("reverse", 4)), (std::vector<std::uint64_t>{3, 2, 1, 0}));
  EXPECT_EQ(sources(map_of("retime=2", 3)), (std::vector<std::uint64_t>{0, 0, 1, 1, 2}));
  EXPECT_EQ(sources(map_of("retime=1/2", 5)), (std::vector<std::uint64_t>{0, 2, 4}));
  EXPECT_EQ(sources(map_of("length=3", 7)), (std::vector<std::uint64_t>{0, 3, 6}));
  EXPECT_EQ(sources(map_of("length=1", 7)), (std::vector<std::uint64_t>{0}));
  EXPECT_EQ(sources(map_of("trim=1:2", 5)), (std::vector<std::uint64_t>{1, 2}));
  EXPECT_EQ(sources(map_of("delete=1:2", 5)), (std::vector<std::uint64_t>{0, 3, 4}));
  EXPECT_EQ(sources(map_of("insert=2:2", 4)), (std::vector<std::uint64_t>{0, 1, 1, 1, 2, 3}));
  EXPECT_EQ(sources(map_of("insert=0:1", 2)), (std::vector<std::uint64_t>{0, 0, 1}));
  EXPECT_EQ(sources(map_of("loop", 3)), (std::vector<std::uint64_t>{0, 1, 2, 0}));
  EXPECT_TRUE(map_of("trim=0:9", 10).identity());
  EXPECT_TRUE(map_of("retime=1", 10).identity());
  EXPECT_TRUE(map_of("reverse", 1).identity());
  EXPECT_FALSE(map_of("reverse", 2).identity());
}

TEST(TimeEdit, RangesOutsideTheSequenceAndResultsPastTheLimitAreRefused) {
  auto edit = parse_time_edit("trim=3:10");
  auto map = FrameMap::of(*edit, 10, 100);
  ASSERT_FALSE(map);
  EXPECT_EQ(map.error().message, "time edit 'trim=3:10': the frames must lie within 0:9 (the sequence has 10 frames)");
  auto all = FrameMap::of(*parse_time_edit("delete=0:9"), 10, 100);
  ASSERT_FALSE(all);
  EXPECT_EQ(all.error().message, "time edit 'delete=0:9': that would leave no frame of 10");
  auto big = FrameMap::of(*parse_time_edit("retime=20"), 10, 100);
  ASSERT_FALSE(big);
  EXPECT_EQ(big.error().message,
            "time edit 'retime=20': the result would have 181 frames, more than the limit of 100 (limits.max_frames)");
  EXPECT_FALSE(FrameMap::of(*parse_time_edit("reverse"), 0, 100));
}

TEST(TimeEdit, KeysMoveToTheFirstNewFrameThatShowsThem) {
  // Keys at 0, 10 and 20 of 31 frames.
  const std::vector<std::uint64_t> keys{0, 10, 20};
  const auto reversed = retime_track(keys, map_of("reverse", 31));
  EXPECT_EQ(reversed.keys, (std::vector<MovedKey>{{0, 2}, {11, 1}, {21, 0}}));
  EXPECT_FALSE(reversed.back_to_rest);
  const auto slower = retime_track(keys, map_of("retime=2", 31));
  EXPECT_EQ(slower.keys, (std::vector<MovedKey>{{0, 0}, {20, 1}, {40, 2}}));
  // Faster: a key between the new frames shows from the next one, a later key of the same new
  // frame wins.
  const auto faster = retime_track({0, 3, 4, 9}, map_of("retime=1/2", 11));
  EXPECT_EQ(faster.keys, (std::vector<MovedKey>{{0, 0}, {2, 2}, {5, 3}}));
  const auto trimmed = retime_track(keys, map_of("trim=5:15", 31));
  EXPECT_EQ(trimmed.keys, (std::vector<MovedKey>{{0, 0}, {5, 1}}));
}

TEST(TimeEdit, ATrackThatWouldShowItsRestAgainIsSaid) {
  // First key at 5: reversed, frames 26-30 show frames 4-0, before any key.
  const auto reversed = retime_track({5, 8}, map_of("reverse", 31));
  EXPECT_EQ(reversed.back_to_rest, 26u);
  // Trimmed from frame 2 to 10: frames 0-2 are rest, then keys: nothing to say.
  const auto trimmed = retime_track({5, 8}, map_of("trim=2:10", 31));
  EXPECT_FALSE(trimmed.back_to_rest);
  EXPECT_EQ(trimmed.keys, (std::vector<MovedKey>{{3, 0}, {6, 1}}));
}

}  // namespace
}  // namespace anmkit::model
