// The committed examples/ are exactly what the committed generator writes, and they mean what
// the generator says.

#include <gtest/gtest.h>

#include <set>

#include "anmkit/formats/gem/gem_clip.hpp"
#include "anmkit/formats/gem/gem_read.hpp"
#include "anmkit/formats/gem/gem_validate.hpp"
#include "anmkit/formats/lm/lm_bin.hpp"
#include "anmkit/formats/lm/lm_curves.hpp"
#include "anmkit/formats/lm/lm_read.hpp"
#include "anmkit/formats/lm/lm_validate.hpp"
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

TEST(Examples, GeneratorReproducesTheCommittedFiles) {
  TempDir dir;
  const std::string command = shell_quote(ANMKIT_MAKE_EXAMPLES) + " " + shell_quote(dir.path().string());
  ASSERT_EQ(std::system(command.c_str()), 0);
  const fs::path committed = fs::path(ANMKIT_SOURCE_DIR) / "examples";
  ASSERT_EQ(names_in(dir.path()), names_in(committed));
  EXPECT_EQ(names_in(committed).size(), 7u);
  for (const auto& name : names_in(committed)) {
    EXPECT_EQ(read_bytes(dir.path() / name), read_bytes(committed / name))
        << name << " differs from what tools/make_examples writes; rerun it into examples/";
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
