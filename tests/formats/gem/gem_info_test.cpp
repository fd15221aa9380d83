#include "anmkit/formats/gem/gem_info.hpp"

#include <gtest/gtest.h>

#include "anmkit/formats/gem/gem_read.hpp"
#include "support/fixture_bytes.hpp"

namespace anmkit::gem {
namespace {

TEST(GemInfo, SummarisesKeysFlagsMeshAndComments) {
  test::FixtureBytes b;
  b.tag("EANM").u32(version_6_0).tag("FRMS").u32(10).tag("CMNT").u16(3).tag("abc");
  b.tag("BMAP").u32(2).name("hull").name("track");
  b.tag("FRM2").u16(0).u8(2).u8(0).u16(0x0b).f32s({0, 0, 0}).f32s({0, 0, 0});
  b.u8(1).u16(0x20).u32(48).u32(0).u16(1).u16(1).f32s({1, 2}).f32s({0, 0, 0, 1, 1, 1}).f32s({0, 0});
  b.tag("FRM2").u16(9).u8(1).u8(0).u16(0x01).f32s({1, 1, 1});
  auto f = read(b.bytes());
  ASSERT_TRUE(f) << f.error().to_string();
  const auto s = summary(*f);
  EXPECT_EQ(s["version"], "6.0");
  EXPECT_EQ(s["frame_count"], 10);
  EXPECT_EQ(s["keyed_frames"], 2);
  EXPECT_EQ(s["last_keyed_frame"], 9);
  EXPECT_EQ(s["keys"], 3);
  EXPECT_EQ(s["bones"].dump(), R"(["hull","track"])");
  EXPECT_EQ(s["flags_used"].dump(),
            R"([{"flags":"0x0001","names":"position","keys":1},{"flags":"0x000b","names":"position|orientation|visible","keys":1},{"flags":"0x0020","names":"mesh","keys":1}])");
  EXPECT_EQ(s["mesh_keys"].dump(),
            R"([{"frame":0,"bone":"track","size":48,"first_vertex":0,"vertex_count":1,"vertex_stride":8,"has_bbox":true,"bbox":[0.0,0.0,0.0,1.0,1.0,1.0]}])");
  EXPECT_EQ(s["comments"].dump(), R"(["abc"])");
  EXPECT_EQ(summary_text(s),
            "  frames      10 (keys on 2 frames, 0..9)\n"
            "  chunks      2 FRM2\n"
            "  bones       2: hull, track\n"
            "  keys        3\n"
            "  flags used  0x0001 position (1), 0x000b position|orientation|visible (1), 0x0020 mesh (1)\n"
            "  mesh keys   1\n"
            "    frame 0 bone 'track': 48 bytes, vertices 0..+1 of 8 bytes, bbox (0, 0, 0)..(1, 1, 1)\n"
            "  comment     \"abc\"\n");
}

TEST(GemInfo, FlagNames) {
  EXPECT_EQ(flag_names(0x0f), "position|orientation|mirrored|visible");
  EXPECT_EQ(flag_names(0x0150), "hidden|scale|0x0100");
  EXPECT_EQ(flag_names(0), "none");
}

}  // namespace
}  // namespace anmkit::gem
