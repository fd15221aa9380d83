// Hostile models and meshes read as a figure (issue 43): skins that name one joint twice, work
// that must stay linear in the names a model and its meshes hold, and the limits the command line
// offers applied to models too.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "anmkit/anmkit.hpp"
#include "support/door_of.hpp"
#include "anmkit/core/folders.hpp"
#include "anmkit/formats/gem/mdl.hpp"
#include "anmkit/formats/gem/gem_read.hpp"
#include "anmkit/formats/gem/gem_clip.hpp"
#include "fidelity.hpp"
#include "formats/gem/mesh/ply_fixtures.hpp"
#include "support/externals.hpp"
#include "support/glb_reader.hpp"
#include "support/khronos_validator.hpp"
#include "support/run_cli.hpp"

namespace anmkit {
namespace {

namespace fs = std::filesystem;
using test::FixtureBytes;

// A skinned square (test_ply::skinned_square, not mirrored) whose SKIN lists `names`.
std::vector<std::uint8_t> skinned_square(const std::vector<std::string>& names) {
  return gem::mesh::test_ply::skinned_square(names, false).bytes();
}

// The JOINTS_0 values of the first primitive of mesh `mesh` (unsigned bytes or shorts).
std::vector<unsigned> joints_of(const test::GlbReader& glb, std::size_t mesh) {
  const nlohmann::json& accessor = glb.j["accessors"][glb.j["meshes"][mesh]["primitives"][0]["attributes"]["JOINTS_0"].get<std::size_t>()];
  const auto bytes = glb.view(accessor["bufferView"]);
  const std::size_t count = accessor["count"].get<std::size_t>() * 4;
  std::vector<unsigned> out;
  for (std::size_t i = 0; i < count; ++i) {
    if (accessor["componentType"] == 5121) {
      out.push_back(bytes[i]);
    } else {
      std::uint16_t v;
      std::memcpy(&v, bytes.data() + 2 * i, 2);
      out.push_back(v);
    }
  }
  return out;
}

// A skin that names the bone its mesh hangs from, one bone twice, or a bone the model lacks (which
// the reader puts on the mesh's own bone): glTF's skins[].joints must not repeat a node, so each
// joint is listed once and the vertices name it there.
TEST(HostileFigure, ASkinNamesEachJointOnceWhateverItsNamesRepeat) {
  struct Case {
    std::vector<std::string> names;
    std::vector<std::string> joints;  // the skin's joints, by node name
    std::vector<unsigned> vertex_joints;
  };
  // Vertex slots: (0), (1, 2), (0), (2): owner, SKIN 0, SKIN 1; weights 1, 0.25 + 0.75, 0, 1.
  const std::vector<Case> cases = {
      {{"body", "gun"}, {"body", "gun"}, {0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0}},
      {{"gun", "gun"}, {"body", "gun"}, {0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0}},
      {{"nosuch", "gun"}, {"body", "gun"}, {0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0}},
      {{"body", "body"}, {"body"}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(fmt::format("SKIN {}", fmt::join(c.names, ", ")));
    test::TempDir dir;
    dir.write_text("tank.mdl", "{Skeleton {bone \"basis\" {bone \"body\" {VolumeView \"tracks.ply\"} {bone \"gun\"}}}}\n");
    dir.write("tracks.ply", skinned_square(c.names));
    auto out = model_to_gltf(dir.file("tank.mdl"), {}, true);
    ASSERT_TRUE(out) << out.error().to_string();
    const test::GlbReader glb(out->bytes);
    // The mesh's own skin (skins[0] is the whole skeleton's, which importers make an armature of).
    const nlohmann::json* mesh_node = nullptr;
    for (const auto& node : glb.j["nodes"]) {
      if (node.value("name", "") == "tracks.ply") mesh_node = &node;
    }
    ASSERT_NE(mesh_node, nullptr) << glb.j["nodes"].dump();
    const nlohmann::json& skin = glb.j["skins"][(*mesh_node)["skin"].get<std::size_t>()];
    std::vector<std::string> joints;
    for (const auto& joint : skin["joints"]) joints.push_back(glb.j["nodes"][joint.get<std::size_t>()]["name"]);
    EXPECT_EQ(joints, c.joints);
    EXPECT_EQ(glb.floats(skin["inverseBindMatrices"]).size(), 16 * c.joints.size());
    EXPECT_EQ(joints_of(glb, 0), c.vertex_joints);
    const std::string validator = (fs::path(ANMKIT_SOURCE_DIR) / "tools/gltf-validator/validate.js").string();
    if (fs::exists(fs::path(ANMKIT_SOURCE_DIR) / "tools/gltf-validator/node_modules/gltf-validator") && test::have_program("node")) {
      test::expect_khronos_valid(validator, dir.write("tank.glb", out->bytes), dir.file("report.json"));
    }
  }
}

// A skin's names are found in the model's bones by an index: 20 meshes of 60 000 names each
// against 60 000 bones is 1.2 million lookups, where a scan of the bones for each name compared
// 36 billion names (minutes).
TEST(HostileFigure, SkinNamesAreLookedUpNotScanned) {
  constexpr int bones = 60000, meshes = 20;
  std::string mdl = "{Skeleton {bone \"basis\"";
  for (int m = 0; m < meshes; ++m) mdl += fmt::format(" {{bone \"m{}\" {{VolumeView \"big.ply\"}}}}", m);
  for (int b = 0; b < bones; ++b) mdl += fmt::format(" {{bone \"b{}\"}}", b);
  mdl += "}}\n";
  std::vector<std::string> names;
  for (int b = bones - 1; b >= 0; --b) names.push_back(fmt::format("B{}", b));  // the last bone first, in upper case
  test::TempDir dir;
  dir.write_text("big.mdl", mdl);
  dir.write("big.ply", skinned_square(names));
  auto figure = test::figure_of(dir.file("big.mdl"));
  ASSERT_TRUE(figure) << figure.error().to_string();
  ASSERT_EQ(figure->figure.meshes.size(), std::size_t(meshes));
  for (const model::Mesh& mesh : figure->figure.meshes) {
    ASSERT_EQ(mesh.skin.size(), std::size_t(bones) + 1);
    // Bone b{k} is the model's bone 1 + meshes + k.
    EXPECT_EQ(mesh.skin[1], 1 + meshes + bones - 1);
    EXPECT_EQ(mesh.skin[bones], 1 + meshes);
  }
}

// --max-bones (limits.max_bones) holds for a model's skeleton as for an animation's bone map.
TEST(HostileFigure, TheBoneLimitHoldsForModels) {
  std::string mdl = "{Skeleton {bone \"basis\"";
  for (int b = 0; b < 2000; ++b) mdl += fmt::format("\n {{bone \"b{}\"}}", b);
  mdl += "}}\n";
  ReadLimits limits;
  limits.max_bones = 1000;
  const std::vector<std::uint8_t> bytes(mdl.begin(), mdl.end());
  auto read = gem::read_mdl(bytes, limits);
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error().code, ErrorCode::too_large);
  EXPECT_EQ(read.error().message, "line 1001: bone 'b999' is one more than the limit of 1000 bones (limits.max_bones)");
  limits.max_bones = 2001;
  EXPECT_TRUE(gem::read_mdl(bytes, limits));

  test::TempDir dir;
  dir.write_text("many.mdl", mdl);
  for (const char* command : {"info", "validate"}) {
    const auto r = test::run_cli({command, "--max-bones", "1000", dir.file("many.mdl")}, dir);
    EXPECT_EQ(r.exit_code, 1) << command << "\n" << r.out << r.err;
    EXPECT_NE(r.err.find("line 1001: bone 'b999' is one more than the limit of 1000 bones (--max-bones)"), std::string::npos)
        << command << "\n" << r.err;
  }
  const auto r = test::run_cli({"convert", "--max-bones", "1000", dir.file("many.mdl"), "-o", dir.file("many.glb")}, dir);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_FALSE(fs::exists(dir.file("many.glb")));

  // A mesh whose SKIN passes the limit is left out, the limit said as the command line says it.
  dir.write_text("skin.mdl", "{Skeleton {bone \"basis\" {VolumeView \"skin.ply\"}}}\n");
  std::vector<std::string> names;
  for (int b = 0; b < 20; ++b) names.push_back(fmt::format("b{}", b));
  dir.write("skin.ply", skinned_square(names));
  const auto skin = test::run_cli({"convert", "--max-bones", "10", dir.file("skin.mdl"), "-o", dir.file("skin.glb")}, dir);
  EXPECT_EQ(skin.exit_code, 0) << skin.err;
  EXPECT_NE(skin.err.find("warning: bone 'basis': mesh 'skin.ply': " + dir.file("skin.ply") +
                          ":36: error: SKIN bone count 20 exceeds the limit of 10 bones (--max-bones) (left out)"),
            std::string::npos)
      << skin.err;
}

// A model declares tens of sequences, each a file a conversion looks for: --max-sequences
// (limits.max_sequences) holds for a .mdl's as for MM2's sequence blocks.
TEST(HostileFigure, TheSequenceLimitHoldsForModels) {
  std::string mdl = "{Skeleton {animation";
  for (int k = 0; k < 20; ++k) mdl += fmt::format("\n {{sequence \"s{}\"}}", k);
  mdl += "}\n {bone \"basis\"}}\n";
  ReadLimits limits;
  limits.max_sequences = 10;
  const std::vector<std::uint8_t> bytes(mdl.begin(), mdl.end());
  auto read = gem::read_mdl(bytes, limits);
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error().code, ErrorCode::too_large);
  EXPECT_EQ(read.error().message, "line 12: sequence 's10' is one more than the limit of 10 sequences (limits.max_sequences)");
  limits.max_sequences = 20;
  ASSERT_TRUE(gem::read_mdl(bytes, limits));
  EXPECT_EQ(gem::read_mdl(bytes, limits)->sequences.size(), 20u);

  test::TempDir dir;
  dir.write_text("many.mdl", mdl);
  const auto r = test::run_cli({"info", "--max-sequences", "10", dir.file("many.mdl")}, dir);
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.err.find("line 12: sequence 's10' is one more than the limit of 10 sequences (--max-sequences)"), std::string::npos) << r.err;
}

// A tetrahedron (.vol): 4 vertices, 4 triangles, one side code each.
std::vector<std::uint8_t> tetrahedron_vol() {
  FixtureBytes b;
  b.tag("EVLM").tag("VERT").u32(4).f32s({0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1});
  b.tag("INDX").u32(12);
  for (int i : {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3}) b.u16(std::uint32_t(i));
  b.tag("SIDE").u32(4).raw({1, 3, 5, 2});
  return b.bytes();
}

// Collision volumes are bounded by the input limit as meshes are: a few bytes of {Sphere 1} make
// a mesh of kilobytes, so each volume's mesh counts its bytes against what is left of the limit
// and past it is left out; a .vol many volumes name is read once; a figure lists at most 1000
// warnings, the rest counted in one.
TEST(HostileFigure, CollisionVolumesCountAgainstTheInputLimit) {
  test::TempDir dir;
  std::string mdl = "{Skeleton {bone \"basis\"}}\n";
  constexpr int spheres = 3000, polyhedra = 50;
  for (int k = 0; k < spheres; ++k) mdl += fmt::format("{{Volume \"s{}\" {{Sphere 1}} {{Bone \"basis\"}}}}\n", k);
  for (int k = 0; k < polyhedra; ++k) mdl += fmt::format("{{Volume \"p{}\" {{Polyhedron \"Shared.VOL\"}} {{Bone \"basis\"}}}}\n", k);
  dir.write_text("tank.mdl", mdl);
  dir.write("shared.vol", tetrahedron_vol());

  OpenOptions options;
  options.volumes = true;
  auto all = model_to_gltf(dir.file("tank.mdl"), options);
  ASSERT_TRUE(all) << all.error().to_string();
  EXPECT_EQ(all->volumes, std::size_t(spheres + polyhedra));
  EXPECT_EQ(std::count(all->files_read.begin(), all->files_read.end(), dir.file("shared.vol")), 1);
  EXPECT_TRUE(all->warnings.empty()) << all->warnings[0].message;

  // A limit that holds the model and some hundreds of spheres: the rest left out, said.
  options.limits.max_input_bytes = mdl.size() + 4 * 1024 * 1024;
  auto bounded = model_to_gltf(dir.file("tank.mdl"), options);
  ASSERT_TRUE(bounded) << bounded.error().to_string();
  EXPECT_GT(bounded->volumes, 10u);
  EXPECT_LT(bounded->volumes, std::size_t(spheres) / 2);
  const std::size_t left_out = std::size_t(spheres + polyhedra) - bounded->volumes;
  ASSERT_EQ(bounded->warnings.size(), 1001u);
  const std::string& first = bounded->warnings[0].message;
  EXPECT_TRUE(first.starts_with("collision volume 's") && first.find("': its mesh, ") != std::string::npos &&
              first.find(" bytes with its glTF, passes what is left (") != std::string::npos) << first;
  EXPECT_NE(first.find(fmt::format("of the input limit of {} bytes for a file and the files it names (left out)",
                                    options.limits.max_input_bytes)),
            std::string::npos)
      << first;
  EXPECT_EQ(bounded->warnings.back().message,
            fmt::format("{} more warnings about this model's files are not listed: a figure lists at most 1000", left_out - 1000));
}

// What the model holds and the figure does not show is said, and a name is escaped once: a second
// root named with an ESC, and a {LODView} inside a {LODView} (whose mesh the game never shows).
TEST(HostileFigure, WordsEscapeANameOnceAndSayANestedLodIsNotShown) {
  test::TempDir dir;
  dir.write_text("tank.mdl",
                 "{Skeleton {bone \"basis\" {bone \"body\" {LODView {VolumeView \"a.ply\"} {LODView {VolumeView \"b.ply\"}}}}}"
                 " {bone \"r\x1bt\"}}\n");
  dir.write("a.ply", gem::mesh::test_ply::rigid_square().bytes());
  dir.write("b.ply", gem::mesh::test_ply::rigid_square().bytes());
  const std::string nested =
      "line 1: a {LODView} inside a {LODView} of bone 'body', which no reader of models knows: kept as it is, and no mesh in it is shown";
  const auto info = test::run_cli({"info", dir.file("tank.mdl")}, dir);
  EXPECT_EQ(info.exit_code, 0) << info.err;
  EXPECT_NE(info.out.find("    line 1: bone 'r\\x1bt' is a second root"), std::string::npos) << info.out;
  EXPECT_EQ(info.out.find("\\\\x1b"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find("    " + nested + "\n"), std::string::npos) << info.out;
  const auto convert = test::run_cli({"convert", dir.file("tank.mdl"), "-o", dir.file("tank.glb")}, dir);
  EXPECT_EQ(convert.exit_code, 0) << convert.err;
  EXPECT_NE(convert.err.find(dir.file("tank.mdl") + ": warning: " + nested + "\n"), std::string::npos) << convert.err;
  auto figure = test::figure_of(dir.file("tank.mdl"));
  ASSERT_TRUE(figure) << figure.error().to_string();
  ASSERT_EQ(figure->figure.meshes.size(), 1u);
  EXPECT_EQ(figure->figure.meshes[0].name, "a.ply");
}

// The C1 controls (U+0080 to U+009F as UTF-8, or lone bytes 0x80 to 0x9f: CSI is 0x9b) move a
// terminal's cursor as ESC does: a name holding them reaches neither stdout nor stderr raw.
TEST(HostileFigure, C1ControlsInNamesReachNeitherStdoutNorStderrRaw) {
  test::TempDir dir;
  dir.write_text("tank.mdl", "{Skeleton {bone \"basis\" {bone \"body\" {VolumeView \"m\xc2\x9b.ply\"}}} {bone \"c\xc2\x9b" "d\"}"
                             " {bone \"e\x9b" "f\"}}\n");
  const auto raw = [](const std::string& text) {
    return text.find("\xc2\x9b") != std::string::npos || text.find('\x9b') != std::string::npos;
  };
  const auto info = test::run_cli({"info", dir.file("tank.mdl")}, dir);
  EXPECT_EQ(info.exit_code, 0) << info.err;
  EXPECT_NE(info.out.find("bone 'c\\u009bd' is a second root"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find("bone 'e\\x9bf' is a second root"), std::string::npos) << info.out;
  EXPECT_FALSE(raw(info.out) || raw(info.err)) << info.out << info.err;
  const auto convert = test::run_cli({"convert", dir.file("tank.mdl"), "-o", dir.file("tank.glb")}, dir);
  EXPECT_EQ(convert.exit_code, 0) << convert.err;
  EXPECT_NE(convert.err.find("(m\\u009b.ply; the game may keep them in its archives)"), std::string::npos) << convert.err;
  EXPECT_FALSE(raw(convert.out) || raw(convert.err)) << convert.out << convert.err;
  const auto validate = test::run_cli({"validate", dir.file("tank.mdl")}, dir);
  EXPECT_EQ(validate.exit_code, 0) << validate.err;
  EXPECT_NE(validate.err.find("bone 'c\\u009bd' is a second root"), std::string::npos) << validate.err;
  EXPECT_NE(validate.err.find("bone 'e\\x9bf' is a second root"), std::string::npos) << validate.err;
  EXPECT_FALSE(raw(validate.out) || raw(validate.err)) << validate.out << validate.err;
}

// Names not spelt as their files are looked up in the folder's listing, made once by the one file
// source of a model's reading (its sequences and its figure alike): 1 000 sequences, 40 meshes and their materials missing from a folder of 500 files list
// it once each time the model is read (the listing a name took 17 s for 10 000 names in 5 000 files).
TEST(HostileFigure, AFolderIsListedOnceForAllTheNamesOfAModel) {
  test::TempDir dir;
  for (int k = 0; k < 500; ++k) dir.write_text(fmt::format("other{}.txt", k), "");
  std::string mdl = "{Skeleton {bone \"basis\"";
  for (int k = 0; k < 40; ++k) mdl += fmt::format(" {{bone \"m{}\" {{VolumeView \"Missing{}.ply\"}}}}", k, k);
  mdl += "} {animation";
  for (int k = 0; k < 1000; ++k) mdl += fmt::format(" {{sequence \"s{}\" {{file \"Seq{}.anm\"}}}}", k, k);
  mdl += "}}\n";
  dir.write_text("tank.mdl", mdl);
  std::uint64_t before = detail::folders_listed();
  auto summary = test::summary_of(dir.file("tank.mdl"));
  ASSERT_TRUE(summary) << summary.error().to_string();
  EXPECT_EQ(summary->sequences.size(), 1000u);
  EXPECT_EQ(detail::folders_listed() - before, 1u);  // for the sequences' files and the figure's
  before = detail::folders_listed();
  auto glb = model_to_gltf(dir.file("tank.mdl"));
  ASSERT_TRUE(glb) << glb.error().to_string();
  EXPECT_EQ(glb->warnings.size(), 1001u);  // each sequence, and the meshes all at once
  EXPECT_EQ(detail::folders_listed() - before, 1u);  // for the sequences' reading and the figure's
}

// One mesh file that many bones show is read and decoded once, and written once into the glTF,
// as one mesh that each bone's node uses; each bone it is drawn on again counts its size against
// the input limit, so that the figure stays within a multiple of it.
TEST(HostileFigure, OneMeshFileOnManyBonesIsReadAndWrittenOnce) {
  test::TempDir dir;
  constexpr int bones = 300;
  std::string mdl = "{Skeleton {bone \"basis\"";
  for (int k = 0; k < bones; ++k) mdl += fmt::format(" {{bone \"w{}\" {{VolumeView \"wheel.ply\"}}}}", k);
  mdl += "}}\n";
  dir.write_text("tank.mdl", mdl);
  const auto wheel = gem::mesh::test_ply::rigid_square().bytes();
  dir.write("wheel.ply", wheel);
  const std::string material = "{material simple}\n";
  dir.write_text("square.mtl", material);
  auto out = model_to_gltf(dir.file("tank.mdl"));
  ASSERT_TRUE(out) << out.error().to_string();
  EXPECT_TRUE(out->warnings.empty()) << out->warnings[0].message;
  const test::GlbReader glb(out->bytes);
  EXPECT_EQ(glb.j["meshes"].size(), 1u);
  std::size_t users = 0;
  for (const auto& node : glb.j["nodes"]) users += node.contains("mesh") && node["mesh"] == 0 ? 1u : 0u;
  EXPECT_EQ(users, std::size_t(bones));
  // The file's positions once: 4 vertices of 12 bytes, not 300 times.
  EXPECT_EQ(glb.j["accessors"][glb.j["meshes"][0]["primitives"][0]["attributes"]["POSITION"].get<std::size_t>()]["count"], 4);
  const std::string validator = (fs::path(ANMKIT_SOURCE_DIR) / "tools/gltf-validator/validate.js").string();
  if (fs::exists(fs::path(ANMKIT_SOURCE_DIR) / "tools/gltf-validator/node_modules/gltf-validator") && test::have_program("node")) {
    test::expect_khronos_valid(validator, dir.write("tank.glb", out->bytes), dir.file("report.json"));
  }
  // A limit that holds the model, its material and the wheel 100 times: the bones past it are
  // left out, each said.
  OpenOptions options;
  options.limits.max_input_bytes = mdl.size() + material.size() + 100 * wheel.size();
  auto figure = test::figure_of(dir.file("tank.mdl"), options);
  ASSERT_TRUE(figure) << figure.error().to_string();
  EXPECT_EQ(figure->figure.meshes.size(), 100u);
  ASSERT_EQ(figure->warnings.size(), std::size_t(bones - 100)) << figure->warnings.back().message;
  EXPECT_EQ(figure->warnings[0].message,
            fmt::format("bone 'w100': mesh 'wheel.ply': {}: error: drawn once more, its {} bytes pass what is left (0) of the input "
                        "limit of {} bytes for a file and the files it names (left out)",
                        dir.file("wheel.ply"), wheel.size(), options.limits.max_input_bytes));
}

// Every file a model's conversion reads is an input of the run, as the model is: an output named
// as its mesh or its material is refused, and the file is left as it was (else the next run would
// convert the vehicle without it).
TEST(HostileFigure, ConvertNeverReplacesAFileTheModelReads) {
  test::TempDir dir;
  dir.write_text("tank.mdl", "{Skeleton {bone \"basis\" {bone \"body\" {VolumeView \"Body.glb\"}}}}\n");
  FixtureBytes ply;
  ply.tag("EPLY").tag("BNDS").f32s({0, 0, 0, 1, 1, 0});
  gem::mesh::test_ply::subset(ply, 0x112, 0, 2, 0x404, 0, "paint.gltf");
  gem::mesh::test_ply::square_vertices(ply);
  ply.tag("INDX").u32(6).u16(0).u16(1).u16(2).u16(2).u16(1).u16(3);
  const auto mesh = ply.bytes();
  dir.write("body.glb", mesh);
  const std::string material = "{material simple}\n";
  dir.write_text("paint.gltf", material);
  for (const char* output : {"body.glb", "paint.gltf"}) {
    const auto r = test::run_cli({"convert", dir.file("tank.mdl"), "-o", dir.file(output)}, dir);
    EXPECT_EQ(r.exit_code, 1) << output << "\n" << r.err;
    EXPECT_NE(r.err.find(dir.file(output) + ": error: refusing to overwrite the input file; pass --in-place to replace it"),
              std::string::npos)
        << r.err;
  }
  EXPECT_EQ(test::read_bytes(dir.file("body.glb")), mesh);
  EXPECT_EQ(test::read_bytes(dir.file("paint.gltf")), std::vector<std::uint8_t>(material.begin(), material.end()));
  // Any other output is written, the mesh (found as "Body.glb" names it) and its material in it.
  const auto r = test::run_cli({"convert", dir.file("tank.mdl"), "-o", dir.file("tank.glb")}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("1 mesh (2 triangles), 1 material"), std::string::npos) << r.out;

  // A collision volume's .vol, read with --volumes, is an input as well.
  dir.write_text("tank.mdl", "{Skeleton {bone \"basis\" {bone \"body\" {VolumeView \"Body.glb\"}}}}\n"
                             "{Volume \"hull\" {Polyhedron \"hull.gltf\"} {Bone \"body\"}}\n");
  const auto vol = tetrahedron_vol();
  dir.write("hull.gltf", vol);
  const auto refused = test::run_cli({"convert", "--volumes", dir.file("tank.mdl"), "-o", dir.file("hull.gltf")}, dir);
  EXPECT_EQ(refused.exit_code, 1) << refused.err;
  EXPECT_NE(refused.err.find(dir.file("hull.gltf") + ": error: refusing to overwrite the input file; pass --in-place to replace it"),
            std::string::npos)
      << refused.err;
  EXPECT_EQ(test::read_bytes(dir.file("hull.gltf")), vol);
  const auto drawn = test::run_cli({"convert", "--volumes", dir.file("tank.mdl"), "-o", dir.file("tank.glb"), "--force"}, dir);
  EXPECT_EQ(drawn.exit_code, 0) << drawn.err;
  EXPECT_NE(drawn.out.find("1 collision volume"), std::string::npos) << drawn.out;
}

// Mesh animation as glTF morph weights holds, at each key, a value for every target of the mesh:
// keys x targets. A key showing a shape an earlier key showed shows that key's target again, and
// past 16 M weights for the figure the keys left are not shown, said (a 1 MB .anm asked for 1 GB).
TEST(HostileFigure, MeshKeysShareTheTargetOfTheirShapeAndTheWeightsAreCapped) {
  ANMKIT_REQUIRE_VEHICLES_CORPUS(corpus);
  auto pzh = test::figure_of((corpus / "pzh2000_x" / "pzh2000_x.mdl").string());
  ASSERT_TRUE(pzh) << pzh.error().to_string();
  auto anm = gem::read(test::read_bytes(corpus / "pzh2000_x" / "trackL.anm"));
  ASSERT_TRUE(anm);
  const model::Clip clip = gem::to_clip(*anm);
  auto track = std::find_if(clip.bones.begin(), clip.bones.end(), [](const model::BoneTrack& t) { return !t.mesh.empty(); });
  ASSERT_NE(track, clip.bones.end());
  ASSERT_EQ(track->mesh.size(), 13u);

  // The 13 shapes twice over: 26 keys, 13 targets, the 14th key showing the first's.
  model::Clip twice = clip;
  auto& keys = std::find_if(twice.bones.begin(), twice.bones.end(), [](const model::BoneTrack& t) { return !t.mesh.empty(); })->mesh;
  for (std::size_t k = 0; k < 13; ++k) keys.push_back({keys[k].frame + 13, keys[k].payload});
  std::vector<Warning> warnings;
  model::Figure& figure = pzh->figure;
  auto morphs = pzh->mesh_animation(figure, twice, "twice", "trackL.anm", warnings);
  EXPECT_TRUE(warnings.empty());
  ASSERT_EQ(morphs.size(), 1u);
  ASSERT_EQ(morphs[0].keys.size(), 26u);
  EXPECT_EQ(figure.meshes[morphs[0].mesh].targets.size(), 13u);
  EXPECT_EQ(morphs[0].keys[13], (model::MorphKey{13, 0}));
  EXPECT_EQ(morphs[0].keys[25], (model::MorphKey{25, 12}));

  // 5 000 shapes, each its first vertex moved along x by its number: after n keys the weights
  // hold n x n values and the n added to the key at frame 0 (n^2 + 2n): 4 095 keys fit 2^24.
  model::Clip many = clip;
  auto& distinct = std::find_if(many.bones.begin(), many.bones.end(), [](const model::BoneTrack& t) { return !t.mesh.empty(); })->mesh;
  const std::vector<std::uint8_t> payload = distinct[0].payload;
  distinct.clear();
  for (std::uint32_t k = 0; k < 5000; ++k) {
    model::MeshKey key{k, payload};
    const float x = float(k) / 100.0f;
    std::memcpy(key.payload.data() + 8, &x, 4);  // the first record's position x, after the 8-byte header
    distinct.push_back(std::move(key));
  }
  warnings.clear();
  pzh = test::figure_of((corpus / "pzh2000_x" / "pzh2000_x.mdl").string());  // a figure's mesh animation counts from its reading
  ASSERT_TRUE(pzh) << pzh.error().to_string();
  morphs = pzh->mesh_animation(pzh->figure, many, "many", "trackL.anm", warnings);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0].message, fmt::format("bone '{}': mesh keys from frame 4095 on are not shown: the figure's mesh animation "
                                             "would pass 16777216 morph weights",
                                             track->name));
  ASSERT_EQ(morphs.size(), 1u);
  EXPECT_EQ(morphs[0].keys.size(), 4095u);
  EXPECT_EQ(pzh->figure.meshes[morphs[0].mesh].targets.size(), 4095u);
}

// The figure fuzz target's seeds make GLBs that its rules (fuzz/figure_check.cpp) and the Khronos
// validator both pass, and the rules catch what the validator would: a skin naming a joint twice,
// a null where a number was not finite.
TEST(HostileFigure, TheFuzzSeedsMakeValidGltfAndTheRulesCatchWhatIsNot) {
  test::TempDir dir;
  const std::string validator = (fs::path(ANMKIT_SOURCE_DIR) / "tools/gltf-validator/validate.js").string();
  const bool khronos = fs::exists(fs::path(ANMKIT_SOURCE_DIR) / "tools/gltf-validator/node_modules/gltf-validator") && test::have_program("node");
  std::size_t seeds = 0;
  std::vector<std::uint8_t> skinned;
  for (const auto& entry : fs::directory_iterator(fs::path(ANMKIT_SOURCE_DIR) / "fuzz/seeds/figure")) {
    SCOPED_TRACE(entry.path().string());
    auto out = fuzz::figure_gltf(test::read_bytes(entry.path()));
    ASSERT_TRUE(out) << out.error().to_string();
    EXPECT_GT(out->meshes, 0u);
    EXPECT_GT(out->volumes, 0u) << (out->warnings.empty() ? std::string() : out->warnings[0].message);
    EXPECT_EQ(fuzz::check_gltf_rules(out->bytes), std::nullopt);
    if (khronos) test::expect_khronos_valid(validator, dir.write(entry.path().filename().string() + ".glb", out->bytes), dir.file("report.json"));
    if (entry.path().filename() == "skinned_on_two_bones.bin") skinned = out->bytes;
    ++seeds;
  }
  EXPECT_EQ(seeds, 2u);
  ASSERT_FALSE(skinned.empty());
  // The same GLB with its JSON changed (the chunk padded again with spaces).
  const auto with_json = [&](const std::function<void(nlohmann::json&)>& edit) {
    test::GlbReader glb(skinned);
    edit(glb.j);
    std::string text = glb.j.dump();
    text.resize((text.size() + 3) / 4 * 4, ' ');
    std::vector<std::uint8_t> out(skinned.begin(), skinned.begin() + 12);
    const std::uint32_t size = std::uint32_t(text.size());
    out.insert(out.end(), reinterpret_cast<const std::uint8_t*>(&size), reinterpret_cast<const std::uint8_t*>(&size) + 4);
    out.insert(out.end(), {'J', 'S', 'O', 'N'});
    out.insert(out.end(), text.begin(), text.end());
    std::uint32_t old_size;
    std::memcpy(&old_size, skinned.data() + 12, 4);
    out.insert(out.end(), skinned.begin() + 20 + old_size, skinned.end());
    return out;
  };
  EXPECT_EQ(fuzz::check_gltf_rules(with_json([](nlohmann::json& j) {
              for (auto& skin : j["skins"]) {
                if (skin["joints"].size() > 1) skin["joints"][1] = skin["joints"][0];
              }
            })),
            "figure: a skin names a joint twice");
  EXPECT_EQ(fuzz::check_gltf_rules(with_json([](nlohmann::json& j) { j["nodes"][1]["translation"] = {nullptr, 0, 0}; })),
            "figure: the glTF holds null (a number that was not finite)");
}

// batch: a file a model of the run reads (here its mesh, named stop.glb) is an input of the run,
// which no output may replace, whatever the order of the work: the animation whose output it
// would be fails, naming it, and the model converts with its mesh.
TEST(HostileFigure, BatchNeverReplacesAFileAModelOfTheRunReads) {
  test::TempDir dir;
  fs::create_directories(dir.path() / "tank");
  dir.write_text("tank/tank.mdl", "{Skeleton {bone \"basis\" {bone \"body\" {VolumeView \"stop.glb\"}}}}\n");
  const auto mesh = gem::mesh::test_ply::rigid_square().bytes();
  dir.write("tank/stop.glb", mesh);
  dir.write("tank/stop.anm", test::read_bytes(fs::path(ANMKIT_SOURCE_DIR) / "examples/turret_v60.anm"));
  for (const char* jobs : {"1", "2"}) {
    const auto r = test::run_cli({"batch", dir.file("tank"), "-o", dir.file("tank"), "--to", "glb", "-j", jobs}, dir);
    EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
    EXPECT_NE(r.err.find(dir.file("tank/stop.glb") + ": error: refusing to overwrite an input of this run (batch never replaces its "
                                                     "inputs)"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(test::read_bytes(dir.file("tank/stop.glb")), mesh);
    const test::GlbReader glb = test::GlbReader::of_file(dir.file("tank/tank.glb"));
    EXPECT_EQ(glb.j["meshes"].size(), 1u);
  }
}

}  // namespace
}  // namespace anmkit
