// The command line as a user meets it: exit codes, what goes to stdout and stderr, and the
// FILE:OFFSET: error: MESSAGE convention.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "anmkit/core/json_text.hpp"
#include "anmkit/formats/gem/gem_read.hpp"
#include "support/fixture_bytes.hpp"
#include "support/run_cli.hpp"

namespace anmkit::test {
namespace {

using json = nlohmann::ordered_json;

std::vector<std::uint8_t> small_file() {
  FixtureBytes b;
  b.header(gem::version_6_0, 3, {"hull", "gun"});
  b.tag("FRM2").u16(0).u8(2).u8(0).u16(0x0b).f32s({0, 0, 1.5f, -0.0f, -0.0f, -0.0f}).u8(1).u16(0x0b).f32s({1, 2, 3, 0, 0, 0.6f});
  b.tag("FRM2").u16(2).u8(2).u8(0).u16(0x0b).f32s({0, 0, 1.5f, -0.0f, -0.0f, -0.0f}).u8(1).u16(0x13).f32s({1, 2, 4, 0, 0, 0.6f});
  return b.bytes();
}

// `sample small.anm --frame 2 --json`, worked out by hand from small_file's frame-2 keys: the
// hull's (orientation stored as -0.0, printed as 0: a pose has no negative zero), the gun's (flags 0x13: hidden); w = sqrt(1 - 0.6²)
// in float arithmetic; scale never keyed: 1.
const std::string small_file_at_frame_2 =
    "{\n"
    "  \"frame\": 2,\n"
    "  \"bones\": [\n"
    "    {\"name\": \"hull\", \"translation\": [0.0, 0.0, 1.5], \"rotation\": [0.0, 0.0, 0.0, 1.0], \"scale\": [1.0, 1.0, 1.0], \"visible\": true, \"mirrored\": false},\n"
    "    {\"name\": \"gun\", \"translation\": [1.0, 2.0, 4.0], \"rotation\": [0.0, 0.0, 0.6, 0.79999995], \"scale\": [1.0, 1.0, 1.0], \"visible\": false, \"mirrored\": false}\n"
    "  ]\n"
    "}\n";

TEST(Cli, HelpOnEverySubcommand) {
  TempDir dir;
  auto r = run_cli({"--help"}, dir);
  EXPECT_EQ(r.exit_code, 0);
  for (const char* sub : {"info", "validate", "dump", "build", "sample", "convert"}) {
    EXPECT_NE(r.out.find(sub), std::string::npos) << sub;
    auto h = run_cli({sub, "--help"}, dir);
    EXPECT_EQ(h.exit_code, 0) << sub;
    EXPECT_NE(h.out.find("Usage:"), std::string::npos) << sub;
    EXPECT_TRUE(h.err.empty()) << sub;
  }
}

TEST(Cli, UsageErrorsExitTwo) {
  TempDir dir;
  EXPECT_EQ(run_cli({}, dir).exit_code, 2);
  EXPECT_EQ(run_cli({"validate"}, dir).exit_code, 2);
  EXPECT_EQ(run_cli({"validate", "--bogus", "x"}, dir).exit_code, 2);
  auto r = run_cli({"convert", "a.anm", "-o", "b.anm", "--to", "gem-9"}, dir);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("gem-9"), std::string::npos);
  EXPECT_TRUE(r.out.empty());
}

TEST(Cli, ValidateExitCodesAndCompilerStyleDiagnostics) {
  TempDir dir;
  const auto good = dir.write("good.anm", small_file());
  auto r = run_cli({"validate", good}, dir);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, good + ": valid\n");
  EXPECT_EQ(r.err, "");

  auto bytes = small_file();
  bytes[6] = 9;  // version 9.0
  const auto bad = dir.write("bad.anm", bytes);
  r = run_cli({"validate", good, bad}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, good + ": valid\n" + bad + ": invalid (1 error, 0 warnings)\n");
  EXPECT_EQ(r.err, bad + ":4: error: unknown version 0x00090000 (expected 3.0, 4.0, 5.0, 6.0 or 6.1)\n");

  bytes = small_file();
  bytes.resize(55);
  const auto cut = dir.write("cut.anm", bytes);
  r = run_cli({"validate", cut}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, cut + ":49: error: unexpected end of data: expected key position (3 floats) (12 bytes), 6 remain\n");

  const auto text = dir.write_text("notes.anm", "just some text");
  r = run_cli({"validate", text}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, text + ":0: error: not a recognised animation: no GEM ('EANM') or MM2 ('00 00 54 56') signature, and not a plausible LM header\n");

  r = run_cli({"validate", dir.file("missing.anm")}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, dir.file("missing.anm") + ": error: cannot open: No such file or directory\n");
}

TEST(Cli, WarningsPassUnlessStrict) {
  TempDir dir;
  auto bytes = small_file();
  bytes[46] = 1;  // first FRM2's first key: bone 0 -> bone 1, keyed twice at frame 0
  const auto path = dir.write("dup.anm", bytes);
  auto r = run_cli({"validate", path}, dir);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, path + ": valid (0 errors, 1 warning)\n");
  EXPECT_EQ(r.err, path + ":73: warning: bone 1 'gun' is keyed twice at frame 0\n");
  EXPECT_EQ(run_cli({"validate", "--strict", path}, dir).exit_code, 1);
  r = run_cli({"validate", "--json", path}, dir);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.err, "");
  const json report = json::parse(r.out);
  EXPECT_EQ(report[0]["warnings"], 1);
  EXPECT_EQ(report[0]["diagnostics"][0]["id"], "gem.duplicate-key");
  EXPECT_EQ(report[0]["diagnostics"][0]["offset"], 73);
  EXPECT_EQ(report[0]["diagnostics"][0]["pointer"], "/frames/0/keys/1");
}

TEST(Cli, GlobalLimitsApplyToEveryRead) {
  TempDir dir;
  const auto path = dir.write("small.anm", small_file());
  auto r = run_cli({"info", path, "--max-frames", "2"}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, path + ":12: error: frame count 3 exceeds the limit of 2 frames (--max-frames)\n");
  r = run_cli({"--max-bytes", "100", "validate", path}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, path + ": error: larger than the input limit of 100 bytes\n");
  EXPECT_EQ(run_cli({"info", path, "--max-frames", "3"}, dir).exit_code, 0);
}

TEST(Cli, InfoTextAndJson) {
  TempDir dir;
  const auto path = dir.write("small.anm", small_file());
  auto r = run_cli({"info", path}, dir);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, path + ": GEM skeletal animation (EANM) 6.0, 161 bytes\n"
                          "  frames      3 (keys on 2 frames, 0..2)\n"
                          "  chunks      2 FRM2\n"
                          "  bones       2: hull, gun\n"
                          "  keys        4\n"
                          "  flags used  0x000b position|orientation|visible (3), 0x0013 position|orientation|hidden (1)\n"
                          "  mesh keys   none\n"
                          "  comments    none\n");
  r = run_cli({"info", "--json", path}, dir);
  const json one = json::parse(r.out);
  EXPECT_EQ(one["file"], path);
  EXPECT_EQ(one["keys"], 4);
  r = run_cli({"info", "--json", path, path}, dir);
  EXPECT_EQ(json::parse(r.out).size(), 2u) << "several files give an array";
}

TEST(Cli, DumpAndBuildAreExactInverses) {
  TempDir dir;
  const auto original = small_file();
  const auto path = dir.write("small.anm", original);
  auto r = run_cli({"dump", path}, dir);
  ASSERT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.err, "");
  const auto json_path = dir.write_text("small.json", r.out);
  r = run_cli({"build", json_path, "-o", dir.file("rebuilt.anm")}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_bytes(dir.file("rebuilt.anm")), original);
  EXPECT_EQ(run_cli({"dump", path, "-o", dir.file("to_file.json")}, dir).exit_code, 0);
  EXPECT_EQ(slurp(dir.file("to_file.json")), slurp(json_path));
}

TEST(Cli, AHandEditBuildsAValidFile) {
  TempDir dir;
  const auto path = dir.write("small.anm", small_file());
  json doc = json::parse(run_cli({"dump", path}, dir).out);
  doc["bones"].push_back({{"name", "antenna"}});
  doc["frames"][1]["keys"][1]["position"][2] = 5.25;
  doc["frames"][1]["keys"].push_back({{"bone", 2}, {"flags", 9}, {"position", {0, 0, 7}}});
  const auto edited = dir.write_text("edited.json", doc.dump(2));
  auto r = run_cli({"build", edited, "-o", dir.file("edited.anm")}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto file = gem::read(read_bytes(dir.file("edited.anm")));
  ASSERT_TRUE(file);
  EXPECT_EQ(file->bones.size(), 3u);
  EXPECT_EQ(file->bones[2].name, "antenna");
  EXPECT_EQ((*file->position(file->keys_of(file->frames[1])[1]))[2], bits(5.25f));
  EXPECT_EQ(file->keys_of(file->frames[1])[2].bone, 2);
  EXPECT_EQ(run_cli({"validate", dir.file("edited.anm")}, dir).exit_code, 0);
}

TEST(Cli, ABrokenEditNamesTheJsonPath) {
  TempDir dir;
  const auto path = dir.write("small.anm", small_file());
  json doc = json::parse(run_cli({"dump", path}, dir).out);
  doc["frames"][0]["keys"][1]["position"] = {1, 2};
  const auto edited = dir.write_text("broken.json", doc.dump(2));
  auto r = run_cli({"build", edited, "-o", dir.file("out.anm")}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, edited + ":/frames/0/keys/1/position: error: expected an array of 3 floats, found 2 elements\n");
  EXPECT_FALSE(std::filesystem::exists(dir.file("out.anm")));

  doc = json::parse(run_cli({"dump", path}, dir).out);
  doc["frames"][0]["keys"][0]["flags"] = 3;  // position + orientation, the visible bit dropped: fine
  doc["frames"][0]["keys"][1].erase("orientation");
  const auto flags_only = dir.write_text("flags.json", doc.dump());
  r = run_cli({"build", flags_only, "-o", dir.file("out.anm")}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, flags_only + ":/frames/0/keys/1/orientation: error: flags 0x000b include 0x02 but the key has no orientation\n");

  doc = json::parse(run_cli({"dump", path}, dir).out);
  doc["version"] = "0x00090000";
  const auto bad_version = dir.write_text("version.json", doc.dump());
  r = run_cli({"build", bad_version, "-o", dir.file("out.anm")}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, bad_version + ":/version: error: unknown version 0x00090000 (expected 3.0, 4.0, 5.0, 6.0 or 6.1)\n");
  EXPECT_EQ(run_cli({"build", "--no-validate", bad_version, "-o", dir.file("out.anm")}, dir).exit_code, 0);

  const auto syntax = dir.write_text("syntax.json", "{\"schema\": ");
  r = run_cli({"build", syntax, "-o", dir.file("out2.anm")}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err.rfind(syntax + ":11: error: invalid JSON: parse error at line 1, column 12", 0), 0u) << r.err;
}

TEST(Cli, InputsAreNeverOverwrittenUnlessForced) {
  TempDir dir;
  const auto original = small_file();
  const auto path = dir.write("small.anm", original);
  auto r = run_cli({"convert", path, "-o", path, "--to", "gem-6.1"}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, path + ": error: refusing to overwrite the input file; pass --in-place to replace it\n");
  EXPECT_EQ(read_bytes(path), original);
  r = run_cli({"convert", path, "-o", path, "--to", "gem-6.1", "--in-place"}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  auto file = gem::read(read_bytes(path));
  ASSERT_TRUE(file);
  EXPECT_EQ(file->version, gem::version_6_1);
}

TEST(Cli, ConvertToEveryVersionKeepsThePose) {
  TempDir dir;
  const auto path = dir.write("small.anm", small_file());
  auto original = run_cli({"sample", path, "--frame", "2", "--json"}, dir);
  ASSERT_EQ(original.exit_code, 0) << original.err;
  const std::string expected = original.out;
  ASSERT_EQ(expected, small_file_at_frame_2);
  for (const char* target : {"gem-4.0", "gem-6.0", "gem-6.1", "gem-6.1-frm3"}) {
    const auto out = dir.file(std::string(target) + ".anm");
    auto r = run_cli({"convert", path, "-o", out, "--to", target}, dir);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(run_cli({"validate", out}, dir).exit_code, 0) << target;
    auto resampled = run_cli({"sample", out, "--frame", "2", "--json"}, dir);
    ASSERT_EQ(resampled.exit_code, 0) << target << ": " << resampled.err;
    const std::string sampled = resampled.out;
    if (std::string(target) != "gem-4.0") {
      EXPECT_EQ(sampled, expected) << target << ": FRM2 and FRM3 keep every value's bits";
      continue;
    }
    // FRMN stores a matrix: the values come back within float rounding.
    const json a = json::parse(expected), b = json::parse(sampled);
    ASSERT_EQ(b["bones"].size(), 2u);
    EXPECT_EQ(b["frame"], 2);
    for (std::size_t bone = 0; bone < 2; ++bone) {
      EXPECT_EQ(a["bones"][bone]["name"], b["bones"][bone]["name"]);
      for (const char* field : {"translation", "rotation", "scale"}) {
        for (std::size_t i = 0; i < a["bones"][bone][field].size(); ++i) {
          EXPECT_NEAR(a["bones"][bone][field][i].get<double>(), b["bones"][bone][field][i].get<double>(), 1e-6) << field;
        }
      }
      EXPECT_EQ(a["bones"][bone]["visible"], b["bones"][bone]["visible"]);
    }
  }
}

TEST(Cli, SampleJsonAndTable) {
  TempDir dir;
  const auto path = dir.write("small.anm", small_file());
  auto r = run_cli({"sample", path, "--frame", "2", "--json"}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, small_file_at_frame_2);
  r = run_cli({"sample", path, "--frame", "1"}, dir);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("gun                       1          2          3   0.000000  0.000000  0.600000  0.800000"), std::string::npos) << r.out;
  r = run_cli({"sample", path, "--frame", "3"}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, path + ": error: frame 3 is past the last frame 2 (frame count 3)\n");
  EXPECT_EQ(r.out, "");
}

// Numbers a user types: NaN, infinities, negative values for unsigned options and digits past any
// integer are usage errors that name the option (CLI11 alone lets "nan" and "-1" through).
TEST(Cli, HostileNumbersInOptionsAreUsageErrors) {
  TempDir dir;
  const std::string ex = std::string(ANMKIT_SOURCE_DIR) + "/examples/";
  const std::string turret = ex + "turret_v60.anm", ghost = ex + "ghost_mm2.anm", door = ex + "mansion_door.anm";
  const std::string u64 = "18446744073709551615";
  struct Case {
    std::vector<std::string> args;
    std::string err;
  };
  const std::vector<Case> cases = {
      {{"convert", turret, "-o", dir.file("t.glb"), "--fps", "nan"}, "--fps: expected a finite number from 0.01 to 10000, found 'nan'"},
      {{"convert", turret, "-o", dir.file("t.glb"), "--fps", "inf"}, "--fps: expected a finite number from 0.01 to 10000, found 'inf'"},
      {{"convert", turret, "-o", dir.file("t.anm"), "--to", "gem-6.1", "--tolerance", "nan"},
       "--tolerance: expected a finite number from 0 to 1000000, found 'nan'"},
      {{"convert", ghost, "-o", dir.file("x.iff"), "--state", "-1"}, "--state: expected a whole number from 0 to " + u64 + ", found '-1'"},
      {{"convert", ghost, "-o", dir.file("x.iff"), "--state", "99999999999999999999999"},
       "--state: expected a whole number from 0 to " + u64 + ", found '99999999999999999999999'"},
      {{"convert", ghost, "-o", dir.file("x.gif"), "--sequence", "99999999999"},
       "--sequence: expected a whole number from 0 to 2147483647, found '99999999999'"},
      {{"convert", ghost, "-o", dir.file("x.gif"), "--flipbook", "--flipbook-ticks", "0"},
       "--flipbook-ticks: expected a whole number from 1 to 4294967295, found '0'"},
      {{"convert", ghost, "-o", dir.file("x.gif"), "--tick-hz", "nan"}, "--tick-hz: expected a finite number from 0.01 to 10000, found 'nan'"},
      {{"--max-bytes", "-1", "info", ghost}, "--max-bytes: expected a whole number from 0 to " + u64 + ", found '-1'"},
      {{"info", ghost, "--max-frames", "4294967296"}, "--max-frames: expected a whole number from 0 to 4294967295, found '4294967296'"},
      {{"info", "--nodes", "-1", door}, "--nodes: expected a whole number from 0 to 4294967295, found '-1'"},
      {{"info", "--fps", "nan", door}, "--fps: expected a finite number from 0.01 to 10000, found 'nan'"},
      {{"sample", door, "--frame", "nan"}, "--frame: expected a finite number from 0 to 4294967295, found 'nan'"},
      {{"sample", door, "--time", "1e9", "--fps", "10000"}, "--time: 1000000000 s at 10000 fps is frame 10000000000000, past the largest frame 4294967295"},
  };
  for (const Case& c : cases) {
    auto r = run_cli(c.args, dir);
    EXPECT_EQ(r.exit_code, 2) << c.err;
    EXPECT_EQ(r.err, c.err + "\nRun with --help for more information.\n");
  }
}

TEST(Cli, ValuesPastWhatTheFileHoldsFailWithAMessage) {
  TempDir dir;
  const std::string ex = std::string(ANMKIT_SOURCE_DIR) + "/examples/";
  ASSERT_EQ(run_cli({"convert", ex + "turret_v60.anm", "-o", dir.file("t.glb")}, dir).exit_code, 0);
  // std::stoul threw std::out_of_range here: the process aborted.
  auto r = run_cli({"convert", dir.file("t.glb"), "-o", dir.file("y.anm"), "--to", "gem-6.0", "--animation", "99999999999999999999999"}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, dir.file("t.glb") + ": error: animation index 99999999999999999999999 is out of range (the file has 1 animation)\n");
  // Numbers past their option's range are usage errors (issue 17: --fps 1e308, --frame 1e300).
  r = run_cli({"convert", ex + "turret_v60.anm", "-o", dir.file("f.glb"), "--fps", "1e308"}, dir);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "--fps: expected a finite number from 0.01 to 10000, found '1e308'\nRun with --help for more information.\n");
  r = run_cli({"sample", ex + "mansion_door.anm", "--frame", "1e300", "--json"}, dir);
  EXPECT_EQ(r.exit_code, 2);
  // The largest frame prints as the number it is.
  r = run_cli({"sample", ex + "mansion_door.anm", "--frame", "4294967295", "--json"}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(json::parse(r.out)["frame"], 4294967295u);
}

TEST(Cli, FileNamesThatAreNotUtf8) {
  TempDir dir;
  const std::string ex = std::string(ANMKIT_SOURCE_DIR) + "/examples/";
  std::filesystem::create_directories(dir.file("in"));
  const std::string ghost = dir.write("in/g\xff.anm", read_bytes(ex + "ghost_mm2.anm"));
  const std::string turret = dir.write("t\xff.anm", read_bytes(ex + "turret_v60.anm"));
  // JSON output escapes the name reversibly (json_text; nlohmann's dump threw type_error 316 here).
  auto r = run_cli({"info", "--json", ghost}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(json::parse(r.out)["file"], json_text(ghost));
  EXPECT_EQ(json_text(ghost).substr(json_text(ghost).size() - 12), "67ff2e616e6d");
  r = run_cli({"validate", "--json", ghost}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  // In a batch worker thread the exception ended the process.
  r = run_cli({"batch", dir.file("in"), "-o", dir.file("out"), "--to", "png"}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(json::parse(slurp(dir.file("out/g\xff.json")))["source"], "hex:67ff2e616e6d");
  // glTF names must be UTF-8: the animation, named after the file, carries the escape.
  r = run_cli({"convert", turret, "-o", dir.file("t.gltf")}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(json::parse(slurp(dir.file("t.gltf")))["animations"][0]["name"], "hex:74ff");
}

}  // namespace
}  // namespace anmkit::test
