#include "anmkit/formats/gem/gem_write.hpp"

#include <gtest/gtest.h>

#include "anmkit/formats/gem/gem_read.hpp"
#include "support/fixture_bytes.hpp"

namespace anmkit::gem {
namespace {

File one_key_file() {
  File f;
  f.version = version_6_1;
  f.frame_count = 300;
  f.bones = {BoneName{"gun", 0, 0}};
  Frame& fr = f.frames.emplace_back();
  fr.chunk = FrameChunk::frm3;
  fr.number = 299;
  fr.add_key(0, flag::visible, {.position = Vec3Bits{test::bits(1), test::bits(2), test::bits(3)}});
  return f;
}

Error write_error(const File& f) {
  auto bytes = write(f);
  EXPECT_FALSE(bytes);
  return bytes ? make_error(ErrorCode::io, "no error") : bytes.error();
}

TEST(GemWrite, EncodedSizeMatchesTheBytes) {
  const File f = one_key_file();
  auto size = encoded_size(f);
  auto bytes = write(f);
  ASSERT_TRUE(size && bytes);
  EXPECT_EQ(*size, bytes->size());
  // 24 header + 4 + 3 name + FRM3 tag 4 + u16 frame 2 + count 1 + key 3 + position 12
  EXPECT_EQ(*size, 53u);
  auto back = read(*bytes);
  ASSERT_TRUE(back);
  EXPECT_EQ(*back, f);
}

TEST(GemWrite, AddKeySetsThePresenceFlags) {
  Frame fr;
  const Key& k = fr.add_key(3, flag::position | flag::mesh | flag::hidden | 0x0100,
                            {.orientation = Vec3Bits{1, 2, 3}, .scale = Vec3Bits{4, 5, 6}});
  EXPECT_EQ(k.flags, flag::orientation | flag::scale | flag::hidden | 0x0100);
  EXPECT_EQ(fr.values, (std::vector<std::uint32_t>{1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(*fr.scale(fr.keys[0]), (Vec3Bits{4, 5, 6}));
  EXPECT_FALSE(fr.position(fr.keys[0]));
}

TEST(GemWrite, MalformedFramesAreRefused) {
  // Flags that claim a field the frame holds no values for.
  File f = one_key_file();
  f.frames[0].keys[0].flags = flag::position | flag::orientation;
  Error e = write_error(f);
  EXPECT_EQ(e.code, ErrorCode::invalid_model);
  EXPECT_EQ(e.pointer, "/frames/0/values");
  EXPECT_EQ(e.message, "the records hold 6 values, the frame 3");
  // A second key whose values do not follow the first's.
  f = one_key_file();
  f.frames[0].add_key(0, 0, {.scale = Vec3Bits{}});
  f.frames[0].keys[1].first_value = 0;
  e = write_error(f);
  EXPECT_EQ(e.pointer, "/frames/0/keys/1");
  EXPECT_EQ(e.message, "the key's values start at 0, expected 3 (build keys with add_key)");
}

TEST(GemWrite, FrameNumberMustFitItsField) {
  File f = one_key_file();
  f.frame_count = 200;  // FRM3 frame numbers become one byte wide
  Error e = write_error(f);
  EXPECT_EQ(e.pointer, "/frames/0/frame");
  EXPECT_EQ(e.message, "frame number 299 does not fit the 8-bit field of FRM3 with frame count 200");
  f.frames[0].chunk = FrameChunk::frm2;
  f.frames[0].number = 70000;
  e = write_error(f);
  EXPECT_EQ(e.message, "frame number 70000 does not fit the 16-bit field of FRM2");
}

TEST(GemWrite, AtMost255KeysPerFrameChunk) {
  File f = one_key_file();
  for (int i = 1; i < 256; ++i) f.frames[0].add_key(0, flag::visible, {});
  const Error e = write_error(f);
  EXPECT_EQ(e.pointer, "/frames/0/keys");
  EXPECT_EQ(e.message, "256 keys in one frame chunk; the key count is a byte (at most 255)");
}

TEST(GemWrite, NamesAndCommentsMustFitTheirSizeFields) {
  File f = one_key_file();
  f.bones[0].name = std::string(256, 'x');
  EXPECT_EQ(write_error(f).message, "bone name of 256 bytes; its length field holds at most 255");
  f = one_key_file();
  f.comments.push_back(Comment{Bytes(70000, 'c'), 0});
  EXPECT_EQ(write_error(f).pointer, "/comments/0");
}

TEST(GemWrite, ChunkKindsHoldTheirOwnRecords) {
  File f = one_key_file();
  f.frames[0].chunk = FrameChunk::frmn;
  Error e = write_error(f);
  EXPECT_EQ(e.pointer, "/frames/0/keys");
  EXPECT_EQ(e.message, "FRMN frames hold BONE records, not keys");
}

}  // namespace
}  // namespace anmkit::gem
