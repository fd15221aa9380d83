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
  // A sequence number in a file of one sequence is refused.
  r = run_cli({"edit", in, "-o", dir.file("x.anm"), "reverse@1"}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, in + ": error: time edit 'reverse@1': GEM files hold one sequence (@0)\n");
}

TEST(CliEdit, LmAndMm2FilesEditToo) {
  TempDir dir;
  const std::string examples = std::string(ANMKIT_SOURCE_DIR) + "/examples/";
  // The door's curves are cut at frame 10 with a key of their own; reverse twice is the file.
  auto r = run_cli({"edit", examples + "mansion_door.anm", "-o", dir.file("door.anm"), "reverse", "reverse"}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_bytes(dir.file("door.anm")), read_bytes(examples + "mansion_door.anm"));
  // Frames 0 to 10 of the looping door: 11 frames, frame 0 as it was.
  r = run_cli({"edit", examples + "mansion_door.anm", "-o", dir.file("door11.anm"), "trim=0:10"}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto before = run_cli({"sample", examples + "mansion_door.anm", "--frame", "0", "--json"}, dir);
  auto after = run_cli({"sample", dir.file("door11.anm"), "--frame", "0", "--json"}, dir);
  ASSERT_EQ(before.exit_code, 0) << before.err;
  EXPECT_EQ(after.out, before.out);
  auto info = run_cli({"info", dir.file("door11.anm"), "--json"}, dir);
  EXPECT_NE(info.out.find("\"frame_count\": 11,"), std::string::npos) << info.out;
  // The ghost's third sequence only, backwards; its first as it was.
  r = run_cli({"edit", examples + "ghost_mm2.anm", "-o", dir.file("ghost.anm"), "reverse@2"}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  info = run_cli({"dump", dir.file("ghost.anm")}, dir);
  EXPECT_NE(info.out.find("[[0, 40], [1, 6], [0, 30], [1, 6]],\n    [],\n    [[0, 8], [2, 10], [3, 12], [2, 10]]"), std::string::npos)
      << info.out.substr(0, 600);
  // An empty sequence has nothing to edit.
  r = run_cli({"edit", examples + "ghost_mm2.anm", "-o", dir.file("ghost1.anm"), "reverse@1"}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, examples + "ghost_mm2.anm: error: time edit 'reverse@1': sequence 1 has no steps\n");
}

}  // namespace
}  // namespace anmkit::test
