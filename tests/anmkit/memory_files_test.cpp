// A whole vehicle handed to the library as bytes (MemoryFiles, as the viewer hands it a picked
// folder) converts to the same glTF as from the disk: every mesh, material, texture and sequence
// found through the one file source, and nothing read from the disk.
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
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

}  // namespace
}  // namespace anmkit
