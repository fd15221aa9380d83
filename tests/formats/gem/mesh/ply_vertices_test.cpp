// The vertex layout from the fvf and flags (notes §4), and the decoded values a mesh exporter takes:
// positions, normals, uv sets, tangents, colours, bone slots, weights and joints, triangles.

#include "anmkit/formats/gem/mesh/ply_vertices.hpp"

#include <gtest/gtest.h>

#include "anmkit/formats/gem/mesh/ply_read.hpp"
#include "formats/gem/mesh/ply_fixtures.hpp"

namespace anmkit::gem::mesh {
namespace {

using test::FixtureBytes;
using namespace test_ply;

PlyFile read(const FixtureBytes& b) {
  auto file = read_ply(b.bytes());
  EXPECT_TRUE(file) << (file ? "" : file.error().to_string());
  return file ? *file : PlyFile{};
}

TEST(VertexLayout, TheFormatsOfRealMeshes) {
  VertexLayout l = vertex_layout(0x112, 0x404);
  ASSERT_TRUE(l.known);
  EXPECT_EQ(l.stride, 32u);
  EXPECT_EQ(l.normal, 12u);
  EXPECT_EQ(l.uv, 24u);
  EXPECT_FALSE(l.tangent);
  EXPECT_EQ(describe(l), "position, normal, uv");
  l = vertex_layout(0x112, 0x704);
  EXPECT_EQ(l.stride, 48u);
  EXPECT_EQ(l.tangent, 32u);
  l = vertex_layout(0x1118, 0xf14);
  EXPECT_EQ(l.stride, 56u);
  EXPECT_EQ(l.weight_count, 1u);
  EXPECT_EQ(l.weights, 12u);
  EXPECT_EQ(l.bone_indices, 16u);
  EXPECT_EQ(l.normal, 20u);
  EXPECT_EQ(l.uv, 32u);
  EXPECT_EQ(l.tangent, 40u);
  EXPECT_EQ(describe(l), "position, weights, bone_indices, normal, uv, tangent");
  l = vertex_layout(0x152, 0x406);
  EXPECT_EQ(l.stride, 36u);
  EXPECT_EQ(l.diffuse, 24u);
  EXPECT_EQ(l.uv, 28u);
  l = vertex_layout(0x152, 0x1404);  // two_textures doubles the uv sets
  EXPECT_EQ(l.stride, 44u);
  EXPECT_EQ(l.uv_sets, 2u);
  EXPECT_EQ(describe(l), "position, normal, diffuse, uv x2");
}

TEST(VertexLayout, EveryFieldOfTheFlexibleFormat) {
  // XYZRHW: 4 floats; point size, diffuse, specular; 3 uv sets.
  VertexLayout l = vertex_layout(0x04 | 0x10 | 0x20 | 0x40 | 0x80 | 0x300, 0);
  ASSERT_TRUE(l.known);
  EXPECT_EQ(l.position_floats, 4u);
  EXPECT_EQ(l.normal, 16u);
  EXPECT_EQ(l.point_size, 28u);
  EXPECT_EQ(l.diffuse, 32u);
  EXPECT_EQ(l.specular, 36u);
  EXPECT_EQ(l.uv, 40u);
  EXPECT_EQ(l.stride, 64u);
  EXPECT_EQ(vertex_layout(0x4002, 0).stride, 16u);  // XYZW
  // XYZB3 without a last beta of indices: three weights; with D3DCOLOR indices: two and the slots.
  l = vertex_layout(0x0a, 0);
  EXPECT_EQ(l.weight_count, 3u);
  EXPECT_FALSE(l.bone_indices);
  EXPECT_EQ(l.stride, 24u);
  l = vertex_layout(0x800a, 0);
  EXPECT_EQ(l.weight_count, 2u);
  EXPECT_EQ(l.bone_indices, 20u);
  EXPECT_TRUE(l.bone_indices_as_color);
  EXPECT_EQ(l.stride, 24u);
  // XYZB1 with UBYTE4: no weight, the slots only.
  l = vertex_layout(0x1006, 0);
  EXPECT_EQ(l.weight_count, 0u);
  EXPECT_FALSE(l.weights);
  EXPECT_EQ(l.bone_indices, 12u);
}

TEST(VertexLayout, WhatItCannotDescribeItSays) {
  EXPECT_EQ(describe(vertex_layout(0x10112, 0)), "fvf 0x10112 has bits 0x10000 that no vertex layout here describes");
  EXPECT_EQ(describe(vertex_layout(0x0110, 0)), "fvf 0x0110 has no position type this layout knows (0x0000)");
  EXPECT_EQ(describe(vertex_layout(0x1002, 0)), "fvf 0x1002 puts bone indices in a last beta, but its position has no betas");
  EXPECT_EQ(describe(vertex_layout(0x9008, 0)), "fvf 0x9008 has both LASTBETA_UBYTE4 and LASTBETA_D3DCOLOR");
  EXPECT_EQ(describe(vertex_layout(0x0902, 0)), "fvf 0x0902 has 9 uv sets (Direct3D allows 8)");
  EXPECT_EQ(describe(vertex_layout(PlyFile{})), "no MESH record gives the vertex format");
  // The subsets' fvfs merged as SOEdit does: the other bits or'ed, the largest uv count.
  PlyFile two;
  two.subsets.push_back({0x102, 0, 0, 0x4, {}, "a", {}});
  two.subsets.push_back({0x212, 0, 0, 0x104, {}, "b", {}});
  const VertexLayout merged = vertex_layout(two);
  EXPECT_EQ(merged.fvf, 0x212u);
  EXPECT_EQ(merged.flags, 0x104u);
  EXPECT_EQ(merged.stride, 12u + 12u + 16u + 16u);
}

TEST(PlyVertices, DecodesASkinnedMesh) {
  const PlyFile file = read(skinned_square());
  auto v = decode_vertices(file);
  ASSERT_TRUE(v) << v.error().to_string();
  ASSERT_EQ(v->positions.size(), 4u);
  EXPECT_EQ(v->positions[3], (std::array<float, 3>{1, 1, 0}));
  EXPECT_EQ(v->normals[1], (std::array<float, 3>{0, 0, -1}));
  ASSERT_EQ(v->uvs.size(), 1u);
  EXPECT_EQ(v->uvs[0][1], (std::array<float, 2>{1, 0}));
  EXPECT_EQ(v->tangents[2], (std::array<float, 4>{1, 0, 0, -1}));
  EXPECT_TRUE(v->colors.empty());
  EXPECT_EQ(v->bone_slots[1], (std::array<std::uint8_t, 4>{1, 2, 0, 0}));
  // One stored weight w: (w, 1 - w, 0, 0).
  EXPECT_EQ(v->weights[0], (std::array<float, 4>{1, 0, 0, 0}));
  EXPECT_EQ(v->weights[1], (std::array<float, 4>{0.25f, 0.75f, 0, 0}));
  EXPECT_EQ(v->weights[2], (std::array<float, 4>{0, 1, 0, 0}));
  auto joints = subset_joints(file, *v, 0);
  ASSERT_TRUE(joints) << joints.error().to_string();
  EXPECT_EQ((*joints)[1], (std::array<std::uint16_t, 4>{1, 2, 0, 0}));
  EXPECT_EQ((*joints)[3], (std::array<std::uint16_t, 4>{2, 0, 0, 0}));
  auto triangles = subset_triangles(file, 0);
  ASSERT_TRUE(triangles);
  EXPECT_EQ(*triangles, (std::vector<std::array<std::uint32_t, 3>>{{0, 1, 2}, {2, 1, 3}}));
  EXPECT_EQ(used_vertex_count(file), 4u);
  EXPECT_EQ(used_bounds(file, *v), (std::array<float, 6>{0, 0, 0, 1, 1, 0}));
}

TEST(PlyVertices, PaletteMapsSlotsToJoints) {
  // The palette (0, 2): slot 1 means SKIN name 2 (notes §5, the E-75's right track).
  FixtureBytes b = skinned_square();
  auto file = read(b);
  file.subsets[0].palette = Bytes{0, 2};
  auto v = decode_vertices(file);
  ASSERT_TRUE(v);
  // Vertex 1 gives slot byte 2 weight 0.75, past the palette of 2.
  auto joints = subset_joints(file, *v, 0);
  ASSERT_FALSE(joints);
  EXPECT_EQ(joints.error().message, "vertex 1 of subset 0 gives weight 0.75 to slot byte 2, past its palette of 2");
  EXPECT_EQ(joints.error().offset, 49u);
  file.subsets[0].palette = Bytes{0, 2, 1};
  joints = subset_joints(file, *v, 0);
  ASSERT_TRUE(joints);
  EXPECT_EQ((*joints)[1], (std::array<std::uint16_t, 4>{2, 1, 0, 0}));
  file.subsets[0].palette.reset();
  file.subsets[0].flags &= ~subset_flag::subskin;
  EXPECT_EQ(subset_joints(file, *v, 0).error().message, "subset 0 has no bone palette");
  const PlyFile rigid = read(rigid_square());
  auto rv = decode_vertices(rigid);
  ASSERT_TRUE(rv);
  EXPECT_TRUE(rv->bone_slots.empty());
  PlyFile rigid_with_palette = rigid;
  rigid_with_palette.subsets[0].palette = Bytes{0};
  rigid_with_palette.subsets[0].flags |= subset_flag::subskin;
  EXPECT_EQ(subset_joints(rigid_with_palette, *rv, 0).error().message, "the vertex records hold no bone slots");
}

TEST(PlyVertices, DecodesColoursAsRgba) {
  FixtureBytes b;
  b.tag("EPLY");
  subset(b, 0x152, 0, 1, 0x406, 0, "number1.mtl");
  b.tag("VERT").u32(3).u16(36).u16(7);
  for (int v = 0; v < 3; ++v) b.f32s({float(v), 0, 0, 0, 0, 1}).raw({0x10, 0x20, 0x30, 0xcc}).f32s({0.5f, 0.25f});
  b.tag("INDX").u32(3).u16(0).u16(1).u16(2);
  auto file = read(b);
  auto v = decode_vertices(file);
  ASSERT_TRUE(v) << v.error().to_string();
  // D3DCOLOR is b g r a in memory.
  EXPECT_EQ(v->colors[2], (std::array<std::uint8_t, 4>{0x30, 0x20, 0x10, 0xcc}));
  EXPECT_EQ(v->uvs[0][0], (std::array<float, 2>{0.5f, 0.25f}));
  EXPECT_TRUE(v->normals.size() == 3 && v->tangents.empty());
}

TEST(PlyVertices, RefusesRecordsItCannotDescribe) {
  PlyFile file = read(rigid_square());
  file.vertex_chunks[0].stride = 36;
  file.vertex_chunks[0].count = 0;
  file.vertex_chunks[0].data.clear();
  auto v = decode_vertices(file);
  ASSERT_FALSE(v);
  EXPECT_EQ(v.error().code, ErrorCode::unsupported);
  EXPECT_EQ(v.error().message, "vertex records not decoded: VERT stride 36 but fvf 0x0112 with flags 0x0404 describes 32 "
                               "bytes (position, normal, uv)");
  EXPECT_EQ(v.error().offset, 71u);
  file = read(rigid_square());
  file.subsets[0].fvf = 0x20112;
  EXPECT_EQ(decode_vertices(file).error().message,
            "vertex records not decoded: fvf 0x20112 has bits 0x20000 that no vertex layout here describes");
  EXPECT_EQ(decode_vertices(PlyFile{}).error().message, "the mesh has no VERT chunk");
}

TEST(PlyVertices, TrianglesOutsideTheMeshAreErrors) {
  PlyFile file = read(rigid_square());
  file.subsets[0].triangle_count = 3;
  auto t = subset_triangles(file, 0);
  ASSERT_FALSE(t);
  EXPECT_EQ(t.error().message, "subset 0 covers triangles 0..3, past the 2 triangles of the index chunk");
  EXPECT_EQ(t.error().offset, 32u);
  file = read(rigid_square());
  file.index_chunks[0].values[4] = 9;
  t = subset_triangles(file, 0);
  ASSERT_FALSE(t);
  EXPECT_EQ(t.error().message, "index 4 of subset 0 is 9, but the mesh has 4 vertices");
  EXPECT_EQ(t.error().offset, 203u + 8u + 8u);
  EXPECT_EQ(subset_triangles(file, 1).error().message, "subset 1 of 1");
  EXPECT_EQ(used_vertex_count(file), 10u);
}

TEST(PlyVertices, TheUnusedTailIsLeftOutOfTheBounds) {
  FixtureBytes b;
  b.tag("EPLY").tag("BNDS").f32s({0, 0, 0, 1, 1, 0});
  subset(b, 0x112, 0, 1, 0x404, 0, "a.mtl");
  b.tag("VERT").u32(4).u16(32).u16(7);
  b.f32s({0, 0, 0, 0, 0, 1, 0, 0}).f32s({1, 0, 0, 0, 0, 1, 0, 0}).f32s({0, 1, 0, 0, 0, 1, 0, 0});
  b.f32s({1e31f, -1e31f, 0, 0, 0, 1, 0, 0});  // a garbage vertex no triangle uses (notes §4)
  b.tag("INDX").u32(3).u16(0).u16(1).u16(2);
  const PlyFile file = read(b);
  auto v = decode_vertices(file);
  ASSERT_TRUE(v);
  EXPECT_EQ(used_vertex_count(file), 3u);
  EXPECT_EQ(used_bounds(file, *v), (std::array<float, 6>{0, 0, 0, 1, 1, 0}));
}

}  // namespace
}  // namespace anmkit::gem::mesh
