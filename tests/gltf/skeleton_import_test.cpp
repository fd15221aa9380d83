// A glTF animation read onto a game skeleton (ImportOptions::skeleton): whatever node tree, axes
// and bone frames the glTF has, each bone gets the game's parent-local values.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "anmkit/anmkit.hpp"
#include "anmkit/formats/gem/gem_clip.hpp"
#include "anmkit/formats/gem/gem_read.hpp"
#include "anmkit/gltf/gltf_import.hpp"
#include "anmkit/model/rest_affine.hpp"
#include "anmkit/model/rest_pose.hpp"
#include "anmkit/model/tolerance.hpp"
#include "support/fixture_bytes.hpp"
#include "support/run_cli.hpp"
#include "support/foreign_gltf_tool.hpp"

namespace anmkit::gltf {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;
using model::Affine;
using model::Quat;

constexpr double degree = std::numbers::pi / 180;

Quat about(char axis, double angle) {
  const float s = float(std::sin(angle / 2)), c = float(std::cos(angle / 2));
  return axis == 'x' ? Quat{s, 0, 0, c} : axis == 'y' ? Quat{0, s, 0, c} : Quat{0, 0, s, c};
}

Affine turn(const Quat& q) { return model::rest_affine({}, q, {1, 1, 1}); }

// A GEM-like skeleton: the game's axes (left-handed, Z up, 20 units to the metre), a mirrored gun.
model::Skeleton tank() {
  model::Skeleton s;
  s.to_right_handed = {1, -1, 1};
  s.to_y_up = about('x', -90 * degree);
  s.metres_per_unit = 0.05f;
  s.joints = {
      {"body", -1, {10, 20, 30}, about('z', 30 * degree)},
      {"turret", 0, {0, 0, 5}, {}},
      {"gun", 1, {4, 0, 1}, about('y', 10 * degree), {1, 1, 1}, true},
      {"hatch", 1, {-1, 2, 3}, {}},
  };
  return s;
}

Affine joint_local(const model::Joint& j) {
  return model::rest_affine(j.translation, j.rotation, {j.scale.x, j.scale.y, j.mirrored ? -j.scale.z : j.scale.z});
}

// glTF's translation, rotation and scale of an affine map (a mirror as a negative z scale).
json trs(const Affine& m) {
  model::Matrix34 rows{};
  for (std::size_t axis = 0; axis < 3; ++axis) {
    for (std::size_t c = 0; c < 3; ++c) rows[axis * 3 + c] = float(m.a[c][axis]);
  }
  for (std::size_t c = 0; c < 3; ++c) rows[9 + c] = float(m.t[c]);
  const model::Decomposed d = model::decompose(rows);
  return {{"translation", {d.translation.x, d.translation.y, d.translation.z}},
          {"rotation", {d.rotation.x, d.rotation.y, d.rotation.z, d.rotation.w}},
          {"scale", {d.scale.x, d.scale.y, d.mirrored ? -d.scale.z : d.scale.z}}};
}

std::string base64(const std::vector<std::uint8_t>& bytes) {
  static const char* digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::uint32_t n = (std::uint32_t(bytes[i]) << 16) | (i + 1 < bytes.size() ? std::uint32_t(bytes[i + 1]) << 8 : 0) |
                            (i + 2 < bytes.size() ? bytes[i + 2] : 0);
    out += digits[(n >> 18) & 63];
    out += digits[(n >> 12) & 63];
    out += i + 1 < bytes.size() ? digits[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.size() ? digits[n & 63] : '=';
  }
  return out;
}

// A glTF as a DCC tool writes the tank: an armature node holding the change of axes, each bone's
// frame turned (Blender points bones at their children), a helper node between the turret and
// the hatch, a mesh on the body. The turret turns 3 degrees a frame about the game's Z; the hatch
// opens 9 degrees a frame about its X from frame 6.
struct TankGltf {
  json doc;
  std::vector<float> floats;

  std::size_t accessor(const std::vector<float>& values, const char* type) {
    const std::size_t offset = floats.size() * 4;
    floats.insert(floats.end(), values.begin(), values.end());
    const std::size_t width = std::string(type) == "SCALAR" ? 1 : std::string(type) == "VEC3" ? 3 : 4;
    doc["bufferViews"].push_back({{"buffer", 0}, {"byteOffset", offset}, {"byteLength", values.size() * 4}});
    json a = {{"bufferView", doc["bufferViews"].size() - 1}, {"componentType", 5126}, {"count", values.size() / width}, {"type", type}};
    if (width == 1) a["min"] = {values.front()}, a["max"] = {values.back()};
    doc["accessors"].push_back(a);
    return doc["accessors"].size() - 1;
  }

  std::vector<std::uint8_t> bytes() {
    std::vector<std::uint8_t> data(floats.size() * 4);
    std::memcpy(data.data(), floats.data(), data.size());
    doc["buffers"] = json::array({{{"byteLength", data.size()}, {"uri", "data:application/octet-stream;base64," + base64(data)}}});
    const std::string text = doc.dump();
    return {text.begin(), text.end()};
  }
};

constexpr int frames = 11;

TankGltf tank_gltf(const std::string& turret_name = "turret", model::Vec3 body_moved = {}) {
  const model::Skeleton s = tank();
  const Affine a = model::rest_affine({}, s.to_y_up, {0.05f, -0.05f, 0.05f});
  const Affine body_frame = turn(about('x', 90 * degree)), turret_frame = turn(about('z', 45 * degree)),
               gun_frame = turn(about('y', -90 * degree)), hatch_frame{};
  Affine helper;
  helper.t = {0, 1, 0};
  Affine body = joint_local(s.joints[0]);
  body.t = {body.t[0] + body_moved.x, body.t[1] + body_moved.y, body.t[2] + body_moved.z};
  const auto turned = [](const Affine& parent_frame, const Affine& local, const Affine& frame) {
    return model::inverse(parent_frame) * local * frame;
  };
  TankGltf g;
  g.doc["asset"] = {{"version", "2.0"}};
  json& nodes = g.doc["nodes"];
  nodes.push_back({{"name", "Armature"}, {"children", {1}}});
  nodes[0].update(trs(a));
  nodes.push_back({{"name", "body"}, {"children", {2, 5}}});
  nodes[1].update(trs(turned(Affine{}, body, body_frame)));
  nodes.push_back({{"name", turret_name}, {"children", {3, 4}}});
  nodes[2].update(trs(turned(body_frame, joint_local(s.joints[1]), turret_frame)));
  nodes.push_back({{"name", "GUN"}});  // the game finds names whatever their case
  nodes[3].update(trs(turned(turret_frame, joint_local(s.joints[2]), gun_frame)));
  nodes.push_back({{"name", "hatch_pivot"}, {"children", {6}}});
  nodes[4].update(trs(turned(turret_frame, helper, Affine{})));
  nodes.push_back({{"name", "Cube"}, {"mesh", 0}});
  nodes[6 - 1].update(trs(Affine{}));
  nodes.push_back({{"name", "hatch"}});
  nodes[6].update(trs(turned(helper, joint_local(s.joints[3]), hatch_frame)));
  g.doc["scenes"] = json::array({{{"nodes", {0}}}});  // (nodes, a reference into doc, is done with)
  g.doc["meshes"] = json::array({{{"primitives", json::array({{{"attributes", {{"POSITION", 0}}}}})}}});
  // The animation: the game's local rotations, turned into each node's frame.
  std::vector<float> times, turret, hatch;
  for (int f = 0; f < frames; ++f) {
    times.push_back(float(f / 30.0));
    const json t = trs(turned(body_frame, turn(about('z', 3 * f * degree)), turret_frame))["rotation"];
    const json h = trs(turned(helper, joint_local(s.joints[3]) * turn(about('x', std::max(0, f - 5) * 9 * degree)),
                              hatch_frame))["rotation"];
    for (std::size_t i = 0; i < 4; ++i) turret.push_back(t[i].get<float>()), hatch.push_back(h[i].get<float>());
  }
  g.accessor({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");  // the cube's positions (accessor 0)
  const std::size_t input = g.accessor(times, "SCALAR");
  const std::size_t turret_values = g.accessor(turret, "VEC4"), hatch_values = g.accessor(hatch, "VEC4");
  g.doc["animations"] = json::array({{{"name", "hatch_open"},
                                      {"samplers", json::array({{{"input", input}, {"output", turret_values}, {"interpolation", "LINEAR"}},
                                                                {{"input", input}, {"output", hatch_values}, {"interpolation", "LINEAR"}}})},
                                      {"channels", json::array({{{"sampler", 0}, {"target", {{"node", 2}, {"path", "rotation"}}}},
                                                                {{"sampler", 1}, {"target", {{"node", 6}, {"path", "rotation"}}}}})}}});
  return g;
}

Expected<model::Clip> import_on_tank(std::vector<std::uint8_t> bytes, std::vector<Wording>* warnings = nullptr) {
  const model::Skeleton skeleton = tank();
  ImportOptions options;
  options.skeleton = &skeleton;
  std::vector<Wording> ignored;
  return import_clip(bytes, options, warnings ? *warnings : ignored);
}

void expect_rotation(const model::Keyframe<Quat>& key, double frame, const Quat& expected) {
  SCOPED_TRACE(testing::Message() << "frame " << frame);
  EXPECT_EQ(key.frame, frame);
  EXPECT_LT(model::quat_angle_between(key.value, expected), 2e-6f);
}

TEST(SkeletonImport, EachBoneGetsTheGamesLocalValuesWhateverTheGltfsFramesAndNodes) {
  std::vector<Wording> warnings;
  auto clip = import_on_tank(tank_gltf().bytes(), &warnings);
  ASSERT_TRUE(clip) << clip.error().to_string();
  EXPECT_TRUE(warnings.empty());
  EXPECT_EQ(clip->frame_count, std::uint32_t(frames));
  // Only what moves: the body and the gun keep their rest, and have no keys.
  ASSERT_EQ(clip->bones.size(), 2u);
  const model::BoneTrack& turret = clip->bones[0];
  EXPECT_EQ(turret.name, "turret");
  EXPECT_TRUE(turret.translation.empty());
  EXPECT_TRUE(turret.scale.empty());
  EXPECT_TRUE(turret.visible.empty());
  EXPECT_TRUE(turret.mirrored.empty());
  ASSERT_EQ(turret.rotation.keys.size(), std::size_t(frames));
  for (int f = 0; f < frames; ++f) expect_rotation(turret.rotation.keys[std::size_t(f)], f, about('z', 3 * f * degree));
  const model::BoneTrack& hatch = clip->bones[1];
  EXPECT_EQ(hatch.name, "hatch");
  EXPECT_TRUE(hatch.translation.empty());
  // Frame 0, then each frame it moves (6 to 10): frames 1 to 5 hold frame 0's key.
  ASSERT_EQ(hatch.rotation.keys.size(), 6u);
  expect_rotation(hatch.rotation.keys[0], 0, {});
  for (int f = 6; f < frames; ++f) expect_rotation(hatch.rotation.keys[std::size_t(f - 5)], f, about('x', (f - 5) * 9 * degree));
}

// Blender's bones hold no scale in their rest: its exporter writes the mirrored gun's rest without
// its scale and mirror (its children unmoved), and its pose holds them. Read as the game's, every
// bone as before; without the pose's mirror, the gun is keyed unmirrored.
TEST(SkeletonImport, ARestWithoutTheMirrorReadsWhenThePoseHoldsIt) {
  TankGltf g = tank_gltf();
  const model::Skeleton skeleton = tank();
  const model::Joint& joint = skeleton.joints[2];
  const json shown = g.doc["nodes"][3];  // the gun's rest as the game has it, in its turned frame
  const Affine turret_frame = turn(about('z', 45 * degree)), gun_frame = turn(about('y', -90 * degree));
  const Affine unscaled = model::rest_affine(joint.translation, joint.rotation, {1, 1, 1});
  g.doc["nodes"][3].update(trs(model::inverse(turret_frame) * unscaled * gun_frame));
  std::vector<float> translation, rotation, scale;
  for (int f = 0; f < frames; ++f) {
    for (std::size_t i = 0; i < 3; ++i) translation.push_back(shown["translation"][i].get<float>());
    for (std::size_t i = 0; i < 4; ++i) rotation.push_back(shown["rotation"][i].get<float>());
    for (std::size_t i = 0; i < 3; ++i) scale.push_back(shown["scale"][i].get<float>());
  }
  const std::size_t input = g.doc["animations"][0]["samplers"][0]["input"].get<std::size_t>();
  TankGltf without_pose = g;
  for (const auto& [path, values, type] : {std::tuple{"translation", &translation, "VEC3"}, std::tuple{"rotation", &rotation, "VEC4"},
                                           std::tuple{"scale", &scale, "VEC3"}}) {
    const std::size_t output = g.accessor(*values, type);
    auto& animation = g.doc["animations"][0];
    animation["samplers"].push_back({{"input", input}, {"output", output}, {"interpolation", "STEP"}});
    animation["channels"].push_back({{"sampler", animation["samplers"].size() - 1}, {"target", {{"node", 3}, {"path", path}}}});
  }
  auto clip = import_on_tank(g.bytes());
  ASSERT_TRUE(clip) << clip.error().to_string();
  ASSERT_EQ(clip->bones.size(), 2u);
  EXPECT_EQ(clip->bones[0].name, "turret");
  EXPECT_EQ(clip->bones[1].name, "hatch");
  ASSERT_EQ(clip->bones[0].rotation.keys.size(), std::size_t(frames));
  expect_rotation(clip->bones[0].rotation.keys[7], 7, about('z', 21 * degree));
  auto unmirrored = import_on_tank(without_pose.bytes());
  ASSERT_TRUE(unmirrored) << unmirrored.error().to_string();
  ASSERT_EQ(unmirrored->bones.size(), 3u);
  EXPECT_EQ(unmirrored->bones[1].name, "gun");
  EXPECT_EQ(unmirrored->bones[1].mirrored, (std::vector<model::Key<bool>>{{0, false}}));
}

TEST(SkeletonImport, AnimatedNodesTheSkeletonLacksAreRefusedByName) {
  auto clip = import_on_tank(tank_gltf("turret_new").bytes());
  ASSERT_FALSE(clip);
  EXPECT_EQ(clip.error().message,
            "the animation moves a node that is no bone of the skeleton: 'turret_new'; a game file keys the skeleton's bones only");
}

TEST(SkeletonImport, ABoneRestingElsewhereIsAnotherModel) {
  auto clip = import_on_tank(tank_gltf("turret", {1, 0, -2}).bytes());
  ASSERT_FALSE(clip);
  EXPECT_EQ(clip.error().message,
            "bone 'body' rests at (11, 20, 28) in the glTF and at (10, 20, 30) in the skeleton (in the skeleton's units): the "
            "glTF was made on another model, or its rest pose was moved");
}

TEST(SkeletonImport, AGltfWithNoBoneOfTheSkeletonAndACycleAreRefused) {
  TankGltf g = tank_gltf();
  for (auto& node : g.doc["nodes"]) node["name"] = "x" + node["name"].get<std::string>();
  g.doc["animations"] = json::array({{{"samplers", json::array()}, {"channels", json::array()}}});
  auto none = import_on_tank(g.bytes());
  ASSERT_FALSE(none);
  EXPECT_EQ(none.error().message, "no node of the glTF is named as a bone of the skeleton (its bones are 'body', 'turret', 'gun', 'hatch')");
  TankGltf cycle = tank_gltf();
  cycle.doc["nodes"][2]["children"] = {3};  // the hatch's pivot hangs from the hatch, which hangs from it
  cycle.doc["nodes"][6]["children"] = {4};
  auto cyclic = import_on_tank(cycle.bytes());
  ASSERT_FALSE(cyclic);
  EXPECT_EQ(cyclic.error().message, "node 4 is its own ancestor: the glTF's node tree has a cycle");
}

// Every pose of `a` and `b` as the game draws them on `skeleton`, the same within float noise.
void expect_same_filled_poses(const model::Clip& a, const model::Clip& b, const model::Skeleton& skeleton) {
  ASSERT_EQ(a.frame_count, b.frame_count);
  const auto rest_a = model::rest_poses(a, skeleton), rest_b = model::rest_poses(b, skeleton);
  for (std::uint32_t f = 0; f < a.frame_count; ++f) {
    const auto pa = model::sample(a, f), pb = model::sample(b, f);
    for (std::size_t i = 0; i < a.bones.size(); ++i) {
      SCOPED_TRACE(testing::Message() << a.bones[i].name << " frame " << f);
      const model::FilledPose x = model::filled(pa[i], rest_a[i], f);
      // A bone b does not key is at its rest.
      const model::Joint& joint = skeleton.joints[std::size_t(skeleton.find(a.bones[i].name))];
      model::FilledPose y{joint.translation, joint.rotation, joint.scale, joint.shown, joint.mirrored};
      for (std::size_t k = 0; k < b.bones.size(); ++k) {
        if (b.bones[k].name == a.bones[i].name) y = model::filled(pb[k], rest_b[k], f);
      }
      EXPECT_NEAR(x.translation.x, y.translation.x, 1e-4);
      EXPECT_NEAR(x.translation.y, y.translation.y, 1e-4);
      EXPECT_NEAR(x.translation.z, y.translation.z, 1e-4);
      // The same matrix, however split: a mirror and a half turn may stand for a turn of their own.
      EXPECT_TRUE(model::within_tolerance(model::linear_part(x.rotation, x.scale, x.mirrored),
                                          model::linear_part(y.rotation, y.scale, y.mirrored), 1e-5));
      EXPECT_EQ(x.visible, y.visible);
    }
  }
}

// Binary data can hold what JSON cannot: a turret turned to NaN, or to a scale past a float.
TEST(SkeletonImport, ATransformPastAFloatIsRefusedNamingTheBoneAndFrame) {
  TankGltf g = tank_gltf();
  // The floats: the cube's 3 positions, the times, then the turret's rotations, 4 a frame.
  g.floats[9 + std::size_t(frames) + 4 * 3] = std::numeric_limits<float>::quiet_NaN();  // the turret at frame 3
  auto clip = import_on_tank(g.bytes());
  ASSERT_FALSE(clip);
  EXPECT_EQ(clip.error().message, "node 2's rotation at frame 3 is not a finite number");
  // The body scaled at rest, by 2 and by 1e30.
  for (const double by : {2.0, 1e30}) {
    TankGltf scaled = tank_gltf();
    scaled.doc["nodes"][1]["scale"] = {by, by, by};
    clip = import_on_tank(scaled.bytes());
    ASSERT_FALSE(clip);
    EXPECT_EQ(clip.error().message, fmt::format("bone 'body' rests scaled by ({0:.6g}, {0:.6g}, {0:.6g}) in the glTF, not in the "
                                                "skeleton: the glTF was made on another model, or its rest pose was changed",
                                                by));
  }
}

// Every node and bone at every frame is the work: a glTF of 2 000 s on a model of 104 bones asks
// for more than an import does.
TEST(SkeletonImport, WorkPastTheSampleLimitIsRefusedBeforeItStarts) {
  TankGltf g = tank_gltf();
  g.floats[9 + std::size_t(frames) - 1] = 2000;  // the last key's time
  g.doc["accessors"][1]["max"] = {2000.0};
  model::Skeleton skeleton = tank();
  for (int i = 0; i < 100; ++i) skeleton.joints.push_back({fmt::format("extra{}", i), 0, {}, {}});
  ImportOptions options;
  options.skeleton = &skeleton;
  std::vector<Wording> warnings;
  auto clip = import_clip(g.bytes(), options, warnings);
  ASSERT_FALSE(clip);
  EXPECT_EQ(clip.error().message,
            "7 nodes and 104 bones over 60001 frames are 6660111 samples; an import onto a skeleton stops at 4194304");
}

// The real tank: each of the e-25's sequences as anmkit writes it with the .mdl, then as another
// tool writes that again (nodes in another order, every node keyed every frame with float noise,
// the mirror as a half turn and a negative scale, no extras), read back onto the .mdl: every
// pose of every bone as the original's. Written as a file, it is a GEM file of the .mdl's bones.
TEST(SkeletonImport, TheE25sSequencesComeBackOntoItsMdlThroughAnotherTool) {
  ANMKIT_REQUIRE_VEHICLES_CORPUS(vehicles);
  const fs::path mdl = vehicles / "e-25" / "e-25.mdl";
  for (const char* sequence : {"fire", "stop"}) {
    SCOPED_TRACE(sequence);
    OpenOptions on_mdl;
    on_mdl.skeleton = mdl.string();
    on_mdl.meshes = false;
    auto original = Document::open((vehicles / "e-25" / (std::string(sequence) + ".anm")).string(), on_mdl);
    ASSERT_TRUE(original) << original.error().to_string();
    auto glb = original->to_gltf();
    ASSERT_TRUE(glb) << glb.error().to_string();
    const auto foreign = test::through_foreign_tool(glb->bytes);
    auto skeleton = original->skeleton();
    auto a = original->clip();
    ASSERT_TRUE(skeleton && a);
    ImportOptions options;
    options.skeleton = &*skeleton;
    auto b = import_clip(foreign, options);
    ASSERT_TRUE(b) << b.error().to_string();
    expect_same_filled_poses(*a, *b, *skeleton);

    GltfImportOptions import;
    import.skeleton = mdl.string();
    auto made = Document::import_gltf(foreign, original->import_target(), import, "foreign.glb");
    ASSERT_TRUE(made) << made.error().to_string();
    EXPECT_TRUE(made->warnings.empty()) << made->warnings[0].message;
    auto clip = made->document.clip();
    ASSERT_TRUE(clip);
    EXPECT_EQ(clip->frame_count, a->frame_count);
    for (const model::BoneTrack& bone : clip->bones) EXPECT_GE(skeleton->find(bone.name), 0) << bone.name;
  }
}

// The command line: a glTF read onto the e-25's .mdl (anmkit's own, as another tool wrote it
// again), the new file declared in a copy of the .mdl as a sequence of its own; the .mdl changes
// by that line alone and reads back with it, and what the command cannot do it refuses.
TEST(SkeletonImport, TheCommandLineWritesANewSequenceAndDeclaresItInTheMdl) {
  ANMKIT_REQUIRE_VEHICLES_CORPUS(vehicles);
  test::TempDir dir;
  const std::string mdl = dir.file("e-25.mdl");
  fs::copy_file(vehicles / "e-25" / "e-25.mdl", mdl);
  const auto original_mdl = test::read_bytes(mdl);
  auto r = test::run_cli({"convert", (vehicles / "e-25" / "fire.anm").string(), "--skeleton", mdl, "-o", dir.file("fire.glb")}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  dir.write("foreign.glb", test::through_foreign_tool(test::read_bytes(dir.file("fire.glb"))));
  fs::create_directories(dir.path() / "anim");

  r = test::run_cli({"convert", dir.file("foreign.glb"), "--skeleton", mdl, "-o", dir.file("anim/hatch_open.anm"), "--to", "gem-6.0",
                     "--add-sequence", "hatch_open"},
                    dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const auto written = test::read_bytes(mdl);
  const std::string line = "    {sequence \"hatch_open\" {file \"anim/hatch_open.anm\"}}\n";
  std::string expected(original_mdl.begin(), original_mdl.end());
  const std::size_t after_fire = expected.find("{sequence \"fire\"}");
  ASSERT_NE(after_fire, std::string::npos);
  expected.insert(expected.find('\n', after_fire) + 1, line);
  EXPECT_EQ(std::string(written.begin(), written.end()), expected);
  r = test::run_cli({"info", mdl}, dir);
  EXPECT_NE(r.out.find("anim/hatch_open.anm"), std::string::npos) << r.out;
  // The gun's recoil, as `sample` shows it in the fire sequence and in the new file.
  const auto gun_at = [&](const std::string& file, const char* frame) {
    const auto sampled = test::run_cli({"sample", file, "--frame", frame, "--json"}, dir);
    EXPECT_EQ(sampled.exit_code, 0) << sampled.err << sampled.out.substr(0, 400);
    const json pose = json::parse(sampled.out);
    for (const auto& bone : pose["bones"]) {
      if (bone["name"] == "gun") return bone["translation"].get<std::vector<double>>();
    }
    return std::vector<double>{};
  };
  for (const char* frame : {"0", "3", "10"}) {
    const auto was = gun_at((vehicles / "e-25" / "fire.anm").string(), frame), now = gun_at(dir.file("anim/hatch_open.anm"), frame);
    ASSERT_EQ(now.size(), 3u) << "frame " << frame;
    for (std::size_t i = 0; i < 3; ++i) EXPECT_NEAR(now[i], was[i], 1e-4) << "frame " << frame;
  }

  // Refused, nothing written: the name again, a file outside the model's folder, the .mdl as output.
  r = test::run_cli({"convert", dir.file("foreign.glb"), "--skeleton", mdl, "-o", dir.file("again.anm"), "--to", "gem-6.0",
                     "--add-sequence", "HATCH_OPEN"},
                    dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, mdl + ": error: the skeleton declares a sequence 'HATCH_OPEN' already\n");
  EXPECT_FALSE(fs::exists(dir.file("again.anm")));
  r = test::run_cli({"convert", dir.file("foreign.glb"), "--skeleton", mdl, "-o", (dir.path().parent_path() / "x.anm").string(),
                     "--to", "gem-6.0", "--add-sequence", "x"},
                    dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("error: a sequence's file must lie in its model's folder"), std::string::npos) << r.err;
  r = test::run_cli({"convert", dir.file("foreign.glb"), "--skeleton", mdl, "-o", mdl, "--to", "gem-6.0"}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(test::read_bytes(mdl), written);
  r = test::run_cli({"convert", dir.file("foreign.glb"), "-o", dir.file("y.anm"), "--to", "gem-6.0", "--add-sequence", "y"}, dir);
  EXPECT_EQ(r.exit_code, 2) << "--add-sequence needs --skeleton";
}

}  // namespace
}  // namespace anmkit::gltf
