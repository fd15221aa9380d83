// Issue 38's sweep of the vehicle resources: every .ply, .mtl, .vol, .dds and .tga anywhere under
// ../shared/corpus (every folder, the extension in any letter case, so files dropped in later are
// swept too) opens through the front door users hit (anmkit::Document::open for the meshes,
// materials and volumes, the image layer's decode_texture for the textures); each .ply, .mtl and
// .vol also reads at its format's level, writes back byte for byte and validates without an
// error. A file that fails any step is listed, with the step and the library's error, in one
// failure that names every such file, not only the first. (mesh_corpus_test.cpp, vol_test.cpp and
// texture_corpus_test.cpp check the numbers of the vehicle files in detail; this is the one place
// that says which real files do not open.)

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <exception>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "anmkit/anmkit.hpp"
#include "anmkit/core/diagnostic.hpp"
#include "anmkit/core/path_utf8.hpp"
#include "anmkit/formats/gem/mesh/mtl_read.hpp"
#include "anmkit/formats/gem/mesh/mtl_validate.hpp"
#include "anmkit/formats/gem/mesh/mtl_write.hpp"
#include "anmkit/formats/gem/mesh/ply_read.hpp"
#include "anmkit/formats/gem/mesh/ply_validate.hpp"
#include "anmkit/formats/gem/mesh/ply_write.hpp"
#include "anmkit/formats/gem/mesh/vol_file.hpp"
#include "anmkit/formats/gem/mesh/vol_validate.hpp"
#include "anmkit/image/texture.hpp"
#include "anmkit/image/texture_tga.hpp"
#include "support/externals.hpp"
#include "support/fixture_bytes.hpp"

namespace anmkit {
namespace {

namespace fs = std::filesystem;
using Bytes = std::vector<std::uint8_t>;

// The folder ANMKIT_CORPUS_DIR names (its gem/ and gem-vehicles/ are the other tests' corpora).
fs::path corpus_root() { return test::vehicles_corpus_path().parent_path(); }

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return s;
}

// A file that did not open: where (relative to the corpus), which step, and what the library said.
struct Failure {
  std::string file, step, error;
};

class Sweep {
 public:
  explicit Sweep(std::string file) : file_(std::move(file)) {}

  // Runs one step; a step that returns an error text, or throws, is a failure of the file.
  // Returns whether the step passed.
  bool step(const std::string& name, const std::function<std::string()>& run) {
    std::string error;
    try {
      error = run();
    } catch (const std::exception& e) {
      error = std::string("threw: ") + e.what();
    } catch (...) {
      error = "threw a non-standard exception";
    }
    if (error.empty()) return true;
    failures.push_back({file_, name, error});
    return false;
  }

  std::vector<Failure> failures;

 private:
  std::string file_;
};

// The error-severity findings of a validator, one text; "" when there is none.
std::string errors_of(const std::vector<Diagnostic>& diagnostics) {
  std::string out;
  for (const Diagnostic& d : diagnostics) {
    if (d.severity != Severity::error) continue;
    if (!out.empty()) out += "; ";
    out += d.id + ": " + d.message;
    if (d.offset) out += " (at byte " + std::to_string(*d.offset) + ")";
  }
  return out;
}

// The format-level steps of one kind: read, write back byte for byte, validate without an error.
template <class Read, class Write, class Validate>
void round_trip(Sweep& sweep, const Bytes& bytes, Read read, Write write, Validate validate) {
  auto file = read(bytes);
  if (!sweep.step("read", [&] { return file ? std::string() : file.error().to_string(); })) return;
  sweep.step("write back", [&]() -> std::string {
    auto written = write(*file);
    if (!written) return written.error().to_string();
    if (*written == bytes) return {};
    const auto at = std::mismatch(written->begin(), written->end(), bytes.begin(), bytes.end());
    return "not byte-identical: " + std::to_string(written->size()) + " bytes written for " +
           std::to_string(bytes.size()) + ", first difference at byte " +
           std::to_string(at.first - written->begin());
  });
  sweep.step("validate", [&] { return errors_of(validate(*file)); });
}

// What the door titles each kind (a file that another reader took would be misread).
const std::map<std::string, std::string>& resource_titles() {
  static const std::map<std::string, std::string> titles{{".ply", "GEM mesh (.ply, EPLY)"},
                                                         {".mtl", "GEM material (.mtl)"},
                                                         {".vol", "GEM collision volume (.vol, EVLM)"}};
  return titles;
}

void sweep_resource(Sweep& sweep, const fs::path& path, const std::string& extension, const Bytes& bytes) {
  sweep.step("open", [&]() -> std::string {
    OpenOptions any;
    any.kinds = OpenKinds::all();
    auto opened = Document::open(utf8(path), any);
    if (!opened) return opened.error().to_string();
    if (opened->kind() != DocumentKind::resource) return "opened as " + std::string(kind_name(opened->kind()));
    const auto summary = opened->summary();
    if (!summary) return summary.error().to_string();
    const Summary& s = *summary;
    if (s.kind != "resource" || s.title != resource_titles().at(extension)) {
      return "read as \"" + s.title + "\" (kind " + s.kind + ")";
    }
    if (s.size != bytes.size()) return "size " + std::to_string(s.size) + ", the file has " + std::to_string(bytes.size());
    const auto dump = opened->to_json(true);
    if (!dump || dump->empty()) return "no dump";
    return errors_of(opened->validate());
  });
  if (extension == ".ply") {
    round_trip(sweep, bytes, [](const Bytes& b) { return gem::mesh::read_ply(b); },
               [](const auto& f) { return gem::mesh::write_ply(f); },
               [](const auto& f) { return gem::mesh::validate_ply(f); });
  } else if (extension == ".mtl") {
    round_trip(sweep, bytes, [](const Bytes& b) { return gem::mesh::read_mtl(b); },
               [](const auto& f) { return gem::mesh::write_mtl(f); },
               [](const auto& f) { return gem::mesh::validate_mtl(f); });
  } else {
    round_trip(sweep, bytes, [](const Bytes& b) { return gem::mesh::read_vol(b); },
               [](const auto& f) { return gem::mesh::write_vol(f); },
               [](const auto& f) { return gem::mesh::validate_vol(f); });
  }
}

void sweep_texture(Sweep& sweep, const std::string& extension, const Bytes& bytes) {
  sweep.step("decode_texture", [&]() -> std::string {
    const texture::Kind expected = extension == ".dds" ? texture::Kind::dds : texture::Kind::tga;
    const texture::Kind kind = texture::detect_texture(bytes);
    if (kind != expected) {
      std::string why = "recognised as " + std::string(texture::kind_name(kind));
      if (expected == texture::Kind::tga) {  // a TGA has no signature: its header's reader says why
        if (auto header = texture::read_tga_header(bytes); !header) why += ": " + header.error().to_string();
      }
      return why;
    }
    auto image = texture::decode_texture(bytes);
    if (!image) return image.error().to_string();
    if (image->width == 0 || image->height == 0) return "an empty picture";
    if (image->rgba.size() != std::size_t(image->width) * image->height * 4) {
      return std::to_string(image->rgba.size()) + " bytes of RGBA for " + std::to_string(image->width) + " x " +
             std::to_string(image->height);
    }
    return {};
  });
}

TEST(ResourceSweep, EveryRealMeshMaterialVolumeAndTextureOpens) {
  const fs::path root = corpus_root();
  ANMKIT_NEED_EXTERNAL(fs::is_directory(root), "the corpus folder " + root.string(), test::gem_corpus_how_to_get);
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    if (e.is_regular_file()) files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());

  std::map<std::string, std::size_t> swept;
  std::vector<Failure> failures;
  for (const fs::path& path : files) {
    const std::string extension = lower(path.extension().string());
    const bool resource = resource_titles().count(extension) != 0;
    if (!resource && extension != ".dds" && extension != ".tga") continue;
    ++swept[extension];
    Sweep sweep(fs::relative(path, root).generic_string());
    const Bytes bytes = test::read_bytes(path);
    if (sweep.step("read the file", [&] { return bytes.empty() ? std::string("no bytes read") : std::string(); })) {
      if (resource) {
        sweep_resource(sweep, path, extension, bytes);
      } else {
        sweep_texture(sweep, extension, bytes);
      }
    }
    failures.insert(failures.end(), sweep.failures.begin(), sweep.failures.end());
  }

  std::string report;
  for (const Failure& f : failures) report += "\n  " + f.file + ": " + f.step + ": " + f.error;
  EXPECT_TRUE(failures.empty()) << failures.size() << " failures under " << root.string() << ":" << report;
  // The files of the corpus today (find -iname over it): more may come, none may go unread.
  EXPECT_GE(swept[".ply"], 109u);
  EXPECT_GE(swept[".mtl"], 9u);
  EXPECT_GE(swept[".vol"], 28u);
  EXPECT_GE(swept[".dds"], 6u);
  EXPECT_GE(swept[".tga"], 2u);
}

// A few decoded pixels of one texture of each kind, (x, y) from the top left -> RGBA. The values
// are those of a Python script written for this test from the formats' descriptions, run once
// over the files' bytes: a TGA type-10 run-length decoder (BGR to RGB, alpha 255, descriptor 0x00
// so rows stored bottom-up) and a DXT5 block decoder (alpha: 8 levels when a0 > a1, else 6 and
// 0, 255; colour: RGB565 widened by bit replication, the two thirds rounded down).
TEST(ResourceSweep, DecodedPixelsOfARealTgaAndDds) {
  const fs::path root = corpus_root();
  ANMKIT_NEED_EXTERNAL(fs::is_directory(root), "the corpus folder " + root.string(), test::gem_corpus_how_to_get);
  auto pixel = [](const texture::Image& image, std::size_t x, std::size_t y) {
    const std::size_t at = (y * image.width + x) * 4;
    return std::array<int, 4>{image.rgba[at], image.rgba[at + 1], image.rgba[at + 2], image.rgba[at + 3]};
  };
  // 24-bit run-length TGA, stored bottom-up: its rows taken top-down would put (36, 32, 32) at (17, 3).
  auto tga = texture::decode_texture(test::read_bytes(root / "gem-vehicles/e-25/e25tracks.tga"));
  ASSERT_TRUE(tga) << tga.error().to_string();
  EXPECT_EQ(tga->width, 256u);
  EXPECT_EQ(tga->height, 256u);
  EXPECT_EQ(pixel(*tga, 17, 3), (std::array<int, 4>{67, 67, 52, 255}));
  EXPECT_EQ(pixel(*tga, 200, 10), (std::array<int, 4>{38, 38, 38, 255}));
  // DXT5 normal map with 8 mip levels (the first decoded), an alpha that varies from pixel to pixel.
  auto dds = texture::decode_texture(test::read_bytes(root / "gem-vehicles/e-75/tiger_ii_track_nm.dds"));
  ASSERT_TRUE(dds) << dds.error().to_string();
  EXPECT_EQ(dds->width, 128u);
  EXPECT_EQ(dds->height, 128u);
  EXPECT_EQ(pixel(*dds, 17, 3), (std::array<int, 4>{0, 113, 255, 113}));
  EXPECT_EQ(pixel(*dds, 100, 37), (std::array<int, 4>{27, 93, 150, 90}));
}

}  // namespace
}  // namespace anmkit
