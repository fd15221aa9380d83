// Hostile input: every truncation of every fixture, and random byte flips. A read either fails
// with an offset inside the input, or succeeds and writes back the very same bytes.

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "anmkit/formats/gem/gem_clip.hpp"
#include "anmkit/formats/gem/gem_read.hpp"
#include "anmkit/formats/gem/gem_validate.hpp"
#include "anmkit/formats/gem/gem_write.hpp"
#include "support/fixture_bytes.hpp"

namespace anmkit::gem {
namespace {

using test::FixtureBytes;

std::vector<std::vector<std::uint8_t>> hand_built_fixtures() {
  std::vector<std::vector<std::uint8_t>> out;
  FixtureBytes frmn;
  frmn.tag("EANM").u32(version_4_0).tag("FRMS").u32(2).tag("CMNT").u16(3).tag("abc").tag("BMAP").u32(2).name("a").name("b");
  frmn.tag("FRMN").u32(0).tag("BONE").u32(0).tag("MATR").f32s({1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 2, 3}).tag("VISI").u32(1);
  frmn.tag("BONE").u32(1).tag("MESH").u32(12).u32(0).u16(1).u16(0).f32s({0});
  frmn.tag("FRMN").u32(1).tag("BONE").u32(1).tag("VISI").u32(0);
  out.push_back(frmn);
  FixtureBytes frm2;
  frm2.header(version_6_0, 3, {"hull", "gun"});
  frm2.tag("FRM2").u16(0).u8(2).u8(0).u16(0x0f).f32s({0, 0, 0, 1, 0, 0}).u8(1).u16(0x4b).f32s({1, 2, 3, 0, 0, 0, 1, 1, 1});
  frm2.tag("FRM2").u16(2).u8(1).u8(1).u16(0x20).u32(4).raw({1, 2, 3, 4});
  out.push_back(frm2);
  FixtureBytes frm3;
  frm3.header(version_6_1, 300, {"x"});
  frm3.tag("FRM3").u16(0).u8(1).u8(0).u16(0x0b).f32s({0, 0, 0, 0, 0, 0});
  frm3.tag("FRM3").u16(299).u8(1).u8(0).u16(0x01).f32s({1, 1, 1});
  out.push_back(frm3);
  return out;
}

std::vector<std::vector<std::uint8_t>> all_fixtures() {
  auto out = hand_built_fixtures();
  for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(ANMKIT_SOURCE_DIR) / "examples")) {
    if (e.path().extension() == ".anm") out.push_back(test::read_bytes(e.path()));
  }
  if (auto dir = test::gem_corpus()) {
    for (const auto& e : std::filesystem::directory_iterator(*dir)) {
      if (e.path().extension() == ".anm") out.push_back(test::read_bytes(e.path()));
    }
  }
  return out;
}

// Either an error inside the input, or a success that writes back the same bytes; what was read
// then validates with diagnostics that point inside the input, means a clip of its bones and
// frames, and converts (or says why not). RC_ASSERT, so that rapidcheck shrinks a failure.
void check_hostile(const std::vector<std::uint8_t>& bytes) {
  auto file = read(bytes);
  if (!file) {
    RC_ASSERT(file.error().offset.has_value());
    RC_ASSERT(*file.error().offset <= bytes.size());
    RC_ASSERT(!file.error().message.empty());
    return;
  }
  auto again = write(*file);
  RC_ASSERT(again.has_value());
  RC_ASSERT(*again == bytes);
  for (const Diagnostic& d : validate(*file)) {
    RC_ASSERT(d.id.rfind("gem.", 0) == 0u);
    RC_ASSERT(!d.message.empty());
    RC_ASSERT(d.offset.has_value());
    RC_ASSERT(*d.offset < bytes.size());
  }
  const model::Clip clip = to_clip(*file);
  RC_ASSERT(clip.frame_count == file->frame_count);
  RC_ASSERT(clip.bones.size() == file->bones.size());
  if (clip.frame_count >= 100000) return;
  auto converted = from_clip(clip, Target::gem_6_1_frm3);
  if (!converted) {
    RC_ASSERT(!converted.error().message.empty());
    return;
  }
  RC_ASSERT(converted->version == version_6_1);
  RC_ASSERT(converted->frame_count == clip.frame_count);
  RC_ASSERT(converted->bones.size() == clip.bones.size());
}

TEST(GemHostile, EveryTruncationOfEveryFixture) {
  std::size_t failures = 0, successes = 0;
  for (const auto& bytes : all_fixtures()) {
    // Every prefix of small files; of the 300 KB mesh file, every prefix of its first 4 KB and
    // every 61st after (each prefix is parsed whole, so all of them would take minutes).
    for (std::size_t n = 0; n < bytes.size(); n += (n < 4096 ? 1 : 61)) {
      const std::vector<std::uint8_t> prefix(bytes.begin(), bytes.begin() + std::ptrdiff_t(n));
      auto file = read(prefix);
      if (file) {
        // Frames run to the end of the file: a cut between two frame chunks is a valid file.
        ++successes;
        ASSERT_EQ(*write(*file), prefix) << "prefix " << n;
      } else {
        ++failures;
        ASSERT_TRUE(file.error().offset) << "prefix " << n;
        ASSERT_LE(*file.error().offset, n);
      }
    }
  }
  // Most cuts land inside a field; only cuts between frame chunks give valid files.
  EXPECT_GT(failures, 20 * successes);
  EXPECT_GT(successes, 10u);
}

TEST(GemHostile, TruncationInsideAKeyNamesTheField) {
  const auto bytes = hand_built_fixtures()[1];
  const std::vector<std::uint8_t> prefix(bytes.begin(), bytes.begin() + 55);
  auto file = read(prefix);
  ASSERT_FALSE(file);
  EXPECT_EQ(file.error().code, ErrorCode::truncated);
  EXPECT_EQ(file.error().offset, 49u);
  EXPECT_EQ(file.error().message, "unexpected end of data: expected key position (3 floats) (12 bytes), 6 remain");
}

RC_GTEST_PROP(GemHostile, RandomByteFlipsNeverCrash, ()) {
  static const auto fixtures = all_fixtures();
  auto bytes = *rc::gen::elementOf(fixtures);
  if (bytes.size() > 20000) bytes.resize(20000 + *rc::gen::inRange<std::size_t>(0, 100));
  const int flips = *rc::gen::inRange(1, 8);
  for (int i = 0; i < flips; ++i) {
    const auto at = *rc::gen::inRange<std::size_t>(0, bytes.size());
    bytes[at] = *rc::gen::arbitrary<std::uint8_t>();
  }
  check_hostile(bytes);
}

RC_GTEST_PROP(GemHostile, RandomBytesAfterAHeaderNeverCrash, ()) {
  FixtureBytes b;
  b.header(*rc::gen::element(version_4_0, version_6_0, version_6_1), *rc::gen::arbitrary<std::uint32_t>(), {"a", "b"});
  auto bytes = b.bytes();
  const auto tail = *rc::gen::container<std::vector<std::uint8_t>>(rc::gen::arbitrary<std::uint8_t>());
  for (const char* tag : {"FRMN", "FRM2", "FRM3"}) {
    auto candidate = bytes;
    candidate.insert(candidate.end(), tag, tag + 4);
    candidate.insert(candidate.end(), tail.begin(), tail.end());
    check_hostile(candidate);
  }
}

}  // namespace
}  // namespace anmkit::gem
