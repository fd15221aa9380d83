// Blender's own glTF importer reads what anmkit writes with the bones moving as in the game: at
// each frame, every object's local transform is `anmkit sample`'s, in Blender's axes (its
// importer turns glTF's Y up into Z up on every node: (x, y, z) -> (x, -z, y)). scripts/deps
// installs Blender; without it the test skips, or fails under ANMKIT_REQUIRE_EXTERNALS (CI).

#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <sstream>

#include <nlohmann/json.hpp>

#include "anmkit/formats/gem/gem_clip.hpp"
#include "anmkit/formats/gem/gem_read.hpp"
#include "anmkit/formats/lm/lm_clip.hpp"
#include "anmkit/formats/lm/lm_read.hpp"
#include "support/externals.hpp"
#include "support/fixture_bytes.hpp"
#include "support/run_cli.hpp"

namespace anmkit::test {
namespace {

namespace fs = std::filesystem;

// frame -> object name -> its pose line.
std::map<int, std::map<std::string, nlohmann::json>> blender_poses(const TempDir& dir, const std::string& glb,
                                                                   const std::vector<int>& frames) {
  // /usr/bin first: a Python other than the system's (pyenv, a virtualenv) earlier on PATH makes
  // Debian's Blender load the wrong Python library path.
  std::string command = "PATH=/usr/bin:\"$PATH\" blender -b --factory-startup --python " +
                        shell_quote(std::string(ANMKIT_SOURCE_DIR) + "/tests/data/blender/pose.py") + " -- " +
                        shell_quote(glb) + " 30";
  for (int f : frames) command += " " + std::to_string(f);
  command += " > " + shell_quote(dir.file("blender.out")) + " 2>&1";
  EXPECT_EQ(std::system(command.c_str()), 0) << slurp(dir.file("blender.out"));
  std::map<int, std::map<std::string, nlohmann::json>> out;
  std::istringstream lines(slurp(dir.file("blender.out")));
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("POSE ", 0) != 0) continue;
    const auto j = nlohmann::json::parse(line.substr(5));
    out[j["frame"].get<int>()][j["name"].get<std::string>()] = j;
  }
  return out;
}

void expect_pose(const nlohmann::json& got, const model::BonePose& p, const std::string& where) {
  const std::vector<double> location = got["location"], rotation = got["rotation"], scale = got["scale"];
  const model::Quat q = model::with_positive_w(p.rotation);
  const double sign = rotation[0] < 0 ? -1 : 1;
  const std::vector<double> expected_location{p.translation.x, -p.translation.z, p.translation.y};
  const std::vector<double> expected_rotation{q.w, q.x, -q.z, q.y};
  const std::vector<double> expected_scale{p.scale.x, p.scale.z, p.scale.y};
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_NEAR(location[i], expected_location[i], 1e-4) << where;
    EXPECT_NEAR(scale[i], p.visible ? expected_scale[i] : 0.0, 1e-4) << where;
  }
  for (std::size_t i = 0; i < 4; ++i) EXPECT_NEAR(sign * rotation[i], expected_rotation[i], 1e-4) << where;
}

TEST(Blender, GemAndLmAnimationsPlayAsSampled) {
  ANMKIT_NEED_EXTERNAL(have_program("blender"), "Blender (blender on PATH)", "scripts/deps installs Debian's blender package");
  TempDir dir;
  const std::string examples = std::string(ANMKIT_SOURCE_DIR) + "/examples/";
  ASSERT_EQ(run_cli({"convert", examples + "turret_v60.anm", "-o", dir.file("turret.glb")}, dir).exit_code, 0);
  ASSERT_EQ(run_cli({"convert", examples + "mansion_door.anm", "-o", dir.file("door.glb")}, dir).exit_code, 0);

  const model::Clip turret = gem::to_clip(*gem::read(read_bytes(examples + "turret_v60.anm")));
  const auto turret_poses = blender_poses(dir, dir.file("turret.glb"), {0, 6, 16, 22});
  for (int f : {0, 6, 16, 22}) {
    const auto poses = model::sample(turret, f);
    for (std::size_t b = 1; b < turret.bones.size(); ++b) {  // basis is mirrored: Blender splits that differently
      const auto& name = turret.bones[b].name;
      ASSERT_TRUE(turret_poses.count(f) && turret_poses.at(f).count(name)) << name << " at " << f;
      expect_pose(turret_poses.at(f).at(name), poses[b], name + " at " + std::to_string(f));
    }
  }

  const auto door = *lm::to_clip(lm::read(read_bytes(examples + "mansion_door.anm"))->file, lm::RotationUnit::degrees);
  const auto door_poses = blender_poses(dir, dir.file("door.glb"), {0, 15, 30, 45});
  for (int f : {0, 15, 30, 45}) {
    const auto poses = model::sample(door, f);
    for (std::size_t n = 0; n < door.bones.size(); ++n) {
      const auto& name = door.bones[n].name;
      ASSERT_TRUE(door_poses.count(f) && door_poses.at(f).count(name)) << name << " at " << f;
      expect_pose(door_poses.at(f).at(name), poses[n], name + " at " + std::to_string(f));
    }
  }
}

// Blender import then export with no edit, then `convert --base`: the original file byte for
// byte, though Blender reorders the nodes, drops extras and rounds every value its own way.
TEST(Blender, ImportExportThenBaseGivesTheFileBack) {
  ANMKIT_NEED_EXTERNAL(have_program("blender"), "Blender (blender on PATH)", "scripts/deps installs Debian's blender package");
  TempDir dir;
  const std::string examples = std::string(ANMKIT_SOURCE_DIR) + "/examples/";
  for (const char* name : {"turret_v60", "turret_v61_frm3"}) {
    SCOPED_TRACE(name);
    const std::string original = examples + name + ".anm";
    ASSERT_EQ(run_cli({"convert", original, "-o", dir.file("out.glb")}, dir).exit_code, 0);
    const std::string command = "PATH=/usr/bin:\"$PATH\" blender -b --factory-startup --python " +
                                shell_quote(std::string(ANMKIT_SOURCE_DIR) + "/tests/data/blender/roundtrip.py") + " -- " +
                                shell_quote(dir.file("out.glb")) + " " + shell_quote(dir.file("back.glb")) + " 30 > " +
                                shell_quote(dir.file("blender.out")) + " 2>&1";
    ASSERT_EQ(std::system(command.c_str()), 0) << slurp(dir.file("blender.out"));
    const std::string target = std::string(name) == "turret_v60" ? "gem-6.0" : "gem-6.1-frm3";
    const auto r = run_cli({"convert", dir.file("back.glb"), "-o", dir.file("back.anm"), "--to", target, "--base", original}, dir);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_TRUE(read_bytes(dir.file("back.anm")) == read_bytes(original));
  }
  // The LM door (Hermite tracks, resampled by Blender at every frame).
  {
    const std::string door = examples + "mansion_door.anm", bin = examples + "mansion_door.bin";
    ASSERT_EQ(run_cli({"convert", door, "--bin", bin, "-o", dir.file("door.glb")}, dir).exit_code, 0);
    const std::string command = "PATH=/usr/bin:\"$PATH\" blender -b --factory-startup --python " +
                                shell_quote(std::string(ANMKIT_SOURCE_DIR) + "/tests/data/blender/roundtrip.py") + " -- " +
                                shell_quote(dir.file("door.glb")) + " " + shell_quote(dir.file("door_back.glb")) + " 30 > " +
                                shell_quote(dir.file("blender.out")) + " 2>&1";
    ASSERT_EQ(std::system(command.c_str()), 0) << slurp(dir.file("blender.out"));
    const auto r = run_cli({"convert", dir.file("door_back.glb"), "-o", dir.file("door.anm"), "--to", "lm", "--base", door, "--bin", bin}, dir);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_TRUE(read_bytes(dir.file("door.anm")) == read_bytes(door));
  }
  // Every real file (the e25 ones on their .mdl skeleton: Blender rebuilds each bone from its
  // parents), and the e25 fire without the base: its 137 keys, no scale flag.
  const auto corpus = gem_corpus();
  if (!corpus) return;
  for (const auto& entry : fs::directory_iterator(*corpus)) {
    if (entry.path().extension() != ".anm") continue;
    SCOPED_TRACE(entry.path().filename().string());
    const std::string original = entry.path().string();
    std::vector<std::string> args{"convert", original, "-o", dir.file("real.glb")};
    if (entry.path().filename().string().rfind("goh_e25_", 0) == 0) {
      args.insert(args.end(), {"--skeleton", (*corpus / "goh_e25_tank-e-25.mdl").string()});
    }
    ASSERT_EQ(run_cli(args, dir).exit_code, 0);
    const std::string command = "PATH=/usr/bin:\"$PATH\" blender -b --factory-startup --python " +
                                shell_quote(std::string(ANMKIT_SOURCE_DIR) + "/tests/data/blender/roundtrip.py") + " -- " +
                                shell_quote(dir.file("real.glb")) + " " + shell_quote(dir.file("real_back.glb")) + " 30 > " +
                                shell_quote(dir.file("blender.out")) + " 2>&1";
    ASSERT_EQ(std::system(command.c_str()), 0) << slurp(dir.file("blender.out"));
    auto file = gem::read(read_bytes(original));
    ASSERT_TRUE(file);
    const std::string target = "gem-" + gem::version_name(file->version);
    auto r = run_cli({"convert", dir.file("real_back.glb"), "-o", dir.file("real.anm"), "--to", target, "--base", original}, dir);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_TRUE(read_bytes(dir.file("real.anm")) == read_bytes(original));
    if (entry.path().filename() != "goh_e25_fire.anm") continue;
    r = run_cli({"convert", dir.file("real_back.glb"), "-o", dir.file("nobase.anm"), "--to", "gem-6.0"}, dir);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto nobase = gem::read(read_bytes(dir.file("nobase.anm")));
    ASSERT_TRUE(nobase);
    EXPECT_EQ(nobase->keys.size(), 137u);
    for (const auto& key : nobase->keys) EXPECT_FALSE(key.flags & gem::flag::scale);
  }
}

}  // namespace
}  // namespace anmkit::test
