// Blender's own glTF importer (3.4) reads what anmkit writes as one armature, one action per
// animation, the bones moving as in the game and a vehicle the way round it was modelled: at each
// frame, every bone's node has `anmkit sample`'s local transform, and a GEM tank's right wheels
// are on the right (y < 0 in Blender's Z-up right-handed world, the gun along +X). The script
// tests/data/blender/armature.py prints what Blender built. scripts/deps installs Blender; without
// it the test skips, or fails under ANMKIT_REQUIRE_EXTERNALS (CI).

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <map>
#include <sstream>

#include <nlohmann/json.hpp>

#include "anmkit/formats/gem/gem_clip.hpp"
#include "anmkit/formats/gem/gem_read.hpp"
#include "anmkit/formats/gem/mdl.hpp"
#include "anmkit/formats/lm/lm_clip.hpp"
#include "anmkit/formats/lm/lm_read.hpp"
#include "support/externals.hpp"
#include "support/fixture_bytes.hpp"
#include "support/run_cli.hpp"

namespace anmkit::test {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;
using Mat4 = std::array<double, 16>;  // row-major, column vectors

// What Blender built: the SCENE line, and frame -> bone name -> its BONE line.
struct BlenderImport {
  json scene;
  std::map<int, std::map<std::string, json>> bones;
};

// `animation`: the glTF animation whose action plays; "-" keeps the one the importer made active.
BlenderImport blender_import(const TempDir& dir, const std::string& glb, const std::string& animation,
                             const std::vector<int>& frames) {
  // /usr/bin first: a Python other than the system's (pyenv, a virtualenv) earlier on PATH makes
  // Debian's Blender load the wrong Python library path.
  std::string command = "PATH=/usr/bin:\"$PATH\" blender -b --factory-startup --python " +
                        shell_quote(std::string(ANMKIT_SOURCE_DIR) + "/tests/data/blender/armature.py") + " -- " +
                        shell_quote(glb) + " 30 " + shell_quote(animation);
  for (int f : frames) command += " " + std::to_string(f);
  command += " > " + shell_quote(dir.file("blender.out")) + " 2>&1";
  EXPECT_EQ(std::system(command.c_str()), 0) << slurp(dir.file("blender.out"));
  BlenderImport out;
  std::istringstream lines(slurp(dir.file("blender.out")));
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("SCENE ", 0) == 0) out.scene = json::parse(line.substr(6));
    if (line.rfind("BONE ", 0) != 0) continue;
    const auto j = json::parse(line.substr(5));
    out.bones[j["frame"].get<int>()][j["name"].get<std::string>()] = j;
  }
  EXPECT_FALSE(out.scene.is_null()) << slurp(dir.file("blender.out"));
  return out;
}

// Runs tests/data/blender/SCRIPT (a round trip: IN.glb, 30 fps, OUT.glb) in Blender.
::testing::AssertionResult blender_round_trip(const TempDir& dir, const std::string& script, const std::string& in,
                                              const std::string& out) {
  const std::string command = "PATH=/usr/bin:\"$PATH\" blender -b --factory-startup --python " +
                              shell_quote(std::string(ANMKIT_SOURCE_DIR) + "/tests/data/blender/" + script) + " -- " +
                              shell_quote(in) + " 30 " + shell_quote(out) + " > " + shell_quote(dir.file("blender.out")) + " 2>&1";
  if (std::system(command.c_str()) == 0) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << script << " failed:\n" << slurp(dir.file("blender.out"));
}

Mat4 trs(const model::Vec3& t, const model::Quat& r, const model::Vec3& s) {
  const model::Mat3 rot = model::matrix_from_quat(model::normalized(r));
  const std::array<double, 3> scale{s.x, s.y, s.z};
  Mat4 m{};
  for (std::size_t i = 0; i < 3; ++i) {
    for (std::size_t j = 0; j < 3; ++j) m[i * 4 + j] = rot[i][j] * scale[j];
  }
  m[3] = t.x;
  m[7] = t.y;
  m[11] = t.z;
  m[15] = 1;
  return m;
}

Mat4 operator*(const Mat4& a, const Mat4& b) {
  Mat4 out{};
  for (std::size_t i = 0; i < 4; ++i)
    for (std::size_t j = 0; j < 4; ++j)
      for (std::size_t k = 0; k < 4; ++k) out[i * 4 + j] += a[i * 4 + k] * b[k * 4 + j];
  return out;
}

// A bone's local transform at `frame` as glTF holds it: the pose over the rest (the skeleton's
// joint, or identity), the z scale negated while mirrored (before a bone's first mirror key, as
// its rest is), 0 while hidden.
Mat4 local_transform(const model::BoneTrack& bone, const model::BonePose& p, const model::Joint* rest, int frame) {
  const model::Joint identity;
  const model::Joint& j = rest ? *rest : identity;
  model::Vec3 s = p.has_scale ? p.scale : j.scale;
  const bool keyed_mirror = !bone.mirrored.empty() && double(bone.mirrored.front().frame) <= frame;
  if (keyed_mirror ? p.mirrored : j.mirrored) s.z = -s.z;
  if (!p.visible) s = {0, 0, 0};
  return trs(p.has_translation ? p.translation : j.translation, p.has_rotation ? p.rotation : j.rotation, s);
}

void expect_matrix(const json& got, const Mat4& expected, double tolerance, const std::string& where) {
  ASSERT_EQ(got.size(), 16u) << where;
  for (std::size_t i = 0; i < 16; ++i) EXPECT_NEAR(got[i].get<double>(), expected[i], tolerance) << where << " element " << i;
}

// Every bone's local transform in Blender at each frame is the clip's pose.
void expect_poses(const BlenderImport& blender, const model::Clip& clip, const model::Skeleton* skeleton,
                  const std::vector<int>& frames) {
  for (int f : frames) {
    const auto poses = model::sample(clip, f);
    for (std::size_t b = 0; b < clip.bones.size(); ++b) {
      const int joint = skeleton ? skeleton->find(clip.bones[b].name) : -1;
      // The node (and bone) is named as the skeleton names it.
      const auto& name = joint >= 0 ? skeleton->joints[std::size_t(joint)].name : clip.bones[b].name;
      const std::string where = name + " at " + std::to_string(f);
      ASSERT_TRUE(blender.bones.count(f) && blender.bones.at(f).count(name)) << where;
      const Mat4 expected = local_transform(clip.bones[b], poses[b], joint >= 0 ? &skeleton->joints[std::size_t(joint)] : nullptr, f);
      expect_matrix(blender.bones.at(f).at(name)["local"], expected, 1e-4, where);
    }
  }
}

// Of a row-major 4x4 matrix's 3x3 part: negative when it turns things inside out.
double determinant(const json& m) {
  const auto at = [&m](std::size_t row, std::size_t col) { return m[row * 4 + col].get<double>(); };
  return at(0, 0) * (at(1, 1) * at(2, 2) - at(1, 2) * at(2, 1)) - at(0, 1) * (at(1, 0) * at(2, 2) - at(1, 2) * at(2, 0)) +
         at(0, 2) * (at(1, 0) * at(2, 1) - at(1, 1) * at(2, 0));
}

std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

TEST(Blender, GemAndLmExamplesAreOneArmaturePlayingAsSampled) {
  ANMKIT_NEED_EXTERNAL(have_program("blender"), "Blender (blender on PATH)", "scripts/deps installs Debian's blender package");
  TempDir dir;
  const std::string examples = std::string(ANMKIT_SOURCE_DIR) + "/examples/";
  ASSERT_EQ(run_cli({"convert", examples + "turret_v60.anm", "-o", dir.file("turret.glb")}, dir).exit_code, 0);
  ASSERT_EQ(run_cli({"convert", examples + "mansion_door.anm", "-o", dir.file("door.glb")}, dir).exit_code, 0);

  const model::Clip turret = gem::to_clip(*gem::read(read_bytes(examples + "turret_v60.anm")));
  const auto turret_frames = std::vector<int>{0, 6, 16, 22};
  const BlenderImport t = blender_import(dir, dir.file("turret.glb"), "-", turret_frames);
  EXPECT_EQ(t.scene["armatures"], json::array({"anmkit_root"}));
  EXPECT_EQ(t.scene["objects"], json::array({"anmkit_root"}));  // no loose empties
  std::vector<std::string> turret_bones;
  for (const auto& b : turret.bones) turret_bones.push_back(b.name);
  EXPECT_EQ(sorted(t.scene["bones"].get<std::vector<std::string>>()), sorted(turret_bones));
  EXPECT_EQ(t.scene["actions"].size(), 1u);
  expect_poses(t, turret, nullptr, turret_frames);  // basis (mirrored, with a hidden hatch) included

  const auto door = *lm::to_clip(lm::read(read_bytes(examples + "mansion_door.anm"))->file, lm::RotationUnit::degrees);
  const auto door_frames = std::vector<int>{0, 15, 30, 45};
  const BlenderImport d = blender_import(dir, dir.file("door.glb"), "-", door_frames);
  EXPECT_EQ(d.scene["armatures"], json::array({"anmkit_root"}));
  EXPECT_EQ(d.scene["actions"].size(), 1u);
  expect_poses(d, door, nullptr, door_frames);
}

// The round trip of docs/gltf.md through Blender, with its settings and no edit, then back into
// a GEM file: every bone's local transform at every frame is the original's.
TEST(Blender, RoundTripWithTheDocumentedSettingsKeepsEveryPose) {
  ANMKIT_NEED_EXTERNAL(have_program("blender"), "Blender (blender on PATH)", "scripts/deps installs Debian's blender package");
  TempDir dir;
  const std::string original = std::string(ANMKIT_SOURCE_DIR) + "/examples/turret_v60.anm";
  ASSERT_EQ(run_cli({"convert", original, "-o", dir.file("turret.glb")}, dir).exit_code, 0);
  ASSERT_TRUE(blender_round_trip(dir, "round_trip.py", dir.file("turret.glb"), dir.file("back.glb")));
  const auto back = run_cli({"convert", dir.file("back.glb"), "-o", dir.file("back.anm"), "--to", "gem-6.0", "--animation",
                             "turret_v60"}, dir);  // Blender names each animation after its NLA track: the original's name
  ASSERT_EQ(back.exit_code, 0) << back.err;
  const model::Clip before = gem::to_clip(*gem::read(read_bytes(original)));
  auto read_back = gem::read(read_bytes(dir.file("back.anm")));
  ASSERT_TRUE(read_back);
  const model::Clip after = gem::to_clip(*read_back);
  ASSERT_EQ(after.frame_count, before.frame_count);
  for (std::uint32_t f = 0; f < before.frame_count; ++f) {
    const auto expected = model::sample(before, f), got = model::sample(after, f);
    for (std::size_t b = 0; b < before.bones.size(); ++b) {
      std::size_t a = 0;
      while (a < after.bones.size() && after.bones[a].name != before.bones[b].name) ++a;
      ASSERT_LT(a, after.bones.size()) << before.bones[b].name;
      const Mat4 e = local_transform(before.bones[b], expected[b], nullptr, int(f));
      const Mat4 g = local_transform(after.bones[a], got[a], nullptr, int(f));
      for (std::size_t i = 0; i < 16; ++i) EXPECT_NEAR(g[i], e[i], 1e-4) << before.bones[b].name << " at " << f << " element " << i;
    }
  }
  // And with the original as the base: the file itself.
  const auto based = run_cli({"convert", dir.file("back.glb"), "-o", dir.file("based.anm"), "--to", "gem-6.0", "--animation",
                              "turret_v60", "--base", original}, dir);
  ASSERT_EQ(based.exit_code, 0) << based.err;
  EXPECT_EQ(based.err, "");
  EXPECT_TRUE(read_bytes(dir.file("based.anm")) == read_bytes(original));
}

// The e25 tank's .mdl with its sequences (the corpus files under the names the .mdl gives them):
// one armature of the skeleton's bones, one action per sequence, the right wheels on the right.
TEST(Blender, E25TankIsOneArmatureTheWayRoundItWasModelled) {
  ANMKIT_NEED_EXTERNAL(have_program("blender"), "Blender (blender on PATH)", "scripts/deps installs Debian's blender package");
  ANMKIT_REQUIRE_GEM_CORPUS(corpus);
  TempDir dir;
  fs::copy_file(corpus / "goh_e25_tank-e-25.mdl", dir.path() / "tank-e-25.mdl");
  fs::copy_file(corpus / "goh_e25_fire.anm", dir.path() / "fire.anm");
  fs::copy_file(corpus / "goh_e25_stop.anm", dir.path() / "stop.anm");
  const auto made = run_cli({"convert", dir.file("tank-e-25.mdl"), "-o", dir.file("tank.glb")}, dir);
  ASSERT_EQ(made.exit_code, 0) << made.err;  // sequence "start" names ".anm", which is not there: a warning

  auto mdl = gem::read_mdl(read_bytes(corpus / "goh_e25_tank-e-25.mdl"));
  ASSERT_TRUE(mdl);
  const model::Skeleton skeleton = gem::to_skeleton(*mdl);
  const model::Clip stop = gem::to_clip(*gem::read(read_bytes(corpus / "goh_e25_stop.anm")));
  const model::Clip fire = gem::to_clip(*gem::read(read_bytes(corpus / "goh_e25_fire.anm")));

  // The importer plays the first animation (stop) at first.
  const BlenderImport b = blender_import(dir, dir.file("tank.glb"), "-", {0});
  EXPECT_EQ(b.scene["armatures"], json::array({"anmkit_root"}));
  EXPECT_EQ(b.scene["objects"], json::array({"anmkit_root"}));
  std::vector<std::string> names;
  for (const auto& j : skeleton.joints) names.push_back(j.name);
  EXPECT_EQ(sorted(b.scene["bones"].get<std::vector<std::string>>()), sorted(names));
  EXPECT_EQ(b.scene["actions"], json::array({"fire_anmkit_root", "stop_anmkit_root"}));  // the sequences with a file

  // Each bone's world position at frame 0, from the skeleton and stop's pose: the game's
  // left-handed world (right wheels at +y) reflected in y, at 0.05 m a unit.
  const auto poses = model::sample(stop, 0);
  std::vector<Mat4> world(skeleton.joints.size());
  for (std::size_t j = 0; j < skeleton.joints.size(); ++j) {
    const model::Joint& joint = skeleton.joints[j];
    Mat4 local = local_transform({}, {}, &joint, 0);
    for (std::size_t c = 0; c < stop.bones.size(); ++c) {
      if (model::names_equal(stop.bones[c].name, joint.name)) local = local_transform(stop.bones[c], poses[c], &joint, 0);
    }
    world[j] = joint.parent >= 0 ? world[std::size_t(joint.parent)] * local : local;
    ASSERT_TRUE(b.bones.count(0) && b.bones.at(0).count(joint.name)) << joint.name;
    const json& got = b.bones.at(0).at(joint.name)["world"];
    const std::array<double, 3> expected{0.05 * world[j][3], -0.05 * world[j][7], 0.05 * world[j][11]};
    for (std::size_t i = 0; i < 3; ++i) EXPECT_NEAR(got[i * 4 + 3].get<double>(), expected[i], 1e-4) << joint.name << " axis " << i;
    if (joint.name == "wheelr4") {  // a right wheel: +y in the game's world, -y in Blender's
      EXPECT_GT(world[j][7], 0);
      EXPECT_NEAR(got[7].get<double>(), -0.05 * world[j][7], 1e-3);
      EXPECT_LT(got[7].get<double>(), 0);
    }
    // Nothing inside out: the basis' own reflection and the root's cancel.
    if (joint.name == "basis" || joint.name == "body") {
      EXPECT_GT(determinant(got), 0) << joint.name;
    }
  }

  const std::vector<int> frames{0, 5, 12, 20};
  const BlenderImport fired = blender_import(dir, dir.file("tank.glb"), "fire", frames);
  expect_poses(fired, fire, &skeleton, frames);
}

// Blender import then export with no edit, then `convert --base`: the original file byte for
// byte, though Blender reorders the nodes, drops extras and rounds every value its own way.
TEST(Blender, ImportExportThenBaseGivesTheFileBack) {
  ANMKIT_NEED_EXTERNAL(have_program("blender"), "Blender (blender on PATH)", "scripts/deps installs Debian's blender package");
  TempDir dir;
  const std::string examples = std::string(ANMKIT_SOURCE_DIR) + "/examples/";
  for (const char* name : {"turret_v40", "turret_v60", "turret_v61_frm3"}) {  // FRMN, FRM2, FRM3
    SCOPED_TRACE(name);
    const std::string original = examples + name + ".anm";
    ASSERT_EQ(run_cli({"convert", original, "-o", dir.file("out.glb")}, dir).exit_code, 0);
    ASSERT_TRUE(blender_round_trip(dir, "round_trip_defaults.py", dir.file("out.glb"), dir.file("back.glb")));
    const std::string target = std::string(name) == "turret_v40"   ? "gem-4.0"
                               : std::string(name) == "turret_v60" ? "gem-6.0"
                                                                   : "gem-6.1-frm3";
    const auto r = run_cli({"convert", dir.file("back.glb"), "-o", dir.file("back.anm"), "--to", target, "--base", original}, dir);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_TRUE(read_bytes(dir.file("back.anm")) == read_bytes(original));
  }
  // The LM door (Hermite tracks, resampled by Blender at every frame).
  {
    const std::string door = examples + "mansion_door.anm", bin = examples + "mansion_door.bin";
    ASSERT_EQ(run_cli({"convert", door, "--bin", bin, "-o", dir.file("door.glb")}, dir).exit_code, 0);
    ASSERT_TRUE(blender_round_trip(dir, "round_trip_defaults.py", dir.file("door.glb"), dir.file("door_back.glb")));
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
    ASSERT_TRUE(blender_round_trip(dir, "round_trip_defaults.py", dir.file("real.glb"), dir.file("real_back.glb")));
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
