// info, validate and dump of the game's mesh and material files (GEM .ply, .mtl), named on the
// command line: each reader's summary, rules and dump under the commands every file has.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "formats/gem/mesh/ply_fixtures.hpp"
#include "support/fixture_bytes.hpp"
#include "support/run_cli.hpp"

namespace anmkit::test {
namespace {


std::string as_text(const std::vector<std::uint8_t>& bytes) { return {bytes.begin(), bytes.end()}; }

TEST(CliResources, AMeshIsDescribedValidatedAndDumped) {
  TempDir dir;
  const std::string ply = dir.write_text("square.ply", as_text(gem::mesh::test_ply::rigid_square()));
  auto r = run_cli({"info", ply}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, ply + ": GEM mesh (.ply, EPLY), 223 bytes\n"
                         "  chunks      BNDS MESH VERT INDX\n"
                         "  vertices    4 of 32 bytes\n"
                         "  layout      fvf 0x0112: position, normal, uv\n"
                         "  triangles   2\n"
                         "  subsets     1\n"
                         "    'square.mtl': triangles 0..+2, flags 0x0404 light|material\n"
                         "  skinned     no\n"
                         "  mirrored    no\n"
                         "  bounds      (0, 0, 0)..(1, 1, 0)\n");
  r = run_cli({"info", "--json", ply}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto info = nlohmann::json::parse(r.out);
  EXPECT_EQ(info["kind"], "resource");
  EXPECT_EQ(info["size"], 223);
  EXPECT_EQ(info["vertices"], 4);
  EXPECT_EQ(info["triangles"], 2);
  r = run_cli({"validate", ply}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, ply + ": valid\n");
  r = run_cli({"dump", "--compact", ply}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto dump = nlohmann::json::parse(r.out);
  EXPECT_EQ(dump["schema"], "anmkit.gem.ply.dump");
  EXPECT_EQ(r.out.find('\n'), r.out.size() - 1) << "one line";
  // An index past the vertices: invalid, at that index (the index chunk at 203, its sixth u16).
  auto bad = gem::mesh::test_ply::rigid_square();
  std::vector<std::uint8_t> bytes = bad;
  bytes[bytes.size() - 2] = 9;  // the last index: 3 -> 9
  const std::string broken = dir.write_text("broken.ply", as_text(bytes));
  r = run_cli({"validate", broken}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, broken + ": invalid (1 error, 0 warnings)\n");
  EXPECT_EQ(r.err, broken + ":221: error: index 5 is 9, but the mesh has 4 vertices (1 index out of range)\n");
}

TEST(CliResources, AMaterialIsDescribedValidatedAndDumped) {
  TempDir dir;
  const std::string mtl = dir.write_text("hull.mtl", "{material simple\n  {diffuse \"hull\"}\n  {blend test}\n  {glow 10.0}\n}\n");
  auto r = run_cli({"info", mtl}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')), mtl + ": GEM material (.mtl), 67 bytes");
  EXPECT_NE(r.out.find("  diffuse     \"hull\"\n"), std::string::npos) << r.out;
  r = run_cli({"validate", mtl}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  r = run_cli({"dump", mtl}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["material"]["shader"], "simple");
  // An unclosed block: the reader's error, with its offset, from every command.
  const std::string open = dir.write_text("open.mtl", "{material simple {diffuse \"x\"}");
  for (const char* command : {"info", "validate", "dump"}) {
    r = run_cli({command, open}, dir);
    EXPECT_NE(r.exit_code, 0) << command;
    EXPECT_EQ(r.err.rfind(open + ":", 0), 0u) << command << ": " << r.err;
    EXPECT_NE(r.err.find("error:"), std::string::npos) << command << ": " << r.err;
  }
  // A texture stays a file anmkit does not read.
  const std::string tga = dir.write_text("hull.tga", "not read");
  r = run_cli({"info", tga}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, tga + ":0: error: not an animation but a TGA texture (.tga), one of the game's files that anmkit does not convert\n");
}

TEST(CliResources, ACollisionVolumeIsDescribedValidatedAndDumped) {
  TempDir dir;
  FixtureBytes b;  // a tetrahedron: 4 vertices, 4 triangles, sides bottom, front, left, top
  b.tag("EVLM").tag("VERT").u32(4).f32s({0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1});
  b.tag("INDX").u32(12);
  for (std::uint32_t i : {0u, 2u, 1u, 0u, 1u, 3u, 0u, 3u, 2u, 1u, 2u, 3u}) b.u16(i);
  b.tag("SIDE").u32(4).raw({1, 3, 5, 2});
  const std::string vol = dir.write("box.vol", b.bytes());
  auto r = run_cli({"info", vol}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')), vol + ": GEM collision volume (.vol, EVLM), 104 bytes");
  EXPECT_NE(r.out.find("  triangles   4\n"), std::string::npos) << r.out;
  r = run_cli({"info", "--json", vol}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["vertices"], 4);
  r = run_cli({"validate", vol}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, vol + ": valid\n");
  r = run_cli({"dump", vol}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["format"], "gem-vol");
}

}  // namespace
}  // namespace anmkit::test
