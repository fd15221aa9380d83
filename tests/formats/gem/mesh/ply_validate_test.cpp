// Every finding of validate_ply(), with its offset in the file, its pointer in the dump and its words.

#include "anmkit/formats/gem/mesh/ply_validate.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "anmkit/formats/gem/mesh/ply_read.hpp"
#include "formats/gem/mesh/ply_fixtures.hpp"

namespace anmkit::gem::mesh {
namespace {

using test::FixtureBytes;
using namespace test_ply;

std::vector<Diagnostic> check(const FixtureBytes& b) {
  auto file = read_ply(b.bytes());
  EXPECT_TRUE(file) << (file ? "" : file.error().to_string());
  return file ? validate_ply(*file) : std::vector<Diagnostic>{};
}

std::vector<std::string> ids(const std::vector<Diagnostic>& d) {
  std::vector<std::string> out;
  for (const auto& x : d) out.push_back(x.id);
  return out;
}

// The one finding of `id` (and a failure when there is not exactly one).
Diagnostic only(const std::vector<Diagnostic>& d, std::string_view id) {
  std::vector<Diagnostic> found;
  for (const auto& x : d) {
    if (x.id == id) found.push_back(x);
  }
  EXPECT_EQ(found.size(), 1u) << id;
  return found.empty() ? Diagnostic{} : found[0];
}

TEST(PlyValidate, CleanMeshesHaveNoFindings) {
  EXPECT_TRUE(check(rigid_square()).empty());
  EXPECT_TRUE(check(skinned_square()).empty());
}

TEST(PlyValidate, MissingAndRepeatedChunks) {
  FixtureBytes b;
  b.tag("EPLY").tag("MROR").tag("BNDS").f32s({0, 0, 0, 0, 0, 0}).tag("MROR");
  const auto d = check(b);
  EXPECT_EQ(ids(d), (std::vector<std::string>{"ply.chunk-order", "ply.repeated-chunk", "ply.missing-chunk",
                                              "ply.missing-chunk", "ply.missing-chunk"}));
  EXPECT_EQ(d[0].offset, 8u);
  EXPECT_EQ(d[0].pointer, "/chunks/1");
  EXPECT_EQ(d[0].severity, Severity::warning);
  EXPECT_EQ(d[0].message, "BNDS after MROR: real meshes have BNDS, SKIN, the MESH records, VERT, the index chunk and MROR "
                          "in this order (a reader taking them in turn needs the MESH fvf before VERT)");
  EXPECT_EQ(d[1].offset, 36u);
  EXPECT_EQ(d[1].pointer, "/chunks/2");
  EXPECT_EQ(d[1].message, "a second MROR chunk (readers take one; this model keeps both)");
  EXPECT_EQ(d[2].message, "no MESH record: nothing says what the vertices hold");
  EXPECT_EQ(d[2].offset, 40u);
  EXPECT_EQ(d[3].message, "no VERT chunk");
  EXPECT_EQ(d[4].message, "no index chunk (INDX or IND4)");
  for (std::size_t i = 1; i < d.size(); ++i) EXPECT_EQ(d[i].severity, Severity::error);
}

TEST(PlyValidate, ChunksNoRealMeshHas) {
  FixtureBytes b = rigid_square();
  b.tag("ADJA").u32(0).tag("SHDW").u32(0).tag("BAS2").f32s({0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
  const auto d = check(b);
  EXPECT_EQ(ids(d), (std::vector<std::string>{"ply.unused-chunk", "ply.unused-chunk", "ply.unused-chunk"}));
  EXPECT_EQ(d[0].offset, 223u);
  EXPECT_EQ(d[0].message, "ADJA: a chunk no real EPLY has, kept as it is and not used");
  EXPECT_EQ(d[2].pointer, "/chunks/6");
}

TEST(PlyValidate, LayoutAgainstStride) {
  FixtureBytes b;
  b.tag("EPLY");
  subset(b, 0x112, 0, 1, 0x504, 0, "a.mtl");  // bump: 48 bytes, but the records are 32
  b.tag("VERT").u32(3).u16(32).u16(7);
  for (int v = 0; v < 3; ++v) b.f32s({float(v), 0, 0, 0, 0, 1, 0, 0});
  b.tag("INDX").u32(3).u16(0).u16(1).u16(2);
  Diagnostic d = only(check(b), "ply.stride-mismatch");
  EXPECT_EQ(d.severity, Severity::error);
  EXPECT_EQ(d.offset, 4u + 26u + 8u);
  EXPECT_EQ(d.pointer, "/chunks/1/stride");
  EXPECT_EQ(d.message, "VERT stride 32 but fvf 0x0112 with flags 0x0504 describes 48 bytes (position, normal, uv, tangent)");
  FixtureBytes unknown;
  unknown.tag("EPLY");
  subset(unknown, 0x10112, 0, 0, 0x404, 0, "a.mtl");
  unknown.tag("VERT").u32(0).u16(32).u16(7).tag("INDX").u32(0);
  d = only(check(unknown), "ply.unknown-fvf");
  EXPECT_EQ(d.offset, 8u);
  EXPECT_EQ(d.pointer, "/chunks/0/fvf");
  EXPECT_EQ(d.message, "fvf 0x10112 has bits 0x10000 that no vertex layout here describes");
}

TEST(PlyValidate, SubsetsMustBeContiguousAndCoverEveryTriangle) {
  FixtureBytes b;
  b.tag("EPLY");
  subset(b, 0x112, 1, 1, 0x404, 0, "a.mtl");  // starts at 1, not 0
  subset(b, 0x112, 3, 2, 0x404, 0, "b.mtl");  // a gap (2), and past the end (3 + 2 > 4)
  square_vertices(b);
  b.tag("INDX").u32(12);
  for (int i = 0; i < 12; ++i) b.u16(std::uint32_t(i % 4));
  auto d = check(b);
  EXPECT_EQ(ids(d), (std::vector<std::string>{"ply.subsets-not-contiguous", "ply.subsets-not-contiguous",
                                              "ply.subset-past-end"}));
  EXPECT_EQ(d[0].message, "subset 0 starts at triangle 1, not 0");
  EXPECT_EQ(d[0].offset, 12u);
  EXPECT_EQ(d[0].pointer, "/chunks/0/first_triangle");
  EXPECT_EQ(d[1].message, "subset 1 starts at triangle 3, but subset 0 ends at triangle 2");
  EXPECT_EQ(d[1].offset, 4u + 26u + 8u);
  EXPECT_EQ(d[2].message, "subset 1 covers triangles 3..5, past the 4 triangles of the index chunk");
  EXPECT_EQ(d[2].offset, 4u + 26u + 12u);
  EXPECT_EQ(d[2].pointer, "/chunks/1/triangle_count");
  FixtureBytes short_subsets = rigid_square();
  auto file = read_ply(short_subsets.bytes());
  ASSERT_TRUE(file);
  file->subsets[0].triangle_count = 1;
  const Diagnostic cover = only(validate_ply(*file), "ply.subsets-not-covering");
  EXPECT_EQ(cover.message, "the subsets end at triangle 1, but the index chunk holds 2 triangles");
  EXPECT_EQ(cover.offset, 44u);
}

TEST(PlyValidate, IndicesMustBeWholeTrianglesOfVertices) {
  FixtureBytes b;
  b.tag("EPLY");
  subset(b, 0x112, 0, 1, 0x404, 0, "a.mtl");
  square_vertices(b);
  b.tag("INDX").u32(4).u16(0).u16(7).u16(2).u16(9);
  auto d = check(b);
  const Diagnostic count = only(d, "ply.index-count");
  EXPECT_EQ(count.message, "INDX holds 4 indices, not a multiple of 3 (whole triangles)");
  EXPECT_EQ(count.offset, 4u + 26u + 140u + 4u);
  const Diagnostic range = only(d, "ply.index-range");
  EXPECT_EQ(range.message, "index 1 is 7, but the mesh has 4 vertices (2 indices out of range)");
  EXPECT_EQ(range.offset, 4u + 26u + 140u + 8u + 2u);
  EXPECT_EQ(range.pointer, "/chunks/2/indices/1");
}

TEST(PlyValidate, PalettesSlotsAndSkinFlags) {
  auto file = read_ply(skinned_square().bytes());
  ASSERT_TRUE(file);
  PlyFile f = *file;
  f.subsets[0].palette = Bytes{0, 1, 3};  // 3 > the 2 SKIN names
  Diagnostic d = only(validate_ply(f), "ply.palette-past-skin");
  EXPECT_EQ(d.severity, Severity::error);
  EXPECT_EQ(d.message, "palette entry 2 of subset 0 is 3, but SKIN lists 2 bones (0 is the owning bone, k the k-th SKIN name)");
  EXPECT_EQ(d.offset, 49u + 4u + 16u + 4u + 11u + 1u + 2u);
  EXPECT_EQ(d.pointer, "/chunks/2/palette/2");
  f = *file;
  f.subsets[0].palette = Bytes{0, 1};  // vertex 1 weighs slot byte 2 (0.75), vertex 3 too (1.0)
  d = only(validate_ply(f), "ply.slot-past-palette");
  EXPECT_EQ(d.message, "vertex 1 of subset 0 gives weight 0.75 to slot byte 2, past the subset's palette of 2");
  // Offsets are the model's: one palette byte fewer puts VERT at 87.
  EXPECT_EQ(d.offset, 87u + 12u + 56u + 16u + 1u);
  f = *file;
  f.subsets[0].flags &= ~subset_flag::skinned;
  d = only(validate_ply(f), "ply.skin-mismatch");
  EXPECT_EQ(d.severity, Severity::warning);
  EXPECT_EQ(d.message, "subset 0 has a palette (0x800) but is not skinned (0x10)");
  EXPECT_EQ(d.offset, 49u + 16u);
  f.subsets[0].palette.reset();
  f.subsets[0].flags &= ~subset_flag::subskin;
  EXPECT_EQ(only(validate_ply(f), "ply.skin-mismatch").message, "subset 0 is not skinned but fvf 0x1118 holds bone slots");
  f = *file;
  f.subsets[0].palette.reset();
  f.subsets[0].flags &= ~subset_flag::subskin;
  EXPECT_EQ(only(validate_ply(f), "ply.skin-mismatch").message, "subset 0 is skinned (0x10) but has no palette (0x800)");
  auto rigid = read_ply(rigid_square().bytes());
  ASSERT_TRUE(rigid);
  rigid->subsets[0].flags |= subset_flag::skinned | subset_flag::subskin;
  rigid->subsets[0].palette = Bytes{0};
  EXPECT_EQ(only(validate_ply(*rigid), "ply.skin-mismatch").message, "subset 0 is skinned but fvf 0x0112 holds no bone slots");
}

TEST(PlyValidate, MirrorFlagAndMrorGoTogether) {
  auto file = read_ply(skinned_square().bytes());
  ASSERT_TRUE(file);
  PlyFile f = *file;
  f.subsets[0].flags &= ~subset_flag::mirrored;
  Diagnostic d = only(validate_ply(f), "ply.mirror-mismatch");
  EXPECT_EQ(d.message, "the mesh has MROR but subset 0 lacks the mirrored flag 0x40 (real meshes have both)");
  EXPECT_EQ(d.pointer, "/chunks/2/flags");
  f = *file;
  f.chunks.pop_back();  // the MROR
  d = only(validate_ply(f), "ply.mirror-mismatch");
  EXPECT_EQ(d.message, "subset 0 has the mirrored flag 0x40 but the mesh has no MROR (real meshes have both)");
}

TEST(PlyValidate, WarningsOfSubsetsAndVertices) {
  FixtureBytes b;
  b.tag("EPLY").tag("BNDS").f32s({0, 0, 0, 2, 1, 0});
  subset(b, 0x112, 0, 1, 0x10404, 0, "");
  b.tag("VERT").u32(5).u16(32).u16(7);
  b.f32s({0, 0, 0, 0, 0, 1, 0, 0}).f32s({1, 0, 0, 0, 0, 1, 0, 0}).f32s({NAN, 1, 0, 0, 0, 1, 0, 0});
  b.f32s({1e31f, 0, 0, 0, 0, 1, 0, 0}).f32s({0, 0, 0, 0, 0, 1, 0, 0});
  b.tag("INDX").u32(3).u16(0).u16(1).u16(2);
  const auto d = check(b);
  EXPECT_EQ(ids(d), (std::vector<std::string>{"ply.unknown-flags", "ply.empty-material", "ply.unused-vertices",
                                              "ply.non-finite", "ply.bounds-mismatch"}));
  for (const auto& x : d) EXPECT_EQ(x.severity, Severity::warning) << x.id;
  EXPECT_EQ(d[0].message, "subset 0 flags 0x10404 include unknown bits 0x10000");
  EXPECT_EQ(d[0].offset, 32u + 16u);
  EXPECT_EQ(d[1].message, "subset 0 names no material");
  EXPECT_EQ(d[2].message, "the last 2 vertices (3..4) are used by no triangle");
  EXPECT_EQ(d[2].offset, 53u + 12u + 3u * 32u);
  EXPECT_EQ(d[2].pointer, "/chunks/2/vertices");
  EXPECT_EQ(d[3].message,
            "vertex 2, used by a triangle, has a non-finite position (1 such vertex; glTF export leaves out the triangles that use them)");
  EXPECT_EQ(d[3].offset, 53u + 12u + 2u * 32u);
  EXPECT_EQ(d[4].message, "BNDS is (0, 0, 0)..(2, 1, 0) but the vertices the triangles use span (0, 0, 0)..(1, 1, 0)");
  EXPECT_EQ(d[4].offset, 4u + 4u + 12u);
  EXPECT_EQ(d[4].pointer, "/chunks/0");
}

TEST(PlyValidate, SubsetsOfDifferentFormatsAndNonFiniteBounds) {
  FixtureBytes b;
  b.tag("EPLY").tag("BNDS").f32s({0, 0, 0, INFINITY, 1, 0});
  subset(b, 0x112, 0, 1, 0x404, 0, "a.mtl");
  subset(b, 0x012, 1, 1, 0x404, 0, "b.mtl");
  square_vertices(b);
  b.tag("INDX").u32(6).u16(0).u16(1).u16(2).u16(2).u16(1).u16(3);
  const auto d = check(b);
  EXPECT_EQ(ids(d), (std::vector<std::string>{"ply.fvf-differs", "ply.non-finite"}));
  EXPECT_EQ(d[0].message, "subset 1 has fvf 0x0012 but subset 0 has 0x0112 (merged, as SOEdit does)");
  EXPECT_EQ(d[0].offset, 62u);
  EXPECT_EQ(d[0].pointer, "/chunks/2/fvf");
  EXPECT_EQ(d[1].message, "BNDS holds a non-finite value");
  EXPECT_EQ(d[1].offset, 4u);
}

TEST(PlyValidate, AModelThatCannotBeEncodedIsOneError) {
  PlyFile f;
  f.chunks.push_back(PlyChunkKind::vertices);
  const auto d = validate_ply(f);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].id, "ply.malformed-model");
  EXPECT_EQ(d[0].message, "the chunk list names 1 VERT chunks but the model holds 0");
  EXPECT_EQ(d[0].pointer, "/chunks");
  EXPECT_FALSE(d[0].offset);
}

}  // namespace
}  // namespace anmkit::gem::mesh
