#include "anmkit/formats/gem/gem_validate.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "anmkit/formats/gem/gem_read.hpp"
#include "support/fixture_bytes.hpp"

namespace anmkit::gem {
namespace {

using test::FixtureBytes;

std::vector<Diagnostic> check(const FixtureBytes& b) {
  auto f = read(b.bytes());
  EXPECT_TRUE(f) << (f ? "" : f.error().to_string());
  return f ? validate(*f) : std::vector<Diagnostic>{};
}

std::vector<std::string> ids(const std::vector<Diagnostic>& d) {
  std::vector<std::string> out;
  for (const auto& x : d) out.push_back(x.id);
  return out;
}

TEST(GemValidate, CleanFileHasNoFindings) {
  FixtureBytes b;
  b.header(version_6_0, 2, {"a"});
  b.tag("FRM2").u16(0).u8(1).u8(0).u16(0x0b).f32s({0, 0, 0}).f32s({0, 0, 0});
  b.tag("FRM2").u16(1).u8(1).u8(0).u16(0x0b).f32s({0, 0, 0}).f32s({0, 0, 0});
  EXPECT_TRUE(check(b).empty());
}

TEST(GemValidate, WarningsOfKeyedFrames) {
  FixtureBytes b;
  b.header(version_6_0, 2, {"a", "b"});
  b.tag("FRM2").u16(1).u8(1).u8(0).u16(0x02).f32s({0.9f, 0.9f, 0});          // non-unit
  b.tag("FRM2").u16(0).u8(2).u8(1).u16(0x0118).u8(5).u16(0x08);              // order, flags, both vis, past BMAP
  b.tag("FRM2").u16(0).u8(1).u8(1).u16(0x01).f32s({NAN, 0, 0});              // duplicate, NaN
  b.tag("FRM2").u16(2).u8(1).u8(0).u16(0x20).u32(2).raw({1, 2});             // past end, short mesh
  const auto d = check(b);
  EXPECT_EQ(ids(d), (std::vector<std::string>{"gem.non-unit-rotation", "gem.frames-not-ascending", "gem.unknown-flags",
                                              "gem.visibility-conflict", "gem.bone-past-bmap", "gem.duplicate-key",
                                              "gem.non-finite", "gem.key-past-end", "gem.mesh-header"}));
  for (const auto& x : d) EXPECT_EQ(x.severity, Severity::warning) << x.id;
  EXPECT_EQ(d[0].offset, 41u);
  EXPECT_EQ(d[0].pointer, "/frames/0/keys/0/orientation");
  EXPECT_EQ(d[0].message, "orientation x² + y² + z² = 1.62 exceeds 1: w cannot be rebuilt");
  EXPECT_EQ(d[2].message, "key flags 0x0118 include unknown bits 0x0100");
  // Key offsets follow from the frame's and the keys before: frame 1 at 56, its keys at 63, 66.
  EXPECT_EQ(d[2].offset, 63u);
  EXPECT_EQ(d[4].offset, 66u);
  EXPECT_EQ(d[4].message, "key of bone 5 but the bone map has 2 bones");
  EXPECT_EQ(d[5].message, "bone 1 'b' is keyed twice at frame 0");
  EXPECT_EQ(d[6].message, "position holds a non-finite value (bits 0x7fc00000)");
  EXPECT_EQ(d[7].message, "key of bone 0 'a' at frame 2 is past the last frame 1 (frame count 2)");
  EXPECT_EQ(d[8].message, "mesh payload of 2 bytes is shorter than its 8-byte header");
}

// A (frame, bone) pair keyed twice is found the same way whether the frame numbers ascend (one
// number per bone answers) or not (every pair is remembered).
TEST(GemValidate, DuplicateKeysWhetherFramesAscendOrNot) {
  FixtureBytes ascending;
  ascending.header(version_6_0, 3, {"a", "b"});
  ascending.tag("FRM2").u16(0).u8(2).u8(0).u16(0x08).u8(0).u16(0x08);  // a twice in one frame
  ascending.tag("FRM2").u16(1).u8(1).u8(1).u16(0x08);
  ascending.tag("FRM2").u16(1).u8(2).u8(0).u16(0x08).u8(1).u16(0x08);  // frame 1 again: b twice, a once
  ascending.tag("FRM2").u16(2).u8(1).u8(1).u16(0x08);
  auto d = check(ascending);
  EXPECT_EQ(ids(d), (std::vector<std::string>{"gem.duplicate-key", "gem.duplicate-key"}));
  ASSERT_EQ(d.size(), 2u);
  EXPECT_EQ(d[0].pointer, "/frames/0/keys/1");
  EXPECT_EQ(d[0].message, "bone 0 'a' is keyed twice at frame 0");
  EXPECT_EQ(d[1].pointer, "/frames/2/keys/1");
  EXPECT_EQ(d[1].message, "bone 1 'b' is keyed twice at frame 1");

  FixtureBytes descending;
  descending.header(version_6_0, 3, {"a", "b"});
  const std::uint32_t frames_and_bones[][2] = {{0, 0}, {2, 1}, {1, 0}, {0, 0}, {2, 1}, {1, 1}};
  for (const auto& [frame, bone] : frames_and_bones) {
    descending.tag("FRM2").u16(frame).u8(1).u8(bone).u16(0x08);
  }
  d = check(descending);
  EXPECT_EQ(ids(d), (std::vector<std::string>{"gem.frames-not-ascending", "gem.frames-not-ascending", "gem.duplicate-key",
                                              "gem.duplicate-key", "gem.frames-not-ascending"}));
  ASSERT_EQ(d.size(), 5u);
  EXPECT_EQ(d[2].pointer, "/frames/3/keys/0");
  EXPECT_EQ(d[3].pointer, "/frames/4/keys/0");
  EXPECT_EQ(d[3].message, "bone 1 'b' is keyed twice at frame 2");

  // FRMN: a frame with a negative number is skipped, and does not break the ascent.
  FixtureBytes frmn;
  frmn.header(version_4_0, 1, {"a"});
  frmn.tag("FRMN").u32(0).tag("BONE").u32(0).tag("BONE").u32(0);
  frmn.tag("FRMN").u32(0xffffffff).tag("BONE").u32(0);
  frmn.tag("FRMN").u32(0).tag("BONE").u32(0);
  d = check(frmn);
  EXPECT_EQ(ids(d), (std::vector<std::string>{"gem.duplicate-key", "gem.negative-frame", "gem.duplicate-key"}));
  ASSERT_EQ(d.size(), 3u);
  EXPECT_EQ(d[0].pointer, "/frames/0/bones/1");
  EXPECT_EQ(d[2].pointer, "/frames/2/bones/0");
}

TEST(GemValidate, ErrorsOfVersionsAndChunks) {
  FixtureBytes b;
  b.header(0x00070000, 1, {"a"});
  EXPECT_EQ(ids(check(b)), (std::vector<std::string>{"gem.unknown-version"}));
  EXPECT_EQ(check(b)[0].message, "unknown version 0x00070000 (expected 3.0, 4.0, 5.0, 6.0 or 6.1)");

  FixtureBytes frm3_in_60;
  frm3_in_60.header(version_6_0, 1, {"a"}).tag("FRM3").u8(0).u8(0);
  auto d = check(frm3_in_60);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].severity, Severity::error);
  EXPECT_EQ(d[0].message, "FRM3 frame chunk in a version 6.0 file");

  FixtureBytes frm2_in_40;
  frm2_in_40.header(version_4_0, 1, {"a"}).tag("FRM2").u16(0).u8(0);
  EXPECT_EQ(ids(check(frm2_in_40)), (std::vector<std::string>{"gem.chunk-not-in-version"}));
}

TEST(GemValidate, FrmnRules) {
  FixtureBytes b;
  b.header(version_4_0, 2, {"a"});
  b.tag("FRMN").u32(0xffffffff).tag("BONE").u32(0);
  b.tag("FRMN").u32(0).tag("BONE").u32(0xfffffffe);
  b.tag("BONE").u32(0).tag("VISI").u32(3).tag("MATR").f32s({1, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0});
  const auto d = check(b);
  EXPECT_EQ(ids(d), (std::vector<std::string>{"gem.negative-frame", "gem.negative-bone", "gem.visi-value", "gem.matrix-shear"}));
  EXPECT_EQ(d[0].message, "negative frame number -1");
  EXPECT_EQ(d[1].message, "negative bone index -2");
  EXPECT_EQ(d[2].pointer, "/frames/1/bones/1/items/0/visibility");
  // Record offsets: frame 1 at 45, its BONE records at 53 and 61, the second's items at 69, 77.
  EXPECT_EQ(d[1].offset, 53u);
  EXPECT_EQ(d[2].offset, 69u);
  EXPECT_EQ(d[3].offset, 77u);
  EXPECT_EQ(d[3].message, "matrix rows 0 and 1 are not perpendicular (shear is lost on conversion)");
}

TEST(GemValidate, BoneMapFindings) {
  FixtureBytes b;
  b.tag("EANM").u32(version_6_0).tag("FRMS").u32(1).tag("BMAP").u32(2).name("x", 1).name("");
  const auto d = check(b);
  EXPECT_EQ(ids(d), (std::vector<std::string>{"gem.reserved-bits", "gem.empty-name"}));
  EXPECT_EQ(d[0].offset, 24u);
  EXPECT_EQ(d[0].message, "bone 'x' has reserved name-prefix bits 0x000001 set");
}

TEST(GemValidate, AMalformedFileIsOneError) {
  File f;
  f.frame_count = 1;
  f.bones = {BoneName{"b", 0, 0}};
  f.add_frame(FrameChunk::frm2, 0);
  f.add_key(0, flag::visible, {.position = Vec3Bits{}});
  f.values.pop_back();  // the key's position now runs past the file's values
  const auto d = validate(f);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].id, "gem.malformed-file");
  EXPECT_EQ(d[0].severity, Severity::error);
  EXPECT_FALSE(d[0].offset);
  EXPECT_EQ(d[0].pointer, "/values");
  EXPECT_EQ(d[0].message, "the records hold 3 values, the file 2");
}

TEST(GemValidate, TooManyBonesForByteIndices) {
  File f;
  f.frame_count = 1;
  f.bones.resize(300, BoneName{"b", 0, 0});
  const auto d = validate(f);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].id, "gem.bones-unaddressable");
}

}  // namespace
}  // namespace anmkit::gem
