#include "anmkit/formats/lm/lm_validate.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "anmkit/formats/lm/lm_read.hpp"
#include "support/fixture_bytes.hpp"
#include "support/fixture_bytes_be.hpp"

namespace anmkit::lm {
namespace {

std::vector<std::string> ids(const std::vector<Diagnostic>& d) {
  std::vector<std::string> out;
  for (const auto& x : d) out.push_back(x.id);
  return out;
}

TEST(LmValidate, CleanFixture) {
  auto r = read(test::lm_two_node_fixture());
  ASSERT_TRUE(r);
  EXPECT_TRUE(validate(r->file).empty());
}

TEST(LmValidate, EveryRule) {
  auto r = read(test::lm_two_node_fixture());
  ASSERT_TRUE(r);
  File f = r->file;
  f.version = 3;
  f.loop = 2;
  f.padding = 1;
  f.groups[0].tracks[0] = Track{1, 99, 0};            // outside the scale array
  f.groups[0].tracks[1] = Track{1, 0, 0x40};          // unknown flag
  f.groups[0].tracks[2] = Track{1, 0, 0x80};          // 0x80 on a constant
  f.arrays[1][4] = test::bits(0.0f);                  // rz key 1 at frame 0: not ascending
  f.arrays[1][7] = test::bits(75.0f);                 // rz key 2 past the frame count
  f.arrays[2][8] = test::bits(NAN);                   // the shared translation constant
  const auto d = validate(f);
  EXPECT_EQ(ids(d), (std::vector<std::string>{
                        "lm.unknown-version", "lm.loop-value", "lm.reserved-bits", "lm.track-outside-array",
                        "lm.unknown-flag", "lm.flag-without-keys", "lm.keys-not-ascending", "lm.key-outside-frames",
                        "lm.non-finite", "lm.keys-not-ascending", "lm.key-outside-frames", "lm.non-finite",
                        "lm.non-finite", "lm.non-finite"}));
  EXPECT_EQ(d[3].severity, Severity::error);
  EXPECT_EQ(d[3].offset, 0x18u);
  EXPECT_EQ(d[3].pointer, "/groups/0/sx");
  EXPECT_EQ(d[3].message, "track sx of node 0 needs floats 99..99 of the scale array, which has 7");
  EXPECT_EQ(d[4].message, "track sy of node 0 has unknown flag 0x0040 (kept; its keys are read as 3 floats)");
  EXPECT_EQ(d[6].message, "track rz of node 0: key 1 at frame 0 does not come after frame 0");
  EXPECT_EQ(d[6].offset, 0xa0u + 4 + 12);
  EXPECT_EQ(d[7].message, "track rz of node 0: key 2 at frame 75 is outside 0..60");
  EXPECT_EQ(d[8].message, "track ty of node 0 holds a non-finite value (bits 0x7fc00000)");
}

// Clean tracks are passed by a quick scan; the edges of it (NaN frames, a first key before 0, a
// last key at the frame count) must report exactly what the key-by-key rules do.
TEST(LmValidate, KeyFramesAtTheEdges) {
  File f;
  f.frame_count = 10;
  f.groups.resize(1);
  f.groups[0].tracks[0] = Track{2, 0, 0};   // NaN, 5
  f.groups[0].tracks[1] = Track{2, 6, 0};   // -1, 3
  f.groups[0].tracks[2] = Track{2, 12, 0};  // 0, 10: clean
  for (float v : {NAN, 0.0f, 0.0f, 5.0f, 0.0f, 0.0f, -1.0f, 0.0f, 0.0f, 3.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 10.0f, 0.0f, 0.0f}) {
    f.arrays[0].push_back(test::bits(v));
  }
  const auto d = validate(f);
  EXPECT_EQ(ids(d), (std::vector<std::string>{"lm.non-finite", "lm.keys-not-ascending", "lm.key-outside-frames"}));
  ASSERT_EQ(d.size(), 3u);
  EXPECT_EQ(d[1].message, "track sx of node 0: key 1 at frame 5 does not come after frame nan");
  EXPECT_EQ(d[2].pointer, "/groups/0/sy");
  EXPECT_EQ(d[2].message, "track sy of node 0: key 0 at frame -1 is outside 0..10");
}

TEST(LmValidate, StrayBytesAreReported) {
  File f;
  f.lead = {1};
  f.array_tails[1] = {2, 3};
  EXPECT_EQ(ids(validate(f)), (std::vector<std::string>{"lm.unreferenced-bytes", "lm.unreferenced-bytes"}));
}

}  // namespace
}  // namespace anmkit::lm
