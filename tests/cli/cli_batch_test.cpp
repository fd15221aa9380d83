// anmkit batch on a mixed folder: all three formats, nested folders, a non-animation file and a
// broken file; the tree, the summary and the exit code, identical for -j1 and -j2.

#include <gtest/gtest.h>

#include <filesystem>

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
  EXPECT_NE(r.out.find("3 converted, 3 skipped (2 not animations), 1 failed\n"), std::string::npos) << r.out;
}

TEST_F(Batch, TheSameOutputWhateverTheNumberOfWorkers) {
  for (const char* kind : {"json", "png", "gem-6.1-frm3"}) {
    auto one = run_cli({"batch", dir.file("in"), "-o", dir.file(std::string("one_") + kind), "--to", kind, "-j", "1"}, dir);
    auto two = run_cli({"batch", dir.file("in"), "-o", dir.file(std::string("two_") + kind), "--to", kind, "-j", "2"}, dir);
    std::string out_one = one.out, out_two = two.out;
    auto strip = [](std::string s, const std::string& from) {
      for (auto at = s.find(from); at != std::string::npos; at = s.find(from)) s.erase(at, from.size());
      return s;
    };
    EXPECT_EQ(strip(out_one, std::string("one_") + kind), strip(out_two, std::string("two_") + kind)) << kind;
    EXPECT_EQ(one.err, two.err);
    const auto files = tree(dir.path() / (std::string("one_") + kind));
    ASSERT_EQ(files, tree(dir.path() / (std::string("two_") + kind))) << kind;
    for (const auto& f : files) {
      EXPECT_EQ(read_bytes(dir.path() / (std::string("one_") + kind) / f), read_bytes(dir.path() / (std::string("two_") + kind) / f)) << f;
    }
  }
  EXPECT_EQ(tree(dir.path() / "one_png"), (std::vector<std::string>{"ghost_mm2.json", "ghost_mm2.png"}));
}

TEST_F(Batch, AnOutputFolderInsideTheInputIsNotWalked) {
  auto r = run_cli({"batch", dir.file("in"), "-o", dir.file("in/converted"), "--to", "json", "-q"}, dir);
  EXPECT_EQ(r.exit_code, 1);
  r = run_cli({"batch", dir.file("in"), "-o", dir.file("in/converted"), "--to", "json", "-q"}, dir);
  EXPECT_NE(r.out.find("4 converted, 2 skipped (2 not animations), 1 failed\n"), std::string::npos) << "the second run does not see the first's outputs: " << r.out;
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
  EXPECT_EQ(r.out, "converted " + dir.file("in") + "/FIRE.anm -> " + dir.file("out") + "/FIRE.gltf\n" +
                       "converted " + dir.file("in") + "/other.anm -> " + dir.file("out") + "/other.gltf\n" +
                       "2 converted, 0 skipped (0 not animations), 0 failed\n");
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
