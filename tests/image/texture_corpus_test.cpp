// The real textures of ../shared/corpus/gem-vehicles (the E-25's 24-bit run-length TGA, bottom-up;
// the E-75's DXT1 and DXT5 DDS, with and without mipmaps): every one decodes, at the size its
// header says, and writes as a PNG that reads back the same. Their pixels are those of decoders
// that are not ours: netpbm's tgatoppm for the TGA, and for the DDS a Python decoder written for
// this test from the format's description (dxt_reference.py beside this file).

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <sstream>

#include <unistd.h>

#include "anmkit/image/png.hpp"
#include "anmkit/image/texture.hpp"
#include "anmkit/image/texture_dds.hpp"
#include "anmkit/image/texture_tga.hpp"
#include "support/externals.hpp"
#include "support/fixture_bytes.hpp"

namespace anmkit::texture {
namespace {

namespace fs = std::filesystem;

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return s;
}

std::vector<fs::path> textures_under(const fs::path& root) {
  std::vector<fs::path> out;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    const std::string ext = lower(e.path().extension().string());
    if (e.is_regular_file() && (ext == ".dds" || ext == ".tga")) out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

struct Known {
  std::uint32_t width, height;
  const char* encoding;  // DDS: its encoding; TGA: "RLE" or "raw"
  std::size_t levels;    // DDS: mip levels; TGA: bits per pixel
};

// What the files are, read from their headers by hand (xxd).
const std::map<std::string, Known>& known() {
  static const std::map<std::string, Known> all{
      {"e-25/e25body.tga", {1024, 1024, "RLE", 24}},      {"e-25/e25tracks.tga", {256, 256, "RLE", 24}},
      {"e-75/E-75_CM.dds", {256, 256, "DXT1", 9}},        {"e-75/Tiger_II_track.dds", {256, 256, "DXT5", 1}},
      {"e-75/track.dds", {256, 256, "DXT5", 1}},          {"e-75/Tiger_II_track_SM.dds", {128, 128, "DXT5", 8}},
      {"e-75/tiger_ii_track_nm.dds", {128, 128, "DXT5", 8}}, {"e-75/tiger_ii_track_sp.dds", {128, 128, "DXT5", 8}},
  };
  return all;
}

TEST(TextureCorpus, EveryTextureDecodesAndWritesAsPng) {
  ANMKIT_REQUIRE_VEHICLES_CORPUS(root);
  const auto files = textures_under(root);
  std::size_t dds = 0, tga = 0;
  for (const fs::path& path : files) {
    const std::string name = fs::relative(path, root).generic_string();
    SCOPED_TRACE(name);
    const auto bytes = test::read_bytes(path);
    const Kind kind = detect_texture(bytes);
    EXPECT_EQ(kind, lower(path.extension().string()) == ".dds" ? Kind::dds : Kind::tga);
    auto image = decode_texture(bytes);
    ASSERT_TRUE(image) << image.error().to_string();
    ASSERT_EQ(image->rgba.size(), std::size_t(image->width) * image->height * 4);
    if (kind == Kind::dds) {
      ++dds;
      auto layout = read_dds_layout(bytes);
      ASSERT_TRUE(layout);
      if (auto k = known().find(name); k != known().end()) {
        EXPECT_EQ(encoding_name(layout->encoding), k->second.encoding);
        EXPECT_EQ(layout->levels.size(), k->second.levels);
        EXPECT_EQ(layout->levels.back().offset + layout->levels.back().size, bytes.size());  // the chain ends the file
      }
    } else {
      ++tga;
      auto header = read_tga_header(bytes);
      ASSERT_TRUE(header);
      if (auto k = known().find(name); k != known().end()) {
        EXPECT_EQ(header->run_length ? "RLE" : "raw", std::string(k->second.encoding));
        EXPECT_EQ(header->bits_per_pixel, k->second.levels);
        EXPECT_FALSE(header->top_down);
      }
    }
    if (auto k = known().find(name); k != known().end()) {
      EXPECT_EQ(image->width, k->second.width);
      EXPECT_EQ(image->height, k->second.height);
    }
    auto png_bytes = png::encode_rgba(image->width, image->height, image->rgba);
    ASSERT_TRUE(png_bytes) << png_bytes.error().to_string();
    auto back = png::decode(*png_bytes, std::size_t(image->width) * image->height);
    ASSERT_TRUE(back) << back.error().to_string();
    ASSERT_EQ(back->rgba.size(), std::size_t(image->width) * image->height);
    for (std::size_t i = 0; i < back->rgba.size(); ++i) {
      const model::Color c = back->rgba[i];
      ASSERT_EQ((std::array<std::uint8_t, 4>{c.r, c.g, c.b, c.a}),
                (std::array<std::uint8_t, 4>{image->rgba[4 * i], image->rgba[4 * i + 1], image->rgba[4 * i + 2], image->rgba[4 * i + 3]}))
          << "pixel " << i;
    }
  }
  // Every file the corpus's README lists (a folder that lost one would test less).
  EXPECT_GE(dds, 6u);
  EXPECT_GE(tga, 2u);
  for (const auto& [name, k] : known()) EXPECT_TRUE(fs::exists(root / name)) << name;
}

std::vector<std::uint8_t> run_to_file(const std::string& command, const fs::path& out) {
  const int rc = std::system((command + " > " + out.string()).c_str());
  EXPECT_EQ(rc, 0) << command;
  return test::read_bytes(out);
}

fs::path scratch() {
  const fs::path dir = fs::temp_directory_path() / ("anmkit_textures_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir;
}

// netpbm's tgatoppm: a binary PPM ("P6 W H 255", then RGB), top row first.
TEST(TextureCorpus, TgaPixelsAreThoseOfNetpbm) {
  ANMKIT_REQUIRE_VEHICLES_CORPUS(root);
  ANMKIT_NEED_EXTERNAL(test::have_program("tgatoppm"), "tgatoppm", "Debian's netpbm, which scripts/deps installs");
  const fs::path dir = scratch();
  for (const char* name : {"e-25/e25tracks.tga", "e-25/e25body.tga"}) {
    SCOPED_TRACE(name);
    auto image = decode_tga(test::read_bytes(root / name));
    ASSERT_TRUE(image) << image.error().to_string();
    const auto ppm = run_to_file("tgatoppm " + (root / name).string(), dir / "out.ppm");
    std::istringstream head(std::string(reinterpret_cast<const char*>(ppm.data()), std::min<std::size_t>(ppm.size(), 32)));
    std::string magic;
    std::size_t width = 0, height = 0, maxval = 0;
    head >> magic >> width >> height >> maxval;
    ASSERT_EQ(magic, "P6");
    ASSERT_EQ(maxval, 255u);
    ASSERT_EQ(width, image->width);
    ASSERT_EQ(height, image->height);
    const std::size_t start = std::size_t(head.tellg()) + 1;  // one whitespace byte after maxval
    ASSERT_EQ(ppm.size() - start, width * height * 3);
    std::size_t differ = 0;
    for (std::size_t i = 0; i < width * height; ++i) {
      for (std::size_t c = 0; c < 3; ++c) differ += ppm[start + 3 * i + c] != image->rgba[4 * i + c];
      differ += image->rgba[4 * i + 3] != 255;
    }
    EXPECT_EQ(differ, 0u);
  }
  fs::remove_all(dir);
}

TEST(TextureCorpus, DdsPixelsAreThoseOfAnIndependentDecoder) {
  ANMKIT_REQUIRE_VEHICLES_CORPUS(root);
  ANMKIT_NEED_EXTERNAL(test::have_program("python3"), "python3", "Debian's python3, which scripts/deps installs");
  const fs::path dir = scratch();
  const std::string script = std::string(ANMKIT_SOURCE_DIR) + "/tests/image/dxt_reference.py";
  for (const char* name : {"e-75/E-75_CM.dds", "e-75/Tiger_II_track.dds", "e-75/Tiger_II_track_SM.dds"}) {
    SCOPED_TRACE(name);
    auto image = decode_dds(test::read_bytes(root / name));
    ASSERT_TRUE(image) << image.error().to_string();
    const fs::path out = dir / "out.rgba";
    ASSERT_EQ(std::system(("python3 " + script + " " + (root / name).string() + " " + out.string()).c_str()), 0);
    const auto reference = test::read_bytes(out);
    ASSERT_EQ(reference.size(), image->rgba.size());
    std::size_t differ = 0;
    for (std::size_t i = 0; i < reference.size(); ++i) differ += reference[i] != image->rgba[i];
    EXPECT_EQ(differ, 0u);
  }
  fs::remove_all(dir);

  // A few of those pixels, as the script printed them: (x, y) -> RGBA.
  auto pixel = [](const Image& image, std::size_t x, std::size_t y) {
    const std::size_t at = (y * image.width + x) * 4;
    return std::array<int, 4>{image.rgba[at], image.rgba[at + 1], image.rgba[at + 2], image.rgba[at + 3]};
  };
  auto cm = decode_dds(test::read_bytes(root / "e-75/E-75_CM.dds"));
  ASSERT_TRUE(cm);
  EXPECT_EQ(pixel(*cm, 0, 0), (std::array<int, 4>{0, 0, 0, 0}));  // DXT1's transparent black
  EXPECT_EQ(pixel(*cm, 17, 3), (std::array<int, 4>{24, 24, 24, 255}));
  EXPECT_EQ(pixel(*cm, 100, 37), (std::array<int, 4>{156, 154, 156, 255}));
  auto track = decode_dds(test::read_bytes(root / "e-75/Tiger_II_track.dds"));
  ASSERT_TRUE(track);
  EXPECT_EQ(pixel(*track, 0, 0), (std::array<int, 4>{82, 85, 82, 255}));
  EXPECT_EQ(pixel(*track, 17, 3), (std::array<int, 4>{41, 30, 21, 255}));
  EXPECT_EQ(pixel(*track, 255, 255), (std::array<int, 4>{0, 0, 0, 0}));
}

}  // namespace
}  // namespace anmkit::texture
