// GEM time edits (gem_time_edit.hpp): every new frame shows the pose of the frame the edit maps
// it to, keys keep their bytes, and an edit and its inverse give real files back byte for byte.

#include <gtest/gtest.h>

#include <cstring>

#include <fmt/format.h>

#include "anmkit/formats/gem/gem_clip.hpp"
#include "anmkit/formats/gem/gem_read.hpp"
#include "anmkit/formats/gem/gem_time_edit.hpp"
#include "anmkit/formats/gem/gem_write.hpp"
#include "anmkit/model/clip.hpp"
#include "support/fixture_bytes.hpp"

namespace anmkit::gem {
namespace {

namespace fs = std::filesystem;

model::TimeEdit edit(std::string_view text) { return *model::parse_time_edit(text); }

File edited(const File& file, std::string_view text) {
  auto out = edit_time(file, edit(text), ReadLimits{});
  EXPECT_TRUE(out) << text << ": " << out.error().to_string();
  return out->file;
}

// Every frame of `after` shows what frame map.source(g) of `before` showed, bit for bit.
void expect_poses_follow_the_map(const File& before, const File& after, std::string_view text) {
  SCOPED_TRACE(std::string(text));
  const auto map = model::FrameMap::of(edit(text), before.frame_count, 1u << 20);
  ASSERT_TRUE(map);
  const auto a = to_clip(before), b = to_clip(after);
  if (text == "loop" && after == before) {
    // Left as it was: its last frame shows its first already.
    const auto first = model::sample(a, 0), last = model::sample(a, double(before.frame_count - 1));
    ASSERT_EQ(first.size(), last.size());
    for (std::size_t i = 0; i < first.size(); ++i) {
      EXPECT_EQ(std::memcmp(&first[i].translation, &last[i].translation, sizeof(model::Vec3)), 0);
      EXPECT_EQ(std::memcmp(&first[i].rotation, &last[i].rotation, sizeof(model::Quat)), 0);
    }
    return;
  }
  ASSERT_EQ(after.frame_count, map->frame_count());
  for (std::uint64_t g = 0; g < map->frame_count(); ++g) {
    const auto want = model::sample(a, double(map->source(g)));
    const auto got = model::sample(b, double(g));
    ASSERT_EQ(got.size(), want.size());
    for (std::size_t i = 0; i < got.size(); ++i) {
      ASSERT_EQ(std::memcmp(&got[i].translation, &want[i].translation, sizeof(model::Vec3)), 0) << "frame " << g << " bone " << i;
      ASSERT_EQ(std::memcmp(&got[i].rotation, &want[i].rotation, sizeof(model::Quat)), 0) << "frame " << g << " bone " << i;
      ASSERT_EQ(got[i].visible, want[i].visible) << "frame " << g;
      ASSERT_EQ(got[i].mirrored, want[i].mirrored) << "frame " << g;
    }
  }
}

std::vector<fs::path> corpus_animations(const fs::path& gem, const fs::path& vehicles) {
  std::vector<fs::path> out;
  for (const auto& dir : {gem, vehicles}) {
    for (const auto& e : fs::recursive_directory_iterator(dir)) {
      if (e.path().extension() == ".anm") out.push_back(e.path());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(GemTimeEdit, EveryRealFileComesBackByteForByteFromAnEditAndItsInverse) {
  ANMKIT_REQUIRE_GEM_CORPUS(gem);
  ANMKIT_REQUIRE_VEHICLES_CORPUS(vehicles);
  const auto files = corpus_animations(gem, vehicles);
  ASSERT_EQ(files.size(), 26u);
  for (const auto& path : files) {
    SCOPED_TRACE(path.string());
    const auto bytes = test::read_bytes(path);
    const auto file = read(bytes);
    ASSERT_TRUE(file) << file.error().to_string();
    EXPECT_EQ(*write(edited(edited(*file, "reverse"), "reverse")), bytes);
    EXPECT_EQ(*write(edited(edited(*file, "retime=2"), "retime=1/2")), bytes);
    EXPECT_EQ(*write(edited(edited(*file, "insert=1:4"), "delete=1:4")), bytes);
    const auto whole = fmt::format("trim=0:{}", file->frame_count - 1);
    auto same = edit_time(*file, edit(whole), ReadLimits{});
    ASSERT_TRUE(same);
    EXPECT_TRUE(same->unchanged);
    EXPECT_EQ(*write(same->file), bytes);
    for (const char* text : {"reverse", "retime=2", "retime=1/2", "retime=2/3", "loop", "delete=0:0", "insert=3:2"}) {
      expect_poses_follow_the_map(*file, edited(*file, text), text);
    }
  }
}

// A small file of every kind of key: position and orientation apart, mirroring on and off,
// visibility, mesh keys, unknown flag bits.
File every_kind_of_key(FrameChunk chunk) {
  File f;
  f.version = version_6_1;
  f.frame_count = 12;
  f.bones = {{"a"}, {"b"}};
  auto v = [](float x, float y, float z) { return Vec3Bits{test::bits(x), test::bits(y), test::bits(z)}; };
  f.add_frame(chunk, 0);
  f.add_key(0, flag::visible, {.position = v(1, 2, 3), .orientation = v(-0.0f, -0.0f, -0.0f)});
  f.add_key(1, flag::mirrored | flag::visible | 0x0100, {.orientation = v(0.1f, 0, 0), .mesh = Bytes{1, 2, 3}});
  f.add_frame(chunk, 3);
  f.add_key(0, 0, {.position = v(4, 5, 6)});
  f.add_key(1, flag::hidden, {});
  f.add_frame(chunk, 5);
  f.add_key(1, 0, {.orientation = v(0.2f, 0, 0)});  // mirroring ends
  f.add_frame(chunk, 7);
  f.add_key(0, flag::mirrored, {});  // mirroring alone
  f.add_key(1, flag::visible, {.mesh = Bytes{4, 5}});
  f.add_frame(chunk, 11);
  f.add_key(0, 0, {.orientation = v(0, 0.5f, 0)});
  return f;
}

TEST(GemTimeEdit, EveryKindOfKeyFollowsTheMapAndComesBack) {
  for (const auto chunk : {FrameChunk::frm2, FrameChunk::frm3}) {
    const File f = every_kind_of_key(chunk);
    const auto bytes = *write(f);
    for (const char* text : {"reverse", "retime=2", "retime=1/3", "length=5", "trim=2:8", "delete=2:4", "insert=5:3", "loop"}) {
      const File e = edited(f, text);
      expect_poses_follow_the_map(f, e, text);
      for (const auto& frame : e.frames) EXPECT_EQ(frame.chunk, chunk);
    }
    // Reversed twice, the poses come back; the bytes do not, as where the mirroring ends
    // without an orientation key the reversal states one.
    expect_poses_follow_the_map(f, edited(edited(f, "reverse"), "reverse"), "trim=0:11");
    EXPECT_EQ(*write(edited(edited(f, "retime=3"), "retime=1/3")), bytes);
  }
}

TEST(GemTimeEdit, KeysKeepTheirBytesAndMergeIntoOneKeyABoneAFrame) {
  const File f = every_kind_of_key(FrameChunk::frm2);
  const File r = edited(f, "reverse");
  // Reversed, frame 0 shows frame 11: bone a's orientation from 11 and position from 3, not
  // mirrored (the key of 11 ends the mirroring of 7), visible from 0; bone b's orientation of 5,
  // visibility and mesh of 7, unknown bits of 0.
  ASSERT_EQ(r.frames[0].number, 0u);
  const auto keys = r.keys_of(r.frames[0]);
  ASSERT_EQ(keys.size(), 2u);
  EXPECT_EQ(keys[0].flags, flag::position | flag::orientation | flag::visible);
  EXPECT_EQ(r.position(keys[0]), (Vec3Bits{test::bits(4), test::bits(5), test::bits(6)}));
  EXPECT_EQ(r.orientation(keys[0]), (Vec3Bits{test::bits(0), test::bits(0.5f), test::bits(0)}));
  EXPECT_EQ(keys[1].flags, flag::orientation | flag::visible | flag::mesh | 0x0100);
  EXPECT_EQ(*r.mesh(keys[1]), (Bytes{4, 5}));
}

TEST(GemTimeEdit, AnFrmnFileFollowsTheMapAndComesBack) {
  const auto path = fs::path(ANMKIT_SOURCE_DIR) / "examples" / "turret_v40.anm";
  const auto bytes = test::read_bytes(path);
  const auto file = read(bytes);
  ASSERT_TRUE(file);
  for (const char* text : {"reverse", "retime=2", "trim=1:3", "loop"}) {
    const File e = edited(*file, text);
    expect_poses_follow_the_map(*file, e, text);
    for (const auto& frame : e.frames) EXPECT_EQ(frame.chunk, FrameChunk::frmn);
  }
  EXPECT_EQ(*write(edited(edited(*file, "reverse"), "reverse")), bytes);
}

// A 6.0 file of one bone and no keys yet.
File one_bone(const char* name, std::uint32_t frame_count) {
  File f;
  f.version = version_6_0;
  f.frame_count = frame_count;
  f.bones = {{name}};
  return f;
}

TEST(GemTimeEdit, AComponentThatWouldGoBackToItsRestIsRefusedNamingIt) {
  File f = one_bone("hatch", 10);
  f.add_frame(FrameChunk::frm2, 4);
  f.add_key(0, 0, {.orientation = Vec3Bits{test::bits(0.5f), 0, 0}});
  auto r = edit_time(f, edit("reverse"), ReadLimits{});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message,
            "time edit 'reverse': bone 'hatch' keys its orientation first at frame 4, so frame 6 of the result would show the rest "
            "pose again, which a GEM key cannot state (key it at frame 0 first)");
  // Trimming away the frames before the key is fine: they were the rest already.
  EXPECT_EQ(edited(f, "trim=2:9").frames[0].number, 2u);
}

TEST(GemTimeEdit, WhatTheEditLeavesOutIsSaid) {
  File f = one_bone("a", 4);
  f.add_frame(FrameChunk::frm2, 0);
  f.add_key(0, 0, {.position = Vec3Bits{1, 2, 3}});
  f.add_frame(FrameChunk::frm2, 2);
  f.add_key(0, 0, {.position = Vec3Bits{4, 5, 6}});
  f.add_frame(FrameChunk::frm2, 9);  // past the frame count
  f.add_key(0, 0, {.position = Vec3Bits{7, 8, 9}});
  auto r = edit_time(f, edit("trim=0:1"), ReadLimits{});
  ASSERT_TRUE(r);
  EXPECT_EQ(r->notes, (std::vector<std::string>{"1 key at or past the frame count (4) left out: no frame shows them",
                                                "1 key that no frame of the result shows was left out"}));
  // A loop whose last frame is its first already is left as it is.
  File still = one_bone("a", 3);
  still.add_frame(FrameChunk::frm2, 0);
  still.add_key(0, 0, {.position = Vec3Bits{1, 2, 3}});
  auto loop = edit_time(still, edit("loop"), ReadLimits{});
  ASSERT_TRUE(loop);
  EXPECT_TRUE(loop->unchanged);
  EXPECT_EQ(loop->file, still);
}

TEST(GemTimeEdit, AnFrm2ResultPastFrame65535IsRefused) {
  File f = one_bone("a", 40000);
  f.add_frame(FrameChunk::frm2, 0);
  f.add_key(0, 0, {.position = Vec3Bits{1, 2, 3}});
  auto r = edit_time(f, edit("retime=2"), ReadLimits{});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message,
            "time edit 'retime=2': the result's last frame, 79998, is past 65535, the last an FRM2 chunk numbers (convert to "
            "gem-6.1-frm3 first)");
}

}  // namespace
}  // namespace anmkit::gem
