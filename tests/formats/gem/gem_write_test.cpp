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
  f.add_frame(FrameChunk::frm3, 299);
  f.add_key(0, flag::visible, {.position = Vec3Bits{test::bits(1), test::bits(2), test::bits(3)}});
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
  File f;
  f.add_frame(FrameChunk::frm2, 7);
  const Key& k = f.add_key(3, flag::position | flag::mesh | flag::hidden | 0x0100,
                           {.orientation = Vec3Bits{1, 2, 3}, .scale = Vec3Bits{4, 5, 6}});
  EXPECT_EQ(k.flags, flag::orientation | flag::scale | flag::hidden | 0x0100);
  EXPECT_EQ(f.values, (std::vector<std::uint32_t>{1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(*f.scale(f.keys[0]), (Vec3Bits{4, 5, 6}));
  EXPECT_FALSE(f.position(f.keys[0]));
  const auto values = f.values_of(f.keys[0]);
  EXPECT_EQ(std::vector<std::uint32_t>(values.begin(), values.end()), f.values);
  Key past_the_end = f.keys[0];
  past_the_end.first_value = 1;
  EXPECT_THROW((void)f.values_of(past_the_end), std::out_of_range);
  EXPECT_EQ(f.frames[0].count, 1u);
  // Records go to the last frame of their kind, never to another.
  EXPECT_THROW(f.add_bone(0), std::logic_error);
  f.add_frame(FrameChunk::frmn, 8);
  EXPECT_THROW(f.add_matrix({}), std::logic_error);
  EXPECT_THROW(f.add_key(0, 0, {}), std::logic_error);
  f.add_bone(0);
  f.add_visibility(1);
  EXPECT_EQ(f.records_of(f.frames[1]).size(), 1u);
  EXPECT_EQ(f.items_of(f.records[0]).size(), 1u);
  EXPECT_FALSE(find_malformed(f));
}

TEST(GemWrite, MalformedFramesAreRefused) {
  // Flags that claim a field the frame holds no values for.
  File f = one_key_file();
  f.keys[0].flags = flag::position | flag::orientation;
  Error e = write_error(f);
  EXPECT_EQ(e.code, ErrorCode::invalid_model);
  EXPECT_EQ(e.pointer, "/values");
  EXPECT_EQ(e.message, "the records hold 6 values, the file 3");
  // A second key whose values do not follow the first's.
  f = one_key_file();
  f.add_key(0, 0, {.scale = Vec3Bits{}});
  f.keys[1].first_value = 0;
  e = write_error(f);
  EXPECT_EQ(e.pointer, "/keys/1");
  EXPECT_EQ(e.message, "the key's values start at 0, expected 3 (build keys with add_key)");
  // A frame whose keys run past the file's.
  f = one_key_file();
  f.frames[0].count = 2;
  e = write_error(f);
  EXPECT_EQ(e.pointer, "/frames/0");
  EXPECT_EQ(e.message, "the frame's 2 keys run past the file's 1");
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
  for (int i = 1; i < 256; ++i) f.add_key(0, flag::visible, {});
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
  f.frames[0].chunk = FrameChunk::frmn;  // its one record is now looked for among the BONE records
  Error e = write_error(f);
  EXPECT_EQ(e.pointer, "/frames/0");
  EXPECT_EQ(e.message, "the frame's 1 records run past the file's 0");
}

}  // namespace
}  // namespace anmkit::gem
