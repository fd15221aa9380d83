// Errors that point at the fix (issue 16): each names the file, says what is wrong and what would
// be right, with the exit code the docs give (2 for a command line that is wrong).

#include <gtest/gtest.h>

#include <filesystem>

#include "anmkit/formats/gem/gem_read.hpp"
#include "support/externals.hpp"
#include "support/fixture_bytes.hpp"
#include "support/run_cli.hpp"

namespace anmkit::test {
namespace {

namespace fs = std::filesystem;

const std::string examples = std::string(ANMKIT_SOURCE_DIR) + "/examples/";
const std::string turret = examples + "turret_v60.anm";

TEST(CliHints, AnOutputNobodyWritesListsTheOnesThereAre) {
  TempDir dir;
  for (const char* name : {"fire.gbl", "fire.fbx"}) {
    const std::string out = dir.file(name);
    auto r = run_cli({"convert", turret, "-o", out}, dir);
    EXPECT_EQ(r.exit_code, 2) << name;
    EXPECT_EQ(r.err, out + ": error: anmkit writes no '" + fs::path(name).extension().string() +
                         "' files; from a GEM file it writes NAME.glb or NAME.gltf (glTF 2.0), or NAME.anm (with --to "
                         "gem-4.0|gem-6.0|gem-6.1|gem-6.1-frm3)\n");
    EXPECT_FALSE(fs::exists(out));
  }
  auto r = run_cli({"convert", examples + "mansion_door.anm", "-o", dir.file("door.fbx")}, dir);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, dir.file("door.fbx") + ": error: anmkit writes no '.fbx' files; from an LM file it writes NAME.glb or "
                                          "NAME.gltf (glTF 2.0), or NAME.anm (with --repack)\n");
  r = run_cli({"convert", examples + "ghost_mm2.anm", "-o", dir.file("ghost.bmp")}, dir);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, examples + "ghost_mm2.anm: error: cannot tell what to write from '-o " + dir.file("ghost.bmp") +
                       "': use DIR/ (PNG frames), NAME.png (a sheet), NAME.gif or NAME.iff\n");
  // With --to, the name is the game file asked for.
  r = run_cli({"convert", turret, "-o", dir.file("turret.v40"), "--to", "gem-4.0"}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

TEST(CliHints, AGltfImportWithoutToIsAUsageError) {
  TempDir dir;
  ASSERT_EQ(run_cli({"convert", turret, "-o", dir.file("t.glb")}, dir).exit_code, 0);
  auto r = run_cli({"convert", dir.file("t.glb"), "-o", dir.file("t.anm")}, dir);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, dir.file("t.glb") + ": error: a glTF file needs --to gem-4.0|gem-6.0|gem-6.1|gem-6.1-frm3|lm\n");
}

TEST(CliHints, AnAnimationThatIsNotThereListsTheOnesThatAre) {
  TempDir dir;
  ASSERT_EQ(run_cli({"convert", turret, "-o", dir.file("t.glb")}, dir).exit_code, 0);
  auto r = run_cli({"convert", dir.file("t.glb"), "-o", dir.file("t.anm"), "--to", "gem-6.0", "--animation", "attack"}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, dir.file("t.glb") + ": error: no animation 'attack' in the file; it has one: 'turret_v60' (or give an index "
                                       "from 0 to 0)\n");
}

TEST(CliHints, SkeletonTakesAnMdl) {
  TempDir dir;
  auto r = run_cli({"convert", turret, "-o", dir.file("t.glb"), "--skeleton", examples + "turret_v40.anm"}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, examples + "turret_v40.anm:0: error: a GEM animation, not a model: --skeleton takes the model's .mdl\n");
  const auto notes = dir.write_text("notes.txt", "{bone \"basis\"}");
  r = run_cli({"convert", turret, "-o", dir.file("t.glb"), "--skeleton", notes}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, notes + ":0: error: not a GEM model (.mdl), which --skeleton takes: it has no {skeleton} block\n");
  // A model that does not read: the .mdl reader's own words, with the line.
  const auto broken = dir.write_text("broken.mdl", "{skeleton\n  {bone revolute \"basis\"\n    {matrix34 1 0 0  0 1 0  0 0 1}\n  }\n}\n");
  r = run_cli({"convert", turret, "-o", dir.file("t.glb"), "--skeleton", broken}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, broken + ":39: error: line 3: the {matrix34} of bone 'basis' holds 9 values, where it takes 12 numbers\n");
  EXPECT_FALSE(fs::exists(dir.file("t.glb")));
}

// The fuzz seed's .mdl lists fire.anm: converting fire.anm beside it without --skeleton says so.
TEST(CliHints, AnMdlBesideTheAnimationIsNamed) {
  TempDir dir;
  fs::create_directories(dir.path() / "tank");
  fs::copy_file(turret, dir.path() / "tank/fire.anm");
  fs::copy_file(turret, dir.path() / "tank/other.anm");
  fs::copy_file(fs::path(ANMKIT_SOURCE_DIR) / "fuzz/seeds/mdl/skeleton.mdl", dir.path() / "tank/tank.mdl");
  const std::string fire = dir.file("tank/fire.anm"), mdl = dir.file("tank/tank.mdl");
  auto r = run_cli({"convert", fire, "-o", dir.file("fire.glb")}, dir);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.err, fire + ": note: exported without a skeleton (every bone under the root), but " + mdl +
                       " lists this file as a sequence; --skeleton " + mdl + " exports it on that skeleton\n");
  r = run_cli({"convert", fire, "-o", dir.file("fire.glb"), "--skeleton", mdl}, dir);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.err.find("note:"), std::string::npos) << "given: no note (the seed's skeleton lacks two bones: " << r.err << ")";
  r = run_cli({"convert", dir.file("tank/other.anm"), "-o", dir.file("other.glb")}, dir);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.err, "") << "no .mdl lists other.anm";
}

// The e25's .mdl: "start" says {file ".anm"}, "stop" and "fire" have no {file}.
TEST(CliHints, AnMdlSequenceNamesTheFileItLookedFor) {
  ANMKIT_REQUIRE_GEM_CORPUS(corpus);
  TempDir dir;
  fs::create_directories(dir.path() / "tank");
  fs::copy_file(corpus / "goh_e25_tank-e-25.mdl", dir.path() / "tank/tank-e-25.mdl");
  fs::copy_file(corpus / "goh_e25_fire.anm", dir.path() / "tank/fire.anm");
  const std::string mdl = dir.file("tank/tank-e-25.mdl");
  auto r = run_cli({"convert", mdl, "-o", dir.file("tank.glb")}, dir);
  EXPECT_EQ(r.exit_code, 0);
  // Its meshes are not beside it: said once, before the sequences.
  EXPECT_EQ(r.err, mdl + ": warning: 22 of the meshes it names are not beside it (body.ply, trackr.ply, wheelr7.ply and 19 more; the game "
                         "may keep them in its archives): left out\n" +
                       mdl + ": warning: sequence 'start': its {file \".anm\"} is " + dir.file("tank/.anm") +
                       ": cannot open: No such file or directory (skipped)\n" + mdl +
                       ": warning: sequence 'stop': it has no {file}, so it was looked for as " + dir.file("tank/stop.anm") +
                       ": cannot open: No such file or directory (skipped)\n");
  // The one line of what was written: the .mdl's 54 {bone}s, fire; start and stop left out.
  EXPECT_EQ(r.out, dir.file("tank.glb") + ": 54 bones, 1 animation; left out: 2 sequences (the warnings say why)\n");
}

// A folder given to convert with a glTF output: what converting a folder does, and what to use.
TEST(CliHints, ConvertingAFolderToGltfPointsToBatch) {
  TempDir dir;
  fs::create_directories(dir.path() / "e-75");
  const std::string folder = dir.file("e-75");
  auto r = run_cli({"convert", folder, "-o", dir.file("e-75.glb")}, dir);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, folder + ": error: is a folder: convert reads a folder only as a sprite's edited frames (raw_NNN.png, with "
                            "--base ORIGINAL.anm); to convert every animation in it, use `anmkit batch " + folder +
                            " -o OUTDIR --to glb`\n");
  EXPECT_FALSE(fs::exists(dir.file("e-75.glb")));
}

TEST(CliHints, SampleNeverPrintsANegativeZero) {
  TempDir dir;
  // Frame 0's orientation is stored as (-0, -0, -0): the pose prints 0.
  FixtureBytes b;
  b.header(gem::version_6_0, 1, {"hull"});
  b.tag("FRM2").u16(0).u8(1).u8(0).u16(0x0b).f32s({-0.0f, 0, 1.5f, -0.0f, -0.0f, -0.0f});
  const auto path = dir.write("zero.anm", b.bytes());
  auto r = run_cli({"sample", path, "--frame", "0"}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.find("-0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("hull                      0          0        1.5   0.000000  0.000000  0.000000  1.000000"),
            std::string::npos)
      << r.out;
  r = run_cli({"sample", path, "--frame", "0", "--json"}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.find("-0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"translation\": [0.0, 0.0, 1.5], \"rotation\": [0.0, 0.0, 0.0, 1.0]"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace anmkit::test
