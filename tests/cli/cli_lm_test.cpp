// The command line with Luigi's Mansion files: node counts from --bin, --nodes or the layout,
// sample's JSON shape, dump/build, validate and --repack.

#include <gtest/gtest.h>

#include <map>

#include <nlohmann/json.hpp>

#include "support/fixture_bytes.hpp"
#include "support/fixture_bytes_be.hpp"
#include "support/run_cli.hpp"

namespace anmkit::test {
namespace {

using json = nlohmann::ordered_json;

const std::string examples = std::string(ANMKIT_SOURCE_DIR) + "/examples/";

TEST(CliLm, InfoSaysWhereTheNodeCountCameFrom) {
  TempDir dir;
  const auto path = dir.write("two.anm", lm_two_node_fixture());
  auto r = run_cli({"info", path}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, path + ": Luigi's Mansion node animation (GameCube), version 2, 236 bytes\n"
                          "  frames      60 (2 s at 30 fps), loops: wraps to frame 0 at the frame count\n"
                          "  nodes       2 (inferred from the layout)\n"
                          "  tracks      4 keyed (1 with out slopes), 7 constant, 7 default\n"
                          "  keys        10\n"
                          "  floats      scale 7, rotation 10, translation 9\n"
                          "  layout      groups @0x18 (108 bytes), scale @0x84 (28 bytes), rotation @0xa0 (40 bytes), "
                          "translation @0xc8 (36 bytes)\n");
  r = run_cli({"info", "--json", "--nodes", "2", "--fps", "60", path}, dir);
  const json j = json::parse(r.out);
  EXPECT_EQ(j["node_count_source"], "--nodes");
  EXPECT_EQ(j["duration_seconds"], 1.0);
  EXPECT_EQ(j["loop_semantics"], "wraps to frame 0 at the frame count");
  r = run_cli({"info", "--json", "--bin", examples + "mansion_door.bin", examples + "mansion_door.anm"}, dir);
  EXPECT_EQ(json::parse(r.out)["node_count_source"], "--bin " + examples + "mansion_door.bin");
}

TEST(CliLm, AWrongNodeCountIsAnErrorWithAnOffset) {
  TempDir dir;
  const auto path = dir.write("two.anm", lm_two_node_fixture());
  auto r = run_cli({"validate", "--nodes", "3", path}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, path + ":24: error: 3 nodes need 0xa2 bytes of node groups at 0x18, but the scale key array "
                          "starts after 0x6c bytes (the groups and the arrays disagree with the node count)\n");
  r = run_cli({"info", "--bin", examples + "mansion_door.bin", path}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(run_cli({"info", "--nodes", "2", "--bin", "x.bin", path}, dir).exit_code, 2) << "one source at a time";
}

TEST(CliLm, ValidateReportsTrackProblemsCompilerStyle) {
  TempDir dir;
  auto bytes = lm_two_node_fixture();
  bytes[0x18 + 3] = 50;  // node 0 sx: index 50, count 0 -> still fine
  bytes[0x18 + 1] = 1;   // count 1 at index 50: outside the 7-float scale array
  const auto path = dir.write("bad.anm", bytes);
  auto r = run_cli({"validate", path}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, path + ":24: error: track sx of node 0 needs floats 50..50 of the scale array, which has 7\n");
  EXPECT_EQ(r.out, path + ": invalid (1 error, 0 warnings)\n");
}

TEST(CliLm, SampleJsonShapeAndRotationUnits) {
  TempDir dir;
  const auto path = dir.write("two.anm", lm_two_node_fixture());
  auto r = run_cli({"sample", path, "--frame", "15", "--json"}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["frame"], 15);
  ASSERT_EQ(j["bones"].size(), 2u);
  const json& n0 = j["bones"][0];
  EXPECT_EQ(n0["name"], "node_0");
  EXPECT_EQ(std::vector<std::string>({"name", "translation", "rotation", "rotation_euler", "scale"}),
            [&] { std::vector<std::string> k; for (auto& [key, v] : n0.items()) k.push_back(key); return k; }());
  // rz at 15: Hermite between (0, 0, slope 0) and (30, 45, slope 1.5): 0.5*45 - 0.125*1.5*30 = 16.875
  EXPECT_EQ(n0["rotation_euler"].dump(), "[0.0,90.0,16.875]");
  // tx at 15: u = 0.25 between (0, 10, out 1.0) and (60, 40, in 0.25):
  // 0.84375*10 + 0.140625*1.0*60 + 0.15625*40 - 0.046875*0.25*60 = 22.421875
  EXPECT_EQ(n0["translation"].dump(), "[22.421875,7.5,0.0]");
  EXPECT_EQ(j["bones"][1]["scale"][0], 2.0);
  r = run_cli({"sample", path, "--frame", "15", "--json", "--rotation-unit", "turn4096"}, dir);
  const json t = json::parse(r.out);
  EXPECT_EQ(t["bones"][0]["rotation_euler"], n0["rotation_euler"]) << "values stay in the file's unit";
  EXPECT_NE(t["bones"][0]["rotation"], n0["rotation"]);
  r = run_cli({"sample", path, "--frame", "75", "--json"}, dir);
  EXPECT_EQ(json::parse(r.out)["bones"][0]["rotation_euler"], n0["rotation_euler"]) << "loops: 75 shows frame 15";
  EXPECT_EQ(json::parse(r.out)["frame"], 75);
  r = run_cli({"sample", path, "--frame", "2.5", "--json"}, dir);
  EXPECT_EQ(json::parse(r.out)["frame"], 2.5);
  EXPECT_EQ(run_cli({"sample", path, "--frame", "1", "--rotation-unit", "grads"}, dir).exit_code, 2);
  r = run_cli({"sample", path, "--time", "0.25", "--fps", "60", "--json"}, dir);
  EXPECT_EQ(json::parse(r.out)["bones"], j["bones"]) << "0.25 s at 60 fps is frame 15";
  EXPECT_EQ(run_cli({"sample", path, "--json"}, dir).exit_code, 2) << "--frame or --time is required";
  EXPECT_EQ(run_cli({"sample", path, "--frame", "1", "--time", "1"}, dir).exit_code, 2);
}

TEST(CliLm, DumpBuildAndRepack) {
  TempDir dir;
  const auto original = lm_two_node_fixture();
  const auto path = dir.write("two.anm", original);
  auto r = run_cli({"dump", path, "-o", dir.file("two.json")}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = run_cli({"build", dir.file("two.json"), "-o", dir.file("rebuilt.anm")}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_bytes(dir.file("rebuilt.anm")), original);

  json doc = json::parse(slurp(dir.file("two.json")));
  doc["groups"][1]["sz"] = {2, 40, 0};
  const auto broken = dir.write_text("broken.json", doc.dump());
  r = run_cli({"build", broken, "-o", dir.file("broken.anm")}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, broken + ":/groups/1/sz: error: track sz of node 1 needs floats 40..45 of the scale array, which has 7\n");

  r = run_cli({"convert", path, "-o", dir.file("packed.anm"), "--repack"}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_bytes(dir.file("packed.anm")), original) << "already canonical";
  r = run_cli({"convert", path, "-o", dir.file("x.anm"), "--to", "gem-6.0"}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, path + ": error: an LM file is rewritten with --repack\n");
  r = run_cli({"convert", examples + "turret_v60.anm", "-o", dir.file("y.anm"), "--repack"}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, examples + "turret_v60.anm: error: a GEM file needs --to gem-4.0|gem-6.0|gem-6.1|gem-6.1-frm3\n");
}

}  // namespace
}  // namespace anmkit::test

namespace anmkit::test {
namespace {

// --bin gives the glTF the .bin's node tree: the knob (node 2) hangs from the door (node 1).
TEST(CliLm, GltfOfTheDoorWithItsBinHasTheNodeTree) {
  TempDir dir;
  const std::string gltf = dir.file("door.gltf");
  auto r = run_cli({"convert", examples + "mansion_door.anm", "--bin", examples + "mansion_door.bin", "-o", gltf}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto bytes = read_bytes(gltf);
  const auto doc = json::parse(bytes.begin(), bytes.end());
  const auto& nodes = doc["nodes"];
  std::map<std::string, std::vector<std::string>> children;
  for (const auto& node : nodes) {
    for (const auto& c : node.value("children", json::array())) children[node["name"]].push_back(nodes[c.get<std::size_t>()]["name"]);
  }
  EXPECT_EQ(children["anmkit_root"], (std::vector<std::string>{"node_0"}));
  EXPECT_EQ(children["node_1"], (std::vector<std::string>{"node_2"}));
}

// glTF back to LM: reduced keys by default, one a frame with --dense, as `info` counts them.
TEST(CliLm, GltfImportReducesKeysUnlessDense) {
  TempDir dir;
  const std::string glb = dir.file("door.glb");
  auto r = run_cli({"convert", examples + "mansion_door.anm", "-o", glb}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = run_cli({"convert", glb, "-o", dir.file("reduced.anm"), "--to", "lm"}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = run_cli({"convert", glb, "-o", dir.file("dense.anm"), "--to", "lm", "--dense"}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = run_cli({"convert", glb, "-o", dir.file("loose.anm"), "--to", "lm", "--tolerance", "0.01"}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto keys = [&](const std::string& name) {
    const auto out = run_cli({"info", "--json", dir.file(name)}, dir).out;
    return json::parse(out)["keys"].get<int>();
  };
  EXPECT_EQ(keys("dense.anm"), 2 * 61) << "the two moving axes (ry of node 1, rx of node 2), one key a frame";
  EXPECT_EQ(keys("reduced.anm"), 6) << "2 and 4 keys, where the original has 3 and 3";
  EXPECT_LE(keys("loose.anm"), keys("reduced.anm"));
}

}  // namespace
}  // namespace anmkit::test
