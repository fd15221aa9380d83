// The `.ply` reader and writer on hand-built bytes: every field decoded, the bytes written back
// unchanged, and hostile input refused with the offset and what was expected there.

#include "anmkit/formats/gem/mesh/ply_read.hpp"

#include <gtest/gtest.h>

#include "anmkit/core/float_bits.hpp"
#include "anmkit/formats/gem/mesh/ply_write.hpp"
#include "formats/gem/mesh/ply_fixtures.hpp"

namespace anmkit::gem::mesh {
namespace {

using test::FixtureBytes;
using namespace test_ply;

Error read_error(const std::vector<std::uint8_t>& bytes, const ReadLimits& limits = {}) {
  auto file = read_ply(bytes, limits);
  EXPECT_FALSE(file);
  return file ? Error{} : file.error();
}

TEST(PlyRead, ReadsEveryFieldOfASkinnedMesh) {
  const FixtureBytes b = skinned_square();
  ASSERT_EQ(b.size(), 348u);
  auto file = read_ply(b.bytes());
  ASSERT_TRUE(file) << file.error().to_string();
  EXPECT_EQ(file->chunks, (std::vector<PlyChunkKind>{PlyChunkKind::bounds, PlyChunkKind::skin, PlyChunkKind::subset,
                                                     PlyChunkKind::vertices, PlyChunkKind::indices, PlyChunkKind::mirror}));
  ASSERT_NE(file->bounds_chunk(), nullptr);
  EXPECT_EQ(float_from_bits((*file->bounds_chunk())[3]), 1.0f);
  ASSERT_NE(file->skin(), nullptr);
  EXPECT_EQ(file->skin()->bones, (std::vector<std::string>{"body", "gun"}));
  ASSERT_EQ(file->subsets.size(), 1u);
  const PlySubset& s = file->subsets[0];
  EXPECT_EQ(s.fvf, 0x1118u);
  EXPECT_EQ(s.first_triangle, 0u);
  EXPECT_EQ(s.triangle_count, 2u);
  EXPECT_EQ(s.flags, 0xf54u);
  EXPECT_EQ(s.color, 0x98e6e6e6u);
  EXPECT_EQ(s.material, "tracks.mtl");
  EXPECT_EQ(s.palette, (Bytes{0, 1, 2}));
  ASSERT_NE(file->vertices(), nullptr);
  EXPECT_EQ(file->vertices()->count, 4u);
  EXPECT_EQ(file->vertices()->stride, 56u);
  EXPECT_EQ(file->vertices()->flags, 7u);
  EXPECT_EQ(file->vertices()->data.size(), 224u);
  ASSERT_NE(file->indices(), nullptr);
  EXPECT_FALSE(file->indices()->wide);
  EXPECT_EQ(file->indices()->values, (std::vector<std::uint32_t>{0, 1, 2, 2, 1, 3}));
  EXPECT_TRUE(file->mirrored());
  EXPECT_EQ(chunk_offsets(*file), (std::vector<std::uint64_t>{4, 32, 49, 88, 324, 344}));
  auto written = write_ply(*file);
  ASSERT_TRUE(written);
  EXPECT_EQ(*written, b.bytes());
  EXPECT_EQ(*ply_encoded_size(*file), b.size());
}

TEST(PlyRead, KeepsChunksNoRealMeshHasAndWritesThemBack) {
  FixtureBytes b = rigid_square();
  b.tag("ADJA").u32(1).u16(0xffff).u16(1).u16(2);
  b.tag("SHDW").u32(3).raw({9, 8, 7});
  b.tag("BAS2").f32s({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12});
  b.tag("IND4").u32(3).u32(0).u32(1).u32(70000);
  auto file = read_ply(b.bytes());
  ASSERT_TRUE(file) << file.error().to_string();
  ASSERT_EQ(file->adjacency.size(), 1u);
  EXPECT_EQ(file->adjacency[0], (Bytes{0xff, 0xff, 1, 0, 2, 0}));
  EXPECT_EQ(file->shadow[0], (Bytes{9, 8, 7}));
  EXPECT_EQ(float_from_bits(file->basis[0][11]), 12.0f);
  ASSERT_EQ(file->index_chunks.size(), 2u);
  EXPECT_TRUE(file->index_chunks[1].wide);
  EXPECT_EQ(file->index_chunks[1].values[2], 70000u);
  EXPECT_EQ(*write_ply(*file), b.bytes());
}

TEST(PlyRead, RefusesWhatIsNotAnEplyMesh) {
  Error e = read_error(FixtureBytes().tag("BPLY").tag("BNDS"));
  EXPECT_EQ(e.code, ErrorCode::unsupported);
  EXPECT_EQ(e.offset, 0u);
  EXPECT_EQ(e.message, "a BPLY map mesh: not supported (anmkit reads EPLY vehicle and prop meshes)");
  e = read_error(FixtureBytes().tag("EANM").u32(0));
  EXPECT_EQ(e.code, ErrorCode::bad_magic);
  EXPECT_EQ(e.message, "not a GEM mesh: expected signature 'EPLY', found 'EANM'");
  e = read_error(FixtureBytes().raw({'E', 'P'}));
  EXPECT_EQ(e.message, "not a GEM mesh: expected signature 'EPLY', found 'EP'");
  EXPECT_TRUE(looks_like_ply(FixtureBytes().tag("BPLY").bytes()));
  EXPECT_TRUE(looks_like_ply(FixtureBytes().tag("EPLY").bytes()));
  EXPECT_FALSE(looks_like_ply(FixtureBytes().tag("EPL").bytes()));
}

TEST(PlyRead, AnUnknownChunkIsAnErrorAtItsTag) {
  FixtureBytes b = rigid_square();
  b.tag("XYZW").u32(0);
  Error e = read_error(b);
  EXPECT_EQ(e.code, ErrorCode::unknown_chunk);
  EXPECT_EQ(e.offset, 223u);
  EXPECT_EQ(e.message, "expected a mesh chunk (BNDS, SKIN, MESH, VERT, INDX, IND4, MROR, ADJA, SHDW or BAS2) or the "
                       "end of the file, found 'XYZW'");
  FixtureBytes subm;
  subm.tag("EPLY").tag("SUBM").raw({1, 2});
  e = read_error(subm);
  EXPECT_EQ(e.offset, 4u);
  EXPECT_EQ(e.message, "expected a mesh chunk (BNDS, SKIN, MESH, VERT, INDX, IND4, MROR, ADJA, SHDW or BAS2) or the "
                       "end of the file, found 'SUBM' (a BPLY map mesh's subset: not supported)");
}

TEST(PlyRead, TruncationsSayWhatWasExpectedWhere) {
  const auto whole = rigid_square().bytes();
  auto cut = [&](std::size_t size) { return std::vector<std::uint8_t>(whole.begin(), whole.begin() + std::ptrdiff_t(size)); };
  Error e = read_error(cut(6));
  EXPECT_EQ(e.code, ErrorCode::truncated);
  EXPECT_EQ(e.offset, 4u);
  EXPECT_EQ(e.message, "unexpected end of data: expected chunk tag (4 bytes), 2 remain");
  e = read_error(cut(20));
  EXPECT_EQ(e.offset, 8u);
  EXPECT_EQ(e.message, "unexpected end of data: expected BNDS bounds (6 floats) (24 bytes), 12 remain");
  e = read_error(cut(32 + 4 + 14));
  EXPECT_EQ(e.offset, 48u);
  EXPECT_EQ(e.message, "unexpected end of data: expected MESH flags (4 bytes), 2 remain");
  e = read_error(cut(32 + 21 + 3));
  EXPECT_EQ(e.offset, 53u);
  EXPECT_EQ(e.message, "unexpected end of data: expected MESH material name (10 bytes), 3 remain");
  // The vertex count is checked against what remains before the records are copied.
  e = read_error(cut(63 + 12 + 100));
  EXPECT_EQ(e.code, ErrorCode::too_large);
  EXPECT_EQ(e.offset, 75u);
  EXPECT_EQ(e.message, "VERT vertex count (of 32 bytes each) 4 needs at least 128 bytes, but only 100 remain");
  e = read_error(cut(203 + 8 + 5));
  EXPECT_EQ(e.code, ErrorCode::too_large);
  EXPECT_EQ(e.offset, 211u);
  EXPECT_EQ(e.message, "INDX index count 6 needs at least 12 bytes, but only 5 remain");
}

TEST(PlyRead, HostileCountsAreRefusedBeforeAnythingIsAllocated) {
  FixtureBytes b;
  b.tag("EPLY").tag("VERT").u32(0xffffffffu).u16(0xffff).u16(7);
  Error e = read_error(b);
  EXPECT_EQ(e.code, ErrorCode::too_large);
  EXPECT_EQ(e.offset, 16u);
  EXPECT_EQ(e.message, "VERT vertex count (of 65535 bytes each) 4294967295 needs at least 281470681677825 bytes, but only 0 remain");
  FixtureBytes skin;
  skin.tag("EPLY").tag("SKIN").u32(0x10000000u);
  e = read_error(skin);
  EXPECT_EQ(e.message, "SKIN bone count 268435456 exceeds the limit of 65536 bones (limits.max_bones)");
  EXPECT_EQ(e.offset, 8u);
  ASSERT_EQ(e.settings.size(), 1u);
  EXPECT_EQ(e.settings[0].setting, "limits.max_bones");
  FixtureBytes skin_short;
  skin_short.tag("EPLY").tag("SKIN").u32(1000).raw({1, 'a'});
  e = read_error(skin_short);
  EXPECT_EQ(e.message, "SKIN bone count 1000 needs at least 1000 bytes, but only 2 remain");
  FixtureBytes ind4;
  ind4.tag("EPLY").tag("IND4").u32(0x40000000u);
  e = read_error(ind4);
  EXPECT_EQ(e.message, "IND4 index count 1073741824 needs at least 4294967296 bytes, but only 0 remain");
  FixtureBytes adja;
  adja.tag("EPLY").tag("ADJA").u32(3).raw({0, 0, 0, 0, 0, 0});
  e = read_error(adja);
  EXPECT_EQ(e.message, "ADJA triangle count 3 needs at least 18 bytes, but only 6 remain");
  ReadLimits small;
  small.max_input_bytes = 100;
  e = read_error(rigid_square(), small);
  EXPECT_EQ(e.code, ErrorCode::too_large);
  EXPECT_EQ(e.message, "input of 223 bytes is larger than the limit of 100 bytes (limits.max_input_bytes)");
}

TEST(PlyRead, AVertexStrideOfZeroReadsAsNoBytes) {
  FixtureBytes b;
  b.tag("EPLY").tag("VERT").u32(0xffffffffu).u16(0).u16(7);
  auto file = read_ply(b.bytes());
  ASSERT_TRUE(file);
  EXPECT_EQ(file->vertices()->count, 0xffffffffu);
  EXPECT_TRUE(file->vertices()->data.empty());
  EXPECT_EQ(*write_ply(*file), b.bytes());
}

TEST(PlyWrite, RefusesAModelItCannotEncode) {
  auto file = read_ply(skinned_square().bytes());
  ASSERT_TRUE(file);
  PlyFile bad = *file;
  bad.subsets[0].color.reset();
  auto written = write_ply(bad);
  ASSERT_FALSE(written);
  EXPECT_EQ(written.error().code, ErrorCode::invalid_model);
  EXPECT_EQ(written.error().pointer, "/chunks/2/color");
  EXPECT_EQ(written.error().message, "flags 0x0f54 have the specular bit 0x0200 but the subset has no colour");
  bad = *file;
  bad.subsets[0].palette.reset();
  EXPECT_EQ(write_ply(bad).error().message, "flags 0x0f54 have the subskin bit 0x0800 but the subset has no palette");
  bad = *file;
  bad.subsets[0].material.assign(256, 'x');
  EXPECT_EQ(write_ply(bad).error().message, "material name of 256 bytes; its length field holds at most 255");
  bad = *file;
  bad.skins[0].bones[1].assign(300, 'y');
  EXPECT_EQ(write_ply(bad).error().pointer, "/chunks/1/bones/1");
  bad = *file;
  bad.chunks.push_back(PlyChunkKind::bounds);
  EXPECT_EQ(write_ply(bad).error().message, "the chunk list names 2 BNDS chunks but the model holds 1");
  bad = *file;
  bad.vertex_chunks[0].data.pop_back();
  EXPECT_EQ(write_ply(bad).error().message, "223 bytes of vertex data, but 4 vertices of 56 bytes take 224");
  bad = *file;
  bad.index_chunks[0].values[1] = 70000;
  EXPECT_EQ(write_ply(bad).error().message, "index 70000 does not fit the 16 bits of INDX (IND4 holds 32)");
  bad.index_chunks[0].wide = true;
  auto wide = write_ply(bad);
  ASSERT_TRUE(wide);
  EXPECT_EQ(wide->size(), 348u + 12u);
  EXPECT_EQ(*read_ply(*wide), bad);
}

}  // namespace
}  // namespace anmkit::gem::mesh
