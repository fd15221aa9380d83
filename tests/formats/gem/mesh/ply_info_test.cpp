// The `.ply` dump (JSON) and the info summary.

#include "anmkit/formats/gem/mesh/ply_info.hpp"

#include <gtest/gtest.h>

#include "anmkit/formats/gem/mesh/ply_json.hpp"
#include "anmkit/formats/gem/mesh/ply_read.hpp"
#include "formats/gem/mesh/ply_fixtures.hpp"

namespace anmkit::gem::mesh {
namespace {

using test::FixtureBytes;
using namespace test_ply;
using json = nlohmann::ordered_json;

TEST(PlyInfo, SummarisesASkinnedMesh) {
  auto file = read_ply(skinned_square().bytes());
  ASSERT_TRUE(file);
  const PlySummary s = ply_summary(*file);
  EXPECT_EQ(s.chunks, (std::vector<std::string>{"BNDS", "SKIN", "MESH", "VERT", "INDX", "MROR"}));
  EXPECT_EQ(s.vertices, 4u);
  EXPECT_EQ(s.used_vertices, 4u);
  EXPECT_EQ(s.stride, 56u);
  EXPECT_EQ(s.fvf, 0x1118u);
  EXPECT_EQ(s.layout, "position, weights, bone_indices, normal, uv, tangent");
  EXPECT_EQ(s.triangles, 2u);
  ASSERT_EQ(s.subsets.size(), 1u);
  EXPECT_EQ(s.subsets[0].material, "tracks.mtl");
  EXPECT_EQ(s.subsets[0].color, (std::array<std::uint8_t, 4>{0xe6, 0xe6, 0xe6, 0x98}));
  EXPECT_TRUE(s.skinned);
  EXPECT_EQ(s.skin_bones, (std::vector<std::string>{"body", "gun"}));
  EXPECT_TRUE(s.mirrored);
  EXPECT_EQ(s.bounds, (std::array<float, 6>{0, 0, 0, 1, 1, 0}));
  const json j = ply_summary_json(s);
  EXPECT_EQ(j["format"], "gem-ply");
  EXPECT_EQ(j["subsets"][0]["flag_names"], "light|skinned|mirrored|bump|specular|material|subskin");
  EXPECT_EQ(j["subsets"][0]["palette"], json::array({0, 1, 2}));
  EXPECT_EQ(j["bounds"], json::array({0.0, 0.0, 0.0, 1.0, 1.0, 0.0}));
  EXPECT_EQ(summary_text(s),
            "  chunks      BNDS SKIN MESH VERT INDX MROR\n"
            "  vertices    4 of 56 bytes\n"
            "  layout      fvf 0x1118: position, weights, bone_indices, normal, uv, tangent\n"
            "  triangles   2\n"
            "  subsets     1\n"
            "    'tracks.mtl': triangles 0..+2, flags 0x0f54 light|skinned|mirrored|bump|specular|material|subskin, "
            "colour 230 230 230 152, palette (0, 1, 2)\n"
            "  skinned     yes, SKIN 2: body, gun\n"
            "  mirrored    yes (MROR)\n"
            "  bounds      (0, 0, 0)..(1, 1, 0)\n");
}

TEST(PlyInfo, NamesAreBytes) {
  FixtureBytes b;
  b.tag("EPLY");
  subset(b, 0x112, 0, 0, 0x404, 0, "\xff\n.mtl");
  b.tag("VERT").u32(0).u16(32).u16(7).tag("INDX").u32(0);
  auto file = read_ply(b.bytes());
  ASSERT_TRUE(file);
  const PlySummary s = ply_summary(*file);
  EXPECT_EQ(ply_summary_json(s)["subsets"][0]["material"], "hex:ff0a2e6d746c");
  // Control bytes escaped for the terminal; other bytes as they are (printable()).
  EXPECT_NE(summary_text(s).find("'\xff\\n.mtl'"), std::string::npos);
  EXPECT_EQ(ply_summary_json(s)["bounds"], nullptr);
  EXPECT_FALSE(s.skinned);
}

TEST(PlyJson, DumpsEveryChunkWithItsOffsetAndTheVerticesByField) {
  auto file = read_ply(skinned_square().bytes());
  ASSERT_TRUE(file);
  const json j = ply_to_json(*file);
  EXPECT_EQ(j["schema"], "anmkit.gem.ply.dump");
  EXPECT_EQ(j["schema_version"], 1);
  EXPECT_EQ(j["layout"]["stride"], 56);
  EXPECT_EQ(j["layout"]["fields"][2], json({{"name", "bone_indices"}, {"offset", 16}, {"size", 4}, {"type", "4 u8"}}));
  const json& chunks = j["chunks"];
  ASSERT_EQ(chunks.size(), 6u);
  EXPECT_EQ(chunks[0], json({{"tag", "BNDS"}, {"offset", 4}, {"min", {0.0, 0.0, 0.0}}, {"max", {1.0, 1.0, 0.0}}}));
  EXPECT_EQ(chunks[1]["bones"], json::array({"body", "gun"}));
  EXPECT_EQ(chunks[2]["offset"], 49);
  EXPECT_EQ(chunks[2]["fvf"], "0x1118");
  EXPECT_EQ(chunks[2]["color"], json::array({0xe6, 0xe6, 0xe6, 0x98}));
  EXPECT_EQ(chunks[2]["material"], "tracks.mtl");
  const json& v = chunks[3]["vertices"];
  EXPECT_EQ(v["position"][3], json::array({1.0, 1.0, 0.0}));
  EXPECT_EQ(v["weights"][1], 0.25);
  EXPECT_EQ(v["bone_indices"][1], json::array({1, 2, 0, 0}));
  EXPECT_EQ(v["uv"][1], json::array({json::array({1.0, 0.0})}));
  EXPECT_EQ(v["tangent"][0], json::array({1.0, 0.0, 0.0, -1.0}));
  EXPECT_EQ(chunks[4], json({{"tag", "INDX"}, {"offset", 324}, {"indices", {0, 1, 2, 2, 1, 3}}}));
  EXPECT_EQ(chunks[5], json({{"tag", "MROR"}, {"offset", 344}}));
}

TEST(PlyJson, RecordsTheLayoutDoesNotDescribeAreHex) {
  auto file = read_ply(rigid_square().bytes());
  ASSERT_TRUE(file);
  file->subsets[0].fvf = 0x30112;
  const json j = ply_to_json(*file);
  EXPECT_EQ(j["layout"]["problem"], "fvf 0x30112 has bits 0x30000 that no vertex layout here describes");
  EXPECT_EQ(j["chunks"][2]["data"].get<std::string>().substr(0, 16), "0000000000000000");
  file->chunks.pop_back();
  EXPECT_EQ(ply_to_json(*file)["malformed"], "/chunks: the chunk list names 0 INDX chunks but the model holds 1");
}

}  // namespace
}  // namespace anmkit::gem::mesh
