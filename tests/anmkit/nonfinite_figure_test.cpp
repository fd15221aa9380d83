// Numbers glTF cannot hold (issue 43, "Invalid output with exit code 0"): NaN or Infinity in a
// .ply's positions, normals and uvs, normals of length 0 or 1e30, and a .mdl bone whose rest
// transform overflows a float. Export repairs or leaves out what cannot be written and says so;
// validate reports it at its bytes or line; the GLB holds no null or Infinity and passes the
// Khronos validator.

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include "anmkit/anmkit.hpp"
#include "anmkit/formats/gem/mdl.hpp"
#include "anmkit/formats/gem/mesh/ply_read.hpp"
#include "anmkit/formats/gem/mesh/ply_validate.hpp"
#include "formats/gem/mesh/ply_fixtures.hpp"
#include "support/glb_reader.hpp"
#include "support/khronos_validator.hpp"
#include "support/run_cli.hpp"

namespace anmkit {
namespace {

namespace fs = std::filesystem;
using gem::mesh::test_ply::FixtureBytes;

constexpr float nan = std::numeric_limits<float>::quiet_NaN();
constexpr float inf = std::numeric_limits<float>::infinity();

// rigid_square()'s layout (VERT at 63, records of 32 bytes from 75: position, normal, uv) with
// vertex 3 at (inf, 1, 0), vertex 0's normal NaN, vertex 1's (0, 0, -1e30), vertex 2's 0, and
// vertex 1's uv NaN. Triangles (0, 1, 2) and (2, 1, 3): the second uses vertex 3.
std::vector<std::uint8_t> hostile_square() {
  FixtureBytes b;
  b.tag("EPLY").tag("BNDS").f32s({0, 0, 0, 1, 1, 0});
  gem::mesh::test_ply::subset(b, 0x112, 0, 2, 0x404, 0, "square.mtl");
  b.tag("VERT").u32(4).u16(32).u16(7);
  b.f32s({0, 0, 0, nan, 0, -1, 0, 0});
  b.f32s({1, 0, 0, 0, 0, -1e30f, nan, 0});
  b.f32s({0, 1, 0, 0, 0, 0, 0, 1});
  b.f32s({inf, 1, 0, 0, 0, -1, 1, 1});
  b.tag("INDX").u32(6).u16(0).u16(1).u16(2).u16(2).u16(1).u16(3);
  return b.bytes();
}

bool have_validator() {
  return fs::exists(fs::path(ANMKIT_SOURCE_DIR) / "tools/gltf-validator/node_modules/gltf-validator") && test::have_program("node");
}

// No value the JSON could not hold (nlohmann writes NaN and Infinity as null), and every float of
// every accessor finite.
void expect_all_finite(const test::GlbReader& glb) {
  const std::string json = glb.j.dump();
  EXPECT_EQ(json.find("null"), std::string::npos) << json;
  EXPECT_EQ(json.find("Infinity"), std::string::npos) << json;
  for (std::size_t a = 0; a < glb.j["accessors"].size(); ++a) {
    if (glb.j["accessors"][a]["componentType"] != 5126) continue;
    for (float f : glb.floats(a)) ASSERT_TRUE(std::isfinite(f)) << "accessor " << a;
  }
}

TEST(NonFiniteFigure, ValidateSaysWhereThePlyHoldsNumbersGltfCannot) {
  auto file = gem::mesh::read_ply(hostile_square());
  ASSERT_TRUE(file) << file.error().to_string();
  std::vector<Diagnostic> found;
  for (const Diagnostic& d : gem::mesh::validate_ply(*file)) {
    if (d.id != "ply.bounds-mismatch") found.push_back(d);
  }
  ASSERT_EQ(found.size(), 3u);
  EXPECT_EQ(found[0].id, "ply.non-finite");
  EXPECT_EQ(found[0].severity, Severity::warning);
  EXPECT_EQ(found[0].offset, 75u + 3 * 32);
  EXPECT_EQ(found[0].message,
            "vertex 3, used by a triangle, has a non-finite position (1 such vertex; glTF export leaves out the triangles that use them)");
  EXPECT_EQ(found[1].id, "ply.bad-normal");
  EXPECT_EQ(found[1].offset, 75u + 12);
  EXPECT_EQ(found[1].message,
            "vertex 0 has normal (nan, 0, -1), where a finite unit vector is expected (3 such normals; glTF export normalises them, or "
            "puts 0 0 1 for those not finite or of length 0)");
  EXPECT_EQ(found[2].id, "ply.non-finite-uv");
  EXPECT_EQ(found[2].offset, 75u + 32 + 24);
  EXPECT_EQ(found[2].message, "vertex 1 has uv (nan, 0), where finite numbers are expected (1 such uv; glTF export puts 0 0)");
  EXPECT_EQ(found[2].pointer, "/chunks/2/vertices");

  test::TempDir dir;
  const auto r = test::run_cli({"validate", dir.write("square.ply", hostile_square())}, dir);
  EXPECT_NE(r.err.find(dir.file("square.ply") + ":87: warning: vertex 0 has normal (nan, 0, -1)"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(dir.file("square.ply") + ":131: warning: vertex 1 has uv (nan, 0)"), std::string::npos) << r.err;
}

TEST(NonFiniteFigure, AMeshLeavesOutWhatIsNotFiniteAndNormalisesItsNormals) {
  test::TempDir dir;
  dir.write_text("tank.mdl", "{Skeleton {bone \"basis\" {bone \"body\" {VolumeView \"square.ply\"}}}}\n");
  dir.write("square.ply", hostile_square());
  auto out = model_to_gltf(dir.file("tank.mdl"), {}, true);
  ASSERT_TRUE(out) << out.error().to_string();
  std::vector<std::string> words;
  for (const Warning& w : out->warnings) {
    // (square.mtl is not there: its own warning, left aside.)
    if (w.file == dir.file("square.ply") && w.message.starts_with("mesh of")) words.push_back(w.message);
  }
  EXPECT_EQ(words, (std::vector<std::string>{
                       "mesh of bone 'body': 1 vertex position is not finite (set to 0 0 0; the 1 triangle using it left out); 2 "
                       "normals are not finite or of length 0 (replaced by 0 0 1); 1 normal is not of unit length (normalised); 1 uv "
                       "is not finite (set to 0 0)"}));
  const test::GlbReader glb(out->bytes);
  expect_all_finite(glb);
  const nlohmann::json& primitive = glb.j["meshes"][0]["primitives"][0];
  EXPECT_EQ(glb.j["accessors"][primitive["indices"].get<std::size_t>()]["count"], 3);
  const std::vector<float> positions = glb.floats(primitive["attributes"]["POSITION"]);
  EXPECT_EQ(positions, (std::vector<float>{0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0}));
  const std::vector<float> normals = glb.floats(primitive["attributes"]["NORMAL"]);
  EXPECT_EQ(normals, (std::vector<float>{0, 0, 1, 0, 0, -1, 0, 0, 1, 0, 0, -1}));
  const std::vector<float> uvs = glb.floats(primitive["attributes"]["TEXCOORD_0"]);
  EXPECT_EQ(uvs, (std::vector<float>{0, 0, 0, 0, 0, 1, 1, 1}));
  if (have_validator()) {
    test::expect_khronos_valid((fs::path(ANMKIT_SOURCE_DIR) / "tools/gltf-validator/validate.js").string(), dir.write("tank.glb", out->bytes),
                               dir.file("report.json"));
  }
}

// {Matrix34 3e38 ...}: every number finite, its scale (5.2e38) not a float, and a child's origin
// 6e17 on one of 6e17 past 1e18: the bones rest as the identity, said with their lines.
TEST(NonFiniteFigure, ABoneWhoseRestOverflowsAFloatRestsAsTheIdentity) {
  const std::string text =
      "{Skeleton {bone \"basis\"\n"
      " {bone \"body\" {Matrix34 3e38 3e38 3e38 0 1 0 0 0 1 0 0 0} {VolumeView \"tracks.ply\"}\n"
      "  {bone \"gun\" {Position 6e17 0 0}\n"
      "   {bone \"tip\" {Position 6e17 0 0}}}}}}\n";
  const std::vector<std::uint8_t> bytes(text.begin(), text.end());
  auto mdl = gem::read_mdl(bytes);
  ASSERT_TRUE(mdl) << mdl.error().to_string();
  ASSERT_EQ(mdl->notes.size(), 2u);
  EXPECT_EQ(mdl->notes[0].id, "gem.mdl-rest-overflow");
  EXPECT_EQ(mdl->notes[0].offset, text.find("{Matrix34"));
  EXPECT_EQ(mdl->notes[0].message,
            "line 2: bone 'body': its rest transform, composed with its parents' or inverted, passes 1e18 or a float (no glTF bind "
            "matrix holds it): read as the identity, the bone resting at its parent's origin");
  EXPECT_EQ(mdl->notes[1].offset, text.rfind("{Position"));
  EXPECT_EQ(mdl->notes[1].message.substr(0, 19), "line 4: bone 'tip':");
  const model::Matrix34 identity{1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};
  EXPECT_EQ(mdl->bones[1].rest, identity);
  EXPECT_EQ(mdl->bones[2].rest, (model::Matrix34{1, 0, 0, 0, 1, 0, 0, 0, 1, 6e17f, 0, 0}));
  EXPECT_EQ(mdl->bones[3].rest, identity);

  test::TempDir dir;
  dir.write_text("tank.mdl", text);
  dir.write("tracks.ply", gem::mesh::test_ply::skinned_square({"gun", "tip"}, false).bytes());
  auto out = model_to_gltf(dir.file("tank.mdl"), {}, true);
  ASSERT_TRUE(out) << out.error().to_string();
  std::size_t said = 0;
  for (const Warning& w : out->warnings) said += w.file == dir.file("tank.mdl") && w.message == mdl->notes[0].message;
  EXPECT_EQ(said, 1u);
  const test::GlbReader glb(out->bytes);
  expect_all_finite(glb);
  const auto validate = test::run_cli({"validate", dir.file("tank.mdl")}, dir);
  EXPECT_NE(validate.err.find(dir.file("tank.mdl") + ":" + std::to_string(text.find("{Matrix34")) + ": warning: line 2: bone 'body'"),
            std::string::npos)
      << validate.err;
  if (have_validator()) {
    test::expect_khronos_valid((fs::path(ANMKIT_SOURCE_DIR) / "tools/gltf-validator/validate.js").string(), dir.write("tank.glb", out->bytes),
                               dir.file("report.json"));
  }
}

}  // namespace
}  // namespace anmkit
