// The whole vehicle in glTF (issue 26): the real vehicle folders of ../shared/corpus/gem-vehicles
// converted from their .mdl, read back here from the GLB's own JSON and buffer (no glTF library),
// and compared with what the files say when read another way: vertex positions placed by the
// .mdl's Matrix34 rows (p · R + t, in double, down the bone chain) and taken into the export's
// axes by hand, texture pixels from the texture decoder, morph targets from the .anm's payload bytes.

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <map>

#include <nlohmann/json.hpp>

#include "anmkit/anmkit.hpp"
#include "support/door_of.hpp"
#include "anmkit/formats/gem/gem_clip.hpp"
#include "anmkit/formats/gem/gem_read.hpp"
#include "anmkit/formats/gem/mdl.hpp"
#include "anmkit/formats/gem/mesh/ply_read.hpp"
#include "anmkit/formats/gem/mesh/ply_vertices.hpp"
#include "anmkit/image/png.hpp"
#include "anmkit/image/texture.hpp"
#include "anmkit/model/math.hpp"
#include "support/externals.hpp"
#include "support/khronos_validator.hpp"
#include "support/fixture_bytes.hpp"
#include "support/glb_reader.hpp"
#include "support/run_cli.hpp"

namespace anmkit {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

using Glb = test::GlbReader;

struct Exported {
  GltfOutput out;
  std::unique_ptr<Glb> glb;
};

Exported export_vehicle(const fs::path& mdl, OpenOptions options = {}) {
  Exported e;
  auto out = model_to_gltf(mdl.string(), options, true);
  EXPECT_TRUE(out) << (out ? "" : out.error().to_string());
  if (!out) return e;
  e.out = std::move(*out);
  e.glb = std::make_unique<Glb>(e.out.bytes);
  return e;
}

// Where the .mdl puts a point of bone `bone`'s frame, in GEM's own world: p · R + t down the chain.
std::array<double, 3> gem_world(const gem::Mdl& mdl, int bone, std::array<double, 3> p) {
  for (int b = bone; b >= 0; b = mdl.bones[std::size_t(b)].parent) {
    const auto& m = mdl.bones[std::size_t(b)].rest;
    std::array<double, 3> q{};
    for (std::size_t c = 0; c < 3; ++c) q[c] = p[0] * m[0 + c] + p[1] * m[3 + c] + p[2] * m[6 + c] + m[9 + c];
    p = q;
  }
  return p;
}

gem::Mdl read_mdl(const fs::path& path) {
  auto mdl = gem::read_mdl(test::read_bytes(path));
  EXPECT_TRUE(mdl);
  return mdl ? *mdl : gem::Mdl{};
}

std::vector<std::string> warnings_of(const GltfOutput& out) {
  std::vector<std::string> w;
  for (const auto& x : out.warnings) w.push_back(x.message);
  return w;
}

bool mentions(const std::vector<std::string>& lines, std::string_view text) {
  for (const auto& l : lines) {
    if (l.find(text) != std::string::npos) return true;
  }
  return false;
}

TEST(VehicleGltf, TheE25IsEveryMeshOnItsBoneTexturedFromItsTgas) {
  ANMKIT_REQUIRE_VEHICLES_CORPUS(corpus);
  const fs::path folder = corpus / "e-25";
  const Exported e = export_vehicle(folder / "e-25.mdl");
  ASSERT_TRUE(e.glb);
  const json& j = e.glb->j;
  EXPECT_EQ(e.out.meshes, 22u);
  EXPECT_EQ(j["meshes"].size(), 22u);
  EXPECT_EQ(e.out.textures, 2u);
  EXPECT_EQ(e.out.textures_missing, 0u);
  EXPECT_EQ(e.out.warnings.size(), 0u) << (e.out.warnings.empty() ? "" : e.out.warnings[0].message);
  ASSERT_EQ(j["images"].size(), 2u);
  // Triangles: the sum of every .ply's index chunk.
  std::size_t triangles = 0;
  for (const auto& entry : fs::directory_iterator(folder)) {
    if (entry.path().extension() != ".ply") continue;
    auto ply = gem::mesh::read_ply(test::read_bytes(entry.path()));
    ASSERT_TRUE(ply);
    triangles += ply->indices()->values.size() / 3;
  }
  EXPECT_EQ(e.out.triangles, triangles);

  // The gun's mesh node hangs under the gun bone's node; its vertices land where the .mdl's rows
  // put them, in the export's axes (docs/gltf.md): glTF (x, y, z) = GEM (x, z, y) / 20, forward
  // +X, up +Y, GEM's right (+Y) at glTF's +Z.
  const gem::Mdl mdl = read_mdl(folder / "e-25.mdl");
  const int bone = mdl.find_bone("gun");
  ASSERT_GE(bone, 0);
  const std::size_t mesh_node = e.glb->node(mdl.bones[std::size_t(bone)].mesh()->file);
  ASSERT_NE(mesh_node, Glb::none);
  EXPECT_EQ(e.glb->parent(mesh_node), e.glb->node("gun"));
  auto ply = gem::mesh::read_ply(test::read_bytes(folder / mdl.bones[std::size_t(bone)].mesh()->file));
  ASSERT_TRUE(ply);
  auto vertices = gem::mesh::decode_vertices(*ply);
  ASSERT_TRUE(vertices);
  const auto positions = e.glb->floats(j["meshes"][j["nodes"][mesh_node]["mesh"].get<std::size_t>()]["primitives"][0]["attributes"]["POSITION"]);
  for (std::size_t v : {std::size_t{0}, vertices->positions.size() / 2}) {
    const auto& p = vertices->positions[v];
    EXPECT_EQ(positions[3 * v], p[0]);
    const auto gem = gem_world(mdl, bone, {p[0], p[1], p[2]});
    const auto scene = e.glb->to_scene(mesh_node, {p[0], p[1], p[2]});
    EXPECT_NEAR(scene[0], gem[0] / 20, 1e-4);
    EXPECT_NEAR(scene[1], gem[2] / 20, 1e-4);
    EXPECT_NEAR(scene[2], gem[1] / 20, 1e-4);
  }

  // The hull's texture: the PNG in the file holds the TGA's pixels.
  std::size_t body_image = Glb::none;
  for (std::size_t i = 0; i < j["images"].size(); ++i) {
    if (j["images"][i]["name"] == "e25body") body_image = i;
  }
  ASSERT_NE(body_image, Glb::none);
  EXPECT_EQ(j["images"][body_image]["mimeType"], "image/png");
  const auto png_bytes = e.glb->view(j["images"][body_image]["bufferView"]);
  auto png = png::decode(png_bytes);
  ASSERT_TRUE(png);
  auto tga = texture::decode_texture(test::read_bytes(folder / "e25body.tga"));
  ASSERT_TRUE(tga);
  ASSERT_EQ(png->width, tga->width);
  ASSERT_EQ(png->height, tga->height);
  for (std::size_t pixel : {std::size_t{0}, std::size_t(tga->width) * tga->height / 2 + 7, std::size_t(tga->width) * tga->height - 1}) {
    const model::Color c = png->rgba[pixel];
    EXPECT_EQ((std::array<std::uint8_t, 4>{c.r, c.g, c.b, c.a}),
              (std::array<std::uint8_t, 4>{tga->rgba[4 * pixel], tga->rgba[4 * pixel + 1], tga->rgba[4 * pixel + 2], tga->rgba[4 * pixel + 3]}));
  }
}

TEST(VehicleGltf, TheE75SaysWhichTexturesAreMissingAndDrawsThoseMaterialsInTheirColour) {
  ANMKIT_REQUIRE_VEHICLES_CORPUS(corpus);
  const Exported e = export_vehicle(corpus / "e-75" / "e-75.mdl");
  ASSERT_TRUE(e.glb);
  const auto w = warnings_of(e.out);
  EXPECT_TRUE(mentions(w, "diffuse texture 'e-75' not found")) << (w.empty() ? "" : w[0]);
  EXPECT_GT(e.out.textures_missing, 0u);
  EXPECT_GT(e.out.textures, 0u);
  // Hidden parts ({visibility 0}) rest at scale 0 on their mesh's node.
  const json& j = e.glb->j;
  int hidden = 0;
  for (const auto& n : j["nodes"]) {
    if (n.contains("mesh") && n.value("scale", std::vector<double>{1, 1, 1}) == std::vector<double>{0, 0, 0}) ++hidden;
  }
  const gem::Mdl mdl = read_mdl(corpus / "e-75" / "e-75.mdl");
  int expected_hidden = 0;
  for (const auto& b : mdl.bones) expected_hidden += (!b.shown && b.mesh() && fs::exists(corpus / "e-75" / b.mesh()->file)) ? 1 : 0;
  EXPECT_EQ(hidden, expected_hidden);
  // Every material's alpha mode follows its .mtl's {blend}: the hull's `none` is opaque (drawn in
  // its {color} 230 230 230, its texture missing; once two-sided, once not, as its subsets say),
  // the tracks' `test` masks at the default alpharef 127.
  std::map<std::string, std::string> modes;
  for (const auto& m : j["materials"]) modes[m["name"]] += m.value("alphaMode", "OPAQUE") + (m.value("doubleSided", false) ? "+2" : "") + " ";
  EXPECT_EQ(modes, (std::map<std::string, std::string>{{"material_#28.mtl", "OPAQUE+2 OPAQUE "}, {"material_#30.mtl", "MASK "}}));
  for (const auto& m : j["materials"]) {
    if (m["name"] == "material_#30.mtl") {
      EXPECT_FLOAT_EQ(m["alphaCutoff"].get<float>(), 127.0f / 255.0f);
      EXPECT_TRUE(m.contains("normalTexture"));
    } else {
      EXPECT_EQ(m["pbrMetallicRoughness"]["baseColorFactor"], json::array({230.0f / 255.0f, 230.0f / 255.0f, 230.0f / 255.0f, 1.0f}));
      EXPECT_FALSE(m["pbrMetallicRoughness"].contains("baseColorTexture"));
    }
  }

  // Without meshes: the skeleton and sequences alone.
  OpenOptions bare;
  bare.meshes = false;
  const Exported b = export_vehicle(corpus / "e-75" / "e-75.mdl", bare);
  ASSERT_TRUE(b.glb);
  EXPECT_FALSE(b.glb->j.contains("meshes"));
  EXPECT_EQ(b.out.meshes, 0u);
  EXPECT_EQ(b.out.animations, e.out.animations);
}

TEST(VehicleGltf, ThePzh2000TracksMoveByMorphTargetsWhoseShapesAreTheAnmPayloads) {
  ANMKIT_REQUIRE_VEHICLES_CORPUS(corpus);
  const fs::path folder = corpus / "pzh2000_x";
  const Exported e = export_vehicle(folder / "pzh2000_x.mdl");
  ASSERT_TRUE(e.glb);
  const json& j = e.glb->j;
  const std::size_t node = e.glb->node("trackl.ply");
  ASSERT_NE(node, Glb::none);
  const json& mesh = j["meshes"][j["nodes"][node]["mesh"].get<std::size_t>()];
  const json& targets = mesh["primitives"][0]["targets"];
  // trackL.anm keys the mesh on each of its 13 frames.
  auto anm = gem::read(test::read_bytes(folder / "trackL.anm"));
  ASSERT_TRUE(anm);
  const model::Clip clip = gem::to_clip(*anm);
  const model::BoneTrack* track = nullptr;
  for (const auto& t : clip.bones) {
    if (!t.mesh.empty()) track = &t;
  }
  ASSERT_NE(track, nullptr);
  ASSERT_EQ(track->mesh.size(), 13u);
  ASSERT_EQ(targets.size(), 13u);
  auto ply = gem::mesh::read_ply(test::read_bytes(folder / "trackl.ply"));
  ASSERT_TRUE(ply);
  auto vertices = gem::mesh::decode_vertices(*ply);
  ASSERT_TRUE(vertices);
  // Target 5: the payload's vertex 100 (a record of 56 bytes after the 8-byte header) less the .ply's.
  const auto deltas = e.glb->floats(targets[5]["POSITION"]);
  const auto& payload = track->mesh[5].payload;
  for (std::size_t v : {std::size_t{0}, std::size_t{100}, std::size_t{409}}) {
    for (std::size_t a = 0; a < 3; ++a) {
      float stored;
      std::memcpy(&stored, payload.data() + 8 + 56 * v + 4 * a, 4);
      EXPECT_EQ(deltas[3 * v + a], stored - vertices->positions[v][a]) << "vertex " << v;
    }
  }
  // The sequence that plays it has a STEP weights channel on the mesh's node: target k in full at frame k.
  bool found = false;
  for (const auto& a : j["animations"]) {
    for (const auto& c : a["channels"]) {
      if (c["target"]["path"] != "weights" || c["target"]["node"] != node) continue;
      found = true;
      const json& sampler = a["samplers"][c["sampler"].get<std::size_t>()];
      EXPECT_EQ(sampler["interpolation"], "STEP");
      const auto weights = e.glb->floats(sampler["output"]);
      const auto times = e.glb->floats(sampler["input"]);
      ASSERT_EQ(weights.size(), times.size() * 13);
      const std::size_t key = 5;
      for (std::size_t t = 0; t < 13; ++t) EXPECT_EQ(weights[key * 13 + t], t == 5 ? 1.0f : 0.0f);
    }
  }
  EXPECT_TRUE(found);
}

// The Khronos validator finds no error or warning in a whole vehicle, and assimp reads its meshes.
TEST(VehicleGltf, KhronosValidatorAndAssimpAcceptTheVehicles) {
  ANMKIT_REQUIRE_VEHICLES_CORPUS(corpus);
  const fs::path source = ANMKIT_SOURCE_DIR;
  const std::string validator = (source / "tools/gltf-validator/validate.js").string();
  ANMKIT_NEED_EXTERNAL(test::have_program("node"), "Node.js (node on PATH)", "scripts/deps installs Debian's nodejs");
  ANMKIT_NEED_EXTERNAL(fs::exists(source / "tools/gltf-validator/node_modules/gltf-validator"),
                       "the Khronos glTF Validator (tools/gltf-validator/node_modules)", "scripts/deps runs npm ci there");
  ANMKIT_NEED_EXTERNAL(test::have_program("assimp"), "assimp (assimp on PATH)", "scripts/deps installs Debian's assimp-utils");
  test::TempDir dir;
  for (const char* vehicle : {"e-25", "e-75", "pzh2000_x"}) {
    SCOPED_TRACE(vehicle);
    const Exported e = export_vehicle(corpus / vehicle / (std::string(vehicle) + ".mdl"));
    ASSERT_TRUE(e.glb);
    const std::string path = dir.write(std::string(vehicle) + ".glb", e.out.bytes);
    const std::string report = dir.file("report.txt");
    test::expect_khronos_valid(validator, path, report);
    if (::testing::Test::HasFatalFailure()) return;
    const int read = std::system(("assimp info " + test::shell_quote(path) + " > " + report + " 2>&1").c_str());
    const std::string info = test::slurp(report);
    EXPECT_EQ(read, 0) << info;
    EXPECT_NE(info.find("Meshes:"), std::string::npos) << info;
  }
}

}  // namespace
}  // namespace anmkit

namespace anmkit {
namespace {

// The figure as values (what the C API and Python hand out): the e-25's meshes, its textures
// decoded, and the pzh2000's track animation as morph keys.
TEST(ModelFigure, TheE25AndThePzh2000AsValues) {
  ANMKIT_REQUIRE_VEHICLES_CORPUS(corpus);
  auto e25 = test::figure_of((corpus / "e-25" / "e-25.mdl").string());
  ASSERT_TRUE(e25) << e25.error().to_string();
  EXPECT_EQ(e25->figure.meshes.size(), 22u);
  EXPECT_EQ(e25->skeleton.joints.size(), read_mdl(corpus / "e-25" / "e-25.mdl").bones.size());
  ASSERT_EQ(e25->figure.textures.size(), 2u);
  for (const model::Texture& t : e25->figure.textures) {
    auto decoded = texture::decode_texture(test::read_bytes(t.path));
    ASSERT_TRUE(decoded) << t.path;
    EXPECT_EQ(t.width, decoded->width);
    EXPECT_EQ(t.rgba, decoded->rgba) << t.name;
  }
  auto pzh = test::figure_of((corpus / "pzh2000_x" / "pzh2000_x.mdl").string());
  ASSERT_TRUE(pzh);
  auto anm = gem::read(test::read_bytes(corpus / "pzh2000_x" / "trackL.anm"));
  ASSERT_TRUE(anm);
  std::vector<Warning> warnings;
  const auto morphs = pzh->mesh_animation(pzh->figure, gem::to_clip(*anm), "break", "trackL.anm", warnings);
  EXPECT_TRUE(warnings.empty());
  ASSERT_EQ(morphs.size(), 1u);
  EXPECT_EQ(pzh->figure.meshes[morphs[0].mesh].name, "trackl.ply");
  ASSERT_EQ(morphs[0].keys.size(), 13u);
  EXPECT_EQ(morphs[0].keys[12], (model::MorphKey{12, 12}));
  EXPECT_EQ(pzh->figure.meshes[morphs[0].mesh].targets.size(), 13u);
  EXPECT_EQ(pzh->figure.meshes[morphs[0].mesh].targets[3].name, "break 3");

  OpenOptions bare;
  bare.meshes = false;
  auto skeleton_only = test::figure_of((corpus / "e-25" / "e-25.mdl").string(), bare);
  ASSERT_TRUE(skeleton_only);
  EXPECT_TRUE(skeleton_only->figure.meshes.empty());
}

}  // namespace
}  // namespace anmkit

namespace anmkit {
namespace {

// The GLB with every animation's extras.anmkit taken out, as Blender's export leaves it.
std::vector<std::uint8_t> without_records(const std::vector<std::uint8_t>& glb) {
  Glb parsed(glb);
  for (auto& a : parsed.j["animations"]) a.erase("extras");
  std::string text = parsed.j.dump();
  text.resize((text.size() + 3) / 4 * 4, ' ');
  std::vector<std::uint8_t> out = {'g', 'l', 'T', 'F'};
  const auto u32 = [&out](std::size_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(std::uint8_t(v >> (8 * i)));
  };
  u32(2);
  u32(12 + 8 + text.size() + 8 + parsed.bin.size());
  u32(text.size());
  out.insert(out.end(), {'J', 'S', 'O', 'N'});
  out.insert(out.end(), text.begin(), text.end());
  u32(parsed.bin.size());
  out.insert(out.end(), {'B', 'I', 'N', '\0'});
  out.insert(out.end(), parsed.bin.begin(), parsed.bin.end());
  return out;
}

// Round trips with the meshes in: every e-75 sequence imported back from the vehicle's GLB with
// --base is its file byte for byte, with anmkit's record and without it (a part's visibility
// then read from its mesh node's scale: the hull, covers, doors); so are the pzh2000's track
// animations, whose mesh keys the glTF carries as morph targets.
TEST(VehicleGltf, EverySequenceComesBackByteForByteWithTheMeshesIn) {
  ANMKIT_REQUIRE_VEHICLES_CORPUS(corpus);
  const std::pair<const char*, std::vector<std::pair<std::string, std::string>>> vehicles[] = {
      {"e-75",
       {{"start", "start.anm"}, {"fire", "fire.anm"}, {"open", "open.anm"}, {"open_back", "open_back.anm"},
        {"open_top", "open_top.anm"}, {"open_driver", "open_driver.anm"}, {"hit", "hit.anm"}, {"repair (turret_r)", "turret_r.anm"}}},
      {"pzh2000_x", {{"break (trackL)", "trackL.anm"}, {"break (trackR)", "trackR.anm"}}}};
  for (const auto& [vehicle, all] : vehicles) {
    const fs::path folder = corpus / vehicle;
    const Exported e = export_vehicle(folder / (std::string(vehicle) + ".mdl"));
    ASSERT_TRUE(e.glb);
    const auto stripped = without_records(e.out.bytes);
    for (const auto& [name, file] : all) {
      auto base = Document::open((folder / file).string());
      ASSERT_TRUE(base);
      const auto original = test::read_bytes(folder / file);
      for (const auto* glb : {&e.out.bytes, &stripped}) {
        SCOPED_TRACE(std::string(vehicle) + " " + name + (glb == &stripped ? " without records" : ""));
        GltfImportOptions options;
        options.animation = name;
        options.base = std::make_shared<const Document>(*base);
        auto back = Document::from_gltf(*glb, base->import_target(), options);
        ASSERT_TRUE(back) << back.error().to_string();
        auto bytes = back->write();
        ASSERT_TRUE(bytes);
        EXPECT_TRUE(*bytes == original);
      }
    }
  }
}

}  // namespace
}  // namespace anmkit
