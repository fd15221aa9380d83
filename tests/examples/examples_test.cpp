// The committed examples/ are pinned three ways: SHA-256 checksums committed by hand
// (examples.sha256 beside this file, checked with coreutils' sha256sum), fields read byte by byte
// at offsets worked out from the format notes in shared/spec, and what the committed generator
// writes. A change to any example, or to the writers that made it, fails at least one of them.

#include <gtest/gtest.h>

#include <bit>
#include <fstream>
#include <map>
#include <set>

#include "anmkit/formats/gem/gem_clip.hpp"
#include "anmkit/formats/gem/gem_read.hpp"
#include "anmkit/formats/gem/gem_validate.hpp"
#include "anmkit/formats/lm/lm_bin.hpp"
#include "anmkit/formats/lm/lm_curves.hpp"
#include "anmkit/formats/lm/lm_read.hpp"
#include "anmkit/formats/lm/lm_validate.hpp"
#include "anmkit/formats/mm2/mm2_compose.hpp"
#include "anmkit/formats/mm2/mm2_read.hpp"
#include "support/fixture_bytes.hpp"
#include "support/run_cli.hpp"

namespace anmkit::test {
namespace {

namespace fs = std::filesystem;

std::set<std::string> names_in(const fs::path& dir) {
  std::set<std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() == ".anm" || e.path().extension() == ".bin") out.insert(e.path().filename().string());
  }
  return out;
}

const fs::path examples_dir = fs::path(ANMKIT_SOURCE_DIR) / "examples";

// "HASH  NAME" lines, as sha256sum writes them.
std::map<std::string, std::string> committed_checksums() {
  std::map<std::string, std::string> out;
  std::ifstream in(fs::path(ANMKIT_SOURCE_DIR) / "tests/examples/examples.sha256");
  for (std::string line; std::getline(in, line);) {
    if (line.size() > 66 && line.compare(64, 2, "  ") == 0) out[line.substr(66)] = line.substr(0, 64);
  }
  return out;
}

std::string sha256_of(const fs::path& file, const TempDir& dir) {
  const std::string out = dir.file("sha256.txt");
  const std::string command = "sha256sum " + shell_quote(file.string()) + " >" + shell_quote(out);
  if (std::system(command.c_str()) != 0) return "sha256sum failed";
  return slurp(out).substr(0, 64);
}

TEST(Examples, ChecksumsCommittedByHand) {
  TempDir dir;
  const auto sums = committed_checksums();
  std::set<std::string> listed;
  for (const auto& [name, hash] : sums) listed.insert(name);
  ASSERT_EQ(listed, names_in(examples_dir)) << "examples.sha256 lists every example and nothing else";
  for (const auto& [name, hash] : sums) {
    EXPECT_EQ(sha256_of(examples_dir / name, dir), hash) << name << " changed; if on purpose, say why and update examples.sha256";
  }
}

std::uint32_t le(const std::vector<std::uint8_t>& b, std::size_t at, int width) {
  std::uint32_t v = 0;
  for (int i = width - 1; i >= 0; --i) v = v << 8 | b.at(at + std::size_t(i));
  return v;
}
std::uint32_t be(const std::vector<std::uint8_t>& b, std::size_t at, int width) {
  std::uint32_t v = 0;
  for (int i = 0; i < width; ++i) v = v << 8 | b.at(at + std::size_t(i));
  return v;
}
float le_f32(const std::vector<std::uint8_t>& b, std::size_t at) { return std::bit_cast<float>(le(b, at, 4)); }
float be_f32(const std::vector<std::uint8_t>& b, std::size_t at) { return std::bit_cast<float>(be(b, at, 4)); }
std::string text_at(const std::vector<std::uint8_t>& b, std::size_t at, std::size_t n) {
  return std::string(b.begin() + std::ptrdiff_t(at), b.begin() + std::ptrdiff_t(at + n));
}

// The three turrets share the header: EANM, version (minor half first on disk, notes point 2),
// FRMS 25, and a BMAP of 5 names of u32 length + bytes (notes points 3 and 5), ending at 0x48.
void expect_turret_header(const std::vector<std::uint8_t>& b, std::initializer_list<std::uint8_t> version) {
  EXPECT_EQ(text_at(b, 0, 4), "EANM");
  EXPECT_EQ(std::vector<std::uint8_t>(b.begin() + 4, b.begin() + 8), std::vector<std::uint8_t>(version));
  EXPECT_EQ(text_at(b, 8, 4), "FRMS");
  EXPECT_EQ(le(b, 12, 4), 25u);
  EXPECT_EQ(text_at(b, 16, 4), "BMAP");
  EXPECT_EQ(le(b, 20, 4), 5u);
  EXPECT_EQ(le(b, 24, 4), 5u);
  EXPECT_EQ(text_at(b, 28, 5), "basis");
  EXPECT_EQ(le(b, 41, 4), 7u);
  EXPECT_EQ(text_at(b, 45, 7), "turret1");
  EXPECT_EQ(le(b, 63, 4), 5u);
  EXPECT_EQ(text_at(b, 67, 5), "hatch");
}

TEST(Examples, GemFieldsAtTheirOffsets) {
  {
    SCOPED_TRACE("turret_v40.anm");
    const auto b = read_bytes(examples_dir / "turret_v40.anm");
    expect_turret_header(b, {0x00, 0x00, 0x04, 0x00});
    // FRMN i32 frame 0; BONE 0; MATR: rows X, Y, Z then the translation (notes point 11). The
    // mirrored basis, 180 degrees about X with Z negated (point 12): X = +X, Y = -Y, Z = +Z.
    EXPECT_EQ(text_at(b, 0x48, 4), "FRMN");
    EXPECT_EQ(le(b, 0x4c, 4), 0u);
    EXPECT_EQ(text_at(b, 0x50, 4), "BONE");
    EXPECT_EQ(le(b, 0x54, 4), 0u);
    EXPECT_EQ(text_at(b, 0x58, 4), "MATR");
    const float rows[12] = {1, 0, 0, 0, -1, 0, 0, 0, 1, 0, 0, 0};
    for (std::size_t i = 0; i < 12; ++i) EXPECT_EQ(le_f32(b, 0x5c + 4 * i), rows[i]) << "matrix float " << i;
    EXPECT_EQ(text_at(b, 0x8c, 4), "VISI");
    EXPECT_EQ(le(b, 0x90, 4), 1u);
  }
  {
    SCOPED_TRACE("turret_v60.anm");
    const auto b = read_bytes(examples_dir / "turret_v60.anm");
    expect_turret_header(b, {0x00, 0x00, 0x06, 0x00});
    // FRM2: u16 frame 0, u8 5 keys; key 0: bone 0, flags 0x0f (position, orientation, mirrored,
    // visible), position 0 0 0, orientation x y z = 1 0 0 (w rebuilt as 0: 180 degrees about X).
    EXPECT_EQ(text_at(b, 0x48, 4), "FRM2");
    EXPECT_EQ(le(b, 0x4c, 2), 0u);
    EXPECT_EQ(b[0x4e], 5);
    EXPECT_EQ(b[0x4f], 0);
    EXPECT_EQ(le(b, 0x50, 2), 0x000fu);
    for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(le_f32(b, 0x52 + 4 * i), 0.0f);
    EXPECT_EQ(le(b, 0x5e, 4), 0x3f800000u);
    EXPECT_EQ(le_f32(b, 0x62), 0.0f);
    EXPECT_EQ(le_f32(b, 0x66), 0.0f);
    // Key 1: the hull, bone 1, flags 0x0b.
    EXPECT_EQ(b[0x6a], 1);
    EXPECT_EQ(le(b, 0x6b, 2), 0x000bu);
  }
  {
    SCOPED_TRACE("turret_v61_frm3.anm");
    const auto b = read_bytes(examples_dir / "turret_v61_frm3.anm");
    expect_turret_header(b, {0x01, 0x00, 0x06, 0x00});
    // FRM3 with frame_max 24 <= 255: the frame number is one byte (notes point 8).
    EXPECT_EQ(text_at(b, 0x48, 4), "FRM3");
    EXPECT_EQ(b[0x4c], 0);
    EXPECT_EQ(b[0x4d], 5);
    EXPECT_EQ(b[0x4e], 0);
    EXPECT_EQ(le(b, 0x4f, 2), 0x000fu);
    EXPECT_EQ(le(b, 0x5d, 4), 0x3f800000u);
    // The next frame: u8 frame 1, one key, bone 2 (turret1), flags 0x02, orientation z =
    // sin(7.5 / 2 degrees): the turret's first 7.5-degree step about Z.
    const std::size_t frame1 = 0xd5;
    EXPECT_EQ(text_at(b, frame1, 4), "FRM3");
    EXPECT_EQ(b[frame1 + 4], 1);
    EXPECT_EQ(b[frame1 + 5], 1);
    EXPECT_EQ(b[frame1 + 6], 2);
    EXPECT_EQ(le(b, frame1 + 7, 2), 0x0002u);
    EXPECT_EQ(le_f32(b, frame1 + 9), 0.0f);
    EXPECT_EQ(le_f32(b, frame1 + 13), 0.0f);
    EXPECT_NEAR(le_f32(b, frame1 + 17), 0.0654031292, 1e-8);
  }
  {
    SCOPED_TRACE("track_meshanim_v61.anm");
    const auto b = read_bytes(examples_dir / "track_meshanim_v61.anm");
    EXPECT_EQ(text_at(b, 0, 4), "EANM");
    EXPECT_EQ(le(b, 4, 4), 0x00060001u);
    EXPECT_EQ(le(b, 12, 4), 4u);
    // CMNT: u16 size + bytes, between FRMS and BMAP (notes point 4).
    EXPECT_EQ(text_at(b, 0x10, 4), "CMNT");
    EXPECT_EQ(le(b, 0x14, 2), 30u);
    EXPECT_EQ(text_at(b, 0x16, 30), "anmkit example: mesh animation");
    EXPECT_EQ(text_at(b, 0x34, 4), "BMAP");
    EXPECT_EQ(le(b, 0x38, 4), 2u);
    EXPECT_EQ(text_at(b, 0x40, 6), "trackl");
    EXPECT_EQ(text_at(b, 0x4a, 7), "wheell1");
    // FRM2 frame 0, 2 keys; key 0: bone 0, flags 0x2b (position, orientation, visible, mesh);
    // after position and orientation the mesh: u32 size 76, then (notes point 14) u32 first
    // vertex 0, u16 3 vertices, u16 has-bbox 1, 12-byte vertices (the first at 0 0 1), a 6-float
    // box and 2 trailing floats: 8 + 36 + 24 + 8 = 76.
    EXPECT_EQ(text_at(b, 0x51, 4), "FRM2");
    EXPECT_EQ(le(b, 0x55, 2), 0u);
    EXPECT_EQ(b[0x57], 2);
    EXPECT_EQ(b[0x58], 0);
    EXPECT_EQ(le(b, 0x59, 2), 0x002bu);
    const std::size_t mesh = 0x5b + 24;
    EXPECT_EQ(le(b, mesh, 4), 76u);
    EXPECT_EQ(le(b, mesh + 4, 4), 0u);
    EXPECT_EQ(le(b, mesh + 8, 2), 3u);
    EXPECT_EQ(le(b, mesh + 10, 2), 1u);
    EXPECT_EQ(le_f32(b, mesh + 12), 0.0f);
    EXPECT_EQ(le_f32(b, mesh + 16), 0.0f);
    EXPECT_EQ(le_f32(b, mesh + 20), 1.0f);
  }
}

TEST(Examples, LmFieldsAtTheirOffsets) {
  const auto b = read_bytes(examples_dir / "mansion_door.anm");
  // Header, big endian (notes point 2): version 2, loop 1, 60 frames, the three key arrays
  // after three 0x36-byte node groups at 0x18 (point 8: no padding).
  EXPECT_EQ(b[0], 2);
  EXPECT_EQ(b[1], 1);
  EXPECT_EQ(be(b, 4, 4), 60u);
  const std::uint32_t scale = be(b, 8, 4), rotation = be(b, 0x0c, 4), translation = be(b, 0x10, 4);
  EXPECT_EQ(be(b, 0x14, 4), 0x18u);
  EXPECT_EQ(scale, 0x18u + 3 * 0x36);
  EXPECT_EQ(rotation, scale + 4) << "one shared scale float";
  EXPECT_EQ(translation, rotation + 21 * 4) << "the door's 3 keys of 4 floats, the knob's 3 of 3";
  EXPECT_EQ(b.size(), translation + 4 * 4u);
  // Node 1 (the door), RY track at group + 0x18 (point 3): 3 keys, flag 0x80 (4 floats a key).
  const std::size_t ry = 0x18 + 0x36 + 0x18;
  EXPECT_EQ(be(b, ry, 2), 3u);
  EXPECT_EQ(be(b, ry + 4, 2), 0x80u);
  const std::size_t keys = rotation + 4 * be(b, ry + 2, 2);
  const float door[12] = {0, 0, 0, 6, 30, 90, 0, 0, 60, 0, -6, 0};  // {frame, value, in, out}
  for (std::size_t i = 0; i < 12; ++i) EXPECT_EQ(be_f32(b, keys + 4 * i), door[i]) << "door key float " << i;
  // Node 0 (the frame), TY at group + 0x2a: one constant float, 12.5.
  const std::size_t ty = 0x18 + 0x2a;
  EXPECT_EQ(be(b, ty, 2), 1u);
  EXPECT_EQ(be_f32(b, translation + 4 * be(b, ty + 2, 2)), 12.5f);

  const auto m = read_bytes(examples_dir / "mansion_door.bin");
  // The model (notes points 13-14): version 2, name, scene graph offset at 0x3c, 0x8c-byte nodes
  // with s16 parent, first child, next, previous; scale at 0x0c, translation at 0x24.
  EXPECT_EQ(m[0], 2);
  EXPECT_EQ(text_at(m, 1, 5), std::string("door\0", 5));
  const std::uint32_t graph = be(m, 0x3c, 4);
  EXPECT_EQ(graph, 0x60u);
  EXPECT_EQ(m.size(), graph + 3 * 0x8cu);
  const std::int16_t links[3][4] = {{-1, 1, -1, -1}, {0, 2, -1, -1}, {1, -1, -1, -1}};
  for (std::size_t n = 0; n < 3; ++n) {
    for (std::size_t i = 0; i < 4; ++i) EXPECT_EQ(std::int16_t(be(m, graph + 0x8c * n + 2 * i, 2)), links[n][i]) << "node " << n;
  }
  EXPECT_EQ(be_f32(m, graph + 0x0c), 1.0f);
  EXPECT_EQ(be_f32(m, graph + 0x24 + 4), 12.5f);
  EXPECT_EQ(be_f32(m, graph + 2 * 0x8c + 0x0c), 0.75f);
}

TEST(Examples, Mm2FieldsAtTheirOffsets) {
  const auto b = read_bytes(examples_dir / "ghost_mm2.anm");
  // Magic, then 11 prelude slots x y w h (notes points 1-2): three used, the rest FF.
  EXPECT_EQ(be(b, 0, 4), 0x00005456u);
  const std::vector<std::uint8_t> slots{9, 9, 12, 3, 11, 16, 8, 5, 26, 4, 10, 12};
  EXPECT_EQ(std::vector<std::uint8_t>(b.begin() + 4, b.begin() + 16), slots);
  for (std::size_t at = 16; at < 0x30; ++at) EXPECT_EQ(b[at], 0xff) << at;
  // seq_a b c, then blocks each after an FF (point 4): the idle blink (state, delay pairs), an
  // empty block, the attack, and the FF before the image chunk.
  const std::vector<std::uint8_t> sequences{16, 2,    5,    0xff, 0,  40, 1,  6, 0, 30, 1,    6,
                                            0xff, 0xff, 2, 10,   3, 12, 2, 10, 0, 8, 0xff};
  EXPECT_EQ(std::vector<std::uint8_t>(b.begin() + 0x30, b.begin() + 0x47), sequences);
  // Image chunk (point 5): u16 frame count 4, depth 3, then w, h, flags per frame.
  EXPECT_EQ(be(b, 0x47, 2), 4u);
  EXPECT_EQ(be(b, 0x49, 2), 3u);
  const std::uint32_t frames[4][3] = {{30, 28, 0}, {12, 3, 0}, {8, 5, 0}, {10, 12, 0}};
  for (std::size_t f = 0; f < 4; ++f) {
    for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(be(b, 0x4b + 6 * f + 2 * i, 2), frames[f][i]) << "frame " << f;
  }
  // 32 palette words from 0x63: transparent, the outline, ... the last 0x123.
  EXPECT_EQ(be(b, 0x63, 2), 0x000u);
  EXPECT_EQ(be(b, 0x65, 2), 0x111u);
  EXPECT_EQ(be(b, 0x63 + 31 * 2, 2), 0x123u);
  // Frame 0's stream at 0xa3: 01 = two 0 nibbles, 3F = literal 3 F, F0 = one F, 80 = literal
  // 8 0: planes bytes 00 3F F8 00, plane 0's first row (30 pixels, 4 bytes a row, point 7-8):
  // pixels 10..20 have bit 0. They are the outline, pen 1, across the top of the ghost's head.
  EXPECT_EQ(std::vector<std::uint8_t>(b.begin() + 0xa3, b.begin() + 0xa7), (std::vector<std::uint8_t>{0x01, 0x3f, 0xf0, 0x80}));
  auto file = mm2::read(b);
  ASSERT_TRUE(file) << file.error().to_string();
  auto raw = mm2::raw_frames(*file);
  ASSERT_TRUE(raw);
  std::vector<std::uint8_t> row0((*raw)[0].pixels.begin(), (*raw)[0].pixels.begin() + 30);
  std::vector<std::uint8_t> expected(30, 0);
  for (std::size_t x = 10; x <= 20; ++x) expected[x] = 1;
  EXPECT_EQ(row0, expected);
}

TEST(Examples, GeneratorReproducesTheCommittedFiles) {
  TempDir dir;
  const std::string command = shell_quote(ANMKIT_MAKE_EXAMPLES) + " " + shell_quote(dir.path().string());
  ASSERT_EQ(std::system(command.c_str()), 0);
  const fs::path committed = fs::path(ANMKIT_SOURCE_DIR) / "examples";
  ASSERT_EQ(names_in(dir.path()), names_in(committed));
  EXPECT_EQ(names_in(committed).size(), 7u);
  for (const auto& name : names_in(committed)) {
    EXPECT_EQ(read_bytes(dir.path() / name), read_bytes(committed / name))
        << name << " differs from what tools/make_examples writes";
  }
}

TEST(Examples, EveryExampleIsCleanAndMeansWhatItSays) {
  const fs::path dir = fs::path(ANMKIT_SOURCE_DIR) / "examples";
  for (const auto& name : names_in(dir)) {
    if (name.rfind("mansion", 0) == 0 || name.rfind("ghost", 0) == 0) continue;  // LM and MM2, below
    auto file = gem::read(read_bytes(dir / name));
    ASSERT_TRUE(file) << name;
    EXPECT_TRUE(gem::validate(*file).empty()) << name;
  }
  for (const char* name : {"turret_v40.anm", "turret_v60.anm", "turret_v61_frm3.anm"}) {
    SCOPED_TRACE(name);
    auto file = gem::read(read_bytes(dir / name));
    ASSERT_TRUE(file);
    const model::Clip clip = gem::to_clip(*file);
    ASSERT_EQ(clip.frame_count, 25u);
    ASSERT_EQ(clip.bones.size(), 5u);
    EXPECT_EQ(clip.bones[2].name, "turret1");
    const auto at12 = model::sample(clip, 12), at24 = model::sample(clip, 24);
    EXPECT_NEAR(at12[2].rotation.z, 0.70710678f, 1e-6) << "the turret has turned 90 degrees";
    EXPECT_NEAR(at24[2].rotation.z, 0.70710678f, 1e-6) << "and holds";
    EXPECT_TRUE(at12[0].mirrored);
    EXPECT_FLOAT_EQ(model::sample(clip, 16)[3].translation.y, 27.0f) << "gun recoil";
    EXPECT_FALSE(at24[4].visible) << "the hatch hides at frame 22";
    EXPECT_TRUE(at12[4].visible);
  }
}

TEST(Examples, TheLmDoorAndItsModel) {
  const fs::path dir = fs::path(ANMKIT_SOURCE_DIR) / "examples";
  auto scene = lm::read_bin(read_bytes(dir / "mansion_door.bin"));
  ASSERT_TRUE(scene) << scene.error().to_string();
  ASSERT_EQ(scene->nodes.size(), 3u);
  EXPECT_EQ(scene->nodes[2].parent, 1);
  auto r = lm::read(read_bytes(dir / "mansion_door.anm"), std::uint32_t(scene->nodes.size()));
  ASSERT_TRUE(r) << r.error().to_string();
  EXPECT_TRUE(lm::validate(r->file).empty());
  EXPECT_EQ(r->file.loop, 1);
  auto curves = lm::decode_curves(r->file);
  ASSERT_TRUE(curves);
  const auto at15 = lm::sample(*curves, 15, lm::RotationUnit::degrees);
  EXPECT_FLOAT_EQ(at15[1].euler.y, 67.5f) << "0.125 * 6 * 30 + 0.5 * 90";
  EXPECT_FLOAT_EQ(lm::sample(*curves, 30, lm::RotationUnit::degrees)[1].euler.y, 90.0f);
  EXPECT_FLOAT_EQ(at15[2].euler.x, -22.5f);
  EXPECT_EQ(at15[2].scale, (model::Vec3{0.75f, 0.75f, 0.75f}));
  EXPECT_EQ(at15[0].translation, (model::Vec3{0, 12.5f, 0}));
}

}  // namespace
}  // namespace anmkit::test
