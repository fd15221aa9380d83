// Collision volumes drawn on request (issue 26; docs/gltf.md, "Collision volumes"): the {Volume}s
// of the real vehicle folders (../shared/corpus/gem-vehicles) as meshes of the figure and nodes of
// the glTF, checked against what the files say when read another way: the .vol's raw floats, the
// .mdl's numbers typed in here, the bone chain walked by hand (p · R + t, in double); and hostile
// volumes, which are warnings, never crashes.

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <map>

#include <nlohmann/json.hpp>

#include "anmkit/anmkit.hpp"
#include "support/door_of.hpp"
#include "anmkit/formats/gem/mdl.hpp"
#include "anmkit/formats/gem/mesh/ply_read.hpp"
#include "anmkit/formats/gem/mesh/ply_vertices.hpp"
#include "anmkit/model/math.hpp"
#include "support/externals.hpp"
#include "support/khronos_validator.hpp"
#include "support/glb_reader.hpp"
#include "support/fixture_bytes.hpp"
#include "support/run_cli.hpp"

namespace anmkit {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;
using Point = std::array<double, 3>;

// A GLB read back (no glTF library), and whether a node is a collision volume's.
struct Glb : test::GlbReader {
  using GlbReader::GlbReader;
  bool is_volume(std::size_t node) const {
    const json& n = j["nodes"][node];
    return n.contains("extras") && n["extras"].value("anmkit", json::object()).value("collision_volume", false);
  }
};

gem::Mdl read_mdl(const fs::path& path) {
  auto mdl = gem::read_mdl(test::read_bytes(path));
  EXPECT_TRUE(mdl);
  return mdl ? *mdl : gem::Mdl{};
}

// p · R + t with a Matrix34's 12 numbers (rows 0-2 the axes, row 3 the origin), in double.
Point place(const std::array<double, 12>& m, const Point& p) {
  Point q{};
  for (std::size_t c = 0; c < 3; ++c) q[c] = p[0] * m[0 + c] + p[1] * m[3 + c] + p[2] * m[6 + c] + m[9 + c];
  return q;
}

// Where the .mdl puts a point of bone `bone`'s frame in GEM's world: down the chain.
Point gem_world(const gem::Mdl& mdl, int bone, Point p) {
  for (int b = bone; b >= 0; b = mdl.bones[std::size_t(b)].parent) {
    const auto& r = mdl.bones[std::size_t(b)].rest;
    p = place({r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10], r[11]}, p);
  }
  return p;
}

// A .vol's vertices and indices from its bytes, read here by offset (EVLM, VERT n + floats, INDX n
// + u16s), not by the library's reader.
struct RawVol {
  std::vector<Point> vertices;
  std::vector<std::uint16_t> indices;
};
RawVol raw_vol(const fs::path& path) {
  const auto bytes = test::read_bytes(path);
  RawVol out;
  const auto u32 = [&](std::size_t at) {
    std::uint32_t v;
    std::memcpy(&v, bytes.data() + at, 4);
    return v;
  };
  EXPECT_EQ(std::string(bytes.begin(), bytes.begin() + 8), std::string("EVLMVERT"));
  const std::uint32_t n = u32(8);
  for (std::uint32_t v = 0; v < n; ++v) {
    float p[3];
    std::memcpy(p, bytes.data() + 12 + 12 * v, 12);
    out.vertices.push_back({p[0], p[1], p[2]});
  }
  const std::size_t indx = 12 + 12 * std::size_t(n);
  EXPECT_EQ(std::string(bytes.begin() + std::ptrdiff_t(indx), bytes.begin() + std::ptrdiff_t(indx) + 4), "INDX");
  out.indices.resize(u32(indx + 4));
  std::memcpy(out.indices.data(), bytes.data() + indx + 8, out.indices.size() * 2);
  return out;
}

// The volume the triangles enclose: positive when they turn counter-clockwise seen from outside.
double signed_volume(const model::Mesh& mesh) {
  double v = 0;
  for (const model::Primitive& p : mesh.primitives) {
    for (std::size_t k = 0; k + 2 < p.indices.size(); k += 3) {
      const model::Vec3& a = mesh.positions[p.indices[k]];
      const model::Vec3& b = mesh.positions[p.indices[k + 1]];
      const model::Vec3& c = mesh.positions[p.indices[k + 2]];
      v += (double(a.x) * (double(b.y) * c.z - double(b.z) * c.y) - double(a.y) * (double(b.x) * c.z - double(b.z) * c.x) +
            double(a.z) * (double(b.x) * c.y - double(b.y) * c.x)) /
           6;
    }
  }
  return v;
}

std::size_t triangles(const model::Mesh& mesh) {
  std::size_t n = 0;
  for (const model::Primitive& p : mesh.primitives) n += p.indices.size() / 3;
  return n;
}

ModelFigure figure_of(const fs::path& mdl, bool volumes) {
  OpenOptions options;
  options.volumes = volumes;
  auto figure = test::figure_of(mdl.string(), options);
  EXPECT_TRUE(figure) << (figure ? "" : figure.error().to_string());
  return figure ? std::move(*figure) : ModelFigure{};
}

const model::Mesh* volume_named(const ModelFigure& figure, std::string_view name) {
  for (const model::Mesh& m : figure.figure.meshes) {
    if (m.collision && m.name == name) return &m;
  }
  return nullptr;
}

std::unique_ptr<Glb> export_with_volumes(const fs::path& mdl, GltfOutput& out) {
  OpenOptions options;
  options.volumes = true;
  auto written = model_to_gltf(mdl.string(), options, true);
  EXPECT_TRUE(written) << (written ? "" : written.error().to_string());
  if (!written) return nullptr;
  out = std::move(*written);
  return std::make_unique<Glb>(out.bytes);
}

bool mentions(const std::vector<Warning>& warnings, std::string_view text) {
  for (const Warning& w : warnings) {
    if (w.message.find(text) != std::string::npos) return true;
  }
  return false;
}

// Every {Volume} of the three vehicles is drawn (8, 23 and none), after the meshes, which stay as
// they were; each on its bone, closed and turned counter-clockwise seen from outside, with the
// one translucent material. Without the option there are none.
TEST(VehicleVolumes, EveryVolumeOfEachVehicleIsDrawnOnItsBoneWhenAsked) {
  ANMKIT_REQUIRE_VEHICLES_CORPUS(corpus);
  const std::pair<const char*, std::size_t> vehicles[] = {{"e-25", 8}, {"e-75", 23}, {"pzh2000_x", 0}};
  for (const auto& [vehicle, count] : vehicles) {
    SCOPED_TRACE(vehicle);
    const fs::path mdl_path = corpus / vehicle / (std::string(vehicle) + ".mdl");
    const gem::Mdl mdl = read_mdl(mdl_path);
    ASSERT_EQ(mdl.volumes.size(), count);
    const ModelFigure plain = figure_of(mdl_path, false);
    const ModelFigure with = figure_of(mdl_path, true);
    for (const model::Mesh& m : plain.figure.meshes) EXPECT_FALSE(m.collision);
    ASSERT_EQ(with.figure.meshes.size(), plain.figure.meshes.size() + count);
    EXPECT_EQ(with.warnings.size(), plain.warnings.size());
    for (std::size_t k = 0; k < plain.figure.meshes.size(); ++k) EXPECT_EQ(with.figure.meshes[k].name, plain.figure.meshes[k].name);
    for (std::size_t v = 0; v < count; ++v) {
      const model::Mesh& m = with.figure.meshes[plain.figure.meshes.size() + v];
      SCOPED_TRACE(m.name);
      EXPECT_TRUE(m.collision);
      EXPECT_EQ(m.name, mdl.volumes[v].name);
      EXPECT_EQ(m.joint, mdl.find_bone(mdl.volumes[v].bone));
      EXPECT_GE(m.joint, 0);
      EXPECT_TRUE(m.shown);
      EXPECT_TRUE(m.normals.empty() && m.uvs.empty() && m.skin.empty());
      ASSERT_EQ(m.primitives.size(), 1u);
      EXPECT_EQ(m.primitives[0].material, int(plain.figure.materials.size()));
      EXPECT_GT(signed_volume(m), 0);
    }
    if (count == 0) {
      EXPECT_EQ(with.figure.materials.size(), plain.figure.materials.size());
      continue;
    }
    ASSERT_EQ(with.figure.materials.size(), plain.figure.materials.size() + 1);
    const model::Material& material = with.figure.materials.back();
    EXPECT_EQ(material.name, "collision volume");
    EXPECT_EQ(material.alpha_mode, model::AlphaMode::blend);
    EXPECT_TRUE(material.double_sided);
    EXPECT_EQ(material.base_colour, (std::array<float, 4>{1.0f, 0.35f, 0.1f, 0.35f}));
  }
}

// The e-75's turret: turret.vol's 48 vertices and 92 triangles, two indices of each swapped (the
// file's turn clockwise seen from outside), and a vertex at rest where the .vol's raw floats, the
// volume's {Position} and the bone chain put it, in the glTF's scene too. The shield shieldl1 has
// a rotated {Matrix34}: its rows are the volume's axes, as a bone's are.
TEST(VehicleVolumes, TheE75TurretAndShieldAreTheirVolFilesPlacedOnTheirBones) {
  ANMKIT_REQUIRE_VEHICLES_CORPUS(corpus);
  const fs::path folder = corpus / "e-75";
  const gem::Mdl mdl = read_mdl(folder / "e-75.mdl");
  const ModelFigure figure = figure_of(folder / "e-75.mdl", true);
  GltfOutput out;
  const auto glb = export_with_volumes(folder / "e-75.mdl", out);
  ASSERT_TRUE(glb);
  struct Case {
    const char* volume;
    const char* bone;
    const char* file;
    std::array<double, 12> transform;  // typed from e-75.mdl
    std::size_t vertices, triangles, vertex;
  };
  const Case cases[] = {
      {"turret", "turret", "turret.vol", {1, 0, 0, 0, 1, 0, 0, 0, 1, -4.58562, -0.00958979, 10.0867}, 48, 92, 7},
      {"shieldl1",
       "shieldl1",
       "shieldl1.vol",
       {-0.986307, 0.153501, -0.0602937, -0.0595767, 0.00927065, 0.998181, 0.153781, 0.988105, 0, -0.182163, -0.0724258, 0.0682602},
       14,
       24,
       5},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.volume);
    const RawVol raw = raw_vol(folder / c.file);
    ASSERT_EQ(raw.vertices.size(), c.vertices);
    ASSERT_EQ(raw.indices.size(), 3 * c.triangles);
    const model::Mesh* mesh = volume_named(figure, c.volume);
    ASSERT_NE(mesh, nullptr);
    EXPECT_EQ(mesh->positions.size(), c.vertices);
    ASSERT_EQ(triangles(*mesh), c.triangles);
    const auto& indices = mesh->primitives[0].indices;
    for (std::size_t k = 0; k < indices.size(); k += 3) {
      EXPECT_EQ((std::array<std::uint32_t, 3>{indices[k], indices[k + 2], indices[k + 1]}),
                (std::array<std::uint32_t, 3>{raw.indices[k], raw.indices[k + 1], raw.indices[k + 2]}));
    }
    const int bone = mdl.find_bone(c.bone);
    ASSERT_GE(bone, 0);
    EXPECT_EQ(mesh->joint, bone);
    // In the bone's frame.
    const Point in_bone = place(c.transform, raw.vertices[c.vertex]);
    const model::Vec3& drawn = mesh->positions[c.vertex];
    EXPECT_NEAR(drawn.x, in_bone[0], 1e-4);
    EXPECT_NEAR(drawn.y, in_bone[1], 1e-4);
    EXPECT_NEAR(drawn.z, in_bone[2], 1e-4);
    // In the glTF's scene: glTF (x, y, z) = GEM (x, z, y) / 20 (docs/gltf.md).
    const std::size_t node = glb->node(std::string("volume ") + c.volume);
    ASSERT_NE(node, Glb::none);
    EXPECT_TRUE(glb->is_volume(node));
    EXPECT_EQ(glb->parent(node), glb->node(c.bone));
    const json& primitive = glb->j["meshes"][glb->j["nodes"][node]["mesh"].get<std::size_t>()]["primitives"][0];
    const auto positions = glb->floats(primitive["attributes"]["POSITION"]);
    const Point world = gem_world(mdl, bone, in_bone);
    const Point scene = glb->to_scene(node, {positions[3 * c.vertex], positions[3 * c.vertex + 1], positions[3 * c.vertex + 2]});
    EXPECT_NEAR(scene[0], world[0] / 20, 1e-5);
    EXPECT_NEAR(scene[1], world[2] / 20, 1e-5);
    EXPECT_NEAR(scene[2], world[1] / 20, 1e-5);
  }
  // One pinned by value: turret.vol's vertex 7 at rest in GEM's world.
  const Point turret7 = gem_world(mdl, mdl.find_bone("turret"), place(cases[0].transform, raw_vol(folder / "turret.vol").vertices[7]));
  const model::Vec3& p = volume_named(figure, "turret")->positions[7];
  const Point from_figure = gem_world(mdl, mdl.find_bone("turret"), {p.x, p.y, p.z});
  for (std::size_t a = 0; a < 3; ++a) EXPECT_NEAR(from_figure[a], turret7[a], 1e-4);
}

// The e-75's boxes ({Box x y z}) are full extents centred on their {Position}, and its gun a
// cylinder ({Cylinder r h}) along the volume's z, h long, centred: read so, the crew and inventory
// boxes share one floor (z 8.12 in the hull's frame) and every box lies above the hull's lowest
// vertex, and the cylinder's far end is the barrel's muzzle (docs/gltf.md has the evidence; read as
// half extents, the crew box would reach 11 units below the hull).
TEST(VehicleVolumes, TheE75BoxesAreFullSizesCentredAndItsGunACylinderAlongTheBarrel) {
  ANMKIT_REQUIRE_VEHICLES_CORPUS(corpus);
  const fs::path folder = corpus / "e-75";
  const ModelFigure figure = figure_of(folder / "e-75.mdl", true);
  // The crew box, typed from e-75.mdl: {Box 11.6162 21.6746 29.8726} at {Position -2.1711 2.11278 23.0563}.
  const model::Mesh* crew = volume_named(figure, "crew");
  ASSERT_NE(crew, nullptr);
  ASSERT_EQ(crew->positions.size(), 8u);
  EXPECT_EQ(triangles(*crew), 12u);
  const Point size{11.6162, 21.6746, 29.8726}, centre{-2.1711, 2.11278, 23.0563};
  for (std::size_t c = 0; c < 8; ++c) {
    const model::Vec3& p = crew->positions[c];
    EXPECT_NEAR(p.x, centre[0] + (c & 1 ? 0.5 : -0.5) * size[0], 1e-5) << "corner " << c;
    EXPECT_NEAR(p.y, centre[1] + (c & 2 ? 0.5 : -0.5) * size[1], 1e-5) << "corner " << c;
    EXPECT_NEAR(p.z, centre[2] + (c & 4 ? 0.5 : -0.5) * size[2], 1e-5) << "corner " << c;
  }
  EXPECT_NEAR(signed_volume(*crew), size[0] * size[1] * size[2], 1e-2);

  auto body = gem::mesh::read_ply(test::read_bytes(folder / "body.ply"));
  ASSERT_TRUE(body);
  auto hull = gem::mesh::decode_vertices(*body);
  ASSERT_TRUE(hull);
  float hull_floor = INFINITY;
  for (const auto& v : hull->positions) hull_floor = std::min(hull_floor, v[2]);
  const auto lowest = [](const model::Mesh& m) {
    float z = INFINITY;
    for (const model::Vec3& p : m.positions) z = std::min(z, p.z);
    return z;
  };
  for (const char* box : {"crew", "engine", "inventory"}) {
    const model::Mesh* m = volume_named(figure, box);
    ASSERT_NE(m, nullptr) << box;
    EXPECT_GT(lowest(*m), hull_floor) << box;
  }
  EXPECT_NEAR(lowest(*volume_named(figure, "crew")), lowest(*volume_named(figure, "inventory")), 1e-3);
  EXPECT_NEAR(lowest(*volume_named(figure, "crew")), 8.1200, 1e-3);

  // The gun: {Cylinder 2.29098 112.205}, its Matrix34 turning its z onto the gun bone's -x, at
  // (-33.3553, 0.0133826, -0.0587507).
  const model::Mesh* gun = volume_named(figure, "gun");
  ASSERT_NE(gun, nullptr);
  ASSERT_EQ(gun->positions.size(), 34u);
  EXPECT_EQ(triangles(*gun), 64u);
  float near_end = INFINITY, far_end = -INFINITY;
  for (std::size_t v = 0; v < 32; ++v) {
    const model::Vec3& p = gun->positions[v];
    EXPECT_NEAR(std::hypot(p.y - 0.0133826, p.z + 0.0587507), 2.29098, 1e-4) << v;
    near_end = std::min(near_end, p.x);
    far_end = std::max(far_end, p.x);
  }
  EXPECT_NEAR(near_end, -33.3553 - 112.205 / 2, 1e-4);
  EXPECT_NEAR(far_end, -33.3553 + 112.205 / 2, 1e-4);
  EXPECT_GT(signed_volume(*gun), 0);
  auto gun_ply = gem::mesh::read_ply(test::read_bytes(folder / "gun2.ply"));
  ASSERT_TRUE(gun_ply);
  auto barrel = gem::mesh::decode_vertices(*gun_ply);
  ASSERT_TRUE(barrel);
  float muzzle = INFINITY;
  for (const auto& v : barrel->positions) muzzle = std::min(muzzle, v[0]);
  EXPECT_NEAR(near_end, muzzle, 1.1);  // -89.46 against the mesh's -90.51
}

// In the glTF: a node per volume, "volume NAME", under its bone's node, marked in its extras, drawn
// with the one material "collision volume" (BLEND, double-sided, alpha 0.35), without normals; the
// meshes and their count are as without volumes, which are counted apart.
TEST(VehicleVolumes, InGltfEachVolumeIsAMarkedNodeUnderItsBoneWithOneTranslucentMaterial) {
  ANMKIT_REQUIRE_VEHICLES_CORPUS(corpus);
  const fs::path mdl_path = corpus / "e-75" / "e-75.mdl";
  const gem::Mdl mdl = read_mdl(mdl_path);
  GltfOutput out;
  const auto glb = export_with_volumes(mdl_path, out);
  ASSERT_TRUE(glb);
  auto plain = model_to_gltf(mdl_path.string(), {}, true);
  ASSERT_TRUE(plain);
  EXPECT_EQ(out.volumes, 23u);
  EXPECT_EQ(plain->volumes, 0u);
  EXPECT_EQ(out.meshes, plain->meshes);
  EXPECT_EQ(out.triangles, plain->triangles);
  EXPECT_EQ(out.materials, plain->materials + 1);
  const json& j = glb->j;
  std::size_t material = Glb::none;
  for (std::size_t m = 0; m < j["materials"].size(); ++m) {
    if (j["materials"][m]["name"] == "collision volume") {
      EXPECT_EQ(material, Glb::none) << "one material";
      material = m;
    }
  }
  ASSERT_NE(material, Glb::none);
  const json& translucent = j["materials"][material];
  EXPECT_EQ(translucent["alphaMode"], "BLEND");
  EXPECT_EQ(translucent["doubleSided"], true);
  EXPECT_EQ(translucent["pbrMetallicRoughness"]["baseColorFactor"], json::array({1.0f, 0.35f, 0.1f, 0.35f}));
  std::map<std::string, std::string> bone_of;
  std::size_t mesh_nodes = 0;
  for (std::size_t n = 0; n < j["nodes"].size(); ++n) {
    if (!j["nodes"][n].contains("mesh")) continue;
    if (!glb->is_volume(n)) {
      ++mesh_nodes;
      continue;
    }
    const json& node = j["nodes"][n];
    bone_of[node["name"]] = j["nodes"][glb->parent(n)]["name"];
    EXPECT_FALSE(node.contains("scale"));
    const json& mesh = j["meshes"][node["mesh"].get<std::size_t>()];
    EXPECT_EQ(mesh["name"], node["name"]);
    for (const json& p : mesh["primitives"]) {
      EXPECT_EQ(p["material"], material);
      EXPECT_FALSE(p["attributes"].contains("NORMAL"));
    }
  }
  EXPECT_EQ(mesh_nodes, plain->meshes);
  std::map<std::string, std::string> expected;
  for (const auto& v : mdl.volumes) expected["volume " + v.name] = mdl.bones[std::size_t(v.bone_index)].name;
  EXPECT_EQ(bone_of, expected);
  // No animation reaches a volume's node: a bone's visibility stays on its own mesh's node.
  for (const json& a : j["animations"]) {
    for (const json& c : a["channels"]) EXPECT_FALSE(glb->is_volume(c["target"]["node"].get<std::size_t>()));
  }
}

// Import leaves the volumes out: every e-75 sequence imported back from the GLB with its volumes,
// with --base, is its file byte for byte.
TEST(VehicleVolumes, EveryE75SequenceComesBackByteForByteFromTheGlbWithVolumes) {
  ANMKIT_REQUIRE_VEHICLES_CORPUS(corpus);
  const fs::path folder = corpus / "e-75";
  GltfOutput out;
  const auto glb = export_with_volumes(folder / "e-75.mdl", out);
  ASSERT_TRUE(glb);
  const std::pair<const char*, const char*> sequences[] = {
      {"start", "start.anm"},         {"fire", "fire.anm"}, {"open", "open.anm"}, {"open_back", "open_back.anm"},
      {"open_driver", "open_driver.anm"}, {"hit", "hit.anm"}, {"repair (turret_r)", "turret_r.anm"}};
  for (const auto& [name, file] : sequences) {
    SCOPED_TRACE(name);
    auto base = Document::open((folder / file).string());
    ASSERT_TRUE(base);
    GltfImportOptions options;
    options.animation = name;
    options.base = std::make_shared<const Document>(*base);
    auto back = Document::from_gltf(out.bytes, base->import_target(), options);
    ASSERT_TRUE(back) << back.error().to_string();
    auto bytes = back->write();
    ASSERT_TRUE(bytes);
    EXPECT_TRUE(*bytes == test::read_bytes(folder / file));
  }
}

// The Khronos validator finds no error and no warning in the vehicles with their volumes.
TEST(VehicleVolumes, KhronosValidatorAcceptsTheVehiclesWithTheirVolumes) {
  ANMKIT_REQUIRE_VEHICLES_CORPUS(corpus);
  const fs::path source = ANMKIT_SOURCE_DIR;
  const std::string validator = (source / "tools/gltf-validator/validate.js").string();
  ANMKIT_NEED_EXTERNAL(test::have_program("node"), "Node.js (node on PATH)", "scripts/deps installs Debian's nodejs");
  ANMKIT_NEED_EXTERNAL(fs::exists(source / "tools/gltf-validator/node_modules/gltf-validator"),
                       "the Khronos glTF Validator (tools/gltf-validator/node_modules)", "scripts/deps runs npm ci there");
  test::TempDir dir;
  for (const char* vehicle : {"e-25", "e-75", "pzh2000_x"}) {
    SCOPED_TRACE(vehicle);
    GltfOutput out;
    ASSERT_TRUE(export_with_volumes(corpus / vehicle / (std::string(vehicle) + ".mdl"), out));
    const std::string path = dir.write(std::string(vehicle) + ".glb", out.bytes);
    const std::string report = dir.file("report.txt");
    test::expect_khronos_valid(validator, path, report);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

// The command: --volumes, the count on the line convert prints, and batch.
TEST(VehicleVolumes, ConvertWithVolumesSaysHowManyItDrew) {
  ANMKIT_REQUIRE_VEHICLES_CORPUS(corpus);
  test::TempDir dir;
  const auto r = test::run_cli({"convert", (corpus / "e-25" / "e-25.mdl").string(), "--volumes", "-o", dir.file("e-25.glb")}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find(", 22 meshes ("), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(", 3 materials, "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(", 8 collision volumes\n"), std::string::npos) << r.out;
  const auto plain = test::run_cli({"convert", (corpus / "e-25" / "e-25.mdl").string(), "-o", dir.file("plain.glb")}, dir);
  EXPECT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_EQ(plain.out.find("collision"), std::string::npos) << plain.out;
  // batch --to glb converts the folder's .mdl with its volumes too.
  const auto batch = test::run_cli({"batch", (corpus / "e-25").string(), "--volumes", "--to", "glb", "-o", dir.file("batch")}, dir);
  EXPECT_EQ(batch.exit_code, 0) << batch.err;
  ASSERT_TRUE(fs::exists(dir.path() / "batch" / "e-25.glb")) << batch.out;
  const Glb glb(test::read_bytes(dir.path() / "batch" / "e-25.glb"));
  std::size_t volumes = 0;
  for (std::size_t n = 0; n < glb.j["nodes"].size(); ++n) {
    if (glb.is_volume(n)) ++volumes;
  }
  EXPECT_EQ(volumes, 8u);
}

}  // namespace

// ---- Hostile volumes: warnings naming the volume and its file, the volume left out ------------

namespace {

void put_u32(std::vector<std::uint8_t>& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(std::uint8_t(v >> (8 * i)));
}

// A .vol of a unit tetrahedron, its triangles clockwise seen from outside as the game's are;
// `indices` replaces its twelve indices.
std::vector<std::uint8_t> tetrahedron_vol(std::vector<std::uint16_t> indices = {0, 1, 2, 0, 3, 1, 0, 2, 3, 1, 3, 2}) {
  std::vector<std::uint8_t> out = {'E', 'V', 'L', 'M', 'V', 'E', 'R', 'T'};
  const float vertices[4][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  put_u32(out, 4);
  for (const auto& v : vertices) {
    for (float f : v) put_u32(out, std::bit_cast<std::uint32_t>(f));
  }
  out.insert(out.end(), {'I', 'N', 'D', 'X'});
  put_u32(out, std::uint32_t(indices.size()));
  for (std::uint16_t i : indices) out.insert(out.end(), {std::uint8_t(i), std::uint8_t(i >> 8)});
  out.insert(out.end(), {'S', 'I', 'D', 'E'});
  put_u32(out, std::uint32_t(indices.size() / 3));
  for (std::size_t t = 0; t < indices.size() / 3; ++t) out.push_back(1);
  return out;
}

TEST(VehicleVolumes, HostileVolumesAreWarningsAndAreLeftOut) {
  test::TempDir dir;
  dir.write("good.vol", tetrahedron_vol());
  dir.write("past_the_end.vol", tetrahedron_vol({0, 1, 2, 0, 3, 9, 0, 2, 3, 1, 3, 2}));
  dir.write("partial.vol", tetrahedron_vol({0, 1, 2, 0, 3, 1, 0, 2, 3, 1, 3}));
  auto truncated = tetrahedron_vol();
  truncated.resize(truncated.size() - 12 - 2);  // no SIDE, and INDX a byte short of its last index
  dir.write("truncated.vol", truncated);
  dir.write("noise.vol", {'n', 'o', 't', ' ', 'a', ' ', 'v', 'o', 'l'});
  const std::string mdl = dir.write_text("hostile.mdl", R"({Skeleton
  {bone "basis"
    {bone "body" {Position 1 2 3}}
  }
}
{Volume "good" {Polyhedron "good.vol"} {Bone "body"}}
{Volume "index" {Polyhedron "past_the_end.vol"} {Bone "body"}}
{Volume "partial" {Polyhedron "partial.vol"} {Bone "body"}}
{Volume "cut" {Polyhedron "truncated.vol"} {Bone "body"}}
{Volume "noise" {Polyhedron "noise.vol"} {Bone "body"}}
{Volume "absent" {Polyhedron "nowhere.vol"} {Bone "body"}}
{Volume "outside" {Polyhedron "../outside.vol"} {Bone "body"}}
{Volume "orphan" {Box 1 1 1} {Bone "tail"}}
{Volume "flat" {Box 1 2} {Bone "body"}}
{Volume "inside_out" {Sphere -2} {Bone "body"}}
{Volume "huge" {Box 1e38 1 1} {Bone "body"} {Matrix34 1e38 0 0 0 1 0 0 0 1 0 0 0}}
{Volume "shapeless" {Bone "body"}}
{Volume "mirrored" {Cylinder 1 2} {Bone "body"} {Matrix34 1 0 0 0 1 0 0 0 -1 0 0 0}}
)");
  OpenOptions options;
  options.volumes = true;
  auto figure = test::figure_of(mdl, options);
  ASSERT_TRUE(figure) << figure.error().to_string();
  ASSERT_EQ(figure->figure.meshes.size(), 2u);
  const model::Mesh& good = figure->figure.meshes[0];
  EXPECT_EQ(good.name, "good");
  EXPECT_EQ(good.positions.size(), 4u);
  EXPECT_EQ(triangles(good), 4u);
  EXPECT_NEAR(signed_volume(good), 1.0 / 6, 1e-7);  // the file's clockwise triangles turned
  EXPECT_EQ(good.positions[3], (model::Vec3{0, 0, 1}));
  // A mirroring transform turns the triangles once more: still counter-clockwise outside.
  const model::Mesh& mirrored = figure->figure.meshes[1];
  EXPECT_EQ(mirrored.name, "mirrored");
  EXPECT_GT(signed_volume(mirrored), 0);
  const auto& w = figure->warnings;
  EXPECT_EQ(w.size(), 11u);
  EXPECT_TRUE(mentions(w, "collision volume 'index': its polyhedron 'past_the_end.vol': its .vol's triangle 1 names vertex 9, but it has 4 (left out)"));
  EXPECT_TRUE(mentions(w, "collision volume 'partial': its polyhedron 'partial.vol': its .vol has 11 indices, which are not whole triangles (left out)"));
  EXPECT_TRUE(mentions(w, "collision volume 'cut': its polyhedron 'truncated.vol': "));
  EXPECT_TRUE(mentions(w, "truncated.vol:"));
  EXPECT_TRUE(mentions(w, "collision volume 'noise': its polyhedron 'noise.vol': "));
  EXPECT_TRUE(mentions(w, "collision volume 'absent': its polyhedron 'nowhere.vol': "));
  EXPECT_TRUE(mentions(w, "collision volume 'outside': its polyhedron '../outside.vol': "));
  EXPECT_TRUE(mentions(w, "collision volume 'orphan': its bone 'tail' is not in the model (left out)"));
  EXPECT_TRUE(mentions(w, "collision volume 'flat': a box takes 3 sizes (x y z), found 2 (left out)"));
  EXPECT_TRUE(mentions(w, "collision volume 'inside_out': a sphere's sizes must be positive numbers, found -2 (left out)"));
  EXPECT_TRUE(mentions(w, "collision volume 'huge': its vertex 0 is not a finite point once placed (left out)"));
  EXPECT_TRUE(mentions(w, "collision volume 'shapeless': it has no shape"));
  for (const Warning& warning : w) EXPECT_EQ(warning.file, mdl);

  // Through glTF as well: the two drawn, the rest warned about.
  auto gltf = model_to_gltf(mdl, options, true);
  ASSERT_TRUE(gltf) << gltf.error().to_string();
  EXPECT_EQ(gltf->volumes, 2u);
  EXPECT_EQ(gltf->meshes, 0u);
  EXPECT_EQ(gltf->warnings.size(), 11u);
}

}  // namespace
}  // namespace anmkit
