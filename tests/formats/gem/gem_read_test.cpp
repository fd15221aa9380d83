// Hand-built fixtures for every version, chunk kind and flag, with the decoded values asserted
// and the bytes written back unchanged.

#include "anmkit/formats/gem/gem_read.hpp"

#include <gtest/gtest.h>

#include "anmkit/formats/gem/gem_write.hpp"
#include "support/expect_lossless.hpp"
#include "support/fixture_bytes.hpp"

namespace anmkit::gem {
namespace {

using test::bits;
using test::FixtureBytes;

File read_ok(const std::vector<std::uint8_t>& bytes) {
  return test::expect_lossless(read(bytes), bytes, [](const File& f) { return write(f); });
}

Error read_error(const std::vector<std::uint8_t>& bytes) {
  auto file = read(bytes);
  EXPECT_FALSE(file);
  return file ? make_error(ErrorCode::io, "no error") : file.error();
}

TEST(GemRead, SmallestRealShapeVersion60) {
  // The layout of goh_e100_body_r_min.anm: one bone, frames 0 and 37, flags 0x0b, identity
  // orientation stored as three -0.0.
  FixtureBytes b;
  b.header(version_6_0, 38, {"body"});
  for (std::uint32_t frame : {0u, 37u}) {
    b.tag("FRM2").u16(frame).u8(1).u8(0).u16(0x0b).f32s({3.0f, -0.125f, 22.0f}).f32s({-0.0f, -0.0f, -0.0f});
  }
  const File f = read_ok(b);
  EXPECT_EQ(f.version, version_6_0);
  EXPECT_EQ(f.frame_count, 38u);
  ASSERT_EQ(f.bones.size(), 1u);
  EXPECT_EQ(f.bones[0].name, "body");
  EXPECT_EQ(f.bones[0].offset, 24u);
  ASSERT_EQ(f.frames.size(), 2u);
  EXPECT_EQ(f.frames[1].chunk, FrameChunk::frm2);
  EXPECT_EQ(f.frames[1].number, 37u);
  EXPECT_EQ(f.frames[0].offset, 32u);
  const Frame& fr = f.frames[0];
  const Key& k = f.keys_of(fr)[0];
  // The key's offset follows from its frame's: 32 + FRM2 u16 count = 39; it takes 27 bytes.
  EXPECT_EQ(fr.offset + frame_header_size(fr, f.frame_count), 39u);
  EXPECT_EQ(key_size(f, k), 27u);
  EXPECT_EQ(f.frames[1].offset, 39u + 27u);
  EXPECT_EQ(k.bone, 0);
  EXPECT_EQ(k.flags, 0x0b);
  EXPECT_EQ(*f.position(k), (Vec3Bits{bits(3.0f), bits(-0.125f), bits(22.0f)}));
  EXPECT_EQ(*f.orientation(k), (Vec3Bits{0x80000000u, 0x80000000u, 0x80000000u}));
  EXPECT_FALSE(f.scale(k));
  EXPECT_FALSE(f.mesh(k));
  EXPECT_EQ(f.values.size(), 12u) << "only the values present are stored";
  EXPECT_EQ(f.keys.size(), 2u);
  EXPECT_EQ(f.keys_of(f.frames[1])[0].first_value, 6u);
}

TEST(GemRead, VersionBytesAreMinorFirst) {
  FixtureBytes b;
  b.raw({'E', 'A', 'N', 'M', 0x01, 0x00, 0x06, 0x00}).tag("FRMS").u32(1).tag("BMAP").u32(0);
  EXPECT_EQ(read_ok(b).version, version_6_1);
  EXPECT_EQ(version_name(version_6_1), "6.1");
}

TEST(GemRead, EveryKeyFlagAndFieldOrder) {
  // position, orientation, scale, mesh in that order, each only when flagged; unknown bit
  // 0x0100 kept.
  FixtureBytes b;
  b.header(version_6_0, 2, {"a", "b"});
  b.tag("FRM2").u16(1).u8(4);
  b.u8(0).u16(0x0001 | 0x0040).f32s({1, 2, 3}).f32s({4, 5, 6});                 // position + scale
  b.u8(1).u16(0x0002 | 0x0004 | 0x0010).f32s({0.5f, 0.5f, 0.5f});              // orientation, mirrored, hidden
  b.u8(0).u16(0x0020 | 0x0008).u32(3).raw({9, 8, 7});                          // mesh + visible
  b.u8(1).u16(0x0100);                                                          // unknown bit only
  const File f = read_ok(b);
  const auto keys = f.keys_of(f.frames[0]);
  ASSERT_EQ(keys.size(), 4u);
  EXPECT_EQ(*f.position(keys[0]), (Vec3Bits{bits(1), bits(2), bits(3)}));
  EXPECT_EQ(*f.scale(keys[0]), (Vec3Bits{bits(4), bits(5), bits(6)}));
  EXPECT_FALSE(f.orientation(keys[0]));
  EXPECT_EQ(*f.orientation(keys[1]), (Vec3Bits{bits(0.5f), bits(0.5f), bits(0.5f)}));
  EXPECT_EQ(keys[1].flags, 0x0016);
  EXPECT_EQ(*f.mesh(keys[2]), (Bytes{9, 8, 7}));
  EXPECT_EQ(keys[3].flags, 0x0100);
  EXPECT_EQ(f.fields(keys[3]), KeyFields{});
  EXPECT_EQ(f.values.size(), 9u);
  EXPECT_EQ(f.meshes.size(), 1u);
  EXPECT_FALSE(find_malformed(f));
  const std::uint64_t sizes[] = {27, 15, 10, 3};
  for (std::size_t i = 0; i < 4; ++i) EXPECT_EQ(key_size(f, keys[i]), sizes[i]);
}

TEST(GemRead, Frm3FrameNumberWidthFollowsFrameMax) {
  struct Case {
    std::uint32_t frame_count;
    std::uint32_t frame;
    int width;
  };
  for (const Case c : {Case{256, 255, 1}, Case{257, 256, 2}, Case{65536, 65535, 2}, Case{65537, 65536, 4}}) {
    FixtureBytes b;
    b.header(version_6_1, c.frame_count, {"x"});
    b.tag("FRM3");
    if (c.width == 1) b.u8(c.frame);
    if (c.width == 2) b.u16(c.frame);
    if (c.width == 4) b.u32(c.frame);
    b.u8(1).u8(0).u16(0x08);
    const File f = read_ok(b);
    EXPECT_EQ(frm3_frame_width(c.frame_count), std::size_t(c.width));
    ASSERT_EQ(f.frames.size(), 1u);
    EXPECT_EQ(f.frames[0].chunk, FrameChunk::frm3);
    EXPECT_EQ(f.frames[0].number, c.frame) << "frame count " << c.frame_count;
    EXPECT_EQ(f.keys_of(f.frames[0])[0].flags, 0x08);
  }
}

TEST(GemRead, FrmnBonesWithMatrVisiMesh) {
  for (std::uint32_t version : {version_3_0, version_4_0, version_5_0}) {
    FixtureBytes b;
    b.header(version, 2, {"root", "gun"});
    b.tag("FRMN").u32(0);
    b.tag("BONE").u32(0).tag("MATR").f32s({1, 0, 0, 0, 1, 0, 0, 0, 1, 10, 20, 30}).tag("VISI").u32(1);
    b.tag("BONE").u32(1).tag("VISI").u32(0).tag("MESH").u32(2).raw({0xaa, 0xbb});
    b.tag("FRMN").u32(1);  // an empty frame
    b.tag("FRMN").u32(0xffffffff).tag("BONE").u32(1);
    const File f = read_ok(b);
    EXPECT_EQ(f.version, version);
    ASSERT_EQ(f.frames.size(), 3u);
    const Frame& fr = f.frames[0];
    EXPECT_EQ(fr.chunk, FrameChunk::frmn);
    const auto records = f.records_of(fr);
    ASSERT_EQ(records.size(), 2u);
    EXPECT_EQ(records[0].index, 0);
    const auto first = f.items_of(records[0]);
    const auto second = f.items_of(records[1]);
    ASSERT_EQ(first.size(), 2u);
    ASSERT_EQ(second.size(), 2u);
    EXPECT_EQ(first[0].kind, ItemKind::matrix);
    const Matrix34Bits m = f.matrix(first[0]);
    EXPECT_EQ(m[9], bits(10));
    EXPECT_EQ(m[11], bits(30));
    EXPECT_EQ(f.visibility(first[1]), 1);
    EXPECT_EQ(f.visibility(second[0]), 0);
    EXPECT_EQ(second[1].kind, ItemKind::mesh);
    EXPECT_EQ(f.mesh(second[1]), (Bytes{0xaa, 0xbb}));
    EXPECT_EQ(item_size(f, first[0]), 52u);
    EXPECT_EQ(item_size(f, second[1]), 10u);
    EXPECT_FALSE(find_malformed(f));
    EXPECT_TRUE(f.records_of(f.frames[1]).empty());
    EXPECT_EQ(static_cast<std::int32_t>(f.frames[2].number), -1);
    ASSERT_EQ(f.records_of(f.frames[2]).size(), 1u);
    EXPECT_TRUE(f.items_of(f.records_of(f.frames[2])[0]).empty());
    EXPECT_EQ(f.records.size(), 3u);
    EXPECT_EQ(f.items.size(), 4u);
  }
}

TEST(GemRead, MixedChunkKindsShareTheFileArrays) {
  // No engine writes this, but a file may hold FRMN and FRM2 frames alike: their values sit in
  // one array in file order, and the file writes back byte for byte.
  FixtureBytes b;
  b.header(version_6_0, 3, {"a"});
  b.tag("FRM2").u16(0).u8(1).u8(0).u16(0x01).f32s({1, 2, 3});
  b.tag("FRMN").u32(1).tag("BONE").u32(0).tag("VISI").u32(0).tag("MESH").u32(1).raw({7});
  b.tag("FRM2").u16(2).u8(2).u8(0).u16(0x20).u32(2).raw({8, 9}).u8(0).u16(0x02).f32s({0, 0, 0.5f});
  const File f = read_ok(b);
  ASSERT_EQ(f.frames.size(), 3u);
  EXPECT_FALSE(find_malformed(f));
  EXPECT_EQ(f.values, (std::vector<std::uint32_t>{bits(1), bits(2), bits(3), 0, bits(0), bits(0), bits(0.5f)}));
  EXPECT_EQ(f.meshes, (std::vector<Bytes>{{7}, {8, 9}}));
  const auto last = f.keys_of(f.frames[2]);
  ASSERT_EQ(last.size(), 2u);
  EXPECT_EQ(*f.mesh(last[0]), (Bytes{8, 9}));
  EXPECT_EQ(*f.orientation(last[1]), (Vec3Bits{bits(0), bits(0), bits(0.5f)}));
  EXPECT_EQ(f.frames[1].first, 0u) << "the first FRMN frame's records start at 0";
  EXPECT_EQ(f.frames[2].first, 1u) << "keys continue after the first FRM2 frame's";
  auto again = write(f);
  ASSERT_TRUE(again);
  EXPECT_EQ(*again, b.bytes());
}

TEST(GemRead, CommentsAndReservedNameBitsAreKept) {
  FixtureBytes b;
  b.tag("EANM").u32(version_6_0).tag("FRMS").u32(1);
  b.tag("CMNT").u16(5).tag("hello").tag("CMNT").u16(0);
  b.tag("BMAP").u32(1).name("bone", 0xabcdef);
  const File f = read_ok(b);
  ASSERT_EQ(f.comments.size(), 2u);
  EXPECT_EQ(f.comments[0].text, (Bytes{'h', 'e', 'l', 'l', 'o'}));
  EXPECT_TRUE(f.comments[1].text.empty());
  EXPECT_EQ(f.bones[0].name, "bone");
  EXPECT_EQ(f.bones[0].reserved, 0xabcdefu);
}

TEST(GemRead, DuplicateFramesAndKeysStayAsStored) {
  FixtureBytes b;
  b.header(version_6_0, 3, {"a"});
  b.tag("FRM2").u16(2).u8(1).u8(0).u16(0x01).f32s({1, 1, 1});
  b.tag("FRM2").u16(0).u8(2).u8(0).u16(0x08).u8(0).u16(0x10);
  b.tag("FRM2").u16(2).u8(0);
  const File f = read_ok(b);
  ASSERT_EQ(f.frames.size(), 3u);
  EXPECT_EQ(f.frames[0].number, 2u);
  EXPECT_EQ(f.keys_of(f.frames[1]).size(), 2u);
  EXPECT_TRUE(f.keys_of(f.frames[2]).empty());
}

TEST(GemRead, EmptyPlaceholderIsValid) {
  FixtureBytes b;
  b.header(version_6_0, 1, {});
  const File f = read_ok(b);
  EXPECT_TRUE(f.bones.empty());
  EXPECT_TRUE(f.frames.empty());
}

// --- errors: code, offset and message -----------------------------------------------------------

TEST(GemReadErrors, WrongSignature) {
  FixtureBytes b;
  b.tag("RIFF").u32(0);
  const Error e = read_error(b);
  EXPECT_EQ(e.code, ErrorCode::bad_magic);
  EXPECT_EQ(e.offset, 0u);
  EXPECT_EQ(e.message, "not a GEM animation: expected signature 'EANM', found 'RIFF'");
}

TEST(GemReadErrors, HugeBoneCountInATinyFile) {
  FixtureBytes b;
  b.tag("EANM").u32(version_6_0).tag("FRMS").u32(2).tag("BMAP").u32(0xffffffff);
  while (b.size() < 40) b.u8(0);
  // With no bone limit, the count is still checked against the bytes that remain.
  auto file = read(b.bytes(), test::no_limits());
  ASSERT_FALSE(file);
  const Error e = file.error();
  EXPECT_EQ(e.code, ErrorCode::too_large);
  EXPECT_EQ(e.offset, 24u);
  EXPECT_EQ(e.message, "bone count 4294967295 needs at least 17179869180 bytes, but only 16 remain");
}

TEST(GemReadErrors, HugeMeshSize) {
  FixtureBytes b;
  b.header(version_6_0, 1, {"a"});
  b.tag("FRM2").u16(0).u8(1).u8(0).u16(0x20).u32(0x7fffffff).raw({1, 2, 3});
  const Error e = read_error(b);
  EXPECT_EQ(e.code, ErrorCode::too_large);
  EXPECT_EQ(e.offset, b.size() - 3);
  EXPECT_EQ(e.message, "key mesh payload size 2147483647 needs at least 2147483647 bytes, but only 3 remain");
}

TEST(GemReadErrors, KeyCountPastTheEnd) {
  FixtureBytes b;
  b.header(version_6_0, 1, {"a"});
  b.tag("FRM2").u16(0).u8(200).u8(0).u16(0x08);
  const Error e = read_error(b);
  EXPECT_EQ(e.code, ErrorCode::too_large);
  EXPECT_EQ(e.offset, 36u);
  EXPECT_EQ(e.message, "key count 200 needs at least 600 bytes, but only 3 remain");
}

TEST(GemReadErrors, TruncatedKeyField) {
  FixtureBytes b;
  b.header(version_6_0, 1, {"a"});
  b.tag("FRM2").u16(0).u8(1).u8(0).u16(0x03).f32s({1, 2, 3, 4});
  const Error e = read_error(b);
  EXPECT_EQ(e.code, ErrorCode::truncated);
  EXPECT_EQ(e.offset, 51u) << "the field's first byte";
  EXPECT_EQ(e.message, "unexpected end of data: expected key orientation (3 floats) (12 bytes), 4 remain");
}

TEST(GemReadErrors, UnknownChunkWhereAFrameShouldBe) {
  FixtureBytes b;
  b.header(version_6_0, 1, {"a"});
  b.tag("FRM2").u16(0).u8(0).tag("JUNK");
  const Error e = read_error(b);
  EXPECT_EQ(e.code, ErrorCode::unknown_chunk);
  EXPECT_EQ(e.offset, 36u);
  EXPECT_EQ(e.message, "expected a frame chunk (FRMN, FRM2 or FRM3) or the end of the file, found 'JUNK'");
}

TEST(GemReadErrors, FrmnItemOutsideABone) {
  FixtureBytes b;
  b.header(version_4_0, 1, {"a"});
  b.tag("FRMN").u32(0).tag("VISI").u32(1);
  const Error e = read_error(b);
  EXPECT_EQ(e.code, ErrorCode::unknown_chunk);
  EXPECT_EQ(e.offset, 37u);
  EXPECT_EQ(e.message, "expected BONE or a frame chunk (FRMN, FRM2 or FRM3), found 'VISI'");
}

TEST(GemReadErrors, MissingBoneMap) {
  FixtureBytes b;
  b.tag("EANM").u32(version_6_0).tag("FRMS").u32(1).tag("CMNT").u16(0).tag("BMAX");
  const Error e = read_error(b);
  EXPECT_EQ(e.offset, 22u);
  EXPECT_EQ(e.message, "expected bone map chunk (BMAP) or a comment (CMNT) ('BMAP'), found 'BMAX'");
}

TEST(GemReadErrors, CountsOverTheCallersLimits) {
  FixtureBytes b;
  b.tag("EANM").u32(version_6_0).tag("FRMS").u32(0xffffffff).tag("BMAP").u32(0);
  Error e = read_error(b);
  EXPECT_EQ(e.code, ErrorCode::too_large);
  EXPECT_EQ(e.offset, 12u);
  EXPECT_EQ(e.message, "frame count 4294967295 exceeds the limit of 1048576 frames (limits.max_frames)");
  FixtureBytes bones;
  bones.header(version_6_0, 1, {"a", "b", "c"});
  ReadLimits limits;
  limits.max_bones = 2;
  auto file = read(bones.bytes(), limits);
  ASSERT_FALSE(file);
  EXPECT_EQ(file.error().offset, 20u);
  EXPECT_EQ(file.error().message, "bone count 3 exceeds the limit of 2 bones (limits.max_bones)");
  FixtureBytes keys;
  keys.header(version_6_0, 5, {"a"});
  for (int f = 0; f < 3; ++f) keys.tag("FRM2").u16(std::uint32_t(f)).u8(1).u8(0).u16(0x08);
  limits = ReadLimits{};
  limits.max_keys = 5;
  file = read(keys.bytes(), limits);
  ASSERT_FALSE(file);
  EXPECT_EQ(file.error().message, "more than 5 key records (limits.max_keys)");
  EXPECT_EQ(file.error().offset, 29u + 2 * 10);
}

TEST(GemReadErrors, InputOverTheCallersLimit) {
  FixtureBytes b;
  b.header(version_6_0, 1, {"a"});
  auto file = read(b.bytes(), ReadLimits{10});
  ASSERT_FALSE(file);
  EXPECT_EQ(file.error().code, ErrorCode::too_large);
  EXPECT_EQ(file.error().message, "input of 29 bytes is larger than the limit of 10 bytes (limits.max_input_bytes)");
}

}  // namespace
}  // namespace anmkit::gem
