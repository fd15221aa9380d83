// The `.vol` collision volume reader and writer, its rules, dump and summary, on hand-built bytes;
// and every real volume of the vehicle folders.

#include "anmkit/formats/gem/mesh/vol_file.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include "anmkit/formats/gem/mesh/vol_json.hpp"
#include "anmkit/formats/gem/mesh/vol_validate.hpp"
#include "support/fixture_bytes.hpp"

namespace anmkit::gem::mesh {
namespace {

using test::FixtureBytes;
using json = nlohmann::ordered_json;

// A tetrahedron: 4 vertices, 4 triangles, one side code each. Chunks at 4 (VERT, 56 bytes),
// 60 (INDX, 32), 92 (SIDE, 12); 104 bytes.
FixtureBytes tetrahedron() {
  FixtureBytes b;
  b.tag("EVLM").tag("VERT").u32(4).f32s({0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1});
  b.tag("INDX").u32(12);
  for (int i : {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3}) b.u16(std::uint32_t(i));
  b.tag("SIDE").u32(4).raw({1, 3, 5, 2});
  return b;
}

TEST(Vol, ReadsWritesAndSummarises) {
  const FixtureBytes b = tetrahedron();
  ASSERT_EQ(b.size(), 104u);
  auto file = read_vol(b.bytes());
  ASSERT_TRUE(file) << file.error().to_string();
  EXPECT_EQ(file->chunks, (std::vector<VolChunkKind>{VolChunkKind::vertices, VolChunkKind::indices, VolChunkKind::sides}));
  ASSERT_EQ(file->vertices()->size(), 4u);
  EXPECT_EQ((*file->vertices())[3][2], test::bits(1.0f));
  EXPECT_EQ(file->indices()->size(), 12u);
  EXPECT_EQ(*file->sides(), (std::vector<std::uint8_t>{1, 3, 5, 2}));
  EXPECT_EQ(chunk_offsets(*file), (std::vector<std::uint64_t>{4, 60, 92}));
  EXPECT_EQ(*write_vol(*file), b.bytes());
  EXPECT_TRUE(validate_vol(*file).empty());
  const VolSummary s = vol_summary(*file);
  EXPECT_EQ(s.vertices, 4u);
  EXPECT_EQ(s.triangles, 4u);
  EXPECT_EQ(s.bounds, (std::array<float, 6>{0, 0, 0, 1, 1, 1}));
  EXPECT_EQ(summary_text(s), "  chunks      VERT INDX SIDE\n"
                             "  vertices    4\n"
                             "  triangles   4\n"
                             "  sides       1 bottom, 1 top, 1 front, 1 left\n"
                             "  bounds      (0, 0, 0)..(1, 1, 1)\n");
  const json j = vol_summary_json(s);
  EXPECT_EQ(j["sides"]["left"], 1);
  EXPECT_EQ(j["sides"]["other"], 0);
  const json dump = vol_to_json(*file);
  EXPECT_EQ(dump["schema"], "anmkit.gem.vol.dump");
  EXPECT_EQ(dump["chunks"][0]["vertices"][1], json::array({1.0, 0.0, 0.0}));
  EXPECT_EQ(dump["chunks"][2], json({{"tag", "SIDE"}, {"offset", 92}, {"sides", {1, 3, 5, 2}}}));
}

TEST(Vol, HostileAndTruncatedInput) {
  auto error = [](const std::vector<std::uint8_t>& bytes) {
    auto file = read_vol(bytes);
    EXPECT_FALSE(file);
    return file ? Error{} : file.error();
  };
  Error e = error(FixtureBytes().tag("EPLY").bytes());
  EXPECT_EQ(e.code, ErrorCode::bad_magic);
  EXPECT_EQ(e.message, "not a GEM collision volume: expected signature 'EVLM', found 'EPLY'");
  e = error(FixtureBytes().tag("EVLM").tag("VERT").u32(0x20000000u).bytes());
  EXPECT_EQ(e.code, ErrorCode::too_large);
  EXPECT_EQ(e.offset, 12u);
  EXPECT_EQ(e.message, "VERT vertex count 536870912 needs at least 6442450944 bytes, but only 0 remain");
  e = error(FixtureBytes().tag("EVLM").tag("FACE").bytes());
  EXPECT_EQ(e.code, ErrorCode::unknown_chunk);
  EXPECT_EQ(e.offset, 4u);
  EXPECT_EQ(e.message, "expected a volume chunk (VERT, INDX or SIDE) or the end of the file, found 'FACE'");
  const auto whole = tetrahedron().bytes();
  for (std::size_t n = 0; n < whole.size(); ++n) {
    const std::vector<std::uint8_t> prefix(whole.begin(), whole.begin() + std::ptrdiff_t(n));
    auto file = read_vol(prefix);
    if (file) {
      EXPECT_EQ(*write_vol(*file), prefix);
      for (const Diagnostic& d : validate_vol(*file)) EXPECT_LE(*d.offset, n);
    } else {
      ASSERT_TRUE(file.error().offset);
      EXPECT_LE(*file.error().offset, n);
    }
  }
}

TEST(Vol, EveryFindingOfTheValidator) {
  FixtureBytes b;
  b.tag("EVLM").tag("INDX").u32(4).u16(0).u16(1).u16(7).u16(0);
  b.tag("VERT").u32(2).f32s({0, 0, 0, NAN, 0, 0});
  b.tag("SIDE").u32(2).raw({1, 9}).tag("SIDE").u32(0);
  auto file = read_vol(b.bytes());
  ASSERT_TRUE(file);
  const auto d = validate_vol(*file);
  std::vector<std::string> ids;
  for (const auto& x : d) ids.push_back(x.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"vol.chunk-order", "vol.repeated-chunk", "vol.non-finite", "vol.index-count",
                                           "vol.index-range", "vol.side-count", "vol.side-code"}));
  EXPECT_EQ(d[0].message, "VERT after INDX: real volumes have VERT, INDX and SIDE in this order");
  EXPECT_EQ(d[0].offset, 20u);
  EXPECT_EQ(d[1].message, "a second SIDE chunk (readers take one; this model keeps both)");
  EXPECT_EQ(d[2].message, "vertex 1 has a non-finite coordinate");
  EXPECT_EQ(d[2].offset, 20u + 8u + 12u);
  EXPECT_EQ(d[3].message, "INDX holds 4 indices, not a multiple of 3 (whole triangles)");
  EXPECT_EQ(d[4].message, "index 2 is 7, but the volume has 2 vertices");
  EXPECT_EQ(d[4].offset, 4u + 8u + 4u);
  EXPECT_EQ(d[4].pointer, "/chunks/0/indices/2");
  EXPECT_EQ(d[5].message, "SIDE holds 2 codes for 1 triangles (one a triangle)");
  EXPECT_EQ(d[6].message, "triangle 1 has side code 9 (real volumes use 1..6: bottom, top, front, rear, left, right)");
  auto empty = read_vol(FixtureBytes().tag("EVLM").bytes());
  ASSERT_TRUE(empty);
  const auto missing = validate_vol(*empty);
  ASSERT_EQ(missing.size(), 3u);
  EXPECT_EQ(missing[0].id, "vol.missing-chunk");
  EXPECT_EQ(missing[2].message, "no SIDE chunk");
  EXPECT_EQ(missing[2].offset, 4u);
  VolFile bad = *file;
  bad.chunks.pop_back();
  EXPECT_EQ(write_vol(bad).error().message, "the chunk list names 1 SIDE chunks but the model holds 2");
  EXPECT_EQ(validate_vol(bad)[0].id, "vol.malformed-model");
}

TEST(Vol, EveryRealVolume) {
  ANMKIT_REQUIRE_VEHICLES_CORPUS(dir);
  std::size_t files = 0, triangles = 0;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir)) {
    if (e.path().extension() != ".vol") continue;
    SCOPED_TRACE(e.path().string());
    ++files;
    const auto bytes = test::read_bytes(e.path());
    auto file = read_vol(bytes);
    ASSERT_TRUE(file) << file.error().to_string();
    EXPECT_EQ(*write_vol(*file), bytes);
    EXPECT_TRUE(validate_vol(*file).empty());
    triangles += vol_summary(*file).triangles;
  }
  EXPECT_EQ(files, 28u);
  auto body = read_vol(test::read_bytes(dir / "e-25/body.vol"));
  ASSERT_TRUE(body);
  const VolSummary s = vol_summary(*body);
  EXPECT_EQ(s.vertices, 34u);
  EXPECT_EQ(s.triangles, 64u);
  EXPECT_EQ(s.sides[7] + s.sides[0], 0u);
  EXPECT_EQ(triangles, 1034u);  // tests/formats/gem/mesh/corpus_facts.py counts them too
}

}  // namespace
}  // namespace anmkit::gem::mesh
