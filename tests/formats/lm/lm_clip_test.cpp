// LM <-> the neutral clip: reading is exact (the merged tracks evaluate as the file does, at any
// frame), writing keeps every whole frame within the tolerance with fewer keys, or one key a
// frame with `dense`.

#include "anmkit/formats/lm/lm_clip.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "anmkit/core/float_bits.hpp"
#include "anmkit/formats/lm/lm_extras.hpp"
#include "anmkit/formats/lm/lm_validate.hpp"

namespace anmkit::lm {
namespace {

// Appends one axis to `file`: a constant (one value) or keys (frame, value, in, out).
void add_axis(File& file, std::size_t node, std::size_t slot, const std::vector<Key>& keys) {
  auto& array = file.arrays[std::size_t(track_kind(slot))];
  Track& t = file.groups[node].tracks[slot];
  t.index = std::uint16_t(array.size());
  t.count = std::uint16_t(keys.size());
  if (keys.size() == 1) {
    array.push_back(bits_from_float(keys[0].value));
    return;
  }
  const bool split = std::any_of(keys.begin(), keys.end(), [](const Key& k) { return k.in_slope != k.out_slope; });
  if (split) t.flag = flag_out_slope;
  for (const Key& k : keys) {
    for (float v : {k.frame, k.value, k.in_slope}) array.push_back(bits_from_float(v));
    if (split) array.push_back(bits_from_float(k.out_slope));
  }
}

// Two nodes whose axes are keyed at different frames, with split slopes and a constant.
File uneven_file() {
  File f;
  f.frame_count = 40;
  f.groups.resize(2);
  add_axis(f, 0, 0, {{0, 1, 0, 0}, {20, 2, 0.1f, -0.05f}, {40, 1, 0, 0}});           // sx
  add_axis(f, 0, 4, {{5, 0, 3, 3}, {17, 45, 2, 2}, {33, 90, 0, 0}});                 // ry (degrees)
  add_axis(f, 0, 5, {{0, -10, 0, 0}, {40, 10, 1, 1}});                               // rz
  add_axis(f, 0, 6, {{3, 4, -1, 0.5f}, {11, 9, 0.25f, 0.25f}, {29, -2, 0, 0}});      // tx
  add_axis(f, 0, 8, {{0.0f, 7.5f, 0, 0}});                                           // tz: a constant
  add_axis(f, 1, 3, {{0, 0, 0, 0}, {10, 180, 20, 20}, {25, 270, 0, 0}, {40, 360, 9, 9}});  // rx
  add_axis(f, 1, 7, {{12, 1, 0, 0}, {13, 2, 0, 0}});                                  // ty
  return f;
}

TEST(LmClip, ReadingEvaluatesAsTheFileAtAnyFrame) {
  const File file = uneven_file();
  ASSERT_FALSE(has_errors(validate(file)));
  auto clip = to_clip(file, RotationUnit::degrees);
  ASSERT_TRUE(clip);
  EXPECT_TRUE(clip->validate().empty());
  EXPECT_EQ(clip->frame_count, 41u) << "not looping: frames 0 .. 40";
  EXPECT_FALSE(clip->loop);
  ASSERT_EQ(clip->bones.size(), 2u);
  EXPECT_EQ(clip->bones[1].name, "node_1");
  const auto& rotation = clip->bones[0].euler_rotation;
  EXPECT_EQ(rotation.interpolation, model::Interpolation::hermite);
  // Keys at the union of ry's and rz's frames: 0, 5, 17, 33, 40.
  ASSERT_EQ(rotation.keys.size(), 5u);
  EXPECT_EQ(rotation.keys[1].frame, 5);
  EXPECT_FLOAT_EQ(rotation.keys[3].value.y, float(90 * std::numbers::pi / 180));
  EXPECT_FLOAT_EQ(rotation.keys[1].in_tangent.y, 0.0f) << "ry is constant before its first key";
  EXPECT_FLOAT_EQ(rotation.keys[1].out_tangent.y, float(3 * std::numbers::pi / 180));
  auto curves = decode_curves(file);
  ASSERT_TRUE(curves);
  for (double f = -2; f <= 44; f += 0.125) {
    const auto expected = sample(*curves, f, RotationUnit::degrees);
    const auto got = model::sample(*clip, f);
    for (std::size_t n = 0; n < 2; ++n) {
      EXPECT_NEAR(got[n].translation.x, expected[n].translation.x, 2e-5) << n << " at " << f;
      EXPECT_NEAR(got[n].translation.y, expected[n].translation.y, 2e-5) << n << " at " << f;
      EXPECT_EQ(got[n].translation.z, expected[n].translation.z) << n << " at " << f;
      EXPECT_NEAR(got[n].scale.x, expected[n].scale.x, 1e-6) << n << " at " << f;
      EXPECT_LT(model::quat_angle_between(got[n].rotation, expected[n].rotation), 1e-5f) << n << " at " << f;
    }
  }
}

TEST(LmClip, LoopingFilesWrapAtTheirFrameCount) {
  File file = uneven_file();
  file.loop = 1;
  auto clip = to_clip(file, RotationUnit::degrees);
  ASSERT_TRUE(clip);
  EXPECT_EQ(clip->frame_count, 40u);
  EXPECT_TRUE(clip->loop);
  EXPECT_EQ(model::playback_frame(*clip, 45.5), 5.5);
  clip->loop = false;
  EXPECT_EQ(model::playback_frame(*clip, 45.5), 39);
}

TEST(LmClip, WritingKeepsEveryFrameWithFewerKeys) {
  const File file = uneven_file();
  auto clip = to_clip(file, RotationUnit::degrees);
  ASSERT_TRUE(clip);
  auto back = from_clip(*clip, {});
  ASSERT_TRUE(back) << back.error().to_string();
  EXPECT_FALSE(has_errors(validate(*back)));
  EXPECT_EQ(back->frame_count, 40u);
  EXPECT_EQ(back->loop, 0);
  // Each axis keeps its own keys: nothing the union added survives the reduction.
  EXPECT_EQ(back->groups[0].tracks[4].count, 3);
  EXPECT_EQ(back->groups[0].tracks[6].count, 3);
  EXPECT_EQ(back->groups[0].tracks[6].flag, flag_out_slope) << "split slopes are kept";
  EXPECT_EQ(back->groups[0].tracks[8].count, 1) << "a constant";
  EXPECT_EQ(back->groups[0].tracks[7].count, 0) << "an axis at its default stays empty";
  auto a = decode_curves(file), b = decode_curves(*back);
  ASSERT_TRUE(a && b);
  for (double f = 0; f <= 40; f += 0.5) {
    const auto pa = sample(*a, f, RotationUnit::degrees), pb = sample(*b, f, RotationUnit::degrees);
    for (std::size_t n = 0; n < 2; ++n) {
      EXPECT_NEAR(pa[n].translation.x, pb[n].translation.x, 1e-5) << n << " at " << f;
      EXPECT_NEAR(pa[n].scale.x, pb[n].scale.x, 1e-5) << n << " at " << f;
      EXPECT_LT(model::quat_angle_between(pa[n].rotation, pb[n].rotation), 1e-5f) << n << " at " << f;
    }
  }
}

TEST(LmClip, SampledTracksAreFittedAndReducedOrDense) {
  // A step-sampled ramp (as glTF import gives it): 61 frames of x = 2f, y = f^2 / 10.
  model::Clip clip;
  clip.frame_count = 61;
  model::BoneTrack bone;
  bone.name = "node_0";
  for (int f = 0; f <= 60; ++f) bone.translation.keys.push_back({double(f), {2.0f * float(f), float(f * f) / 10.0f, 0}});
  clip.bones.push_back(bone);
  auto reduced = from_clip(clip, {});
  ASSERT_TRUE(reduced);
  EXPECT_EQ(reduced->groups[0].tracks[6].count, 2) << "a straight line needs its two ends";
  EXPECT_LT(reduced->groups[0].tracks[7].count, 61);
  EXPECT_EQ(reduced->groups[0].tracks[8].count, 0);
  WriteOptions dense;
  dense.dense = true;
  auto every = from_clip(clip, dense);
  ASSERT_TRUE(every);
  EXPECT_EQ(every->groups[0].tracks[6].count, 61);
  EXPECT_EQ(every->groups[0].tracks[7].count, 61);
  for (const File* f : {&*reduced, &*every}) {
    auto curves = decode_curves(*f);
    ASSERT_TRUE(curves);
    for (int frame = 0; frame <= 60; ++frame) {
      const auto p = sample(*curves, frame, RotationUnit::degrees)[0];
      EXPECT_NEAR(p.translation.x, 2.0 * frame, 1e-5) << frame;
      EXPECT_NEAR(p.translation.y, frame * frame / 10.0, 1e-5) << frame;
    }
  }
}

TEST(LmClip, QuaternionTracksBecomeUnwrappedEulerAngles) {
  // A full turn about Z in 8 steps: the Euler angle keeps rising past 180 degrees.
  model::Clip clip;
  clip.frame_count = 9;
  model::BoneTrack bone;
  bone.name = "node_0";
  bone.rotation.interpolation = model::Interpolation::linear;
  for (int f = 0; f <= 8; ++f) bone.rotation.keys.push_back({double(f), model::quat_from_euler_zyx(0, 0, f * std::numbers::pi / 4)});
  clip.bones.push_back(bone);
  auto file = from_clip(clip, {});
  ASSERT_TRUE(file);
  auto curves = decode_curves(*file);
  ASSERT_TRUE(curves);
  EXPECT_NEAR(evaluate((*curves)[0].curves[5], 6, 0), 270.0, 1e-3);
  EXPECT_NEAR(evaluate((*curves)[0].curves[5], 8, 0), 360.0, 1e-3);
}

TEST(LmClip, SkeletonFromTheSceneGraph) {
  SceneGraph graph;
  graph.nodes.resize(2);
  graph.nodes[1].parent = 0;
  graph.nodes[1].rotation_degrees = {0, 0, 90};
  graph.nodes[1].translation = {1, 2, 3};
  const model::Skeleton s = to_skeleton(graph);
  ASSERT_EQ(s.joints.size(), 2u);
  EXPECT_EQ(s.joints[1].name, "node_1");
  EXPECT_EQ(s.joints[1].parent, 0);
  EXPECT_EQ(s.joints[1].translation, (model::Vec3{1, 2, 3}));
  EXPECT_NEAR(s.joints[1].rotation.z, std::sqrt(0.5), 1e-6);
  EXPECT_TRUE(s.validate().empty());
}

// The record a clip carries through glTF, both ways: written by the format, read back by it.
TEST(LmExtras, RecordsWhatAClipCannotSayAndReadsTheVersionBack) {
  File file;
  file.version = 1;
  file.loop = 1;
  file.frame_count = 60;
  file.groups.resize(3);
  const model::FormatRecord record = clip_record(file, RotationUnit::turn4096, 24);
  const model::FormatRecord expected{{{"format", std::string("lm")},
                                      {"version", std::uint64_t(1)},
                                      {"frame_count", std::uint64_t(60)},
                                      {"fps", 24.0},
                                      {"loop", true},
                                      {"node_count", std::uint64_t(3)},
                                      {"rotation_unit", std::string("turn4096")}}};
  EXPECT_EQ(record, expected);
  EXPECT_EQ(recorded_version(record), 1);
  file.version = 2;
  EXPECT_EQ(recorded_version(clip_record(file, RotationUnit::degrees, 30)), 2);
  // What detection would not read back, or no record at all, writes the version it knows.
  EXPECT_EQ(recorded_version({{{"version", std::uint64_t(3)}}}), 2);
  EXPECT_EQ(recorded_version({{{"version", std::string("1")}}}), 2);
  EXPECT_EQ(recorded_version({{{"version", 1.0}}}), 2);
  EXPECT_EQ(recorded_version({}), 2);
}

}  // namespace
}  // namespace anmkit::lm
