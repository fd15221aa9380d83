// LM time edits (lm_time_edit.hpp): every frame the result keeps shows what the frame the edit
// maps it to showed, cuts add keys with the curve's own value and slope there, and reverse and
// retime come back bit for bit.

#include "anmkit/formats/lm/lm_time_edit.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <optional>

#include "anmkit/core/float_bits.hpp"
#include "anmkit/formats/lm/lm_curves.hpp"
#include "anmkit/formats/lm/lm_read.hpp"
#include "anmkit/formats/lm/lm_repack.hpp"
#include "anmkit/formats/lm/lm_write.hpp"
#include "support/fixture_bytes.hpp"

namespace anmkit::lm {
namespace {

namespace fs = std::filesystem;

// A track as a test writes it: no keys (the default), one value (a constant), or keys.
using Keys = std::vector<Key>;
using Node = std::array<Keys, 9>;

// An LM file holding these tracks; keys with a slope out apart from the slope in get flag 0x80.
File make(std::uint32_t frames, bool loops, const std::vector<Node>& nodes) {
  File f;
  f.loop = loops ? 1 : 0;
  f.frame_count = frames;
  std::vector<TrackData> data(nodes.size());
  f.groups.resize(nodes.size());
  for (std::size_t n = 0; n < nodes.size(); ++n) {
    for (std::size_t slot = 0; slot < 9; ++slot) {
      const Keys& keys = nodes[n][slot];
      Track& t = f.groups[n].tracks[slot];
      t.count = std::uint16_t(keys.size());
      if (keys.size() == 1) data[n][slot] = {bits_from_float(keys[0].value)};
      if (keys.size() < 2) continue;
      const bool apart = std::any_of(keys.begin(), keys.end(), [](const Key& k) { return k.in_slope != k.out_slope; });
      t.flag = apart ? flag_out_slope : 0;
      for (const Key& k : keys) {
        data[n][slot].push_back(bits_from_float(k.frame));
        data[n][slot].push_back(bits_from_float(k.value));
        data[n][slot].push_back(bits_from_float(k.in_slope));
        if (apart) data[n][slot].push_back(bits_from_float(k.out_slope));
      }
    }
  }
  auto packed = pack(f, data);
  EXPECT_TRUE(packed) << packed.error().to_string();
  return *packed;
}

// Two nodes: keys that start after frame 0 and end before the last frame, a track with slopes
// apart, a constant, defaults, a key between whole frames.
std::vector<Node> nodes() {
  Node a, b;
  a[0] = {{0, 1.5f, 0, 0}};                                                        // sx constant
  a[3] = {{3, 10, 0.5f, 0.5f}, {9, 40, 2, 2}, {14.5f, -5, -1, -1}, {20, 0, 0, 0}};  // rx
  a[7] = {{0, 0, 0, 0}, {10, 10, 0, 0}};                                           // ty
  b[4] = {{0, 90, 4, -3}, {6, 45, 1, 8}, {12, 120, 0, 0}};                         // ry, flag 0x80
  b[8] = {{5, 2, 1, 1}, {15, 7, 0.25f, 0.25f}};                                    // tz
  return {a, b};
}

model::TimeEdit edit(std::string_view text) { return *model::parse_time_edit(text); }

TimeEdited edited(const File& file, std::string_view text) {
  auto out = edit_time(file, edit(text), ReadLimits{});
  EXPECT_TRUE(out) << text << ": " << out.error().to_string();
  return out ? *out : TimeEdited{};
}

Bytes bytes_of(const File& f) {
  auto b = write(f);
  EXPECT_TRUE(b) << b.error().to_string();
  return b ? *b : Bytes{};
}

// Every curve of `after` at time g equals that of `before` at source(g) (nullopt: a frame made by
// the edit, such as the curve joining two frames that delete brought together), to a float's
// rounding of the values and slopes at cuts.
void expect_curves_follow(const File& before, const File& after, double until,
                          const std::function<std::optional<double>(double)>& source, std::string_view text) {
  SCOPED_TRACE(std::string(text));
  const auto a = decode_curves(before), b = decode_curves(after);
  ASSERT_TRUE(a && b);
  ASSERT_EQ(a->size(), b->size());
  for (double g = 0; g <= until; g += 0.125) {
    const auto s = source(g);
    if (!s) continue;
    for (std::size_t n = 0; n < a->size(); ++n) {
      for (std::size_t slot = 0; slot < 9; ++slot) {
        const double want = evaluate((*a)[n].curves[slot], *s, default_value(slot));
        const double got = evaluate((*b)[n].curves[slot], g, default_value(slot));
        ASSERT_NEAR(got, want, 2e-4 * (1 + std::abs(want))) << "frame " << g << " (source " << *s << ") node " << n << " "
                                                              << track_names[slot];
      }
    }
  }
}

TEST(LmTimeEdit, ReverseAndRetimeMoveEveryKeyAndGiveTheBytesBack) {
  for (const bool loops : {false, true}) {
    const File file = make(20, loops, nodes());
    const auto bytes = bytes_of(file);
    const auto once = edited(file, "reverse");
    EXPECT_EQ(once.file.frame_count, 20u);
    expect_curves_follow(file, once.file, 20, [](double g) { return 20 - g; }, "reverse");
    EXPECT_EQ(bytes_of(edited(once.file, "reverse").file), bytes);

    const auto slower = edited(file, "retime=2");
    EXPECT_EQ(slower.file.frame_count, 40u);
    expect_curves_follow(file, slower.file, 40, [](double g) { return g / 2; }, "retime=2");
    EXPECT_EQ(bytes_of(edited(slower.file, "retime=1/2").file), bytes);
    // A length counts frames: a looping file shows 0 .. T - 1, so 30 frames are T = 30; one that
    // stops shows 0 .. T, so 30 frames are T = 29.
    const auto to_length = edited(file, "length=30");
    EXPECT_EQ(to_length.file.frame_count, loops ? 30u : 29u);
    const double factor = double(to_length.file.frame_count) / 20;
    expect_curves_follow(file, to_length.file, 20 * factor, [&](double g) { return g / factor; }, "length=30");
  }
}

TEST(LmTimeEdit, ReverseNegatesAndSwapsTheSlopes) {
  const File file = make(12, false, nodes());
  const auto out = decode_curves(edited(file, "reverse").file);
  ASSERT_TRUE(out);
  // ry: {0, 90, in 4, out -3}, {6, 45, 1, 8}, {12, 120, 0, 0} backwards from frame 12.
  EXPECT_EQ((*out)[1].curves[4].keys, (Keys{{0, 120, 0, 0}, {6, 45, -8, -1}, {12, 90, 3, -4}}));
}

TEST(LmTimeEdit, ACutBetweenKeysAddsAKeyWithTheCurvesValueAndSlope) {
  const File file = make(20, false, nodes());
  const auto out = edited(file, "trim=5:15");
  EXPECT_EQ(out.file.frame_count, 10u);
  const auto curves = decode_curves(out.file);
  ASSERT_TRUE(curves);
  // ty: 0 -> 10 over frames 0 to 10, flat at both ends: at u = 0.5 the value 5, the slope
  // 6u(1 - u) x 10 / 10 = 1.5 a frame; after frame 10 (5 of the result) it holds.
  EXPECT_EQ((*curves)[0].curves[7].keys, (Keys{{0, 5, 1.5f, 1.5f}, {5, 10, 0, 0}}));
  // tz keeps its key at 5 (now 0) and gets one at 15 (now 10): its own last key, as it was.
  EXPECT_EQ((*curves)[1].curves[8].keys, (Keys{{0, 2, 1, 1}, {10, 7, 0.25f, 0.25f}}));
  // The constant is kept, the defaults stay defaults.
  EXPECT_EQ((*curves)[0].curves[0].kind, Curve::Kind::constant);
  EXPECT_EQ((*curves)[0].curves[1].kind, Curve::Kind::fixed_default);
  expect_curves_follow(file, out.file, 10, [](double g) { return g + 5; }, "trim=5:15");
  EXPECT_EQ(out.notes, std::vector<std::string>{"4 keys outside the frames kept were left out (the curves are cut with keys of their own)"});
}

TEST(LmTimeEdit, InsertedFramesHoldThePoseBeforeThemWithSlopesApart) {
  const File file = make(20, false, nodes());
  const auto out = edited(file, "insert=5:3");
  EXPECT_EQ(out.file.frame_count, 23u);
  const auto curves = decode_curves(out.file);
  ASSERT_TRUE(curves);
  // ty at frame 4: u = 0.4, value 10 x (3u² - 2u³) = 3.52, slope 6u(1 - u) = 1.44 a frame.
  const auto& ty = (*curves)[0].curves[7].keys;
  ASSERT_EQ(ty.size(), 4u);
  EXPECT_EQ(ty[0], (Key{0, 0, 0, 0}));
  EXPECT_EQ(ty[1].frame, 4);
  EXPECT_NEAR(ty[1].value, 3.52f, 1e-6);
  EXPECT_NEAR(ty[1].in_slope, 1.44f, 1e-6);
  EXPECT_EQ(ty[1].out_slope, 0);
  EXPECT_EQ(ty[2].frame, 7);
  EXPECT_EQ(ty[2].value, ty[1].value);
  EXPECT_EQ(ty[2].in_slope, 0);
  EXPECT_EQ(ty[2].out_slope, ty[1].in_slope);
  EXPECT_EQ(ty[3], (Key{13, 10, 0, 0}));
  EXPECT_EQ(out.file.groups[0].tracks[7].flag, flag_out_slope);
  expect_curves_follow(
      file, out.file, 23,
      [](double g) -> std::optional<double> { return g <= 4 ? g : g <= 7 ? 4.0 : g - 3; }, "insert=5:3");
  EXPECT_EQ(out.notes, std::vector<std::string>{"3 tracks were given flag 0x80 (a slope out apart from the slope in) to hold a pose"});
}

TEST(LmTimeEdit, DeleteAndLoopKeepEveryFrameTheyDoNotJoin) {
  for (const bool loops : {false, true}) {
    const File file = make(20, loops, nodes());
    const auto deleted = edited(file, "delete=6:9");
    EXPECT_EQ(deleted.file.frame_count, 16u);
    expect_curves_follow(
        file, deleted.file, 16,
        [](double g) -> std::optional<double> {
          if (g <= 5) return g;
          if (g >= 6) return g + 4;
          return std::nullopt;  // the curve joining frames 5 and 10
        },
        "delete=6:9");
    const auto looped = edited(file, "loop");
    EXPECT_EQ(looped.file.frame_count, 21u);
    expect_curves_follow(
        file, looped.file, 21,
        [](double g) -> std::optional<double> {
          if (g <= 20) return g;
          if (g == 21) return 0.0;
          return std::nullopt;
        },
        "loop");
    // The joining curve leaves frame 5 with its slope: ty's at 5 (u = 0.5) is 1.5 a frame.
    const auto curves = decode_curves(deleted.file);
    ASSERT_TRUE(curves);
    const auto& ty = (*curves)[0].curves[7].keys;
    ASSERT_GE(ty.size(), 2u);
    EXPECT_EQ(ty[1], (Key{5, 5, 1.5f, 1.5f}));
  }
}

TEST(LmTimeEdit, ACurveCutWhereItHoldsBecomesAConstantWithoutItsFlag) {
  const File file = make(20, false, nodes());
  const auto out = edited(file, "trim=13:15");
  const auto curves = decode_curves(out.file);
  ASSERT_TRUE(curves);
  // ry holds 120 after its last key at 12; its flag 0x80 goes with its keys.
  EXPECT_EQ((*curves)[1].curves[4].kind, Curve::Kind::constant);
  EXPECT_EQ((*curves)[1].curves[4].constant, 120.0f);
  EXPECT_EQ(out.file.groups[1].tracks[4].flag, 0);
  // A looping file sped up past one frame keeps one.
  EXPECT_EQ(edited(make(3, true, nodes()), "retime=1/10").file.frame_count, 1u);
}

TEST(LmTimeEdit, EditsThatChangeNothingGiveTheFileAsItWas) {
  const File file = make(20, false, nodes());
  for (const auto* text : {"trim=0:20", "retime=1", "length=21"}) {
    const auto out = edited(file, text);
    EXPECT_TRUE(out.unchanged) << text;
    EXPECT_EQ(out.file, file) << text;
  }
  // A file whose last frame shows its first: loop adds nothing, and says so.
  Node n;
  n[6] = {{0, 1, 0, 0}, {10, 4, 0, 0}, {20, 1, 0, 0}};
  const File closed = make(20, false, {n});
  const auto out = edited(closed, "loop");
  EXPECT_TRUE(out.unchanged);
  EXPECT_EQ(out.notes, std::vector<std::string>{"the last frame already equals the first: nothing to add"});
}

TEST(LmTimeEdit, RefusesKeysOutOfOrderAndFramesOutsideTheSequence) {
  Node n;
  n[6] = {{0, 1, 0, 0}, {10, 4, 0, 0}, {5, 1, 0, 0}};
  const File bad = make(20, false, {n});
  auto out = edit_time(bad, edit("reverse"), ReadLimits{});
  ASSERT_FALSE(out);
  // Groups at 0x18, one group of 0x36, the translation array after the rotation's (empty): key 2
  // is the third of three floats each.
  EXPECT_EQ(out.error().message,
            "time edit 'reverse': key 2 of track tx of node 0 is at frame 5, before key 1 at 10; a time edit needs keys in order "
            "(`anmkit validate` lists them)");
  EXPECT_EQ(out.error().offset, 0x18u + 0x36 + 24);
  out = edit_time(make(20, false, nodes()), edit("trim=3:21"), ReadLimits{});
  ASSERT_FALSE(out);
  EXPECT_EQ(out.error().message, "time edit 'trim=3:21': the frames must lie within 0:20 (the sequence has 21 frames)");
  // One frame: retime by a factor leaves it as it is, a length cannot stretch it.
  EXPECT_TRUE(edited(make(0, false, nodes()), "retime=2").unchanged);
  out = edit_time(make(0, false, nodes()), edit("length=5"), ReadLimits{});
  ASSERT_FALSE(out);
  EXPECT_EQ(out.error().message,
            "time edit 'length=5': the sequence is one frame long; there is no time to stretch (insert frames instead)");
}

TEST(LmTimeEdit, TheBundledDoorComesBackFromReverseTwice) {
  const auto bytes = test::read_bytes(fs::path(ANMKIT_SOURCE_DIR) / "examples" / "mansion_door.anm");
  auto r = read(bytes);
  ASSERT_TRUE(r) << r.error().to_string();
  const auto once = edited(r->file, "reverse");
  EXPECT_FALSE(once.unchanged);
  EXPECT_NE(bytes_of(once.file), bytes);
  EXPECT_EQ(bytes_of(edited(once.file, "reverse").file), bytes);
  EXPECT_EQ(bytes_of(edited(edited(r->file, "retime=2").file, "retime=1/2").file), bytes);
}

}  // namespace
}  // namespace anmkit::lm
