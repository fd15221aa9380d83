// A vehicle written in the game's lower-case style (issue 38) as glTF: the real m36_gmc.mdl of
// ../shared/corpus/gem-models ({skeleton}, {bone revolute "x"}, {orientation}, {matrix34},
// {Position}, {volume} blocks after the skeleton) with a square mesh this test writes for every
// {VolumeView} it names. Where each part lands is worked out here by hand from the numbers in the
// file's text (p · R + t down the chain, GEM's axes to glTF's: (x, z, y) / 20), not by the reader.

#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <regex>
#include <set>
#include <string>

#include "anmkit/anmkit.hpp"
#include "formats/gem/mesh/ply_fixtures.hpp"
#include "support/fixture_bytes.hpp"
#include "support/glb_reader.hpp"
#include "support/run_cli.hpp"

namespace anmkit {
namespace {

namespace fs = std::filesystem;
using Glb = test::GlbReader;

// glTF's position of a GEM point (docs/gltf.md): glTF (x, y, z) = GEM (x, z, y) / 20.
std::array<double, 3> gltf_of(std::array<double, 3> gem) { return {gem[0] / 20, gem[2] / 20, gem[1] / 20}; }

void expect_near(std::array<double, 3> got, std::array<double, 3> want, const std::string& what) {
  for (std::size_t c = 0; c < 3; ++c) EXPECT_NEAR(got[c], want[c], 1e-5) << what << " coordinate " << c;
}

TEST(MdlStylesGltf, TheLowerCaseM36PlacesEveryPartByItsMatrix34AndOrientation) {
  ANMKIT_REQUIRE_MODELS_CORPUS(corpus);
  test::TempDir dir;
  const std::vector<std::uint8_t> bytes = test::read_bytes(corpus / "m36_gmc.mdl");
  const std::string text(bytes.begin(), bytes.end());
  dir.write("m36_gmc.mdl", bytes);
  // A square (0,0,0) (1,0,0) (0,1,0) (1,1,0) for every mesh the text names, in any case.
  std::set<std::string> meshes;
  const std::regex view(R"re(\{volumeview\s+"([^"]+)")re", std::regex::icase);
  for (auto it = std::sregex_iterator(text.begin(), text.end(), view); it != std::sregex_iterator(); ++it) meshes.insert((*it)[1]);
  ASSERT_EQ(meshes.size(), 48u);
  const auto square = gem::mesh::test_ply::rigid_square().bytes();
  for (const std::string& name : meshes) dir.write(name, square);

  auto out = model_to_gltf((dir.path() / "m36_gmc.mdl").string(), {}, true);
  ASSERT_TRUE(out) << out.error().to_string();
  EXPECT_EQ(out->meshes, 48u);
  const Glb glb(out->bytes);
  // 111 bones as the game reads them (the README), each a node; the {volume}s' {bone "x"} are no bones.
  std::size_t joints = 0;
  for (const auto& skin : glb.j["skins"]) joints += skin["joints"].size();
  EXPECT_EQ(joints, 111u);

  // gun_rot: basis {orientation 1 0 0 / 0 -1 0 / 0 0 1} > body {Position -1.1752 0 17.8644} >
  // turret {Position -0.0444 0 21.6809} > gun_rot {matrix34 1 0 0 / 0 0 1 / 0 -1 0 / 19.6712 4.9956 2.9754}.
  const std::size_t gun_rot = glb.node("gun_rot.ply");
  ASSERT_NE(gun_rot, Glb::none);
  EXPECT_EQ(glb.parent(gun_rot), glb.node("gun_rot"));
  EXPECT_EQ(glb.parent(glb.node("gun_rot")), glb.node("turret"));
  const double gx = 19.6712 - 0.0444 - 1.1752, gy = -(4.9956), gz = 2.9754 + 21.6809 + 17.8644;
  expect_near(glb.to_scene(gun_rot, {0, 0, 0}), gltf_of({gx, gy, gz}), "gun_rot's origin");
  // Its mesh's +Y is the bone's row 1 (0 0 1): GEM's +Z, up.
  expect_near(glb.to_scene(gun_rot, {0, 1, 0}), gltf_of({gx, gy, gz + 1}), "gun_rot's +Y");
  expect_near(glb.to_scene(gun_rot, {1, 0, 0}), gltf_of({gx + 1, gy, gz}), "gun_rot's +X");

  // A wheel on the body stands upright: wheell1 {matrix34 1 0 0 / 0 0 -1 / 0 1 0 / 51.384 21.1866 -2.1709}.
  const std::size_t wheel = glb.node("wheell1.ply");
  ASSERT_NE(wheel, Glb::none);
  EXPECT_EQ(glb.parent(glb.node("wheell1")), glb.node("body"));
  const double wx = 51.384 - 1.1752, wy = -21.1866, wz = -2.1709 + 17.8644;
  expect_near(glb.to_scene(wheel, {0, 0, 0}), gltf_of({wx, wy, wz}), "wheell1's origin");
  expect_near(glb.to_scene(wheel, {0, 1, 0}), gltf_of({wx, wy, wz - 1}), "wheell1's +Y (row 0 0 -1)");
  expect_near(glb.to_scene(wheel, {0, 0, 1}), gltf_of({wx, wy - 1, wz}), "wheell1's +Z (row 0 1 0, mirrored by the basis)");
}

}  // namespace
}  // namespace anmkit
