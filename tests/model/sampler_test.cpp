// The Sampler against the one evaluator, model::sample: the same bits in every field of every
// bone, at whole and fractional frames, in order, backwards and at random (cursor or not), for
// GEM and LM clips read from generated files and for hand-built clips of every track kind.

#include "anmkit/model/sampler.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <array>
#include <bit>
#include <cmath>
#include <limits>
#include <random>

#include "anmkit/core/float_bits.hpp"
#include "anmkit/formats/gem/gem_clip.hpp"
#include "anmkit/formats/gem/gem_read.hpp"
#include "anmkit/formats/gem/gem_write.hpp"
#include "anmkit/formats/lm/lm_clip.hpp"
#include "anmkit/formats/lm/lm_read.hpp"
#include "anmkit/formats/lm/lm_write.hpp"
#include "support/gem_generators.hpp"

namespace anmkit::model {
namespace {

// Every field as bits: -0 and 0 differ, a NaN equals itself.
std::array<std::uint32_t, 19> bits(const BonePose& p) {
  auto b = [](float f) { return std::bit_cast<std::uint32_t>(f); };
  return {b(p.translation.x), b(p.translation.y), b(p.translation.z), b(p.rotation.x), b(p.rotation.y),
          b(p.rotation.z),    b(p.rotation.w),    b(p.scale.x),       b(p.scale.y),    b(p.scale.z),
          b(p.euler.x),       b(p.euler.y),       b(p.euler.z),       p.visible,       p.mirrored,
          p.has_translation,  p.has_rotation,     p.has_scale,        p.has_euler};
}

// Compares at each frame of `frames` in that order, without and with one cursor; the frames
// where the sampler refused or something differed (none expected).
std::vector<double> mismatched_frames(const Clip& clip, const std::vector<double>& frames) {
  const Sampler sampler(clip);
  Sampler::Cursor cursor(sampler);
  std::vector<BonePose> plain(clip.bones.size()), hinted(clip.bones.size());
  std::vector<double> bad;
  for (double f : frames) {
    const auto expected = sample(clip, f);
    bool same = sampler.sample(f, plain) && sampler.sample(f, hinted, cursor);
    for (std::size_t b = 0; b < expected.size(); ++b) {
      same = same && bits(plain[b]) == bits(expected[b]) && bits(hinted[b]) == bits(expected[b]);
    }
    if (!same) bad.push_back(f);
  }
  return bad;
}

// The count of mismatched frames, the first few reported to gtest.
int mismatches(const Clip& clip, const std::vector<double>& frames) {
  const auto bad = mismatched_frames(clip, frames);
  for (std::size_t i = 0; i < bad.size() && i < 3; ++i) ADD_FAILURE() << "differs from model::sample at frame " << bad[i];
  return int(bad.size());
}

// Whole and fractional frames across and past the clip, forwards, backwards, shuffled, and the
// odd values (NaN, infinities, -0).
std::vector<double> every_order(std::uint32_t frame_count) {
  std::vector<double> forward;
  for (double f = -3; f <= double(frame_count) + 3; f += 0.25) forward.push_back(f);
  for (double f = 0; f < frame_count; f += 0.37) forward.push_back(f);
  std::vector<double> all = forward;
  all.insert(all.end(), forward.rbegin(), forward.rend());
  std::mt19937 rng(7);
  std::shuffle(forward.begin(), forward.end(), rng);
  all.insert(all.end(), forward.begin(), forward.end());
  for (double f : {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
                   -std::numeric_limits<double>::infinity(), -0.0, 1e300, 0.0}) {
    all.push_back(f);
  }
  return all;
}

int mismatches(const Clip& clip) { return mismatches(clip, every_order(clip.frame_count)); }

// Every range of whole frames equals model::sample frame by frame.
void expect_frames_match(const Clip& clip, std::uint32_t first, std::uint32_t count) {
  const Sampler sampler(clip);
  const std::size_t bones = clip.bones.size();
  std::vector<BonePose> out(std::size_t(count) * bones);
  ASSERT_TRUE(sampler.sample_frames(first, count, out));
  for (std::uint32_t i = 0; i < count; ++i) {
    const auto expected = sample(clip, double(first) + i);
    for (std::size_t b = 0; b < bones; ++b) {
      ASSERT_EQ(bits(out[i * bones + b]), bits(expected[b])) << "bone " << b << " frame " << first + i;
    }
  }
}

Quat unit(float x, float y, float z, float w) { return normalized(Quat{x, y, z, w}); }

// One bone per kind of track, keys before 0 and past the end, single keys and empty bones.
Clip every_kind() {
  Clip c;
  c.frame_count = 30;
  auto bone = [&](const char* name) -> BoneTrack& {
    c.bones.push_back(BoneTrack{});
    c.bones.back().name = name;
    return c.bones.back();
  };
  BoneTrack& lin = bone("linear");
  lin.rotation.interpolation = Interpolation::linear;
  lin.rotation.keys = {{-2, unit(0, 0, 0, 1)},
                       {4, unit(0, 0.7f, 0, 0.7f)},
                       {9, unit(0, -0.7f, 0, -0.71f)},  // the other hemisphere: slerp flips it
                       {12, unit(0, -0.7f, 0, -0.7001f)},  // nearly equal: the nlerp branch
                       {35, unit(1, 2, 3, 4)}};
  lin.translation.interpolation = Interpolation::linear;
  lin.translation.keys = {{2, Vec3{1, 2, 3}}, {7.5, Vec3{-4, 5.25f, 1e-7f}}, {40, Vec3{0, 0, 9}}};
  lin.visible = {{3, false}, {8, true}, {31, false}};
  lin.mirrored = {{0, true}, {10, false}};

  BoneTrack& her = bone("hermite");
  her.rotation.interpolation = Interpolation::hermite;
  her.rotation.keys = {{0, unit(0, 0, 0, 1), Quat{0, 0, 0, 0}, Quat{0.1f, 0, 0, 0}},
                       {10, unit(0.3f, 0, 0, 1), Quat{0.02f, 0.01f, 0, -0.01f}, Quat{0, 0.05f, 0, 0}},
                       {25, unit(0, 0.4f, 0.1f, 1), Quat{0, 0, 0.03f, 0}, Quat{0, 0, 0, 0}}};
  her.scale.interpolation = Interpolation::hermite;
  her.scale.keys = {{1, Vec3{1, 1, 1}, Vec3{}, Vec3{0.1f, -0.2f, 0}}, {20, Vec3{2, 0.5f, 1}, Vec3{0, 0.3f, -1}, Vec3{}}};
  her.translation.keys = {{5, Vec3{1, 1, 1}}, {6, Vec3{2, 2, 2}}, {29, Vec3{3, 3, 3}}};  // step

  BoneTrack& eh = bone("euler_hermite");
  eh.euler_rotation.interpolation = Interpolation::hermite;
  eh.euler_rotation.keys = {{-5, Vec3{0.1f, 0.2f, 0.3f}, Vec3{}, Vec3{0.01f, 0, -0.02f}},
                            {12, Vec3{1.5f, -0.7f, 3.0f}, Vec3{0.05f, 0.1f, 0}, Vec3{-0.05f, 0.1f, 0.2f}},
                            {33, Vec3{-2, 1.57079632f, 0}, Vec3{}, Vec3{}}};
  BoneTrack& el = bone("euler_linear");
  el.euler_rotation.interpolation = Interpolation::linear;
  el.euler_rotation.keys = {{3, Vec3{0, 0, 0}}, {13, Vec3{3.1f, -3.1f, 1}}};
  BoneTrack& es = bone("euler_step");  // nothing before frame 6: the rest value
  es.euler_rotation.keys = {{6, Vec3{0.5f, 0.25f, -1}}, {18, Vec3{-0.5f, 0, 2}}};

  BoneTrack& single = bone("single_keys");
  single.translation.interpolation = Interpolation::linear;
  single.translation.keys = {{14, Vec3{7, 8, 9}}};
  single.rotation.interpolation = Interpolation::hermite;
  single.rotation.keys = {{3, unit(1, 0, 0, 1), Quat{1, 1, 1, 1}, Quat{1, 1, 1, 1}}};
  single.scale.keys = {{8, Vec3{3, 3, 3}}};
  single.visible = {{5, false}};

  bone("empty");
  return c;
}

TEST(Sampler, MatchesEveryKindOfTrack) { EXPECT_EQ(mismatches(every_kind()), 0); }

// One bone walked over its frames (how the writers sample), forwards, backwards and between
// frames, with one cursor shared by every bone: the same bits as model::sample_bone.
TEST(Sampler, OneBoneMatchesSampleBone) {
  const Clip c = every_kind();
  const Sampler sampler(c);
  Sampler::Cursor cursor;
  for (std::size_t b = 0; b < c.bones.size(); ++b) {
    for (double frame = -3; frame <= 42; frame += 0.5) {
      for (double f : {frame, 39 - frame}) {
        BonePose p;
        ASSERT_TRUE(sampler.sample_bone(b, f, p, cursor));
        ASSERT_EQ(bits(p), bits(sample_bone(c.bones[b], f))) << c.bones[b].name << " frame " << f;
      }
    }
  }
  BonePose untouched;
  untouched.visible = false;
  EXPECT_FALSE(sampler.sample_bone(c.bones.size(), 0, untouched, cursor));
  EXPECT_FALSE(untouched.visible);
}

TEST(Sampler, MatchesEveryRangeOfWholeFrames) {
  const Clip c = every_kind();
  expect_frames_match(c, 0, c.frame_count);
  expect_frames_match(c, 17, 40);
  expect_frames_match(c, 4000000000u, 3);
  expect_frames_match(c, 5, 0);
}

TEST(Sampler, MatchesALoopingClipThroughPlaybackFrame) {
  Clip c = every_kind();
  c.loop = true;
  std::vector<double> frames;
  for (double f = 0; f < 4.0 * c.frame_count; f += 0.5) frames.push_back(playback_frame(c, f));
  EXPECT_EQ(mismatches(c, frames), 0);
  EXPECT_TRUE(Sampler(c).loop());
}

// Keys out of order, at one frame twice, at NaN: model::sample's binary search answers, and the
// sampler gives the same answer, cursor or not.
TEST(Sampler, MatchesAnInvalidClip) {
  Clip c = every_kind();
  c.bones[0].translation.keys.push_back({3, Vec3{5, 5, 5}});
  c.bones[1].scale.keys.insert(c.bones[1].scale.keys.begin() + 1, {1, Vec3{4, 4, 4}});
  c.bones[2].euler_rotation.keys[1].frame = std::numeric_limits<double>::quiet_NaN();
  c.bones[3].visible = {{9, true}, {2, false}, {2, true}};
  c.bones[5].translation.keys[0].frame = std::numeric_limits<double>::quiet_NaN();
  ASSERT_FALSE(c.validate().empty());
  EXPECT_EQ(mismatches(c), 0);
}

// The test can fail: a pose differing in one bit is caught.
TEST(Sampler, ComparisonSeesOneBit) {
  BonePose a, b;
  b.rotation.w = std::nextafter(1.0f, 2.0f);
  EXPECT_NE(bits(a), bits(b));
  b = a;
  b.translation.x = -0.0f;
  EXPECT_NE(bits(a), bits(b));
}

TEST(Sampler, RefusesABufferOfTheWrongSize) {
  const Clip c = every_kind();
  const Sampler sampler(c);
  EXPECT_EQ(sampler.bone_count(), c.bones.size());
  std::vector<BonePose> small(c.bones.size() - 1), big(c.bones.size() + 1);
  BonePose marker;
  marker.has_euler = true;
  std::fill(big.begin(), big.end(), marker);
  Sampler::Cursor cursor;  // made for no sampler: sized on first use
  EXPECT_FALSE(sampler.sample(4, small));
  EXPECT_FALSE(sampler.sample(4, big, cursor));
  EXPECT_TRUE(std::all_of(big.begin(), big.end(), [&](const BonePose& p) { return p == marker; })) << "nothing written";
  EXPECT_FALSE(sampler.sample_frames(0, 2, big));
  EXPECT_FALSE(sampler.sample_frames(0, 0xffffffffu, big));
  EXPECT_FALSE(sampler.sample_frames(0, 1, {}));
  std::vector<BonePose> exact(c.bones.size());
  EXPECT_TRUE(sampler.sample(4, exact, cursor));
  EXPECT_EQ(exact, sample(c, 4));

  const Sampler none{Clip{}};
  EXPECT_TRUE(none.sample(0, {}));
  EXPECT_TRUE(none.sample_frames(0, 100, {}));
  EXPECT_FALSE(Sampler{}.sample(0, small));
}

TEST(Sampler, ACursorMovesBetweenSamplers) {
  const Clip a = every_kind();
  Clip b = every_kind();
  b.bones.resize(2);
  const Sampler sa(a), sb(b);
  Sampler::Cursor cursor(sa);
  std::vector<BonePose> pa(a.bones.size()), pb(b.bones.size());
  for (double f = 0; f < 30; f += 1.5) {
    ASSERT_TRUE(sa.sample(f, pa, cursor));
    ASSERT_TRUE(sb.sample(f, pb, cursor));
    ASSERT_EQ(pa, sample(a, f));
    ASSERT_EQ(pb, sample(b, f));
  }
}

// A GEM clip as the synthetic benchmark's, smaller, with scale, a mirror and visibility, read
// back from a written FRM2 file.
Clip gem_clip() {
  Clip c;
  c.frame_count = 300;
  for (int b = 0; b < 12; ++b) {
    BoneTrack t;
    t.name = "bone" + std::to_string(b);
    for (std::uint32_t f = std::uint32_t(b % 3); f < c.frame_count; f += 4) {
      const float s = float((f * 7 + std::uint32_t(b) * 13) % 100) / 150.0f;
      t.translation.keys.push_back({double(f), Vec3{float(b), float(f) * 0.01f, s}});
      t.rotation.keys.push_back({double(f), normalized(Quat{s, 0.1f, 0.2f, 1.0f})});
      if (b % 4 == 0) t.scale.keys.push_back({double(f), Vec3{1 + s, 1, 1 - s}});
    }
    t.visible = {{0, true}, {std::uint32_t(50 + b), false}, {200, true}};
    if (b % 5 == 1) t.mirrored = {{std::uint32_t(10 * b), true}};
    c.bones.push_back(std::move(t));
  }
  return c;
}

// The clip through a GEM file of `target`, or nullopt when a step fails.
std::optional<Clip> read_gem(const Clip& clip, gem::Target target) {
  auto file = gem::from_clip(clip, target);
  if (!file) return std::nullopt;
  auto bytes = gem::write(*file);
  if (!bytes) return std::nullopt;
  auto read = gem::read(*bytes);
  if (!read) return std::nullopt;
  return gem::to_clip(*read);
}

TEST(Sampler, MatchesAGemClip) {
  for (auto target : {gem::Target::gem_6_0, gem::Target::gem_6_1}) {
    const auto through_file = read_gem(gem_clip(), target);
    ASSERT_TRUE(through_file);
    const Clip& c = *through_file;
    ASSERT_EQ(c.bones.size(), 12u);
    ASSERT_GT(c.bones[0].rotation.keys.size(), 50u);
    EXPECT_EQ(mismatches(c), 0);
    expect_frames_match(c, 0, c.frame_count);
  }
}

RC_GTEST_PROP(Sampler, MatchesRandomGemClips, ()) {
  const auto c = read_gem(test::random_clip(), gem::Target::gem_6_0);
  RC_ASSERT(c.has_value());
  RC_ASSERT(mismatched_frames(*c, every_order(c->frame_count)).empty());
}

// Appends one LM axis: a constant (one value) or keys (frame, value, in, out).
void add_axis(lm::File& file, std::size_t node, std::size_t slot, const std::vector<lm::Key>& keys) {
  auto& array = file.arrays[std::size_t(lm::track_kind(slot))];
  lm::Track& t = file.groups[node].tracks[slot];
  t.index = std::uint16_t(array.size());
  t.count = std::uint16_t(keys.size());
  if (keys.size() == 1) {
    array.push_back(bits_from_float(keys[0].value));
    return;
  }
  t.flag = lm::flag_out_slope;
  for (const lm::Key& k : keys) {
    for (float v : {k.frame, k.value, k.in_slope, k.out_slope}) array.push_back(bits_from_float(v));
  }
}

// Axes keyed at different frames (the clip's keys at their union), split slopes, a constant.
Clip lm_clip(bool loop) {
  lm::File f;
  f.frame_count = 40;
  f.loop = loop ? 1 : 0;
  f.groups.resize(3);
  add_axis(f, 0, 0, {{0, 1, 0, 0}, {20, 2, 0.1f, -0.05f}, {40, 1, 0, 0}});
  add_axis(f, 0, 4, {{5, 0, 3, 3}, {17, 45, 2, 2}, {33, 90, 0, 0}});
  add_axis(f, 0, 5, {{0, -10, 0, 0}, {40, 10, 1, 1}});
  add_axis(f, 0, 6, {{3, 4, -1, 0.5f}, {11, 9, 0.25f, 0.25f}, {29, -2, 0, 0}});
  add_axis(f, 0, 8, {{0, 7.5f, 0, 0}});
  add_axis(f, 1, 3, {{0, 0, 0, 0}, {10, 180, 20, 20}, {25, 270, 0, 0}, {40, 360, 9, 9}});
  add_axis(f, 1, 7, {{12, 1, 0, 0}, {13, 2, 0, 0}});
  add_axis(f, 2, 1, {{2, 1, 0, 0.5f}, {7, 3, -0.5f, 0}});
  auto bytes = lm::write(f);
  EXPECT_TRUE(bytes);
  auto read = lm::read(*bytes);
  EXPECT_TRUE(read);
  auto clip = lm::to_clip(read->file, lm::RotationUnit::degrees);
  EXPECT_TRUE(clip);
  return *clip;
}

TEST(Sampler, MatchesAnLmClip) {
  const Clip c = lm_clip(false);
  ASSERT_EQ(c.bones.size(), 3u);
  ASSERT_EQ(c.bones[0].euler_rotation.interpolation, Interpolation::hermite);
  ASSERT_EQ(c.bones[0].euler_rotation.keys.size(), 5u);
  EXPECT_EQ(mismatches(c), 0);
  expect_frames_match(c, 0, c.frame_count);
}

TEST(Sampler, MatchesALoopingLmClip) {
  const Clip c = lm_clip(true);
  ASSERT_TRUE(c.loop);
  std::vector<double> frames;
  for (double f = 0; f < 3.0 * c.frame_count; f += 0.75) frames.push_back(playback_frame(c, f));
  EXPECT_EQ(mismatches(c, frames), 0);
  EXPECT_EQ(mismatches(c), 0);
}

}  // namespace
}  // namespace anmkit::model
