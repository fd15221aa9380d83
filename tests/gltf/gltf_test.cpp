// glTF export checked by the tests' own small GLB reader: at every whole frame the animated
// local transforms equal `sample`'s pose; the Khronos validator and assimp accept the files.

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <map>

#include <nlohmann/json.hpp>

#include "anmkit/formats/gem/mdl.hpp"
#include "anmkit/formats/lm/lm_curves.hpp"
#include "anmkit/formats/gem/gem_clip.hpp"
#include "anmkit/formats/gem/gem_read.hpp"
#include "anmkit/formats/lm/lm_bin.hpp"
#include "anmkit/formats/lm/lm_read.hpp"
#include "support/externals.hpp"
#include "support/khronos_validator.hpp"
#include "support/fixture_bytes.hpp"
#include "support/glb_reader.hpp"
#include "support/gltf_via_front_door.hpp"
#include "support/run_cli.hpp"

namespace anmkit::gltf {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

using Glb = test::GlbReader;

// The node's local value of `path` at time t: the channel's (STEP, LINEAR or CUBICSPLINE, as
// the glTF specification's appendix defines them), else its rest.
std::vector<float> value(const Glb& glb, std::size_t node, const std::string& path, double t, int animation = 0) {
  const json& anim = glb.j["animations"][std::size_t(animation)];
  for (const json& c : anim["channels"]) {
    if (c["target"]["node"] != node || c["target"]["path"] != path) continue;
    const json& s = anim["samplers"][c["sampler"].get<std::size_t>()];
    const auto times = glb.floats(s["input"]);
    const auto values = glb.floats(s["output"]);
    const std::size_t width = path == "rotation" ? 4 : 3;
    const bool cubic = s["interpolation"] == "CUBICSPLINE";
    const std::size_t stride = cubic ? 3 * width : width, base = cubic ? width : 0;
    std::size_t k = 0;
    const double slack = std::max(1e-5, 4e-7 * t);  // times are floats: frame f may sit just past f / fps
    while (k + 1 < times.size() && times[k + 1] <= t + slack) ++k;
    std::vector<float> out(values.begin() + std::ptrdiff_t(k * stride + base),
                           values.begin() + std::ptrdiff_t(k * stride + base + width));
    if (s["interpolation"] == "STEP" || k + 1 >= times.size() || !(t > times[k] + slack)) return out;
    const double gap = times[k + 1] - times[k], u = (t - times[k]) / gap;
    for (std::size_t i = 0; i < width; ++i) {
      const double a = values[k * stride + base + i], b = values[(k + 1) * stride + base + i];
      if (cubic) {
        const double a_out = values[k * stride + 2 * width + i], b_in = values[(k + 1) * stride + i];
        const double u2 = u * u, u3 = u2 * u;
        out[i] = float((2 * u3 - 3 * u2 + 1) * a + (u3 - 2 * u2 + u) * gap * a_out + (-2 * u3 + 3 * u2) * b +
                       (u3 - u2) * gap * b_in);
      } else {
        out[i] = float(a + u * (b - a));
      }
    }
    return out;
  }
  const json& n = glb.j["nodes"][std::size_t(node)];
  if (path == "translation") return n.contains("translation") ? n["translation"].get<std::vector<float>>() : std::vector<float>{0, 0, 0};
  if (path == "rotation") return n.contains("rotation") ? n["rotation"].get<std::vector<float>>() : std::vector<float>{0, 0, 0, 1};
  return n.contains("scale") ? n["scale"].get<std::vector<float>>() : std::vector<float>{1, 1, 1};
}

float angle(const std::vector<float>& q, const model::Quat& r) {
  return model::quat_angle_between(model::normalized(model::Quat{q[0], q[1], q[2], q[3]}), r);
}

void expect_gem_poses(const gem::File& file, const Glb& glb, double fps) {
  const model::Clip clip = gem::to_clip(file);
  for (std::uint32_t f = 0; f < clip.frame_count; ++f) {
    const auto poses = model::sample(clip, f);
    for (std::size_t b = 0; b < clip.bones.size(); ++b) {
      SCOPED_TRACE(clip.bones[b].name + " frame " + std::to_string(f));
      const std::size_t n = glb.node(clip.bones[b].name);
      ASSERT_NE(n, Glb::none);
      const auto& p = poses[b];
      const double t = f / fps;
      if (p.has_translation) {
        EXPECT_EQ(value(glb, n, "translation", t), (std::vector<float>{p.translation.x, p.translation.y, p.translation.z}));
      }
      if (p.has_rotation) {
        EXPECT_LT(angle(value(glb, n, "rotation", t), p.rotation), 1e-6f);
      }
      // Every bone's scale, all three components: the pose's, z negated while mirrored, 0 while hidden
      // (no skeleton: the rest scale is 1).
      const model::Vec3 scale = p.has_scale ? p.scale : model::Vec3{1, 1, 1};
      const std::vector<float> expected_scale = !p.visible   ? std::vector<float>{0, 0, 0}
                                                : p.mirrored ? std::vector<float>{scale.x, scale.y, -scale.z}
                                                             : std::vector<float>{scale.x, scale.y, scale.z};
      EXPECT_EQ(value(glb, n, "scale", t), expected_scale);
    }
  }
}

TEST(GltfExport, GemExamplesMatchSampleAtEveryFrame) {
  for (const char* name : {"turret_v60.anm", "turret_v40.anm", "turret_v61_frm3.anm", "track_meshanim_v61.anm"}) {
    SCOPED_TRACE(name);
    auto file = gem::read(test::read_bytes(fs::path(ANMKIT_SOURCE_DIR) / "examples" / name));
    ASSERT_TRUE(file);
    auto result = test::gem_gltf(*file, 24);
    ASSERT_TRUE(result) << result.error().message;
    const Glb glb(result->bytes);
    EXPECT_EQ(glb.j["nodes"][0]["name"], "anmkit_root");
    EXPECT_EQ(glb.j["nodes"][0]["scale"], json::array({0.05f, -0.05f, 0.05f}));  // GEM's world is left-handed
    EXPECT_EQ(glb.j["animations"][0]["extras"]["anmkit"]["format"], "gem");
    expect_gem_poses(*file, glb, 24);
  }
}

TEST(GltfExport, HiddenAndMirroredBones) {
  auto file = gem::read(test::read_bytes(fs::path(ANMKIT_SOURCE_DIR) / "examples/turret_v60.anm"));
  ASSERT_TRUE(file);
  const Glb glb(test::gem_gltf(*file)->bytes);
  const std::size_t hatch = glb.node("hatch"), basis = glb.node("basis");
  EXPECT_EQ(value(glb, hatch, "scale", 21 / 30.0), (std::vector<float>{1, 1, 1}));
  EXPECT_EQ(value(glb, hatch, "scale", 22 / 30.0), (std::vector<float>{0, 0, 0}));
  EXPECT_EQ(value(glb, basis, "scale", 0), (std::vector<float>{1, 1, -1}));
  const auto extras = glb.j["animations"][0]["extras"]["anmkit"];
  // The events as they change (the file repeats them at its last frame: no change).
  EXPECT_EQ(extras["visibility"]["hatch"].dump(), "[[0,true],[22,false]]");
  EXPECT_EQ(extras["mirrored"]["basis"].dump(), "[[0,true]]");
  EXPECT_EQ(extras["bone_map"].size(), 5u);
}

TEST(GltfExport, LmDoorMatchesSampleAndStaysSmoothBetweenFrames) {
  const fs::path dir = fs::path(ANMKIT_SOURCE_DIR) / "examples";
  auto file = lm::read(test::read_bytes(dir / "mansion_door.anm"));
  ASSERT_TRUE(file);
  OpenOptions options;
  options.skeleton = (dir / "mansion_door.bin").string();
  auto gltf = test::gltf_of(test::read_bytes(dir / "mansion_door.anm"), options);
  ASSERT_TRUE(gltf) << gltf.error().to_string();
  const Glb glb(gltf->bytes);
  EXPECT_EQ(glb.j["nodes"][std::size_t(glb.node("node_1"))]["children"].size(), 1u) << "the knob hangs from the door";
  auto curves = lm::decode_curves(file->file);
  ASSERT_TRUE(curves);
  for (double f = 0; f <= 60; f += 0.25) {
    const auto poses = lm::sample(*curves, f, lm::RotationUnit::degrees);
    for (std::size_t n = 0; n < poses.size(); ++n) {
      const std::size_t node = glb.node("node_" + std::to_string(n));
      const double t = f / 30;
      const bool whole = f == std::floor(f);
      EXPECT_LT(angle(value(glb, node, "rotation", t), poses[n].rotation), whole ? 1e-6f : 1e-4f) << n << " at " << f;
      const auto& p = poses[n];
      if (whole) {
        EXPECT_EQ(value(glb, node, "translation", t), (std::vector<float>{p.translation.x, p.translation.y, p.translation.z}));
        EXPECT_EQ(value(glb, node, "scale", t), (std::vector<float>{p.scale.x, p.scale.y, p.scale.z}));
      } else {
        // CUBICSPLINE carries the file's own Hermite curves: right between frames too.
        const auto tr = value(glb, node, "translation", t), sc = value(glb, node, "scale", t);
        EXPECT_NEAR(tr[0], p.translation.x, 1e-4) << n << " at " << f;
        EXPECT_NEAR(tr[1], p.translation.y, 1e-4) << n << " at " << f;
        EXPECT_NEAR(tr[2], p.translation.z, 1e-4) << n << " at " << f;
        EXPECT_NEAR(sc[0], p.scale.x, 1e-5) << n << " at " << f;
        EXPECT_NEAR(sc[1], p.scale.y, 1e-5) << n << " at " << f;
        EXPECT_NEAR(sc[2], p.scale.z, 1e-5) << n << " at " << f;
      }
    }
  }
}

TEST(GltfExport, E25BodyWorldTransformAtFrameZeroIsItsRestPose) {
  ANMKIT_REQUIRE_GEM_CORPUS(corpus);
  auto mdl = gem::read_mdl(test::read_bytes(corpus / "goh_e25_tank-e-25.mdl"));
  auto file = gem::read(test::read_bytes(corpus / "goh_e25_fire.anm"));
  ASSERT_TRUE(mdl && file);
  auto result = test::gem_gltf(*file, 30, (corpus / "goh_e25_tank-e-25.mdl").string(), "fire");
  ASSERT_TRUE(result) << result.error().to_string();
  // Every bone is in the skeleton; the one warning is that the model's meshes are not beside it
  // (the corpus holds the .mdl alone).
  ASSERT_EQ(result->warnings.size(), 1u);
  EXPECT_NE(result->warnings[0].message.find("22 of the meshes it names are not beside it (body.ply, trackr.ply, wheelr7.ply and 19 more"),
            std::string::npos) << result->warnings[0].message;
  const Glb glb(result->bytes);
  // World matrix of a node below the root: the product of its chain's local TRS at time 0.
  auto world = [&](std::size_t node) {
    std::vector<std::size_t> chain;
    for (std::size_t n = node; n != Glb::none && n > 0; n = glb.parent(n)) chain.push_back(n);
    std::array<double, 16> m{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};  // row-major, column vectors
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
      const auto t = value(glb, *it, "translation", 0), r = value(glb, *it, "rotation", 0), s = value(glb, *it, "scale", 0);
      const auto rot = model::matrix_from_quat(model::Quat{r[0], r[1], r[2], r[3]});
      std::array<double, 16> local{};
      for (std::size_t i = 0; i < 3; ++i) {
        for (std::size_t j = 0; j < 3; ++j) local[i * 4 + j] = rot[i][j] * s[j];
        local[i * 4 + 3] = t[i];
      }
      local[15] = 1;
      std::array<double, 16> out{};
      for (std::size_t i = 0; i < 4; ++i)
        for (std::size_t j = 0; j < 4; ++j)
          for (std::size_t k = 0; k < 4; ++k) out[i * 4 + j] += m[i * 4 + k] * local[k * 4 + j];
      m = out;
    }
    return m;
  };
  // The .mdl's own chain: basis (Orientation) then body (Matrix34), row vectors: v' = v * M.
  const auto& basis = mdl->bones[0].rest;
  const auto& body = mdl->bones[1].rest;
  const auto m = world(glb.node("body"));
  for (std::size_t col = 0; col < 3; ++col) {  // the body's axes in the basis' space, then the world's
    for (std::size_t row = 0; row < 3; ++row) {
      double expected = 0;
      for (std::size_t k = 0; k < 3; ++k) expected += body[col * 3 + k] * basis[k * 3 + row];
      EXPECT_NEAR(m[row * 4 + col], expected, 1e-5) << row << "," << col;
    }
  }
  for (std::size_t row = 0; row < 3; ++row) {
    double expected = basis[9 + row];
    for (std::size_t k = 0; k < 3; ++k) expected += body[9 + k] * basis[k * 3 + row];
    EXPECT_NEAR(m[row * 4 + 3], expected, 1e-4) << "translation " << row;
  }
}

// Every node below the root is a joint of one skin (so that Blender builds one armature), rooted at
// the root and bound at the rest pose: each inverse bind matrix times its joint's rest transform
// composed up to the root is the identity. GEM's root reflects y (its world is left-handed), LM's
// does not.
TEST(GltfExport, EveryNodeIsAJointOfOneSkinBoundAtItsRestPose) {
  const fs::path source = ANMKIT_SOURCE_DIR;
  auto file = gem::read(test::read_bytes(source / "examples/turret_v60.anm"));
  ASSERT_TRUE(file);
  auto result = test::gem_gltf(*file, 30, (source / "fuzz/seeds/mdl/skeleton.mdl").string(), "fire");
  ASSERT_TRUE(result) << result.error().to_string();
  const Glb glb(result->bytes);
  const json& nodes = glb.j["nodes"];
  EXPECT_EQ(nodes[0]["scale"], json::array({0.05f, -0.05f, 0.05f}));
  ASSERT_EQ(glb.j["skins"].size(), 1u);
  const json& skin = glb.j["skins"][0];
  EXPECT_EQ(skin["skeleton"], 0);
  std::vector<int> all;
  for (std::size_t n = 1; n < nodes.size(); ++n) all.push_back(int(n));
  EXPECT_EQ(skin["joints"].get<std::vector<int>>(), all);
  const auto ibm = glb.floats(skin["inverseBindMatrices"]);
  ASSERT_EQ(ibm.size(), 16 * all.size());
  // Rest transforms composed from the root's children down (column-major 4x4, as glTF's).
  std::map<int, int> parent_of;
  for (std::size_t p = 0; p < nodes.size(); ++p) {
    for (const auto& c : nodes[p].value("children", json::array())) parent_of[c.get<int>()] = int(p);
  }
  std::map<int, std::array<double, 16>> world;
  for (int n : all) {
    const json& node = nodes[std::size_t(n)];
    const auto t = node.value("translation", std::vector<float>{0, 0, 0});
    const auto r = node.value("rotation", std::vector<float>{0, 0, 0, 1});
    const auto s = node.value("scale", std::vector<float>{1, 1, 1});
    const auto rot = model::matrix_from_quat(model::Quat{r[0], r[1], r[2], r[3]});
    std::array<double, 16> local{};
    for (std::size_t i = 0; i < 3; ++i) {
      for (std::size_t j = 0; j < 3; ++j) local[j * 4 + i] = rot[i][j] * s[j];
      local[12 + i] = t[i];
    }
    local[15] = 1;
    const int parent = parent_of.at(n);
    if (parent == 0) {
      world[n] = local;
      continue;
    }
    std::array<double, 16> m{};
    for (std::size_t i = 0; i < 4; ++i)
      for (std::size_t j = 0; j < 4; ++j)
        for (std::size_t k = 0; k < 4; ++k) m[j * 4 + i] += world.at(parent)[k * 4 + i] * local[j * 4 + k];
    world[n] = m;
  }
  for (std::size_t joint = 0; joint < all.size(); ++joint) {
    const auto& w = world.at(all[joint]);
    for (std::size_t i = 0; i < 4; ++i) {
      for (std::size_t j = 0; j < 4; ++j) {
        double product = 0;
        for (std::size_t k = 0; k < 4; ++k) product += double(ibm[joint * 16 + k * 4 + i]) * w[j * 4 + k];
        EXPECT_NEAR(product, i == j ? 1 : 0, 1e-5) << nodes[std::size_t(all[joint])]["name"] << " " << i << "," << j;
      }
    }
  }

  OpenOptions with_bin;
  with_bin.skeleton = (source / "examples/mansion_door.bin").string();
  auto door = test::gltf_of(test::read_bytes(source / "examples/mansion_door.anm"), with_bin);
  ASSERT_TRUE(door) << door.error().to_string();
  const Glb lm(door->bytes);
  EXPECT_FALSE(lm.j["nodes"][0].contains("scale"));  // Y up, right-handed, in metres: nothing to change
  EXPECT_EQ(lm.j["skins"][0]["joints"].size(), lm.j["nodes"].size() - 1);
}

// Every kind of glTF anmkit writes, made as a user makes it: each GEM and LM example (.glb and
// .gltf), a GEM export with a .mdl skeleton, and batch --skeleton-dir's. The Khronos validator
// finds no error or warning, and assimp reads each with its nodes, animations and channels.
TEST(GltfExport, KhronosValidatorAndAssimpAcceptEveryKindOfFile) {
  const fs::path source = ANMKIT_SOURCE_DIR;
  const std::string validator = (source / "tools/gltf-validator/validate.js").string();
  ANMKIT_NEED_EXTERNAL(test::have_program("node"), "Node.js (node on PATH)", "scripts/deps installs Debian's nodejs");
  ANMKIT_NEED_EXTERNAL(fs::exists(source / "tools/gltf-validator/node_modules/gltf-validator"),
                       "the Khronos glTF Validator (tools/gltf-validator/node_modules)", "scripts/deps runs npm ci there");
  ANMKIT_NEED_EXTERNAL(test::have_program("assimp"), "assimp (assimp on PATH)", "scripts/deps installs Debian's assimp-utils");
  test::TempDir dir;
  const std::string ex = (source / "examples").string() + "/";
  // The seed .mdl: bones basis, body and turret1, its sequence "fire" names fire.anm.
  const std::string mdl = (source / "fuzz/seeds/mdl/skeleton.mdl").string();
  struct Made {
    std::string path;
    int nodes, channels;  // assimp counts the root node too, and merges a node's T, R and S into one channel
    int animations = 1;
  };
  std::vector<Made> made;
  struct Case {
    std::string out;
    std::vector<std::string> args;
    int nodes, channels;
  };
  const Case cases[] = {{"turret_v60", {ex + "turret_v60.anm"}, 6, 5},
                        {"turret_v40", {ex + "turret_v40.anm"}, 6, 5},
                        {"turret_v61_frm3", {ex + "turret_v61_frm3.anm"}, 6, 5},
                        {"mansion_door", {ex + "mansion_door.anm", "--bin", ex + "mansion_door.bin"}, 4, 3},
                        {"track_meshanim_v61", {ex + "track_meshanim_v61.anm"}, 3, 2},
                        {"turret_on_mdl", {ex + "turret_v60.anm", "--skeleton", mdl}, 6, 5}};
  for (const Case& c : cases) {
    for (const char* ext : {".glb", ".gltf"}) {
      std::vector<std::string> args{"convert"};
      args.insert(args.end(), c.args.begin(), c.args.end());
      args.insert(args.end(), {"-o", dir.file(c.out + ext)});
      const auto r = test::run_cli(args, dir);
      ASSERT_EQ(r.exit_code, 0) << c.out << ext << ": " << r.err;
      made.push_back({dir.file(c.out + ext), c.nodes, c.channels});
    }
  }
  // A model file with its two sequence files: one animation each (assimp counts both's channels).
  fs::create_directories(dir.path() / "model");
  fs::copy_file(mdl, dir.path() / "model/tank.mdl");
  fs::copy_file(ex + "turret_v60.anm", dir.path() / "model/fire.anm");
  fs::copy_file(ex + "turret_v61_frm3.anm", dir.path() / "model/stop.anm");
  for (const char* ext : {".glb", ".gltf"}) {
    const auto r = test::run_cli({"convert", dir.file("model/tank.mdl"), "-o", dir.file(std::string("model") + ext)}, dir);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    made.push_back({dir.file(std::string("model") + ext), 6, 10, 2});
  }
  fs::create_directories(dir.path() / "in");
  fs::create_directories(dir.path() / "skeletons/tank");
  fs::copy_file(ex + "turret_v60.anm", dir.path() / "in/fire.anm");
  fs::copy_file(mdl, dir.path() / "skeletons/tank/tank.mdl");
  for (const char* kind : {"glb", "gltf"}) {
    const auto r = test::run_cli({"batch", dir.file("in"), "-o", dir.file("batch"), "--to", kind, "--skeleton-dir", dir.file("skeletons")}, dir);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    ASSERT_NE(r.out.find("1 converted, 0 skipped (0 not animations), 0 failed"), std::string::npos) << r.out;
    made.push_back({(dir.path() / "batch" / (std::string("fire.") + kind)).string(), 6, 5});
  }

  const std::string report = dir.file("report.txt");
  for (const Made& m : made) {
    SCOPED_TRACE(m.path);
    test::expect_khronos_valid(validator, m.path, report);
    if (::testing::Test::HasFatalFailure()) return;
    // --raw: assimp's default post-processing refuses any scene without meshes.
    const int read = std::system(("assimp info " + test::shell_quote(m.path) + " --raw > " + report + " 2>&1").c_str());
    const std::string info = test::slurp(report);
    EXPECT_EQ(read, 0) << info;
    EXPECT_NE(info.find("Nodes:              " + std::to_string(m.nodes) + "\n"), std::string::npos) << info;
    EXPECT_NE(info.find("Animations:         " + std::to_string(m.animations) + "\n"), std::string::npos) << info;
    EXPECT_NE(info.find("Animation Channels: " + std::to_string(m.channels) + "\n"), std::string::npos) << info;
  }
}

}  // namespace
}  // namespace anmkit::gltf
