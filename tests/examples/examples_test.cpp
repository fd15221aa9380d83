// The committed examples/ are exactly what the committed generator writes, and they mean what
// the generator says.

#include <gtest/gtest.h>

#include <set>

#include "anmkit/formats/gem/gem_clip.hpp"
#include "anmkit/formats/gem/gem_read.hpp"
#include "anmkit/formats/gem/gem_validate.hpp"
#include "support/fixture_bytes.hpp"
#include "support/run_cli.hpp"

namespace anmkit::test {
namespace {

namespace fs = std::filesystem;

std::set<std::string> names_in(const fs::path& dir) {
  std::set<std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() == ".anm") out.insert(e.path().filename().string());
  }
  return out;
}

TEST(Examples, GeneratorReproducesTheCommittedFiles) {
  TempDir dir;
  const std::string command = shell_quote(ANMKIT_MAKE_EXAMPLES) + " " + shell_quote(dir.path().string());
  ASSERT_EQ(std::system(command.c_str()), 0);
  const fs::path committed = fs::path(ANMKIT_SOURCE_DIR) / "examples";
  ASSERT_EQ(names_in(dir.path()), names_in(committed));
  EXPECT_EQ(names_in(committed).size(), 4u);
  for (const auto& name : names_in(committed)) {
    EXPECT_EQ(read_bytes(dir.path() / name), read_bytes(committed / name))
        << name << " differs from what tools/make_examples writes; rerun it into examples/";
  }
}

TEST(Examples, EveryExampleIsCleanAndMeansWhatItSays) {
  const fs::path dir = fs::path(ANMKIT_SOURCE_DIR) / "examples";
  for (const auto& name : names_in(dir)) {
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

}  // namespace
}  // namespace anmkit::test
