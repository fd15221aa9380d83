// Shape keys (glTF morph targets and their weights) read onto a skeleton become the mesh's vertices
// at each frame where they change (gltf/morph_import.hpp), and GEM writes them as MESH keys of the
// bone whose own .ply they match (gem::mesh::mesh_keys).

#include <gtest/gtest.h>

#include <cstring>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "anmkit/anmkit.hpp"
#include "anmkit/formats/gem/gem_read.hpp"
#include "anmkit/formats/gem/mesh/mesh_motion_keys.hpp"
#include "anmkit/formats/gem/mesh/ply_read.hpp"
#include "anmkit/formats/gem/mesh/ply_vertices.hpp"
#include "anmkit/gltf/gltf_import.hpp"
#include "support/fixture_bytes.hpp"

namespace anmkit::gltf {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

// A glTF of one bone, "body", and a triangle hung on it one unit along X whose second vertex a
// sparse morph target lifts by 2 along Z, its weight going 0, 0.5, 1 over frames 0 to 2.
std::vector<std::uint8_t> triangle_gltf() {
  std::vector<std::uint8_t> data;
  const auto put = [&](const void* p, std::size_t n) {
    const auto* b = static_cast<const std::uint8_t*>(p);
    data.insert(data.end(), b, b + n);
  };
  const float positions[9] = {0, 0, 0, 1, 0, 0, 0, 1, 0}, normals[9] = {0, 0, 1, 0, 0, 1, 0, 0, 1};
  const float lift[3] = {0, 0, 2}, times[3] = {0, 1.0f / 30, 2.0f / 30}, weights[3] = {0, 0.5f, 1};
  const std::uint16_t index[2] = {1, 0};  // the one sparse index, padded to 4 bytes
  put(positions, 36), put(normals, 36), put(index, 4), put(lift, 12), put(times, 12), put(weights, 12);
  json doc;
  doc["asset"] = {{"version", "2.0"}};
  doc["nodes"] = json::array({{{"name", "body"}, {"children", {1}}}, {{"name", "tri"}, {"mesh", 0}, {"translation", {1, 0, 0}}}});
  doc["bufferViews"] = json::array({{{"buffer", 0}, {"byteOffset", 0}, {"byteLength", 36}},
                                    {{"buffer", 0}, {"byteOffset", 36}, {"byteLength", 36}},
                                    {{"buffer", 0}, {"byteOffset", 72}, {"byteLength", 4}},
                                    {{"buffer", 0}, {"byteOffset", 76}, {"byteLength", 12}},
                                    {{"buffer", 0}, {"byteOffset", 88}, {"byteLength", 12}},
                                    {{"buffer", 0}, {"byteOffset", 100}, {"byteLength", 12}}});
  doc["accessors"] = json::array({
      {{"bufferView", 0}, {"componentType", 5126}, {"count", 3}, {"type", "VEC3"}},
      {{"bufferView", 1}, {"componentType", 5126}, {"count", 3}, {"type", "VEC3"}},
      // Blender's sparse target: no buffer view of its own, one value at index 1.
      {{"componentType", 5126},
       {"count", 3},
       {"type", "VEC3"},
       {"sparse", {{"count", 1}, {"indices", {{"bufferView", 2}, {"componentType", 5123}}}, {"values", {{"bufferView", 3}}}}}},
      {{"bufferView", 4}, {"componentType", 5126}, {"count", 3}, {"type", "SCALAR"}, {"min", {0}}, {"max", {2.0 / 30}}},
      {{"bufferView", 5}, {"componentType", 5126}, {"count", 3}, {"type", "SCALAR"}},
  });
  doc["meshes"] = json::array({{{"primitives", {{{"attributes", {{"POSITION", 0}, {"NORMAL", 1}}}, {"targets", {{{"POSITION", 2}}}}}}}}});
  doc["animations"] = json::array({{{"name", "lift"},
                                    {"samplers", {{{"input", 3}, {"output", 4}, {"interpolation", "LINEAR"}}}},
                                    {"channels", {{{"sampler", 0}, {"target", {{"node", 1}, {"path", "weights"}}}}}}}});
  static const char* digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string b64;
  for (std::size_t i = 0; i < data.size(); i += 3) {
    const std::uint32_t n = (std::uint32_t(data[i]) << 16) | (i + 1 < data.size() ? std::uint32_t(data[i + 1]) << 8 : 0) |
                            (i + 2 < data.size() ? data[i + 2] : 0);
    b64 += digits[(n >> 18) & 63];
    b64 += digits[(n >> 12) & 63];
    b64 += i + 1 < data.size() ? digits[(n >> 6) & 63] : '=';
    b64 += i + 2 < data.size() ? digits[n & 63] : '=';
  }
  doc["buffers"] = json::array({{{"byteLength", data.size()}, {"uri", "data:application/octet-stream;base64," + b64}}});
  const std::string text = doc.dump();
  return {text.begin(), text.end()};
}

model::Skeleton one_bone() {
  model::Skeleton s;
  s.joints = {{"body", -1, {}, {}}};
  return s;
}

TEST(MeshMotionImport, ASparseMorphTargetsWeightsGiveTheMeshAtEachFrameItChanges) {
  const model::Skeleton skeleton = one_bone();
  ImportOptions options;
  options.skeleton = &skeleton;
  auto clip = import_clip(triangle_gltf(), options);
  ASSERT_TRUE(clip) << clip.error().to_string();
  ASSERT_EQ(clip->mesh_motions.size(), 1u);
  const model::MeshMotion& m = clip->mesh_motions[0];
  EXPECT_EQ(m.bone, "body");
  EXPECT_EQ(m.name, "tri");
  EXPECT_EQ(m.source, "the glTF's node 1 'tri'");
  EXPECT_EQ(m.rest_positions, (std::vector<model::Vec3>{{1, 0, 0}, {2, 0, 0}, {1, 1, 0}}));
  EXPECT_EQ(m.rest_normals, (std::vector<model::Vec3>{{0, 0, 1}, {0, 0, 1}, {0, 0, 1}}));
  // Frame 0 shows the rest (weight 0): no frame; 1 and 2 lift the second vertex by 1 and 2.
  ASSERT_EQ(m.frames.size(), 2u);
  EXPECT_EQ(m.frames[0].frame, 1u);
  EXPECT_EQ(m.frames[0].positions, (std::vector<model::Vec3>{{1, 0, 0}, {2, 0, 1}, {1, 1, 0}}));
  EXPECT_EQ(m.frames[1].frame, 2u);
  EXPECT_EQ(m.frames[1].positions, (std::vector<model::Vec3>{{1, 0, 0}, {2, 0, 2}, {1, 1, 0}}));
  EXPECT_EQ(m.frames[1].normals, m.rest_normals);
}

TEST(MeshMotionImport, HostileSparseAccessorsAreRefusedByPointer) {
  const model::Skeleton skeleton = one_bone();
  ImportOptions options;
  options.skeleton = &skeleton;
  auto text = triangle_gltf();
  auto doc = json::parse(text);
  const auto refused = [&](const json& changed) {
    const std::string t = changed.dump();
    auto clip = import_clip(std::vector<std::uint8_t>(t.begin(), t.end()), options);
    EXPECT_FALSE(clip);
    return clip ? std::string() : clip.error().pointer + ": " + clip.error().message;
  };
  json bad = doc;
  bad["accessors"][2]["sparse"]["count"] = 4;  // more values than elements
  EXPECT_EQ(refused(bad), "/accessors/2/sparse/count: expected an integer from 0 to 3, found 4");
  bad = doc;
  bad["accessors"][2]["count"] = 1000000;  // a target of more vertices than the mesh has
  EXPECT_EQ(refused(bad), "/accessors/2/count: expected 3 elements, as many as the attribute it goes with, found 1000000");
  bad = doc;
  bad["accessors"][2]["sparse"]["indices"]["componentType"] = 5126;
  EXPECT_EQ(refused(bad), "/accessors/2/sparse/indices/componentType: expected 5121, 5123 or 5125 (unsigned integers), found 5126");
  bad = doc;
  bad["bufferViews"][2]["byteLength"] = 1;  // the index runs past its view
  EXPECT_EQ(refused(bad), "/accessors/2/sparse/indices: expected 1 elements of 2 bytes within its buffer view");
}

// The real tracks of the PzH 2000: anmkit's own glTF of the model holds the left track's MESH keys
// as morph targets and STEP weights; read onto the .mdl they are MESH keys again, every vertex
// where the game's own file has it (to float rounding through the glTF's axes), every other field
// of each record the .ply's.
TEST(MeshMotionImport, TheTracksMorphTargetsComeBackAsItsMeshKeys) {
  ANMKIT_REQUIRE_VEHICLES_CORPUS(vehicles);
  const fs::path folder = vehicles / "pzh2000_x";
  const std::string mdl = (folder / "pzh2000_x.mdl").string();
  auto glb = model_to_gltf(mdl);
  ASSERT_TRUE(glb) << glb.error().to_string();
  GltfImportOptions options;
  options.skeleton = mdl;
  options.animation = "break (trackL)";
  auto made = Document::import_gltf(glb->bytes, "gem-6.0", options, "pz.glb");
  ASSERT_TRUE(made) << made.error().to_string();
  auto bytes = made->document.write();
  ASSERT_TRUE(bytes);
  auto file = gem::read(*bytes);
  auto original = gem::read(test::read_bytes(folder / "trackL.anm"));
  ASSERT_TRUE(file && original);
  auto ply = gem::mesh::read_ply(test::read_bytes(folder / "trackl.ply"));
  ASSERT_TRUE(ply);
  const auto layout = gem::mesh::vertex_layout(*ply);
  const auto mesh_keys_of = [](const gem::File& f) {
    std::vector<std::pair<std::uint32_t, std::vector<std::uint8_t>>> out;
    for (const auto& frame : f.frames) {
      for (const auto& key : f.keys_of(frame)) {
        if (key.flags & gem::flag::mesh) out.push_back({frame.number, f.meshes[key.mesh]});
      }
    }
    return out;
  };
  const auto got = mesh_keys_of(*file), want = mesh_keys_of(*original);
  ASSERT_EQ(got.size(), 13u);
  ASSERT_EQ(want.size(), 13u);
  const auto records = ply->vertices()->data;
  for (std::size_t k = 0; k < got.size(); ++k) {
    SCOPED_TRACE(k);
    EXPECT_EQ(got[k].first, want[k].first);
    ASSERT_EQ(got[k].second.size(), 8 + 410 * 56 + 8u);
    const auto a = gem::mesh::decode_records(layout, std::span(got[k].second).subspan(8, 410 * 56), 410);
    const auto b = gem::mesh::decode_records(layout, std::span(want[k].second).subspan(8, 410 * 56), 410);
    ASSERT_TRUE(a && b);
    for (std::size_t v = 0; v < 410; ++v) {
      for (std::size_t c = 0; c < 3; ++c) {
        ASSERT_NEAR(a->positions[v][c], b->positions[v][c], 1e-4) << "vertex " << v;
        ASSERT_NEAR(a->normals[v][c], b->normals[v][c], 1e-5) << "vertex " << v;
      }
      // Weight, bone slots and uv (bytes 12 to 20 and 32 to 40) as the .ply has them.
      const auto* record = got[k].second.data() + 8 + v * 56;
      EXPECT_EQ(std::memcmp(record + 12, records.data() + v * 56 + 12, 8), 0) << "vertex " << v;
      EXPECT_EQ(std::memcmp(record + 32, records.data() + v * 56 + 32, 8), 0) << "vertex " << v;
    }
  }
}

// A mesh that is not the .ply's any more is refused, naming the vertex: anmkit writes animations.
TEST(MeshMotionImport, AnEditedMeshIsRefusedNamingTheVertex) {
  ANMKIT_REQUIRE_VEHICLES_CORPUS(vehicles);
  auto ply = gem::mesh::read_ply(test::read_bytes(vehicles / "pzh2000_x" / "trackl.ply"));
  ASSERT_TRUE(ply);
  auto decoded = gem::mesh::decode_vertices(*ply);
  ASSERT_TRUE(decoded);
  model::MeshMotion motion;
  motion.source = "the test's mesh";
  for (const auto& p : decoded->positions) motion.rest_positions.push_back({p[0], p[1], p[2]});
  model::MeshFrame lifted{4, motion.rest_positions, {}};
  lifted.positions[7].z += 1.5f;
  motion.frames = {lifted};
  auto keys = gem::mesh::mesh_keys(*ply, motion, "trackl.ply");
  ASSERT_TRUE(keys) << keys.error().to_string();
  ASSERT_EQ(keys->size(), 1u);
  EXPECT_EQ((*keys)[0].frame, 4u);
  // Vertex 7's record with its new place; every other byte the .ply's, then the two 0 floats.
  const auto& payload = (*keys)[0].payload;
  std::vector<std::uint8_t> want{0, 0, 0, 0, 0x9a, 0x01, 0, 0};
  want.insert(want.end(), ply->vertices()->data.begin(), ply->vertices()->data.end());
  std::memcpy(want.data() + 8 + 7 * 56 + 8, &lifted.positions[7].z, 4);
  want.insert(want.end(), 8, 0);
  EXPECT_EQ(payload, want);

  // A vertex moved at rest: the .ply's vertex 7 may still find another there (a split one), but
  // the moved one lies on no vertex of the .ply.
  model::MeshMotion moved = motion;
  moved.rest_positions[7].x += 3;
  keys = gem::mesh::mesh_keys(*ply, moved, "trackl.ply");
  ASSERT_FALSE(keys);
  const auto& p = moved.rest_positions[7];
  EXPECT_EQ(keys.error().message,
            fmt::format("vertex 7 of the test's mesh at ({:.6g}, {:.6g}, {:.6g}) is on no vertex of trackl.ply: the mesh was edited "
                        "(anmkit writes animations, not meshes)",
                        p.x, p.y, p.z));
  // Another mesh (every vertex elsewhere): the .ply's first vertex has none to take its place from.
  model::MeshMotion elsewhere = motion;
  for (auto& q : elsewhere.rest_positions) q.z += 100;
  keys = gem::mesh::mesh_keys(*ply, elsewhere, "trackl.ply");
  ASSERT_FALSE(keys);
  const auto& first = decoded->positions[0];
  EXPECT_EQ(keys.error().message,
            fmt::format("vertex 0 of trackl.ply at ({:.6g}, {:.6g}, {:.6g}) has no vertex of the test's mesh there: the mesh was "
                        "edited, or it is another mesh (anmkit writes animations, not meshes)",
                        first[0], first[1], first[2]));
  model::MeshMotion grown = motion;
  grown.rest_positions.push_back({500, 0, 0});
  keys = gem::mesh::mesh_keys(*ply, grown, "trackl.ply");
  ASSERT_FALSE(keys);
  EXPECT_EQ(keys.error().message,
            "vertex 410 of the test's mesh at (500, 0, 0) is on no vertex of trackl.ply: the mesh was edited (anmkit writes "
            "animations, not meshes)");
}

}  // namespace
}  // namespace anmkit::gltf
