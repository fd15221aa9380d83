// The command line with MM2 sprites: info, validate, dump/build, export to PNG folders, sheets,
// GIF and IFF, and import of edited frames.

#include <gtest/gtest.h>

#include <cstring>

#include <gif_lib.h>
#include <nlohmann/json.hpp>

#include "anmkit/image/png.hpp"
#include "anmkit/formats/mm2/mm2_compose.hpp"
#include "anmkit/formats/mm2/mm2_read.hpp"
#include "support/externals.hpp"
#include "support/fixture_bytes.hpp"
#include "support/mm2_fixture.hpp"
#include "support/run_cli.hpp"

#include <fmt/format.h>

namespace anmkit::test {
namespace {

using json = nlohmann::ordered_json;

const std::string ghost = std::string(ANMKIT_SOURCE_DIR) + "/examples/ghost_mm2.anm";

mm2::File ghost_file() { return *mm2::read(read_bytes(ghost)); }

// A sprite small enough to compose by hand: base 4x3; slot 0 at (1, 1) 2x1 over a 3x2 patch
// (cropped, with a hole); slot 1 at (3, 2) 2x2 reaching past the base: the canvas is 5x4.
const std::vector<test::Mm2Frame> small_frames{
    {4, 3, {1, 1, 1, 1, 1, 2, 2, 1, 1, 1, 1, 1}}, {3, 2, {5, 0, 7, 9, 9, 9}}, {2, 2, {6, 6, 0, 6}}};

std::vector<std::uint8_t> small_sprite() {
  test::Mm2Spec s;
  s.slots = {{1, 1, 2, 1}, {3, 2, 2, 2}};
  s.blocks = {{1, 4, 2, 4, 0, 4}};
  s.frames = small_frames;
  return test::mm2_file(s);
}

// Its composed states (notes point 11): the base; state 1 clears (1, 1) 2x1 and draws the
// patch's top-left 2x1, 5 then a hole; state 2 clears (3, 2) 2x2 and draws 6 6 / hole 6.
const std::vector<std::uint8_t> small_states[3] = {
    {1, 1, 1, 1, 0,  1, 2, 2, 1, 0,  1, 1, 1, 1, 0,  0, 0, 0, 0, 0},
    {1, 1, 1, 1, 0,  1, 5, 0, 1, 0,  1, 1, 1, 1, 0,  0, 0, 0, 0, 0},
    {1, 1, 1, 1, 0,  1, 2, 2, 1, 0,  1, 1, 1, 6, 6,  0, 0, 0, 0, 6}};

// Amiga 0x0RGB to 8 bits a channel: nibble * 17 (notes point 9).
std::array<std::uint8_t, 3> rgb_of(std::uint16_t word) {
  return {std::uint8_t((word >> 8 & 15) * 17), std::uint8_t((word >> 4 & 15) * 17), std::uint8_t((word & 15) * 17)};
}

TEST(CliMm2, InfoAndValidate) {
  TempDir dir;
  auto r = run_cli({"info", ghost}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("  canvas      36x28\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("     0: 82 ticks, 1.37 s: state:delay 0:40 1:6 0:30 1:6\n"), std::string::npos) << r.out;
  r = run_cli({"info", "--json", "--tick-hz", "50", ghost}, dir);
  const json j = json::parse(r.out);
  EXPECT_EQ(j["sequences"][0]["seconds"], 82.0 / 50);
  EXPECT_EQ(j["frames"][3]["rect"].dump(), "[26,4,10,12]");
  // The arm's patch, drawn at (26, 4) 10x12, reaches past the 30x28 base on purpose: legal, and said.
  r = run_cli({"validate", ghost}, dir);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, ghost + ": valid (0 errors, 1 warning)\n");
  const std::string arm = ":12: warning: patch frame 3's rectangle (26, 4) 10x12 reaches past the base picture (30x28); "
                          "the composed states grow to 36x28 to hold it\n";
  EXPECT_EQ(r.err, ghost + arm);

  auto bytes = read_bytes(ghost);
  bytes[0x33 + 1] = 9;  // the first step of the first sequence shows state 9
  const auto bad = dir.write("bad.anm", bytes);
  r = run_cli({"validate", bad}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, bad + arm + bad + ":52: error: sequence 0 step 0 shows composed state 9, but the file has 4 (0..3)\n");
}

TEST(CliMm2, DumpBuildAndEditedSequences) {
  TempDir dir;
  auto r = run_cli({"dump", ghost, "-o", dir.file("g.json")}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = run_cli({"build", dir.file("g.json"), "-o", dir.file("g.anm")}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_bytes(dir.file("g.anm")), read_bytes(ghost));
  json doc = json::parse(slurp(dir.file("g.json")));
  doc["sequences"][1] = json::array({json::array({3, 20}), json::array({0, 5})});
  const auto edited = dir.write_text("edited.json", doc.dump());
  r = run_cli({"build", edited, "-o", dir.file("edited.anm")}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto file = mm2::read(read_bytes(dir.file("edited.anm")));
  ASSERT_TRUE(file);
  EXPECT_EQ(file->blocks[1], (mm2::Bytes{3, 20, 0, 5}));
  EXPECT_EQ(file->streams, ghost_file().streams);
  doc["sequences"][1] = json::array({json::array({3, 255})});
  const auto broken = dir.write_text("broken.json", doc.dump());
  r = run_cli({"build", broken, "-o", dir.file("broken.anm")}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, broken + ":/sequences/1/0/1: error: expected an integer from 0 to 254, found 255\n");
}

TEST(CliMm2, ExportToAFolderOfIndexedPngs) {
  TempDir dir;
  const auto small = dir.write("small.anm", small_sprite());
  auto r = run_cli({"convert", small, "-o", dir.file("frames") + "/"}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto palette = test::mm2_test_palette();
  for (std::size_t i = 0; i < 3; ++i) {
    SCOPED_TRACE(i);
    auto png_raw = png::decode(read_bytes(dir.file(fmt::format("frames/raw_{:03}.png", i))));
    ASSERT_TRUE(png_raw);
    EXPECT_TRUE(png_raw->indexed);
    EXPECT_EQ(png_raw->indices, (model::IndexedImage{small_frames[i].w, small_frames[i].h, small_frames[i].pixels}));
    ASSERT_EQ(png_raw->palette.size(), 32u);
    EXPECT_EQ(png_raw->palette[0].a, 0) << "pen 0 is transparent";
    for (std::size_t pen = 1; pen < 32; ++pen) {
      const auto c = rgb_of(palette[pen]);
      EXPECT_EQ(png_raw->palette[pen], (model::Color{c[0], c[1], c[2], 255})) << "pen " << pen;
    }
    auto composed = png::decode(read_bytes(dir.file(fmt::format("frames/composed_{:03}.png", i))));
    ASSERT_TRUE(composed);
    EXPECT_EQ(composed->indices, (model::IndexedImage{5, 4, small_states[i]}));
  }
  EXPECT_FALSE(std::filesystem::exists(dir.file("frames/raw_003.png")));
  r = run_cli({"convert", small, "-o", dir.file("big") + "/", "--scale", "3"}, dir);
  ASSERT_EQ(r.exit_code, 0);
  auto big = png::decode(read_bytes(dir.file("big/composed_002.png")));
  ASSERT_TRUE(big);
  EXPECT_EQ(big->width, 15u);
  EXPECT_EQ(big->height, 12u);
  for (std::size_t y = 0; y < 12; ++y) {
    for (std::size_t x = 0; x < 15; ++x) ASSERT_EQ(big->indices.at(x, y), small_states[2][y / 3 * 5 + x / 3]) << x << ", " << y;
  }
}

struct GifBytes {
  std::vector<std::uint8_t> bytes;
  std::size_t pos = 0;
  static int read(GifFileType* gif, GifByteType* out, int length) {
    auto* self = static_cast<GifBytes*>(gif->UserData);
    const std::size_t n = std::min<std::size_t>(std::size_t(length), self->bytes.size() - self->pos);
    std::memcpy(out, self->bytes.data() + self->pos, n);
    self->pos += n;
    return int(n);
  }
};

std::vector<int> gif_delays(const std::string& path, int& frames) {
  GifBytes in{read_bytes(path)};
  int error = 0;
  GifFileType* gif = DGifOpen(&in, GifBytes::read, &error);
  std::vector<int> out;
  if (!gif || DGifSlurp(gif) != GIF_OK) return out;
  frames = gif->ImageCount;
  for (int i = 0; i < gif->ImageCount; ++i) {
    GraphicsControlBlock gcb{};
    DGifSavedExtensionToGCB(gif, i, &gcb);
    out.push_back(gcb.DelayTime);
  }
  DGifCloseFile(gif, &error);
  return out;
}

TEST(CliMm2, GifOfTheLongestSequenceASequenceOrAFlipbook) {
  TempDir dir;
  int frames = 0;
  ASSERT_EQ(run_cli({"convert", ghost, "-o", dir.file("idle.gif")}, dir).exit_code, 0);
  // Sequence 0 (82 ticks, the longest) at 60 Hz: ends at 40, 46, 76, 82 ticks = 67, 77, 127, 137 cs.
  EXPECT_EQ(gif_delays(dir.file("idle.gif"), frames), (std::vector<int>{67, 10, 50, 10}));
  EXPECT_EQ(frames, 4);
  ASSERT_EQ(run_cli({"convert", ghost, "-o", dir.file("attack.gif"), "--sequence", "2", "--tick-hz", "50"}, dir).exit_code, 0);
  EXPECT_EQ(gif_delays(dir.file("attack.gif"), frames), (std::vector<int>{20, 24, 20, 16}));
  ASSERT_EQ(run_cli({"convert", ghost, "-o", dir.file("flip.gif"), "--flipbook"}, dir).exit_code, 0);
  EXPECT_EQ(gif_delays(dir.file("flip.gif"), frames), (std::vector<int>{17, 16, 17, 17}));
  auto r = run_cli({"convert", ghost, "-o", dir.file("x.gif"), "--sequence", "7"}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, ghost + ": error: --sequence 7: the file has 3 sequences\n");
}

TEST(CliMm2, SheetIffAndUnknownOutputs) {
  TempDir dir;
  ASSERT_EQ(run_cli({"convert", ghost, "-o", dir.file("sheet.png"), "--raw"}, dir).exit_code, 0);
  const json sidecar = json::parse(slurp(dir.file("sheet.json")));
  EXPECT_EQ(sidecar["content"], "stored frames");
  EXPECT_EQ(sidecar["cells"][3].dump(), R"({"frame":3,"x":30,"y":28,"width":10,"height":12})");
  auto sheet = png::decode(read_bytes(dir.file("sheet.png")));
  ASSERT_TRUE(sheet);
  EXPECT_EQ(sheet->width, 60u);
  ASSERT_EQ(run_cli({"convert", ghost, "-o", dir.file("arm.iff"), "--state", "3"}, dir).exit_code, 0);
  const auto iff = read_bytes(dir.file("arm.iff"));
  ASSERT_GE(iff.size(), 24u);
  EXPECT_EQ(std::string(iff.begin(), iff.begin() + 4), "FORM");
  EXPECT_EQ(iff[20] << 8 | iff[21], 36) << "the canvas width";
  auto r = run_cli({"convert", ghost, "-o", dir.file("x.bmp")}, dir);
  EXPECT_EQ(r.exit_code, 2) << "no output is written as .bmp: a usage error";
  EXPECT_NE(r.err.find("cannot tell what to write from '-o "), std::string::npos) << r.err;
}

TEST(CliMm2, NetpbmReadsTheIff) {
  TempDir dir;
  ANMKIT_NEED_EXTERNAL(have_program("ilbmtoppm"), "netpbm's ilbmtoppm", "scripts/deps installs Debian's netpbm package");
  ASSERT_EQ(run_cli({"convert", ghost, "-o", dir.file("arm.iff"), "--state", "3"}, dir).exit_code, 0);
  const std::string command = "ilbmtoppm " + shell_quote(dir.file("arm.iff")) + " > " + shell_quote(dir.file("arm.ppm")) + " 2>/dev/null";
  ASSERT_EQ(std::system(command.c_str()), 0);
  const auto ppm = read_bytes(dir.file("arm.ppm"));
  const std::string header = "P6\n36 28\n255\n";
  ASSERT_EQ(std::string(ppm.begin(), ppm.begin() + std::ptrdiff_t(header.size())), header);
  // A pixel of a binary PPM: the data follows the third newline ("P6\nW H\n255\n").
  const auto rgb_at = [](const std::vector<std::uint8_t>& image, std::size_t width, std::size_t x, std::size_t y) {
    std::size_t start = 0;
    for (int lines = 0; lines < 3; ++start) lines += image.at(start) == '\n';
    const std::size_t at = start + 3 * (y * width + x);
    return std::array<std::uint8_t, 3>{image.at(at), image.at(at + 1), image.at(at + 2)};
  };
  // State 3 of the ghost, pixels worked out from the drawing in tools/make_examples and the
  // palette words pinned in examples_test: the outline (pen 1, 0x111) at the top of the head, the
  // body (pen 4, 0xaab), an eye (pen 10, 0x0cf), the raised arm and its outline past the base's
  // edge; inside the arm's rectangle the patch's hole shows the cleared canvas, not the body.
  EXPECT_EQ(rgb_at(ppm, 36, 15, 0), (std::array<std::uint8_t, 3>{17, 17, 17}));
  EXPECT_EQ(rgb_at(ppm, 36, 15, 13), (std::array<std::uint8_t, 3>{170, 170, 187}));
  EXPECT_EQ(rgb_at(ppm, 36, 10, 10), (std::array<std::uint8_t, 3>{0, 204, 255}));
  EXPECT_EQ(rgb_at(ppm, 36, 34, 4), (std::array<std::uint8_t, 3>{170, 170, 187}));
  EXPECT_EQ(rgb_at(ppm, 36, 33, 4), (std::array<std::uint8_t, 3>{17, 17, 17}));
  EXPECT_EQ(rgb_at(ppm, 36, 26, 12), (std::array<std::uint8_t, 3>{0, 0, 0}));
  EXPECT_EQ(rgb_at(ppm, 36, 35, 27), (std::array<std::uint8_t, 3>{0, 0, 0}));

  // Every pixel of the small sprite's state 2, worked by hand.
  const auto small = dir.write("small.anm", small_sprite());
  ASSERT_EQ(run_cli({"convert", small, "-o", dir.file("small.iff"), "--state", "2"}, dir).exit_code, 0);
  const std::string small_command = "ilbmtoppm " + shell_quote(dir.file("small.iff")) + " > " + shell_quote(dir.file("small.ppm"));
  ASSERT_EQ(std::system(small_command.c_str()), 0);
  const auto small_ppm = read_bytes(dir.file("small.ppm"));
  ASSERT_EQ(std::string(small_ppm.begin(), small_ppm.begin() + 11), "P6\n5 4\n255\n");
  ASSERT_EQ(small_ppm.size(), 11u + 5 * 4 * 3);
  const auto palette = test::mm2_test_palette();
  for (std::size_t y = 0; y < 4; ++y) {
    for (std::size_t x = 0; x < 5; ++x) EXPECT_EQ(rgb_at(small_ppm, 5, x, y), rgb_of(palette[small_states[2][y * 5 + x]])) << x << ", " << y;
  }
}

TEST(CliMm2, ImportEditedFrames) {
  TempDir dir;
  ASSERT_EQ(run_cli({"convert", ghost, "-o", dir.file("frames") + "/"}, dir).exit_code, 0);
  auto r = run_cli({"convert", dir.file("frames"), "-o", dir.file("same.anm"), "--base", ghost}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_bytes(dir.file("same.anm")), read_bytes(ghost)) << "nothing edited: byte for byte";

  auto png2 = png::decode(read_bytes(dir.file("frames/raw_002.png")));
  ASSERT_TRUE(png2);
  model::IndexedImage edited = png2->indices;
  edited.pixels[2 * edited.width + 3] = 12;  // a yellow tooth
  dir.write("frames/raw_002.png", *png::encode_indexed(edited, png2->palette));
  r = run_cli({"convert", dir.file("frames"), "-o", dir.file("edited.anm"), "--base", ghost}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto file = mm2::read(read_bytes(dir.file("edited.anm")));
  ASSERT_TRUE(file);
  const mm2::File original = ghost_file();
  EXPECT_EQ(file->streams[0], original.streams[0]);
  EXPECT_EQ(file->streams[1], original.streams[1]);
  EXPECT_EQ(file->streams[3], original.streams[3]);
  EXPECT_NE(file->streams[2], original.streams[2]);
  EXPECT_EQ((*mm2::raw_frames(*file))[2], edited);
  EXPECT_EQ(run_cli({"validate", dir.file("edited.anm")}, dir).exit_code, 0);

  r = run_cli({"convert", dir.file("frames"), "-o", dir.file("x.anm")}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, dir.file("frames") + ": error: importing a folder needs --base ORIGINAL.anm (the file the frames came from)\n");
}

TEST(CliMm2, FramesExportedAtAScaleComeBackAsTheFile) {
  TempDir dir;
  ASSERT_EQ(run_cli({"convert", ghost, "-o", dir.file("x4") + "/", "--scale", "4"}, dir).exit_code, 0);
  auto png0 = png::decode(read_bytes(dir.file("x4/raw_000.png")));
  ASSERT_TRUE(png0);
  EXPECT_EQ(png0->width, 120u) << "the base, 30 wide, 4 times";
  auto r = run_cli({"convert", dir.file("x4"), "-o", dir.file("found.anm"), "--base", ghost}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(read_bytes(dir.file("found.anm")), read_bytes(ghost)) << "scale 4 found: byte for byte";
  r = run_cli({"convert", dir.file("x4"), "-o", dir.file("given.anm"), "--base", ghost, "--scale", "4"}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_bytes(dir.file("given.anm")), read_bytes(ghost));

  r = run_cli({"convert", dir.file("x4"), "-o", dir.file("three.anm"), "--base", ghost, "--scale", "3"}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, dir.file("x4/raw_000.png") + ": error: the image is 120x112, not a whole number of 3x3 blocks (the scale it is read at)\n");
  r = run_cli({"convert", dir.file("x4"), "-o", dir.file("one.anm"), "--base", ghost, "--scale", "1"}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, dir.file("x4/raw_000.png") + ": error: the image is 120x112 but frame 0 is 30x28, 4 times its size in 4x4 "
                   "blocks of one colour, as if exported at scale 4: give that scale (--scale N); --resize accepts a new size\n");
  EXPECT_FALSE(std::filesystem::exists(dir.file("three.anm")));
  EXPECT_FALSE(std::filesystem::exists(dir.file("one.anm")));

  // With --resize, a sprite enlarged as a whole is a bigger sprite: its rectangles grow with it.
  r = run_cli({"convert", dir.file("x4"), "-o", dir.file("big.anm"), "--base", ghost, "--scale", "1", "--resize"}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto big = mm2::read(read_bytes(dir.file("big.anm")));
  ASSERT_TRUE(big);
  EXPECT_EQ(big->frames[0].width, 120u);
  EXPECT_EQ(big->prelude[2].raw, (std::array<std::uint8_t, 4>{104, 16, 40, 48})) << "(26, 4) 10x12, 4 times";
}

TEST(CliMm2, AFrameNumberPastAnyIntegerIsAnError) {
  // std::stoul threw std::out_of_range on the file name: the process aborted.
  TempDir dir;
  ASSERT_EQ(run_cli({"convert", ghost, "-o", dir.file("frames") + "/"}, dir).exit_code, 0);
  std::filesystem::create_directories(dir.file("edited"));
  const std::string name = dir.write("edited/raw_99999999999999999999999.png", read_bytes(dir.file("frames/raw_000.png")));
  auto r = run_cli({"convert", dir.file("edited"), "-o", dir.file("x.anm"), "--base", ghost}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, name + ": error: the base file has frames 0..3, not 99999999999999999999999\n");
}

}  // namespace
}  // namespace anmkit::test
