// A whole vehicle handed to the library as bytes (MemoryFiles, as the viewer hands it a picked
// folder) converts to the same glTF as from the disk: every mesh, material, texture and sequence
// found through the one file source, and nothing read from the disk.
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <set>
#include <string>

#include "anmkit/anmkit.hpp"
#include "anmkit/core/file_source.hpp"
#include "support/externals.hpp"
#include "support/fixture_bytes.hpp"

namespace anmkit {
namespace {

namespace fs = std::filesystem;

// The files of `folder`, named "NAME/..." (NAME: the folder's own name) in upper case, so
// that every name the model gives is found as the game finds it.
std::shared_ptr<MemoryFiles> in_memory(const fs::path& folder) {
  auto files = std::make_shared<MemoryFiles>();
  for (const auto& entry : fs::directory_iterator(folder)) {
    if (!entry.is_regular_file()) continue;
    std::string name = entry.path().filename().string();
    if (entry.path().extension() != ".mdl") {
      for (char& c : name) c = char(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
    }
    EXPECT_TRUE(files->add(folder.filename().string() + "/" + name, test::read_bytes(entry.path())));
  }
  return files;
}

TEST(MemoryFilesVehicle, AVehicleFromMemoryIsTheVehicleFromDisk) {
  ANMKIT_REQUIRE_VEHICLES_CORPUS(corpus);
  for (const char* vehicle : {"e-25", "pzh2000_x"}) {
    const fs::path folder = corpus / vehicle;
    const std::string mdl = std::string(vehicle) + "/" + vehicle + ".mdl";
    auto from_disk = model_to_gltf((corpus / mdl).string());
    ASSERT_TRUE(from_disk) << from_disk.error().to_string();
    OpenOptions options;
    options.files = in_memory(folder);
    auto from_memory = model_to_gltf(mdl, options);
    ASSERT_TRUE(from_memory) << from_memory.error().to_string();
    EXPECT_GT(from_memory->meshes, 0u) << vehicle;
    if (std::string(vehicle) == "e-25") {
      EXPECT_GT(from_memory->textures, 0u);  // (the PzH's are all in the game's shared folder)
    }
    EXPECT_EQ(from_memory->meshes, from_disk->meshes) << vehicle;
    EXPECT_EQ(from_memory->textures, from_disk->textures) << vehicle;
    EXPECT_EQ(from_memory->animations, from_disk->animations) << vehicle;
    EXPECT_EQ(from_memory->files_read.size(), from_disk->files_read.size()) << vehicle;
    EXPECT_EQ(from_memory->warnings.size(), from_disk->warnings.size()) << vehicle;
    EXPECT_TRUE(from_memory->bytes == from_disk->bytes) << vehicle << ": the glTF differs";
    // Nothing of it is on the disk under these names: a source without the files finds none.
    auto nothing = model_to_gltf(mdl, OpenOptions{.files = std::make_shared<MemoryFiles>()});
    ASSERT_FALSE(nothing);
    EXPECT_EQ(nothing.error().to_string(), mdl + ": error: cannot open: No such file or directory");
  }
}

// A caller that reads a file only when the library wants it (the viewer: a picked folder's files
// are names until read) names them all, then gives what files_wanted asks for, round by round:
// the meshes the .mdl names, then the materials they name, then the textures; the figure is then
// asked for once and is the figure from the disk. Nothing else of the folder is read.
TEST(MemoryFilesVehicle, AFigureWantsItsFilesRoundByRoundThenIsReadOnce) {
  ANMKIT_REQUIRE_VEHICLES_CORPUS(corpus);
  const fs::path folder = corpus / "e-25";
  auto files = std::make_shared<MemoryFiles>();
  std::size_t in_folder = 0;
  for (const auto& entry : fs::directory_iterator(folder)) {
    if (!entry.is_regular_file()) continue;
    ASSERT_TRUE(files->declare("e-25/" + entry.path().filename().string()));
    ++in_folder;
  }
  ASSERT_TRUE(files->add("e-25/e-25.mdl", test::read_bytes(folder / "e-25.mdl")));
  OpenOptions options;
  options.files = files;
  options.kinds = OpenKinds::all();
  auto model = Document::open("e-25/e-25.mdl", options);
  ASSERT_TRUE(model) << model.error().to_string();
  std::vector<std::set<std::string>> extensions;  // of each round's files
  std::size_t given = 1;
  for (int round = 0; round < 10; ++round) {
    auto wanted = model->files_wanted();
    ASSERT_TRUE(wanted) << wanted.error().to_string();
    if (wanted->empty()) break;
    std::set<std::string> kinds;
    for (const std::string& name : *wanted) {
      kinds.insert(fs::path(name).extension().string());
      ASSERT_TRUE(name.starts_with("e-25/")) << name;
      ASSERT_TRUE(files->add(name, test::read_bytes(folder / name.substr(5))));
      ++given;
    }
    extensions.push_back(kinds);
  }
  EXPECT_EQ(extensions, (std::vector<std::set<std::string>>{{".ply"}, {".mtl"}, {".tga"}}));
  EXPECT_LT(given, in_folder);  // its animations, volumes and scripts were never read
  auto figure = model->figure();
  ASSERT_TRUE(figure) << figure.error().to_string();
  OpenOptions disk;
  disk.kinds = OpenKinds::all();
  auto from_disk = Document::open((folder / "e-25.mdl").string(), disk);
  ASSERT_TRUE(from_disk) << from_disk.error().to_string();
  auto expected = from_disk->figure();
  ASSERT_TRUE(expected) << expected.error().to_string();
  EXPECT_EQ(figure->figure.meshes.size(), expected->figure.meshes.size());
  EXPECT_EQ(figure->figure.materials.size(), expected->figure.materials.size());
  ASSERT_EQ(figure->figure.textures.size(), expected->figure.textures.size());
  ASSERT_EQ(figure->figure.textures.size(), 2u);
  for (std::size_t t = 0; t < figure->figure.textures.size(); ++t) {
    EXPECT_GT(figure->figure.textures[t].width, 0u);
    EXPECT_TRUE(figure->figure.textures[t].rgba == expected->figure.textures[t].rgba) << t;
  }
  EXPECT_EQ(figure->warnings.size(), expected->warnings.size());
  // The disk has every file's bytes: nothing is wanted.
  auto none = from_disk->files_wanted();
  ASSERT_TRUE(none);
  EXPECT_TRUE(none->empty());
  // An animation is no model.
  auto animation = Document::open((folder / "fire.anm").string());
  ASSERT_TRUE(animation);
  const auto refused = animation->files_wanted();
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::unsupported);
}

}  // namespace
}  // namespace anmkit
