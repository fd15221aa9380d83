// A vehicle folder made here, byte by byte (a .mdl, a .ply, a .mtl and a TGA texture): convert
// writes it whole into glTF, says so on one line, warns about what is missing, leaves the meshes
// out on request, finds "$/" textures under --texture-dir; info lists what the model shows.

#include <gtest/gtest.h>

#include <cstring>

#include <nlohmann/json.hpp>

#include "anmkit/image/png.hpp"
#include "formats/gem/mesh/ply_fixtures.hpp"
#include "support/glb_reader.hpp"
#include "support/run_cli.hpp"

namespace anmkit::test {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;


// A 2 x 2 TGA, 32 bits, rows from the top (descriptor 0x28), pixels stored b g r a.
std::vector<std::uint8_t> tga_2x2() {
  std::vector<std::uint8_t> t = {0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2, 0, 32, 0x28};
  const std::uint8_t pixels[4][4] = {{10, 20, 30, 255}, {40, 50, 60, 128}, {70, 80, 90, 0}, {100, 110, 120, 255}};
  for (const auto& p : pixels) t.insert(t.end(), p, p + 4);
  return t;
}

constexpr const char* mdl_text =
    "{Skeleton\n"
    " {bone \"basis\" {Orientation 1 0 0 0 -1 0 0 0 1}\n"
    "  {bone \"body\" {Position 1 2 3} {VolumeView \"square.ply\"}\n"
    "   {bone \"hatch\" {Position 0 0 1} {visibility 0} {VolumeView \"lost.ply\"}}}}}\n";

// The folder: tank.mdl, square.ply (its one subset names square.mtl), square.mtl (a masked
// diffuse `paint`, a `$/` bump map), paint.tga.
struct Vehicle {
  TempDir dir;
  std::string mdl;
  Vehicle(const std::string& material) {
    fs::create_directories(dir.path() / "tank");
    mdl = dir.write_text("tank/tank.mdl", mdl_text);
    dir.write("tank/square.ply", gem::mesh::test_ply::rigid_square());
    dir.write_text("tank/square.mtl", material);
    dir.write("tank/Paint.TGA", tga_2x2());
  }
};

const std::string masked = "{material simple {diffuse \"paint\"} {bump \"$/vehicle/plates_nm\"} {blend test} {alpharef 64}}\n";

json glb_json(const std::string& path) { return test::GlbReader::of_file(path).j; }

TEST(CliVehicle, ConvertWritesTheWholeVehicleAndSaysWhatIsMissing) {
  Vehicle v(masked);
  const std::string glb = v.dir.file("tank.glb");
  auto r = run_cli({"convert", v.mdl, "-o", glb}, v.dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, glb + ": 3 bones, 0 animations, 1 mesh (2 triangles), 1 material, 1 texture (1 not found or not read)\n");
  const std::string mtl = v.dir.file("tank/square.mtl");
  EXPECT_EQ(r.err, mtl + ": warning: material 'square.mtl': bump texture '$/vehicle/plates_nm' is in the game's shared textures, "
                         "which were not given (--texture-dir DIR); drawn without it\n" +
                       v.mdl + ": warning: 1 of the meshes it names is not beside it (lost.ply; the game may keep them in its archives): "
                               "left out\n");
  const test::GlbReader read = test::GlbReader::of_file(glb);
  const json& j = read.j;
  ASSERT_EQ(j["meshes"].size(), 1u);
  ASSERT_EQ(j["materials"].size(), 1u);
  const json& material = j["materials"][0];
  EXPECT_EQ(material["alphaMode"], "MASK");
  EXPECT_FLOAT_EQ(material["alphaCutoff"].get<float>(), 64.0f / 255.0f);
  EXPECT_FALSE(material.contains("normalTexture"));
  EXPECT_EQ(material["pbrMetallicRoughness"]["baseColorTexture"]["index"], 0);
  // The square hangs on its own node under body's, its two triangles wound the other way.
  std::size_t body = 0, square = 0;
  for (std::size_t i = 0; i < j["nodes"].size(); ++i) {
    if (j["nodes"][i]["name"] == "body") body = i;
    if (j["nodes"][i]["name"] == "square.ply") square = i;
  }
  ASSERT_GT(square, 0u);
  EXPECT_EQ(j["nodes"][body]["children"].back(), square);  // after its child bone hatch's node
  EXPECT_EQ(j["images"][0]["name"], "paint");

  // The texture's pixels, from the PNG inside: the TGA's, top row first.
  auto png = png::decode(read.view(j["images"][0]["bufferView"].get<std::size_t>()));
  ASSERT_TRUE(png);
  ASSERT_EQ(png->rgba.size(), 4u);
  EXPECT_EQ((std::array<int, 4>{png->rgba[1].r, png->rgba[1].g, png->rgba[1].b, png->rgba[1].a}), (std::array<int, 4>{60, 50, 40, 128}));
  EXPECT_EQ((std::array<int, 4>{png->rgba[2].r, png->rgba[2].g, png->rgba[2].b, png->rgba[2].a}), (std::array<int, 4>{90, 80, 70, 0}));

  // --no-meshes: the skeleton alone, and nothing said of its meshes.
  r = run_cli({"convert", v.mdl, "-o", glb, "--force", "--no-meshes"}, v.dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, glb + ": 3 bones, 0 animations\n");
  EXPECT_EQ(r.err, "");
  EXPECT_FALSE(glb_json(glb).contains("meshes"));
}

TEST(CliVehicle, SharedTexturesAreFoundUnderTheTextureFolder) {
  Vehicle v(masked);
  fs::create_directories(v.dir.path() / "game/texture/common/vehicle");
  v.dir.write("game/texture/common/vehicle/PLATES_NM.tga", tga_2x2());
  const std::string glb = v.dir.file("tank.glb");
  auto r = run_cli({"convert", v.mdl, "-o", glb, "--texture-dir", v.dir.file("game/texture")}, v.dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, glb + ": 3 bones, 0 animations, 1 mesh (2 triangles), 1 material, 2 textures\n");
  const test::GlbReader read = test::GlbReader::of_file(glb);
  const json& j = read.j;
  EXPECT_EQ(j["materials"][0]["normalTexture"]["index"], 1);
  // A normal map needs tangents: one a vertex, unit length, w = +-1.
  const json& attributes = j["meshes"][0]["primitives"][0]["attributes"];
  ASSERT_TRUE(attributes.contains("TANGENT"));
  const auto tangents = read.floats(attributes["TANGENT"].get<std::size_t>());
  ASSERT_EQ(tangents.size(), 16u);
  // The square's u runs along x, its v along y; the normal is -z: +u is (1, 0, 0), and
  // cross(normal, tangent) = (0, -1, 0) points against +v, so w = -1.
  for (std::size_t k = 0; k < 4; ++k) {
    EXPECT_EQ((std::array<float, 4>{tangents[4 * k], tangents[4 * k + 1], tangents[4 * k + 2], tangents[4 * k + 3]}),
              (std::array<float, 4>{1, 0, 0, -1}));
  }
}

TEST(CliVehicle, InfoListsWhatTheModelShows) {
  Vehicle v("{material simple {diffuse \"paint\"} {bump \"scratches\"}}\n");
  auto r = run_cli({"info", v.mdl}, v.dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string mtl = v.dir.file("tank/square.mtl");
  EXPECT_NE(r.out.find("  meshes      1 (2 triangles), 1 not found or not read\n"
                       "  materials   1\n"
                       "  textures    1 found, 1 missing\n"
                       "    material 'square.mtl': bump texture 'scratches' not found (looked for " +
                       v.dir.file("tank/scratches.dds") + ", " + v.dir.file("tank/scratches.tga") + "); drawn without it\n"
                       "    1 of the meshes it names is not beside it (lost.ply; the game may keep them in its archives): left out\n"),
            std::string::npos)
      << r.out;
  r = run_cli({"info", "--json", v.mdl}, v.dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json shows = json::parse(r.out)["shows"];
  EXPECT_EQ(shows["meshes"], 1);
  EXPECT_EQ(shows["meshes_missing"], 1);
  EXPECT_EQ(shows["triangles"], 2);
  EXPECT_EQ(shows["textures"], 1);
  EXPECT_EQ(shows["textures_missing"], 1);
}

// An animation exported on the model (--skeleton) brings the model's meshes too.
TEST(CliVehicle, AnAnimationOnItsModelBringsTheMeshes) {
  Vehicle v(masked);
  const std::string anm = v.dir.file("tank/fire.anm");
  fs::copy_file(fs::path(ANMKIT_SOURCE_DIR) / "examples/turret_v60.anm", anm);
  auto r = run_cli({"convert", anm, "--skeleton", v.mdl, "-o", v.dir.file("fire.glb")}, v.dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  json j = glb_json(v.dir.file("fire.glb"));
  ASSERT_EQ(j["meshes"].size(), 1u);
  EXPECT_EQ(j["animations"].size(), 1u);
  EXPECT_NE(r.err.find("bump texture '$/vehicle/plates_nm'"), std::string::npos) << r.err;
  r = run_cli({"convert", anm, "--skeleton", v.mdl, "-o", v.dir.file("bare.glb"), "--no-meshes"}, v.dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(glb_json(v.dir.file("bare.glb")).contains("meshes"));
}

// A folder walk counts the vehicle's files as what they are.
TEST(CliVehicle, AFolderWalkCountsModelsMeshesMaterialsAndTextures) {
  Vehicle v(masked);
  v.dir.write_text("tank/notes.txt", "to do\n");
  auto r = run_cli({"info", v.dir.file("tank")}, v.dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "5 files: 0 described, 0 unreadable, 5 skipped (not animations: 1 model, 1 mesh, 1 material, 1 texture, 1 other file)\n");
  r = run_cli({"validate", v.dir.file("tank")}, v.dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "5 files: 0 valid, 0 invalid, 0 warnings, 5 skipped (not animations: 1 model, 1 mesh, 1 material, 1 texture, 1 other file)\n");
}

// batch --to glb converts a vehicle's model whole, as convert does, and says what it left out.
TEST(CliVehicle, BatchConvertsEveryVehicleOfAFolder) {
  Vehicle v(masked);
  auto r = run_cli({"batch", v.dir.file("tank"), "-o", v.dir.file("out"), "--to", "glb"}, v.dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("converted " + v.mdl + " -> " + v.dir.file("out/tank.glb") + "\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("4 files: 1 converted, 3 skipped (3 not animations), 0 failed"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("bump texture '$/vehicle/plates_nm' is in the game's shared textures"), std::string::npos) << r.err;
  const json j = glb_json(v.dir.file("out/tank.glb"));
  EXPECT_EQ(j["meshes"].size(), 1u);
  EXPECT_EQ(j["images"].size(), 1u);
  // --to json: a model is no animation, and is passed over.
  r = run_cli({"batch", v.dir.file("tank"), "-o", v.dir.file("json"), "--to", "json"}, v.dir);
  EXPECT_NE(r.out.find("4 files: 0 converted, 4 skipped (4 not animations), 0 failed"), std::string::npos) << r.out;
}


// --texture-dir naming a folder that is not there, or a file, is an error said once, in the
// command line's words, and nothing is written; --no-meshes looks for no texture, and is not refused.
TEST(CliVehicle, ATextureFolderThatIsNoFolderIsAnError) {
  Vehicle v(masked);
  const std::string glb = v.dir.file("tank.glb");
  const std::string absent = v.dir.file("nonexistent");
  auto r = run_cli({"convert", v.mdl, "-o", glb, "--texture-dir", absent}, v.dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, v.mdl + ": error: the game's texture folder '" + absent + "' (--texture-dir DIR) does not exist\n");
  EXPECT_FALSE(fs::exists(glb));

  const std::string pak = v.dir.write_text("e50.pak", "an archive, not a folder");
  r = run_cli({"info", v.mdl, "--texture-dir", pak}, v.dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, v.mdl + ": error: the game's texture folder '" + pak + "' (--texture-dir DIR) is not a folder\n");

  // An animation on the model brings the model's textures: the same error, about the animation.
  const std::string anm = v.dir.file("tank/fire.anm");
  fs::copy_file(fs::path(ANMKIT_SOURCE_DIR) / "examples/turret_v60.anm", anm);
  r = run_cli({"convert", anm, "--skeleton", v.mdl, "-o", glb, "--texture-dir", absent}, v.dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, anm + ": error: the game's texture folder '" + absent + "' (--texture-dir DIR) does not exist\n");
  EXPECT_FALSE(fs::exists(glb));

  r = run_cli({"convert", v.mdl, "-o", glb, "--texture-dir", absent, "--no-meshes"}, v.dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
}

}  // namespace
}  // namespace anmkit::test
