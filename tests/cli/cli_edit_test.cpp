// anmkit edit: time edits from the command line, applied in the order given.

#include <gtest/gtest.h>

#include "anmkit/formats/gem/gem_read.hpp"
#include "support/fixture_bytes.hpp"
#include "support/run_cli.hpp"

namespace anmkit::test {
namespace {

// Two bones over 3 frames: keys at 0 and 2.
std::vector<std::uint8_t> small_file() {
  FixtureBytes b;
  b.header(gem::version_6_0, 3, {"hull", "gun"});
  b.tag("FRM2").u16(0).u8(2).u8(0).u16(0x0b).f32s({0, 0, 1.5f, -0.0f, -0.0f, -0.0f}).u8(1).u16(0x0b).f32s({1, 2, 3, 0, 0, 0.6f});
  b.tag("FRM2").u16(2).u8(1).u8(1).u16(0x03).f32s({1, 2, 4, 0, 0, 0.6f});
  return b.bytes();
}

TEST(CliEdit, EditsApplyInOrderAndTheirInversesGiveTheFileBack) {
  TempDir dir;
  const auto original = small_file();
  const auto in = dir.write("small.anm", original);
  auto r = run_cli({"edit", in, "-o", dir.file("back.anm"), "retime=2", "reverse", "reverse", "retime=1/2"}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(r.out.empty());
  EXPECT_TRUE(r.err.empty()) << r.err;
  EXPECT_EQ(read_bytes(dir.file("back.anm")), original);

  // Reversed: the gun's key of frame 2 at frame 0, its key of frame 0 at frame 1 (its position
  // from frame 0 holds to frame 1 in the original: it shows at frames 1 and 2 reversed).
  r = run_cli({"edit", in, "-o", dir.file("reversed.anm"), "reverse"}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto s = run_cli({"sample", dir.file("reversed.anm"), "--frame", "0", "--json"}, dir);
  EXPECT_NE(s.out.find("{\"name\": \"gun\", \"translation\": [1.0, 2.0, 4.0]"), std::string::npos) << s.out;
  s = run_cli({"sample", dir.file("reversed.anm"), "--frame", "1", "--json"}, dir);
  EXPECT_NE(s.out.find("{\"name\": \"gun\", \"translation\": [1.0, 2.0, 3.0]"), std::string::npos) << s.out;

  // What an edit leaves out is a warning on stderr; the file is written.
  r = run_cli({"edit", in, "-o", dir.file("first.anm"), "trim=0:1"}, dir);
  ASSERT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.err, in + ": warning: trim=0:1: 1 key that no frame of the result shows was left out\n");
}

TEST(CliEdit, BadEditsAreUsageErrorsAndTheInputIsKept) {
  TempDir dir;
  const auto in = dir.write("small.anm", small_file());
  auto r = run_cli({"edit", in, "-o", dir.file("x.anm"), "speed=2"}, dir);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err,
            "error: time edit 'speed=2': expected reverse, loop, retime=FACTOR, length=FRAMES, trim=FIRST:LAST, "
            "delete=FIRST:LAST or insert=FRAME:COUNT\n");
  r = run_cli({"edit", in, "-o", dir.file("x.anm"), "trim=0:9"}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, in + ": error: time edit 'trim=0:9': the frames must lie within 0:2 (the sequence has 3 frames)\n");
  // The input is not replaced unless asked.
  r = run_cli({"edit", in, "-o", in, "reverse"}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(read_bytes(in), small_file());
  r = run_cli({"edit", in, "-o", in, "reverse", "--in-place"}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(read_bytes(in), small_file());
  // A format without time edits says so.
  r = run_cli({"edit", std::string(ANMKIT_SOURCE_DIR) + "/examples/ghost_mm2.anm", "-o", dir.file("g.anm"), "reverse"}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("files have no time edits yet"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace anmkit::test
