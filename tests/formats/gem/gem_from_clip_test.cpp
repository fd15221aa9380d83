// Writing a clip the way the exporter does, and conversions between versions.

#include <gtest/gtest.h>

#include "anmkit/formats/gem/gem_clip.hpp"
#include "anmkit/formats/gem/gem_read.hpp"
#include "anmkit/formats/gem/gem_write.hpp"
#include "support/fixture_bytes.hpp"

namespace anmkit::gem {
namespace {

using model::Quat;
using model::Vec3;

model::Clip turret_clip() {
  model::Clip c;
  c.frame_count = 5;
  c.comments = {{'h', 'i'}};
  model::BoneTrack basis;
  basis.name = "basis";
  basis.translation.keys = {{0, Vec3{0, 0, 0}}};
  basis.rotation.keys = {{0, Quat{1, 0, 0, 0}}};
  basis.mirrored = {{0, true}};
  model::BoneTrack turret;
  turret.name = "turret";
  turret.translation.keys = {{0, Vec3{1, 2, 3}}, {2, Vec3{1, 2, 4}}};
  turret.rotation.keys = {{0, Quat{0, 0, 0, 1}}, {3, Quat{0, 0, -0.6f, -0.8f}}};  // stored with w < 0
  turret.visible = {{0, true}, {4, false}};
  c.bones = {basis, turret};
  return c;
}

TEST(GemConvert, WritesLikeTheExporter) {
  auto file = from_clip(turret_clip(), Target::gem_6_0);
  ASSERT_TRUE(file);
  const File& f = *file;
  EXPECT_EQ(f.version, version_6_0);
  EXPECT_EQ(f.frame_count, 5u);
  ASSERT_EQ(f.comments.size(), 1u);
  ASSERT_EQ(f.frames.size(), 4u) << "frames 0, 2, 3 and 4 (frame 1 has no change)";
  // Frame 0: every bone fully keyed; the mirrored basis gets 0x0f.
  EXPECT_EQ(f.keys_of(f.frames[0])[0].flags, 0x0f);
  EXPECT_EQ(f.keys_of(f.frames[0])[1].flags, 0x0b);
  // Frame 2: only the turret's position changed.
  EXPECT_EQ(f.frames[1].number, 2u);
  ASSERT_EQ(f.keys_of(f.frames[1]).size(), 1u);
  EXPECT_EQ(f.keys_of(f.frames[1])[0].bone, 1);
  EXPECT_EQ(f.keys_of(f.frames[1])[0].flags, 0x01);
  EXPECT_EQ(*f.position(f.keys_of(f.frames[1])[0]), (Vec3Bits{test::bits(1), test::bits(2), test::bits(4)}));
  // Frame 3: the orientation, sign flipped so that the rebuilt w is positive.
  ASSERT_EQ(f.keys_of(f.frames[2]).size(), 1u);
  EXPECT_EQ(f.keys_of(f.frames[2])[0].flags, 0x02);
  EXPECT_EQ(*f.orientation(f.keys_of(f.frames[2])[0]), (Vec3Bits{test::bits(-0.0f), test::bits(-0.0f), test::bits(0.6f)}));
  // Frame 4 (the last): full keys again, the turret hidden.
  EXPECT_EQ(f.keys_of(f.frames[3])[0].flags, 0x0f);
  EXPECT_EQ(f.keys_of(f.frames[3])[1].flags, 0x13);
}

TEST(GemConvert, EveryTargetKeepsEveryPose) {
  const model::Clip clip = turret_clip();
  for (Target t : {Target::gem_4_0, Target::gem_6_0, Target::gem_6_1, Target::gem_6_1_frm3}) {
    auto file = from_clip(clip, t);
    ASSERT_TRUE(file);
    auto bytes = write(*file);
    ASSERT_TRUE(bytes);
    auto back = read(*bytes);
    ASSERT_TRUE(back);
    const model::Clip again = to_clip(*back);
    for (std::uint32_t frame = 0; frame < clip.frame_count; ++frame) {
      const auto a = model::sample(clip, frame), b = model::sample(again, frame);
      for (std::size_t bone = 0; bone < a.size(); ++bone) {
        SCOPED_TRACE(std::string(target_name(t)) + " frame " + std::to_string(frame) + " bone " + std::to_string(bone));
        EXPECT_EQ(a[bone].translation, b[bone].translation);
        EXPECT_LT(model::quat_angle_between(a[bone].rotation, b[bone].rotation), 1e-6f);
        EXPECT_EQ(a[bone].visible, b[bone].visible);
        EXPECT_EQ(a[bone].mirrored, b[bone].mirrored);
      }
    }
  }
}

TEST(GemConvert, FrmnTargetWritesWholeMatrices) {
  auto file = from_clip(turret_clip(), Target::gem_4_0);
  ASSERT_TRUE(file);
  const Frame& first = file->frames[0];
  EXPECT_EQ(first.chunk, FrameChunk::frmn);
  ASSERT_EQ(file->records_of(first).size(), 2u);
  const auto items = file->items_of(file->records_of(first)[0]);
  ASSERT_EQ(items.size(), 2u);
  ASSERT_EQ(items[0].kind, ItemKind::matrix);
  const Matrix34Bits m = file->matrix(items[0]);
  // The mirrored basis: rotation 180 degrees about X, then Z negated: rows (1 0 0) (0 -1 0) (0 0 1).
  EXPECT_EQ(m[0], test::bits(1.0f));
  EXPECT_EQ(m[4], test::bits(-1.0f));
  EXPECT_EQ(m[8], test::bits(1.0f));
  ASSERT_EQ(items[1].kind, ItemKind::visibility);
  EXPECT_EQ(file->visibility(items[1]), 1);
}

TEST(GemConvert, UnitScaleIsNotWrittenButOtherScaleIs) {
  model::Clip c = turret_clip();
  c.bones[0].scale.keys = {{0, Vec3{1, 1, 1}}};
  c.bones[1].scale.keys = {{0, Vec3{1, 1, 1}}, {2, Vec3{2, 2, 2}}};
  auto file = from_clip(c, Target::gem_6_1);
  ASSERT_TRUE(file);
  EXPECT_EQ(file->keys_of(file->frames[0])[0].flags & flag::scale, 0);
  EXPECT_EQ(file->keys_of(file->frames[0])[1].flags & flag::scale, flag::scale);
  EXPECT_EQ(file->keys_of(file->frames[1])[0].flags, flag::position | flag::scale);
}

TEST(GemConvert, MoreThan255KeysInAFrameSplitIntoChunks) {
  model::Clip c;
  c.frame_count = 1;
  for (int i = 0; i < 256; ++i) {
    model::BoneTrack t;
    t.name = "b" + std::to_string(i);
    c.bones.push_back(t);
  }
  auto file = from_clip(c, Target::gem_6_0);
  ASSERT_TRUE(file);
  ASSERT_EQ(file->frames.size(), 2u);
  EXPECT_EQ(file->keys_of(file->frames[0]).size(), 255u);
  EXPECT_EQ(file->keys_of(file->frames[1]).size(), 1u);
  EXPECT_EQ(file->frames[1].number, 0u);
  EXPECT_EQ(file->keys_of(file->frames[1])[0].bone, 255);
}

TEST(GemConvert, LimitsOfTheTarget) {
  model::Clip c;
  c.frame_count = 1;
  c.bones.resize(257, model::BoneTrack{"b", {}, {}, {}, {}, {}, {}, {}});
  auto file = from_clip(c, Target::gem_6_0);
  ASSERT_FALSE(file);
  EXPECT_EQ(file.error().code, ErrorCode::unsupported);
  EXPECT_EQ(file.error().message, "257 bones, but gem-6.0 addresses at most 256 (key bone indices are a byte)");
  EXPECT_TRUE(from_clip(c, Target::gem_4_0)) << "FRMN bone indices are 32-bit";
  c.bones.resize(1);
  c.frame_count = 70000;
  file = from_clip(c, Target::gem_6_1);
  ASSERT_FALSE(file);
  EXPECT_EQ(file.error().message, "70000 frames, but FRM2 frame numbers stop at 65535; use gem-6.1-frm3");
  EXPECT_TRUE(from_clip(c, Target::gem_6_1_frm3));
}

TEST(GemConvert, TargetNames) {
  EXPECT_EQ(parse_target("gem-6.1-frm3"), Target::gem_6_1_frm3);
  EXPECT_EQ(parse_target("gem-7"), std::nullopt);
  EXPECT_EQ(target_name(Target::gem_4_0), "gem-4.0");
}

}  // namespace
}  // namespace anmkit::gem
