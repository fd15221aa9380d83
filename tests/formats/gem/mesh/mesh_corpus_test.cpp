// The real vehicle folders of ../shared/corpus/gem-vehicles: every .ply and .mtl reads, writes back
// byte for byte and validates without an error; the numbers of a few files are those a separate
// reader (a Python script over the bytes, written for this test) found; each .mdl's meshes and
// volumes are what its text says, and agree with the meshes (SKIN names are bones of the model,
// MROR exactly where the bone's rest frame is mirrored twice, notes §5, §6).

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <map>

#include "anmkit/core/float_bits.hpp"
#include "anmkit/formats/gem/gem_mesh.hpp"
#include "anmkit/formats/gem/gem_read.hpp"
#include "anmkit/formats/gem/mdl.hpp"
#include "anmkit/formats/gem/mesh/mtl_material.hpp"
#include "anmkit/formats/gem/mesh/mtl_read.hpp"
#include "anmkit/formats/gem/mesh/mtl_validate.hpp"
#include "anmkit/formats/gem/mesh/mtl_write.hpp"
#include "anmkit/formats/gem/mesh/ply_info.hpp"
#include "anmkit/formats/gem/mesh/ply_json.hpp"
#include "anmkit/formats/gem/mesh/ply_read.hpp"
#include "anmkit/formats/gem/mesh/ply_validate.hpp"
#include "anmkit/formats/gem/mesh/ply_vertices.hpp"
#include "anmkit/formats/gem/mesh/ply_write.hpp"
#include "support/fixture_bytes.hpp"

namespace anmkit::gem::mesh {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> files_of(const fs::path& root, std::string_view extension) {
  std::vector<fs::path> out;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    if (e.is_regular_file() && e.path().extension() == extension) out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// A file of `dir` by its name ignoring case, as the game on Windows finds it.
std::optional<fs::path> beside(const fs::path& dir, const std::string& name) {
  for (const auto& e : fs::directory_iterator(dir)) {
    if (lower(e.path().filename().string()) == lower(name)) return e.path();
  }
  return std::nullopt;
}

PlyFile read_real(const fs::path& path) {
  auto file = read_ply(test::read_bytes(path));
  EXPECT_TRUE(file) << path << ": " << (file ? "" : file.error().to_string());
  return file ? *file : PlyFile{};
}

TEST(MeshCorpus, EveryPlyReadsWritesBackAndValidates) {
  ANMKIT_REQUIRE_VEHICLES_CORPUS(dir);
  const auto files = files_of(dir, ".ply");
  ASSERT_EQ(files.size(), 109u);
  std::uint64_t vertices = 0, triangles = 0, skinned = 0, mirrored = 0;
  std::map<std::string, int> warnings;
  for (const auto& path : files) {
    SCOPED_TRACE(path.string());
    const auto bytes = test::read_bytes(path);
    auto file = read_ply(bytes);
    ASSERT_TRUE(file) << file.error().to_string();
    auto written = write_ply(*file);
    ASSERT_TRUE(written) << written.error().to_string();
    EXPECT_TRUE(*written == bytes) << "write_ply(read_ply(bytes)) != bytes";
    for (const Diagnostic& d : validate_ply(*file)) {
      EXPECT_EQ(d.severity, Severity::warning) << d.id << ": " << d.message;
      ++warnings[d.id];
    }
    auto decoded = decode_vertices(*file);
    ASSERT_TRUE(decoded) << decoded.error().to_string();
    for (std::size_t k = 0; k < file->subsets.size(); ++k) {
      auto t = subset_triangles(*file, k);
      ASSERT_TRUE(t) << t.error().to_string();
      if (file->subsets[k].palette) {
        auto joints = subset_joints(*file, *decoded, k);
        ASSERT_TRUE(joints) << joints.error().to_string();
      }
    }
    // Normals are unit length (notes §4), over the vertices the triangles use.
    for (std::uint32_t v : file->indices()->values) {
      const auto& n = decoded->normals[v];
      EXPECT_NEAR(n[0] * n[0] + n[1] * n[1] + n[2] * n[2], 1.0f, 1e-5f);
    }
    (void)ply_to_json(*file);
    const PlySummary s = ply_summary(*file);
    vertices += s.vertices;
    triangles += s.triangles;
    skinned += s.skinned;
    mirrored += s.mirrored;
  }
  EXPECT_EQ(vertices, 69878u);
  EXPECT_EQ(triangles, 35762u);
  EXPECT_EQ(skinned, 5u);
  EXPECT_EQ(mirrored, 2u);
  // The only warnings: the unused last vertex of three wheels (notes §4).
  EXPECT_EQ(warnings, (std::map<std::string, int>{{"ply.unused-vertices", 3}}));
}

TEST(MeshCorpus, NumbersOfRealMeshes) {
  ANMKIT_REQUIRE_VEHICLES_CORPUS(dir);
  {
    const PlyFile body = read_real(dir / "e-25/body.ply");
    const PlySummary s = ply_summary(body);
    EXPECT_EQ(s.chunks, (std::vector<std::string>{"BNDS", "MESH", "VERT", "INDX"}));
    EXPECT_EQ(s.vertices, 3789u);
    EXPECT_EQ(s.stride, 32u);
    EXPECT_EQ(s.triangles, 2102u);
    ASSERT_EQ(s.subsets.size(), 1u);
    EXPECT_EQ(s.subsets[0].material, "12_-_default.mtl");
    EXPECT_EQ(s.subsets[0].flags, 0x404u);
    EXPECT_EQ(s.layout, "position, normal, uv");
    EXPECT_FALSE(s.skinned);
    EXPECT_EQ(s.bounds, (std::array<float, 6>{-30.584890365600586f, -50.10212326049805f, -16.149028778076172f,
                                              30.584890365600586f, 50.10212707519531f, 16.14902687072754f}));
  }
  {
    const PlyFile gun = read_real(dir / "e-25/gun.ply");
    auto v = decode_vertices(gun);
    ASSERT_TRUE(v);
    EXPECT_EQ(v->positions[0], (std::array<float, 3>{-7.963180541992188e-05f, 35.40904235839844f, 0.9766426086425781f}));
    EXPECT_EQ(v->normals[0], (std::array<float, 3>{-0.30792200565338135f, 0.08496659249067307f, -0.9476100206375122f}));
    EXPECT_EQ(v->uvs[0][0], (std::array<float, 2>{0.3552404046058655f, 0.16338539123535156f}));
    EXPECT_EQ((*subset_triangles(gun, 0))[0], (std::array<std::uint32_t, 3>{2, 1, 0}));
  }
  {
    const PlyFile track = read_real(dir / "pzh2000_x/trackl.ply");
    const PlySummary s = ply_summary(track);
    EXPECT_EQ(s.vertices, 410u);
    EXPECT_EQ(s.triangles, 216u);
    EXPECT_EQ(s.stride, 56u);
    EXPECT_EQ(s.fvf, 0x1118u);
    EXPECT_EQ(s.skin_bones, (std::vector<std::string>{"body"}));
    EXPECT_EQ(s.subsets[0].material, "tracks.mtl");
    EXPECT_EQ(s.subsets[0].flags, 0xf14u);
    EXPECT_EQ(s.subsets[0].color, (std::array<std::uint8_t, 4>{0xe6, 0xe6, 0xe6, 0x98}));
    EXPECT_EQ(s.subsets[0].palette, (std::vector<std::uint8_t>{0, 1}));
    auto v = decode_vertices(track);
    ASSERT_TRUE(v);
    EXPECT_EQ(v->positions[0], (std::array<float, 3>{-45.6013298034668f, 22.685014724731445f, 1.7316008806228638f}));
    EXPECT_EQ(v->weights[0], (std::array<float, 4>{1, 0, 0, 0}));
    EXPECT_EQ(v->bone_slots[0], (std::array<std::uint8_t, 4>{0, 0, 0, 0}));
    EXPECT_EQ(v->tangents[0][3], 1.0f);
    // Every vertex is rigid (the script found): 218 on SKIN name 1 ("body", slot 1), 125 on the
    // owner with weight 1 in slot 0, and 67 with weight 0, which puts 1 on the second slot, also 0.
    auto joints = subset_joints(track, *v, 0);
    ASSERT_TRUE(joints);
    std::size_t on_body = 0, on_owner = 0, second_slot = 0;
    for (std::size_t i = 0; i < v->weights.size(); ++i) {
      if (v->weights[i] == std::array<float, 4>{1, 0, 0, 0}) {
        on_body += (*joints)[i][0] == 1;
        on_owner += (*joints)[i][0] == 0;
      } else if (v->weights[i] == std::array<float, 4>{0, 1, 0, 0} && (*joints)[i][1] == 0) {
        ++second_slot;
      }
    }
    EXPECT_EQ(on_body, 218u);
    EXPECT_EQ(on_owner, 125u);
    EXPECT_EQ(second_slot, 67u);
  }
  {
    const PlyFile plates = read_real(dir / "e-75/enumerator.ply");
    ASSERT_EQ(plates.subsets.size(), 3u);
    EXPECT_EQ(plates.subsets[2].material, "number3.mtl");
    EXPECT_EQ(plates.subsets[2].first_triangle, 4u);
    auto v = decode_vertices(plates);
    ASSERT_TRUE(v);
    EXPECT_EQ(v->layout.stride, 36u);
    for (const auto& c : v->colors) EXPECT_EQ(c, (std::array<std::uint8_t, 4>{255, 255, 255, 0xcc}));
  }
  {
    const PlyFile wheel = read_real(dir / "e-75/wheelr10.ply");
    EXPECT_EQ(wheel.vertices()->count, 913u);
    EXPECT_EQ(used_vertex_count(wheel), 912u);
    const auto d = validate_ply(wheel);
    ASSERT_EQ(d.size(), 1u);
    EXPECT_EQ(d[0].message, "the last 1 vertex (912..912) is used by no triangle");
  }
  {
    const PlyFile track = read_real(dir / "e-75/trackr.ply");
    EXPECT_TRUE(track.mirrored());
    EXPECT_EQ(track.skin()->bones, (std::vector<std::string>{"body", "basis"}));
  }
}

TEST(MeshCorpus, AMeshAnimationCarriesWholeRecordsOfItsMesh) {
  ANMKIT_REQUIRE_VEHICLES_CORPUS(dir);
  const PlyFile track = read_real(dir / "pzh2000_x/trackl.ply");
  auto anim = gem::read(test::read_bytes(dir / "pzh2000_x/trackL.anm"));
  ASSERT_TRUE(anim) << anim.error().to_string();
  const gem::Key& first = anim->keys_of(anim->frames[0])[0];
  const gem::Bytes* payload = anim->mesh(first);
  ASSERT_NE(payload, nullptr);
  const auto header = gem::parse_mesh_header(*payload);
  ASSERT_TRUE(header && header->vertex_stride);
  EXPECT_EQ(header->vertex_count, track.vertices()->count);
  EXPECT_EQ(*header->vertex_stride, track.vertices()->stride);
  // Frame 0 is the mesh's own records (notes §11: all but the tangents byte for byte).
  auto v = decode_vertices(track);
  ASSERT_TRUE(v);
  for (std::size_t i = 0; i < track.vertices()->count; ++i) {
    const std::uint8_t* record = payload->data() + 8 + i * 56;
    for (std::size_t a = 0; a < 3; ++a) {
      std::uint32_t bits = 0;
      std::memcpy(&bits, record + 4 * a, 4);
      ASSERT_EQ(float_from_bits(bits), v->positions[i][a]) << "vertex " << i;
    }
  }
}

TEST(MeshCorpus, EveryMtlReadsWritesBackAndValidates) {
  ANMKIT_REQUIRE_VEHICLES_CORPUS(dir);
  const auto files = files_of(dir, ".mtl");
  ASSERT_EQ(files.size(), 9u);
  for (const auto& path : files) {
    SCOPED_TRACE(path.string());
    const auto bytes = test::read_bytes(path);
    auto file = read_mtl(bytes);
    ASSERT_TRUE(file) << file.error().to_string();
    auto written = write_mtl(*file);
    ASSERT_TRUE(written) << written.error().to_string();
    EXPECT_TRUE(*written == bytes);
    EXPECT_TRUE(validate_mtl(*file).empty());
    const Material m = mtl_material(*file);
    EXPECT_TRUE(m.found);
    EXPECT_NE(m.texture("diffuse"), nullptr);
    EXPECT_TRUE(m.blend.has_value());
    EXPECT_TRUE(m.unknown.empty());
  }
  auto track = read_mtl(test::read_bytes(dir / "e-75/material_#30.mtl"));
  ASSERT_TRUE(track);
  const Material m = mtl_material(*track);
  EXPECT_EQ(m.shader, "bump");
  EXPECT_EQ(m.texture("diffuse")->name, "tiger_ii_track");
  EXPECT_EQ(m.texture("bump")->name, "Tiger_II_track_NM");
  EXPECT_EQ(m.texture("specular")->name, "Tiger_II_track_SM");
  EXPECT_EQ(m.color, (std::array<float, 4>{230, 230, 230, 25}));
  EXPECT_EQ(m.blend, MtlBlend::test);
  auto body = read_mtl(test::read_bytes(dir / "pzh2000_x/body.mtl"));
  ASSERT_TRUE(body);
  EXPECT_NE(mtl_material(*body).flag("emitsheat"), nullptr);
  auto plate = read_mtl(test::read_bytes(dir / "e-75/number1.mtl"));
  ASSERT_TRUE(plate);
  EXPECT_EQ(mtl_material(*plate).texture("diffuse")->name, "");
  EXPECT_EQ(mtl_material(*plate).blend, MtlBlend::blend);
}

// The world rest rotation of a bone: rows are axes in the parent frame (p_parent = p_local R + t),
// so world = R_bone R_parent ... R_root.
double world_determinant(const Mdl& mdl, int bone) {
  std::array<double, 9> w{1, 0, 0, 0, 1, 0, 0, 0, 1};
  for (int b = bone; b >= 0; b = mdl.bones[std::size_t(b)].parent) {
    const auto& r = mdl.bones[std::size_t(b)].rest;
    std::array<double, 9> out{};
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 3; ++j) {
        for (int k = 0; k < 3; ++k) out[std::size_t(i * 3 + j)] += w[std::size_t(i * 3 + k)] * r[std::size_t(k * 3 + j)];
      }
    }
    w = out;
  }
  return w[0] * (w[4] * w[8] - w[5] * w[7]) - w[1] * (w[3] * w[8] - w[5] * w[6]) + w[2] * (w[3] * w[7] - w[4] * w[6]);
}

TEST(MeshCorpus, ModelsPlaceTheirMeshesAndVolumes) {
  ANMKIT_REQUIRE_VEHICLES_CORPUS(dir);
  const std::map<std::string, std::pair<std::size_t, std::size_t>> expected = {
      {"e-25/e-25.mdl", {22, 8}}, {"e-75/e-75.mdl", {47, 23}}, {"pzh2000_x/pzh2000_x.mdl", {37, 0}}};
  for (const auto& [name, counts] : expected) {
    SCOPED_TRACE(name);
    const fs::path path = dir / name;
    auto mdl = read_mdl(test::read_bytes(path));
    ASSERT_TRUE(mdl) << mdl.error().to_string();
    std::size_t views = 0;
    for (std::size_t b = 0; b < mdl->bones.size(); ++b) {
      const MdlBone& bone = mdl->bones[b];
      views += bone.views.size();
      EXPECT_LE(bone.views.size(), 1u);  // at most one mesh a bone (notes §10)
      const MdlView* view = bone.mesh();
      if (!view) continue;
      EXPECT_EQ(view->lod_group, -1);
      const auto ply = beside(path.parent_path(), view->file);
      ASSERT_TRUE(ply) << view->file;
      const PlyFile mesh = read_real(*ply);
      if (const PlySkin* skin = mesh.skin()) {
        for (const std::string& b2 : skin->bones) {
          EXPECT_GE(mdl->find_bone(b2), 0) << view->file << ": SKIN names " << b2;
          EXPECT_NE(b2, bone.name) << "the owner is never in its own SKIN list";
        }
      }
      // MROR and the mirrored flag exactly where the world rest frame is not mirrored overall
      // (the root basis mirrors once; a second reflection cancels it).
      const bool twice = world_determinant(*mdl, int(b)) > 0;
      EXPECT_EQ(mesh.mirrored(), twice) << view->file;
      for (const PlySubset& s : mesh.subsets) EXPECT_EQ((s.flags & subset_flag::mirrored) != 0, twice) << view->file;
    }
    EXPECT_EQ(views, counts.first);
    ASSERT_EQ(mdl->volumes.size(), counts.second);
    for (const MdlVolume& volume : mdl->volumes) {
      EXPECT_GE(volume.bone_index, 0) << volume.name;
      if (volume.shape == MdlVolume::Shape::polyhedron) {
        EXPECT_TRUE(beside(path.parent_path(), volume.file)) << volume.file;
      }
    }
  }
  auto e75 = read_mdl(test::read_bytes(dir / "e-75/e-75.mdl"));
  ASSERT_TRUE(e75);
  std::map<MdlVolume::Shape, int> shapes;
  for (const MdlVolume& v : e75->volumes) ++shapes[v.shape];
  EXPECT_EQ(shapes, (std::map<MdlVolume::Shape, int>{{MdlVolume::Shape::polyhedron, 19},
                                                     {MdlVolume::Shape::box, 3},
                                                     {MdlVolume::Shape::cylinder, 1}}));
  const MdlVolume& crew = e75->volumes[2];
  EXPECT_EQ(crew.name, "crew");
  EXPECT_EQ(crew.size, (std::vector<float>{11.6162f, 21.6746f, 29.8726f}));
  EXPECT_EQ(crew.bone, "body");
  EXPECT_EQ(crew.transform[9], -2.1711f);
  const MdlVolume& gun = e75->volumes[4];
  EXPECT_EQ(gun.shape, MdlVolume::Shape::cylinder);
  EXPECT_EQ(gun.size, (std::vector<float>{2.29098f, 112.205f}));
  EXPECT_EQ(gun.transform[1], -1.0f);
  EXPECT_EQ(gun.transform[9], -33.3553f);
  EXPECT_EQ(e75->bones[std::size_t(e75->find_bone("body"))].mesh()->file, "body.ply");
}

}  // namespace
}  // namespace anmkit::gem::mesh
