// anmkit batch on a mixed folder: all three formats, nested folders, a non-animation file and a
// broken file; the tree, the summary and the exit code, identical for -j1 and -j2.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

#include <nlohmann/json.hpp>

#include "support/fixture_bytes.hpp"
#include "support/run_cli.hpp"

namespace anmkit::test {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> tree(const fs::path& root) {
  std::vector<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    if (e.is_regular_file()) out.push_back(fs::relative(e.path(), root).string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

class Batch : public ::testing::Test {
 protected:
  void SetUp() override {
    const fs::path ex = fs::path(ANMKIT_SOURCE_DIR) / "examples";
    fs::create_directories(dir.path() / "in/nested/deeper");
    for (const char* name : {"turret_v60.anm", "mansion_door.anm", "mansion_door.bin", "ghost_mm2.anm"}) {
      fs::copy_file(ex / name, dir.path() / "in" / name);
    }
    fs::copy_file(ex / "turret_v40.anm", dir.path() / "in/nested/deeper/turret_v40.anm");
    dir.write_text("in/nested/notes.txt", "not an animation");
    auto broken = read_bytes(ex / "turret_v60.anm");
    broken.resize(100);
    dir.write("in/nested/broken.anm", broken);
  }
  TempDir dir;
};

TEST_F(Batch, MixedFolderToGlb) {
  auto r = run_cli({"batch", dir.file("in"), "-o", dir.file("out"), "--to", "glb", "-j", "2"}, dir);
  EXPECT_EQ(r.exit_code, 1) << "a file failed";
  EXPECT_EQ(tree(dir.path() / "out"), (std::vector<std::string>{"mansion_door.glb", "nested/deeper/turret_v40.glb", "turret_v60.glb"}));
  EXPECT_EQ(r.err, dir.file("in") + "/nested/broken.anm:94: error: unexpected end of data: expected key orientation (3 floats) (12 bytes), 6 remain\n");
  EXPECT_NE(r.out.find("skipped " + dir.file("in") + "/ghost_mm2.anm: MM2 sprites convert to png or gif, not glTF\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("7 files: 3 converted, 3 skipped (2 not animations, 1 MM2 sprites convert to png or gif, not glTF), 1 failed\n"), std::string::npos) << r.out;
}

// What each kind must give for the mixed folder, worked out from the inputs: 7 files, of which
// notes.txt and the LM model mansion_door.bin are not animations and broken.anm fails.
struct BatchOutcome {
  const char* kind;
  std::vector<std::string> tree;
  const char* summary;
};

TEST_F(Batch, TheSameOutputWhateverTheNumberOfWorkers) {
  const std::vector<BatchOutcome> kinds = {
      {"json", {"ghost_mm2.json", "mansion_door.json", "nested/deeper/turret_v40.json", "turret_v60.json"},
       "7 files: 4 converted, 2 skipped (2 not animations), 1 failed\n"},
      {"png", {"ghost_mm2.json", "ghost_mm2.png"}, "7 files: 1 converted, 5 skipped (2 not animations, 3 png is for MM2 sprites), 1 failed\n"},
      {"gem-6.1-frm3", {"nested/deeper/turret_v40.anm", "turret_v60.anm"}, "7 files: 2 converted, 4 skipped (2 not animations, 2 --to gem-6.1-frm3 is for GEM files), 1 failed\n"},
  };
  const std::string broken = dir.file("in") + "/nested/broken.anm:94: error: unexpected end of data: expected key orientation (3 floats) (12 bytes), 6 remain\n";
  for (const BatchOutcome& want : kinds) {
    const std::string kind = want.kind;
    SCOPED_TRACE(kind);
    auto one = run_cli({"batch", dir.file("in"), "-o", dir.file("one_" + kind), "--to", kind, "-j", "1"}, dir);
    auto two = run_cli({"batch", dir.file("in"), "-o", dir.file("two_" + kind), "--to", kind, "-j", "2"}, dir);
    EXPECT_EQ(one.exit_code, 1) << "a file failed";
    EXPECT_EQ(two.exit_code, 1);
    EXPECT_EQ(one.err, broken);
    EXPECT_EQ(two.err, broken);
    const auto summary_at = one.out.size() - std::min(one.out.size(), std::string(want.summary).size());
    EXPECT_EQ(one.out.substr(summary_at), want.summary) << one.out;
    auto strip = [](std::string s, const std::string& from) {
      for (auto at = s.find(from); at != std::string::npos; at = s.find(from)) s.erase(at, from.size());
      return s;
    };
    EXPECT_EQ(strip(one.out, "one_" + kind), strip(two.out, "two_" + kind));
    const auto files = tree(dir.path() / ("one_" + kind));
    EXPECT_EQ(files, want.tree);
    ASSERT_EQ(files, tree(dir.path() / ("two_" + kind)));
    for (const auto& f : files) {
      EXPECT_EQ(read_bytes(dir.path() / ("one_" + kind) / f), read_bytes(dir.path() / ("two_" + kind) / f)) << f;
    }
  }
  // What the files hold. The dumps name their format and header values.
  const auto dump = [&](const std::string& name) { return nlohmann::json::parse(slurp(dir.path() / "one_json" / name)); };
  EXPECT_EQ(dump("turret_v60.json")["format"], "gem");
  EXPECT_EQ(dump("turret_v60.json")["version"], "6.0");
  EXPECT_EQ(dump("turret_v60.json")["frame_count"], 25);
  EXPECT_EQ(dump("nested/deeper/turret_v40.json")["version"], "4.0");
  EXPECT_EQ(dump("mansion_door.json")["format"], "lm");
  EXPECT_EQ(dump("mansion_door.json")["frame_count"], 60);
  EXPECT_EQ(dump("ghost_mm2.json")["format"], "mm2");
  EXPECT_EQ(dump("ghost_mm2.json")["frames"].size(), 4u);
  // The sprite sheet is a PNG.
  const auto png = read_bytes(dir.path() / "one_png/ghost_mm2.png");
  ASSERT_GE(png.size(), 16u);
  EXPECT_EQ(std::vector<std::uint8_t>(png.begin(), png.begin() + 16),
            (std::vector<std::uint8_t>{0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R'}));
  // The 6.0 turret moved to 6.1 FRM3 keeps every key's bits: it is the committed 6.1 FRM3 example.
  EXPECT_EQ(read_bytes(dir.path() / "one_gem-6.1-frm3/turret_v60.anm"),
            read_bytes(fs::path(ANMKIT_SOURCE_DIR) / "examples/turret_v61_frm3.anm"));
  // The 4.0 one: version 6.1 (minor half first), 25 frames, FRM3 chunks after the bone map.
  const auto v40 = read_bytes(dir.path() / "one_gem-6.1-frm3/nested/deeper/turret_v40.anm");
  ASSERT_GE(v40.size(), 0x4cu);
  EXPECT_EQ(std::string(v40.begin(), v40.begin() + 4), "EANM");
  EXPECT_EQ(std::vector<std::uint8_t>(v40.begin() + 4, v40.begin() + 16), (std::vector<std::uint8_t>{1, 0, 6, 0, 'F', 'R', 'M', 'S', 25, 0, 0, 0}));
  EXPECT_EQ(std::string(v40.begin() + 0x48, v40.begin() + 0x4c), "FRM3");
}

TEST_F(Batch, AnOutputFolderInsideTheInputIsNotWalked) {
  auto r = run_cli({"batch", dir.file("in"), "-o", dir.file("in/converted"), "--to", "json", "-q"}, dir);
  EXPECT_EQ(r.exit_code, 1);
  r = run_cli({"batch", dir.file("in"), "-o", dir.file("in/converted"), "--to", "json", "-q"}, dir);
  EXPECT_NE(r.out.find("7 files: 4 converted, 2 skipped (2 not animations), 1 failed\n"), std::string::npos) << "the second run does not see the first's outputs: " << r.out;
}

TEST_F(Batch, InfoAndValidateAcceptFolders) {
  auto r = run_cli({"validate", dir.file("in")}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find(dir.file("in") + "/nested/deeper/turret_v40.anm: valid\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("notes.txt"), std::string::npos) << "files that are not animations are passed over";
  r = run_cli({"info", "--json", dir.file("in/nested/deeper")}, dir);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out.rfind("[", 0), 0u) << "a folder gives an array";
}

}  // namespace
}  // namespace anmkit::test

namespace anmkit::test {
namespace {

// --skeleton-dir: a GEM animation gets the .mdl that names it as a sequence, so its bones hang
// in the skeleton's tree; without it every bone is a child of the root.
TEST(BatchSkeletons, GemAnimationsFindTheirMdl) {
  TempDir dir;
  const fs::path ex = fs::path(ANMKIT_SOURCE_DIR) / "examples";
  fs::create_directories(dir.path() / "in");
  fs::create_directories(dir.path() / "skeletons/tank");
  fs::copy_file(ex / "turret_v60.anm", dir.path() / "in/FIRE.anm");  // the .mdl says "fire.anm"
  fs::copy_file(ex / "turret_v60.anm", dir.path() / "in/other.anm");
  fs::copy_file(fs::path(ANMKIT_SOURCE_DIR) / "fuzz/seeds/mdl/skeleton.mdl", dir.path() / "skeletons/tank/tank.mdl");
  auto r = run_cli({"batch", dir.file("in"), "-o", dir.file("out"), "--to", "gltf", "--skeleton-dir", dir.file("skeletons")}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "converted " + dir.file("in") + "/FIRE.anm -> " + dir.file("out") + "/FIRE.gltf (skeleton " +
                       dir.file("skeletons") + "/tank/tank.mdl)\n" + "converted " + dir.file("in") + "/other.anm -> " +
                       dir.file("out") + "/other.gltf (no skeleton found)\n" +
                       "2 files: 2 converted, 0 skipped (0 not animations), 0 failed; 1 converted without a skeleton\n");
  const auto children_of = [&](const std::string& file, const std::string& name) {
    const auto doc = nlohmann::json::parse(slurp(dir.path() / "out" / file));
    std::vector<std::string> names;
    for (const auto& node : doc["nodes"]) {
      if (node["name"] != name) continue;
      for (const auto& child : node.value("children", nlohmann::json::array())) names.push_back(doc["nodes"][child.get<std::size_t>()]["name"]);
    }
    return names;
  };
  EXPECT_EQ(children_of("FIRE.gltf", "body"), (std::vector<std::string>{"turret1"})) << "the skeleton's tree";
  EXPECT_EQ(children_of("other.gltf", "body"), (std::vector<std::string>{})) << "no skeleton names other.anm";
}

}  // namespace
}  // namespace anmkit::test

namespace anmkit::test {
namespace {

// The real vehicle folders with all of them as --skeleton-dir: every animation is converted on
// its own folder's .mdl (not on another vehicle's .mdl naming a file of the same name, as
// e-75/fire.anm once got e-25.mdl), and --explain-skeletons says why.
TEST(BatchSkeletons, EveryCorpusAnimationGetsItsOwnFoldersMdl) {
  ANMKIT_REQUIRE_VEHICLES_CORPUS(corpus);
  TempDir dir;
  auto r = run_cli({"batch", corpus.string(), "-o", dir.file("out"), "--to", "glb", "-j", "2", "--skeleton-dir", corpus.string()}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // What stderr says is the vehicles' textures that are not in the corpus (each model is
  // converted whole too).
  std::istringstream said(r.err);
  for (std::string line; std::getline(said, line);) EXPECT_NE(line.find(": warning: material '"), std::string::npos) << line;
  std::size_t converted = 0, models = 0;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("converted ", 0) != 0) continue;
    if (line.find(".mdl -> ") != std::string::npos) {
      ++models;
      continue;
    }
    ++converted;
    SCOPED_TRACE(line);
    const std::string input = line.substr(10, line.find(" -> ") - 10);
    const auto at = line.find(" (skeleton ");
    ASSERT_NE(at, std::string::npos);
    const std::string model = line.substr(at + 11, line.size() - at - 12);
    const fs::path folder = fs::path(input).parent_path();
    EXPECT_EQ(model, (folder / (folder.filename().string() + ".mdl")).string());
  }
  EXPECT_EQ(converted, 21u);
  EXPECT_EQ(models, 3u);
  EXPECT_NE(r.out.find("; 0 converted without a skeleton\n"), std::string::npos) << r.out;

  r = run_cli({"batch", (corpus / "e-75").string(), "-o", dir.file("why"), "--to", "glb", "--skeleton-dir", corpus.string(),
               "--explain-skeletons"}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string e75 = (corpus / "e-75").string();
  EXPECT_NE(r.out.find("converted " + e75 + "/fire.anm -> " + dir.file("why") + "/fire.glb (skeleton " + e75 +
                       "/e-75.mdl: e-75.mdl lists it as sequence 'fire' (no {file}: named after the sequence))\n"),
            std::string::npos)
      << r.out;
}

// Without --skeleton-dir the model in the animation's own folder is still used; a broken model
// there is named once on stderr, and the files go on without it.
TEST(BatchSkeletons, OwnFolderModelsWithoutSkeletonDir) {
  TempDir dir;
  const fs::path ex = fs::path(ANMKIT_SOURCE_DIR) / "examples";
  fs::create_directories(dir.path() / "in/tank");
  fs::create_directories(dir.path() / "in/broken");
  fs::copy_file(ex / "turret_v60.anm", dir.path() / "in/tank/fire.anm");
  fs::copy_file(fs::path(ANMKIT_SOURCE_DIR) / "fuzz/seeds/mdl/skeleton.mdl", dir.path() / "in/tank/tank.mdl");
  fs::copy_file(ex / "turret_v60.anm", dir.path() / "in/broken/a.anm");
  fs::copy_file(ex / "turret_v60.anm", dir.path() / "in/broken/b.anm");
  dir.write_text("in/broken/broken.mdl", "{Skeleton {bone \"a\"");
  auto r = run_cli({"batch", dir.file("in"), "-o", dir.file("out"), "--to", "glb", "-j", "2", "--explain-skeletons"}, dir);
  // The models are converted whole too (--to glb): the broken one fails, and is the one failure.
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.out, "converted " + dir.file("in/broken/a.anm") + " -> " + dir.file("out/broken/a.glb") + "\n" +
                       "converted " + dir.file("in/broken/b.anm") + " -> " + dir.file("out/broken/b.glb") + "\n" +
                       "converted " + dir.file("in/tank/fire.anm") + " -> " + dir.file("out/tank/fire.glb") + " (skeleton " +
                       dir.file("in/tank/tank.mdl") + ": tank.mdl lists it as sequence 'fire')\n" +
                       "converted " + dir.file("in/tank/tank.mdl") + " -> " + dir.file("out/tank/tank.glb") + "\n" +
                       "5 files: 4 converted, 0 skipped (0 not animations), 1 failed\n");
  const std::string broken = dir.file("in/broken/broken.mdl") +
                             ":19: error: line 1: the end of the text inside the block 'bone' opened at offset 10 (2 blocks still open)";
  EXPECT_EQ(r.err.rfind(broken + " (skeleton not used)\n", 0), 0u) << r.err;
  EXPECT_TRUE(r.err.ends_with("\n" + broken + "\n")) << r.err;
}

}  // namespace
}  // namespace anmkit::test
