// A .mdl is a model by its name, as the game reads it (issue 38): one that does not read fails
// loudly with the .mdl reader's words in every command, also where a folder walk finds it; the
// game's armour files, kept under .mdl too, are named for what they are.

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "support/fixture_bytes.hpp"
#include "support/run_cli.hpp"

namespace anmkit::test {
namespace {

namespace fs = std::filesystem;

// In the game's lower-case style, with a matrix of 9 numbers: the reader's one wording for it.
constexpr const char* broken_text = "{skeleton\n  {bone revolute \"basis\"\n    {matrix34 1 0 0  0 1 0  0 0 1}\n  }\n}\n";
constexpr const char* broken_error = ":39: error: line 3: the {matrix34} of bone 'basis' holds 9 values, where it takes 12 numbers\n";
// Its first block is no {skeleton}: no model by its content, a broken one by its name.
constexpr const char* headless_text = "{bone \"basis\" {bone \"body\"}}\n";
constexpr const char* headless_error = ":0: error: not a GEM model: no {skeleton} block (a model's text holds one, with its bones)\n";
constexpr const char* armour_text =
    "(\"set-basic-durability\" body(440) engine(300))\n(\"set-gun\" thickness(50))\n"
    "{volume \"body1\" {thickness 15}}\n{volume \"shell1\" {thickness 10} {tags \"shell1\"}}\n";

const std::string turret = (fs::path(ANMKIT_SOURCE_DIR) / "examples" / "turret_v60.anm").string();

TEST(BrokenModel, InfoValidateAndConvertGiveTheReadersWords) {
  TempDir dir;
  const std::string broken = dir.write_text("broken.mdl", broken_text);
  for (const char* command : {"info", "validate"}) {
    auto r = run_cli({command, broken}, dir);
    EXPECT_EQ(r.exit_code, 1) << command;
    EXPECT_EQ(r.err, broken + broken_error) << command;
  }
  auto r = run_cli({"convert", broken, "-o", dir.file("b.glb")}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, broken + broken_error);
  EXPECT_FALSE(fs::exists(dir.file("b.glb")));
  const std::string headless = dir.write_text("headless.mdl", headless_text);
  r = run_cli({"info", headless}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, headless + headless_error);
}

TEST(BrokenModel, ANamedModelValidatesWithItsNotesAsWarnings) {
  TempDir dir;
  const std::string mdl = dir.write_text("tank.mdl", "{skeleton {bone \"basis\" {wobble 3} {bone \"body\"}}}\n");
  auto r = run_cli({"validate", mdl}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, mdl + ": valid (0 errors, 1 warning)\n");
  EXPECT_EQ(r.err, mdl + ":24: warning: line 1: a block {wobble} in bone 'basis', which no reader of models knows: kept as it is, not read\n");
  r = run_cli({"info", "--json", mdl}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto notes = nlohmann::json::parse(r.out)["notes"];
  ASSERT_EQ(notes.size(), 1u) << r.out;
  EXPECT_EQ(notes[0]["id"], "gem.mdl-unknown-block");
  EXPECT_EQ(notes[0]["offset"], 24);
}

TEST(BrokenModel, FolderWalksCountItFailedNeverSkipped) {
  TempDir dir;
  fs::create_directories(dir.path() / "in/tank");
  fs::copy_file(turret, dir.path() / "in/tank/fire.anm");
  const std::string broken = dir.write_text("in/tank/broken.mdl", broken_text);
  const std::string headless = dir.write_text("in/tank/headless.mdl", headless_text);
  dir.write_text("in/tank/armour.mdl", armour_text);
  for (const char* to : {"glb", "json"}) {
    auto r = run_cli({"batch", dir.file("in"), "-o", dir.file(std::string("out_") + to), "--to", to, "-j", "2"}, dir);
    EXPECT_EQ(r.exit_code, 1) << to << "\n" << r.err;
    EXPECT_NE(r.err.find(broken + broken_error), std::string::npos) << to << "\n" << r.err;
    EXPECT_NE(r.err.find(headless + headless_error), std::string::npos) << to << "\n" << r.err;
    EXPECT_TRUE(r.out.ends_with("4 files: 1 converted, 1 skipped (1 not an animation), 2 failed\n")) << to << "\n" << r.out;
  }
  auto r = run_cli({"info", dir.file("in")}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, broken + broken_error + headless + headless_error);
  EXPECT_TRUE(r.out.ends_with("4 files: 1 described, 2 unreadable, 1 skipped (not an animation: 1 armour file)\n")) << r.out;
  r = run_cli({"validate", dir.file("in")}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, broken + broken_error + headless + headless_error);
  EXPECT_TRUE(r.out.ends_with("4 files: 1 valid, 2 invalid, 0 warnings, 1 skipped (not an animation: 1 armour file)\n")) << r.out;
}

TEST(ArmourFile, InfoNamesItForWhatItIs) {
  TempDir dir;
  const std::string armour = dir.write_text("armour.mdl", armour_text);
  auto r = run_cli({"info", armour}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, armour + ": GEM armour file (.mdl): armour and durability, no skeleton, " +
                       std::to_string(std::strlen(armour_text)) + " bytes\n" +
                       "  forms       2: set-basic-durability, set-gun\n" +
                       "  volumes     2 (thickness): body1 (15), shell1 (10)\n");
}

TEST(ArmourFile, ACommandThatWantsAModelSaysWhatItIs) {
  TempDir dir;
  const std::string armour = dir.write_text("armour.mdl", armour_text);
  auto r = run_cli({"convert", armour, "-o", dir.file("a.glb")}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, armour + ":0: error: not an animation but a GEM armour file (.mdl), one of the game's files that anmkit does "
                            "not convert\n");
  r = run_cli({"convert", turret, "-o", dir.file("t.glb"), "--skeleton", armour}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, armour + ":0: error: a GEM armour file, not a model: --skeleton takes the model's .mdl\n");
  EXPECT_FALSE(fs::exists(dir.file("a.glb")));
  EXPECT_FALSE(fs::exists(dir.file("t.glb")));
}

TEST(ArmourFile, TheRealThorIsArmour) {
  ANMKIT_REQUIRE_MODELS_CORPUS(corpus);
  TempDir dir;
  const std::string thor = (corpus / "600mm_thor.mdl").string();
  auto r = run_cli({"info", "--json", thor}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["title"], "GEM armour file (.mdl): armour and durability, no skeleton");
  EXPECT_EQ(j["kind"], "resource");
  EXPECT_EQ(j["forms"], 8);
  EXPECT_EQ(j["volumes"], 19);
  r = run_cli({"info", thor}, dir);
  EXPECT_NE(r.out.find("  forms       8: set-basic-durability, set-basic-armor, set-turret, set-mantlet, set-gun, set-body, "
                       "set-engine, set-tracks\n"),
            std::string::npos)
      << r.out;
}

}  // namespace
}  // namespace anmkit::test
