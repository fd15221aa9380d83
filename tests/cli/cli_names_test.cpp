// Issue 17 at the command line: names that are not UTF-8 (a bone's, a file's) through every
// JSON-printing path and back through `build`; deep and duplicate JSON; `build` under the
// readers' limits; a .mdl's sequence files; the GIF's size bound.

#include <gtest/gtest.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "anmkit/core/json_text.hpp"
#include "anmkit/formats/gem/gem_read.hpp"
#include "support/fixture_bytes.hpp"
#include "support/run_cli.hpp"

namespace anmkit::test {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

const fs::path examples = fs::path(ANMKIT_SOURCE_DIR) / "examples";

// "bas\xE9is" (Latin-1 é) and a UTF-8 name that begins with the escape's own prefix.
constexpr const char* latin1 = "bas\xe9is";
constexpr const char* latin1_json = "hex:626173e96973";
constexpr const char* prefixed = "hex:ff";
constexpr const char* prefixed_json = "hex:6865783a6666";

std::vector<std::uint8_t> gem_with_odd_names() {
  FixtureBytes b;
  b.tag("EANM").u32(gem::version_6_0).tag("FRMS").u32(3);
  b.tag("CMNT").u16(4).tag("caf\xe9");
  b.tag("BMAP").u32(2).name(latin1).name(prefixed);
  b.tag("FRM2").u16(0).u8(2).u8(0).u16(0x0b).f32s({0, 0, 1.5f, 0, 0, 0}).u8(1).u16(0x0b).f32s({1, 2, 3, 0, 0, 0.5f});
  return b.bytes();
}

json parsed(const std::string& text) { return json::parse(text); }

TEST(CliNames, InfoValidateAndSamplePrintTheEscape) {
  TempDir dir;
  const auto path = dir.write("odd.anm", gem_with_odd_names());
  auto r = run_cli({"info", path, "--json"}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json info = parsed(r.out);
  EXPECT_EQ(info["bones"], json::array({latin1_json, prefixed_json}));

  r = run_cli({"validate", path, "--json"}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(parsed(r.out)[0]["file"], path);

  r = run_cli({"sample", path, "--frame", "0", "--json"}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json sample = parsed(r.out);
  EXPECT_EQ(sample["bones"][0]["name"], latin1_json);
  EXPECT_EQ(sample["bones"][1]["name"], prefixed_json);
}

TEST(CliNames, DumpEscapesNamesAndCommentsAndBuildGivesTheSameBytes) {
  TempDir dir;
  const auto bytes = gem_with_odd_names();
  const auto path = dir.write("odd.anm", bytes);
  auto r = run_cli({"dump", path, "-o", dir.file("odd.json")}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json doc = parsed(slurp(dir.file("odd.json")));
  EXPECT_EQ(doc["bones"], json::parse(R"([{"name": "hex:626173e96973"}, {"name": "hex:6865783a6666"}])"));
  EXPECT_EQ(doc["comments"], json::parse(R"([{"text": "hex:636166e9"}])"));
  r = run_cli({"build", dir.file("odd.json"), "-o", dir.file("back.anm")}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_bytes(dir.file("back.anm")), bytes);
}

TEST(CliNames, EarlierDumpsSpellingNameHexStillBuild) {
  TempDir dir;
  const auto path = dir.write("odd.anm", gem_with_odd_names());
  ASSERT_EQ(run_cli({"dump", path, "-o", dir.file("odd.json")}, dir).exit_code, 0);
  json doc = parsed(slurp(dir.file("odd.json")));
  doc["bones"][0] = {{"name_hex", "626173e96973"}};
  doc["comments"][0] = {{"hex", "636166e9"}};
  dir.write_text("old.json", doc.dump());
  auto r = run_cli({"build", dir.file("old.json"), "-o", dir.file("back.anm")}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_bytes(dir.file("back.anm")), gem_with_odd_names());
}

TEST(CliNames, ABrokenEscapeInADumpNamesItsPointer) {
  TempDir dir;
  const auto path = dir.write("odd.anm", gem_with_odd_names());
  ASSERT_EQ(run_cli({"dump", path, "-o", dir.file("odd.json")}, dir).exit_code, 0);
  json doc = parsed(slurp(dir.file("odd.json")));
  doc["bones"][1]["name"] = "hex:6g";
  const auto bad = dir.write_text("bad.json", doc.dump());
  auto r = run_cli({"build", bad, "-o", dir.file("x.anm")}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, bad + ":/bones/1/name: error: expected a name, or \"hex:\" and pairs of hex digits, found \"hex:6g\"\n");
  EXPECT_FALSE(fs::exists(dir.file("x.anm")));
}

TEST(CliNames, GltfNodesCarryTheEscapeAndImportGivesTheBytesBack) {
  TempDir dir;
  const auto path = dir.write("odd.anm", gem_with_odd_names());
  auto r = run_cli({"convert", path, "-o", dir.file("odd.gltf")}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json gltf = parsed(slurp(dir.file("odd.gltf")));
  std::vector<std::string> names;
  for (const auto& node : gltf["nodes"]) names.push_back(node.value("name", ""));
  EXPECT_NE(std::find(names.begin(), names.end(), latin1_json), names.end());
  EXPECT_NE(std::find(names.begin(), names.end(), prefixed_json), names.end());
  r = run_cli({"convert", dir.file("odd.gltf"), "-o", dir.file("back.anm"), "--to", "gem-6.0"}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto back = gem::read(read_bytes(dir.file("back.anm")));
  ASSERT_TRUE(back) << back.error().to_string();
  ASSERT_EQ(back->bones.size(), 2u);
  EXPECT_EQ(back->bones[0].name, latin1);
  EXPECT_EQ(back->bones[1].name, prefixed);
}

TEST(CliNames, BatchOverOddNamesConvertsEveryFile) {
  TempDir dir;
  fs::create_directories(dir.path() / "in");
  dir.write("in/odd.anm", gem_with_odd_names());
  dir.write("in/\xff.anm", gem_with_odd_names());
  auto r = run_cli({"batch", dir.file("in"), "-o", dir.file("out"), "--to", "json"}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* name : {"odd.json", "\xff.json"}) {
    const json doc = parsed(slurp(dir.path() / "out" / name));
    EXPECT_EQ(doc["bones"][0]["name"], latin1_json) << name;
  }
  r = run_cli({"batch", dir.file("in"), "-o", dir.file("gltf"), "--to", "gltf"}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::exists(dir.path() / "gltf" / "\xff.gltf"));
  for (const auto& entry : fs::recursive_directory_iterator(dir.path())) {
    EXPECT_EQ(entry.path().filename().string().find(".anmkit-tmp"), std::string::npos) << entry.path();
  }
}

// A file name that is not UTF-8, for each format: info names it with the escape, and
// dump -> build gives a byte-identical file.
TEST(CliNames, FileNamesThatAreNotUtf8RoundTripInEveryFormat) {
  TempDir dir;
  struct Case {
    std::string name;
    std::vector<std::uint8_t> bytes;
    std::vector<std::string> extra;
  };
  const std::vector<Case> cases{
      {"g\xff.anm", gem_with_odd_names(), {}},
      {"l\xff.anm", read_bytes(examples / "mansion_door.anm"), {"--bin", (examples / "mansion_door.bin").string()}},
      {"m\xff.anm", read_bytes(examples / "ghost_mm2.anm"), {}},
  };
  for (const Case& c : cases) {
    const auto path = dir.write(c.name, c.bytes);
    std::vector<std::string> info{"info", path, "--json"};
    info.insert(info.end(), c.extra.begin(), c.extra.end());
    auto r = run_cli(info, dir);
    ASSERT_EQ(r.exit_code, 0) << c.name << r.err;
    EXPECT_EQ(parsed(r.out)["file"], json_text(path)) << c.name;
    std::vector<std::string> dump{"dump", path, "-o", path + ".json"};
    dump.insert(dump.end(), c.extra.begin(), c.extra.end());
    r = run_cli(dump, dir);
    ASSERT_EQ(r.exit_code, 0) << c.name << r.err;
    r = run_cli({"build", path + ".json", "-o", path + ".back"}, dir);
    ASSERT_EQ(r.exit_code, 0) << c.name << r.err;
    EXPECT_EQ(read_bytes(path + ".back"), c.bytes) << c.name;
  }
}

std::string deep_array(std::size_t levels) { return std::string(levels, '[') + std::string(levels, ']'); }

TEST(CliNames, DeepJsonIsAnErrorWithItsPointerNotACrash) {
  TempDir dir;
  const auto path = dir.write("odd.anm", gem_with_odd_names());
  ASSERT_EQ(run_cli({"dump", path, "-o", dir.file("odd.json"), "--compact"}, dir).exit_code, 0);
  std::string text = slurp(dir.file("odd.json"));
  const std::string bones = "\"bones\":";
  const auto at = text.find(bones);
  ASSERT_NE(at, std::string::npos);
  text.insert(at + bones.size(), deep_array(200000) + ",\"x\":");  // 400 KB of nesting
  const auto deep = dir.write_text("deep.json", text);
  auto r = run_cli({"build", deep, "-o", dir.file("x.anm")}, dir);
  EXPECT_EQ(r.exit_code, 1);
  std::string pointer = "/bones";
  for (int i = 0; i < 63; ++i) pointer += "/0";
  EXPECT_EQ(r.err, deep + ":" + pointer + ": error: nested deeper than the limit of 64 levels (--max-json-depth)\n");
  r = run_cli({"build", deep, "-o", dir.file("x.anm"), "--max-json-depth", "3"}, dir);
  EXPECT_EQ(r.err, deep + ":/bones/0/0: error: nested deeper than the limit of 3 levels (--max-json-depth)\n");
}

TEST(CliNames, DuplicateMembersAreErrors) {
  TempDir dir;
  const auto path = dir.write("odd.anm", gem_with_odd_names());
  ASSERT_EQ(run_cli({"dump", path, "-o", dir.file("odd.json"), "--compact"}, dir).exit_code, 0);
  std::string text = slurp(dir.file("odd.json"));
  text.insert(1, "\"frame_count\":7,");
  const auto twice = dir.write_text("twice.json", text);
  auto r = run_cli({"build", twice, "-o", dir.file("x.anm")}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, twice + ":/frame_count: error: duplicate member 'frame_count'\n");
}

TEST(CliNames, DeepAndDuplicateGltfJsonAreRefused) {
  TempDir dir;
  const auto path = dir.write("odd.anm", gem_with_odd_names());
  ASSERT_EQ(run_cli({"convert", path, "-o", dir.file("odd.gltf")}, dir).exit_code, 0);
  json gltf = parsed(slurp(dir.file("odd.gltf")));
  std::string text = gltf.dump();
  const std::string asset = "\"asset\":{";
  text.insert(text.find(asset) + asset.size(), "\"extras\":" + deep_array(100000) + ",");
  const auto deep = dir.write_text("deep.gltf", text);
  auto r = run_cli({"convert", deep, "-o", dir.file("x.anm"), "--to", "gem-6.0"}, dir);
  EXPECT_EQ(r.exit_code, 1);
  std::string pointer = "/asset/extras";
  for (int i = 0; i < 62; ++i) pointer += "/0";
  EXPECT_EQ(r.err, deep + ":" + pointer + ": error: not a readable glTF file: nested deeper than the limit of 64 levels (--max-json-depth)\n");

  text = gltf.dump();
  text.insert(text.find(asset) + asset.size(), "\"version\":\"1.0\",");
  const auto twice = dir.write_text("twice.gltf", text);
  r = run_cli({"convert", twice, "-o", dir.file("x.anm"), "--to", "gem-6.0"}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, twice + ":/asset/version: error: not a readable glTF file: duplicate member 'version'\n");
}

TEST(CliNames, BuildRefusesWhatTheReadersWouldRefuse) {
  TempDir dir;
  const auto path = dir.write("odd.anm", gem_with_odd_names());
  ASSERT_EQ(run_cli({"dump", path, "-o", dir.file("odd.json")}, dir).exit_code, 0);
  json doc = parsed(slurp(dir.file("odd.json")));
  doc["frame_count"] = 4294967295u;
  const auto frames = dir.write_text("frames.json", doc.dump());
  auto r = run_cli({"build", frames, "-o", dir.file("x.anm")}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, frames + ":/frame_count: error: frame count 4294967295 exceeds the limit of 1048576 frames (--max-frames)\n");
  EXPECT_FALSE(fs::exists(dir.file("x.anm")));
  // Raised, the limit lets it through, and the same limit reads it.
  r = run_cli({"build", frames, "-o", dir.file("x.anm"), "--max-frames", "4294967295"}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(run_cli({"info", dir.file("x.anm"), "--max-frames", "4294967295"}, dir).exit_code, 0);

  // MM2: 5 000 sequence blocks, past the default 4 096.
  ASSERT_EQ(run_cli({"dump", (examples / "ghost_mm2.anm").string(), "-o", dir.file("ghost.json")}, dir).exit_code, 0);
  json ghost = parsed(slurp(dir.file("ghost.json")));
  ghost["sequences"] = json::array();
  for (int i = 0; i < 5000; ++i) ghost["sequences"].push_back(json::array());
  const auto sequences = dir.write_text("sequences.json", ghost.dump());
  r = run_cli({"build", sequences, "-o", dir.file("y.anm")}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, sequences + ":/sequences: error: more than 4096 sequence blocks (--max-sequences)\n");

  // LM: more nodes than --max-bones.
  ASSERT_EQ(run_cli({"dump", (examples / "mansion_door.anm").string(), "--bin", (examples / "mansion_door.bin").string(),
                     "-o", dir.file("door.json")}, dir).exit_code, 0);
  const auto door = dir.file("door.json");
  const std::size_t nodes = parsed(slurp(door))["groups"].size();
  r = run_cli({"build", door, "-o", dir.file("z.anm"), "--max-bones", std::to_string(nodes - 1)}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, door + ":/groups: error: " + std::to_string(nodes) + " nodes exceed the limit of " + std::to_string(nodes - 1) +
                       " (--max-bones)\n");
}

TEST(CliNames, BuildRefusesAFileTheReaderWouldFindTooLarge) {
  TempDir dir;
  // MM2 files are read up to 4 MiB whatever --max-bytes says; the dump of a larger one is not
  // built, though the JSON itself is under the input limit.
  ASSERT_EQ(run_cli({"dump", (examples / "ghost_mm2.anm").string(), "-o", dir.file("ghost.json")}, dir).exit_code, 0);
  json ghost = parsed(slurp(dir.file("ghost.json")));
  const std::size_t before = read_bytes(examples / "ghost_mm2.anm").size() - ghost["frames"][0]["stream"].get<std::string>().size() / 2;
  const std::size_t stream = (4u << 20) - before + 1;  // one byte past the cap
  ghost["frames"][0]["stream"] = std::string(2 * stream, '0');
  const auto big = dir.write_text("big.json", ghost.dump());
  auto r = run_cli({"build", big, "-o", dir.file("big.anm")}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, big + ": error: the document makes a file that anmkit would refuse to read: input of 4194305 bytes is larger than "
                         "the limit of 4194304 bytes for MM2 files (at byte 0 of the written file)\n");
  EXPECT_FALSE(fs::exists(dir.file("big.anm")));
}

// A .mdl's sequence files: beside the .mdl whatever the current folder, regular files only, and
// all of them within --max-bytes.
TEST(CliNames, SequenceFilesAreRegularFilesBesideTheModelWithinTheInputLimit) {
  TempDir dir;
  fs::create_directories(dir.path() / "tank");
  fs::copy_file(examples / "turret_v60.anm", dir.path() / "tank/fire.anm");
  const std::string mdl = slurp(fs::path(ANMKIT_SOURCE_DIR) / "fuzz/seeds/mdl/skeleton.mdl");
  const auto model = dir.write_text("tank/tank.mdl", mdl);
  auto r = run_cli({"convert", model, "-o", dir.file("tank.gltf")}, dir);  // run from elsewhere
  ASSERT_EQ(r.exit_code, 0) << r.err;
  json gltf = parsed(slurp(dir.file("tank.gltf")));
  ASSERT_EQ(gltf["animations"].size(), 1u) << r.err;
  EXPECT_EQ(gltf["animations"][0]["name"], "fire");

  std::string zero = mdl;
  zero.replace(zero.find("fire.anm"), 8, "/dev/zero");
  const auto devzero = dir.write_text("tank/zero.mdl", zero);
  // Refused by its name, before anything is read (no wall-clock check: it failed under ASan on
  // a loaded machine, and speed is the benchmarks' job).
  r = run_cli({"convert", devzero, "-o", dir.file("zero.gltf")}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("sequence 'fire': its {file \"/dev/zero\"} is /dev/zero: an absolute path; files are named relative to the folder of the "
                       "file that names them (skipped)"),
            std::string::npos)
      << r.err;

  fs::create_directory_symlink("/dev", dir.path() / "tank/dev");
  zero = mdl;
  zero.replace(zero.find("fire.anm"), 8, "dev/zero");
  const auto linked = dir.write_text("tank/linked.mdl", zero);
  r = run_cli({"convert", linked, "-o", dir.file("linked.gltf")}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("sequence 'fire': its {file \"dev/zero\"} is " + dir.file("tank/dev/zero") + ": not a regular file (skipped)"), std::string::npos)
      << r.err;

  // The .mdl and its sequence files together count against --max-bytes.
  const auto limit = mdl.size() + fs::file_size(dir.path() / "tank/fire.anm") - 1;
  r = run_cli({"convert", model, "-o", dir.file("small.gltf"), "--max-bytes", std::to_string(limit)}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("sequence 'fire': its {file \"fire.anm\"} is " + dir.file("tank/fire.anm") + ": " +
                       std::to_string(fs::file_size(dir.path() / "tank/fire.anm")) + " bytes, past what is left (" +
                       std::to_string(limit - mdl.size()) + ") of the input limit of " + std::to_string(limit) +
                       " bytes for a file and the files it names (skipped)"),
            std::string::npos)
      << r.err;
}

TEST(CliNames, AGifLargerThanTheOutputLimitIsRefusedBeforeItIsMade) {
  TempDir dir;
  const auto ghost = (examples / "ghost_mm2.anm").string();
  auto r = run_cli({"convert", ghost, "-o", dir.file("ghost.gif")}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = run_cli({"convert", ghost, "-o", dir.file("small.gif"), "--max-output-pixels", "1000"}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("pixels, more than the limit of 1000 (--max-output-pixels)"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir.file("small.gif")));
  r = run_cli({"convert", ghost, "-o", dir.file("sheet.png"), "--max-output-pixels", "1000"}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("the sheet would hold"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace anmkit::test
