// SkeletonFinder: which model file goes with an animation, over folders made here (two vehicles
// whose .mdl both list fire.anm, a .mdl listing nothing that has the bones, files with no model,
// LM's .bin beside, names differing in case, a broken model) and over the real vehicle folders.

#include "anmkit/skeleton_search.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <thread>

#include "anmkit/formats/gem/gem_file.hpp"
#include "support/externals.hpp"
#include "support/fixture_bytes.hpp"
#include "support/run_cli.hpp"

namespace anmkit::test {
namespace {

namespace fs = std::filesystem;

// A GEM animation of one frame animating one bone.
std::vector<std::uint8_t> one_bone_animation(const std::string& bone) {
  FixtureBytes b;
  b.header(gem::version_6_0, 1, {bone});
  b.tag("FRM2").u16(0).u8(1).u8(0).u16(0x0b).f32s({0, 0, 1.5f, 0, 0, 0});
  return b.bytes();
}

// A .mdl with these sequences ({name, file}; file "" for none) and a chain of these bones.
std::string mdl(const std::vector<std::pair<std::string, std::string>>& sequences, const std::vector<std::string>& bones) {
  std::string text = "{Skeleton\n  {animation\n";
  for (const auto& [name, file] : sequences) {
    text += "    {sequence \"" + name + "\"" + (file.empty() ? "" : " {file \"" + file + "\"}") + "}\n";
  }
  text += "  }\n";
  std::string close;
  for (const auto& bone : bones) {
    text += "  {bone \"" + bone + "\"\n";
    close += "}";
  }
  return text + close + "\n}\n";
}

class SkeletonSearch : public ::testing::Test {
 protected:
  void SetUp() override {
    for (const char* folder : {"root/v1", "root/v2", "root/v3", "root/v4", "root/v5", "root/broken", "loose", "loose2", "nothing"}) {
      fs::create_directories(dir.path() / folder);
    }
    // Two vehicles whose .mdl both list fire.anm; v1's skeleton has "body", v2's "turret1".
    dir.write_text("root/v1/v1.mdl", mdl({{"fire", "fire.anm"}}, {"basis", "body"}));
    dir.write("root/v1/fire.anm", one_bone_animation("body"));
    dir.write_text("root/v2/v2.mdl", mdl({{"fire", "fire.anm"}, {"hull", "hull.anm"}}, {"basis", "turret1"}));
    dir.write("root/v2/fire.anm", one_bone_animation("turret1"));
    // A .mdl that lists nothing but has the bones of walk.anm, not those of hull.anm.
    dir.write_text("root/v3/v3.mdl", mdl({}, {"basis", "Turret1"}));
    dir.write("root/v3/walk.anm", one_bone_animation("turret1"));
    dir.write("root/v3/hull.anm", one_bone_animation("hull"));
    // Names differing in case: the .mdl (upper-case extension) says "Fire.ANM" for fire.anm.
    dir.write_text("root/v4/V4.MDL", mdl({{"fire", "Fire.ANM"}}, {"basis"}));
    dir.write("root/v4/fire.anm", one_bone_animation("hull"));
    // Where a .mdl names "fire.anm" and both fire.anm and FIRE.anm exist, FIRE.anm is not it.
    dir.write_text("root/v5/v5.mdl", mdl({{"fire", "fire.anm"}}, {"basis"}));
    dir.write("root/v5/fire.anm", one_bone_animation("hull"));
    dir.write("root/v5/FIRE.anm", one_bone_animation("hull"));
    // A model that cannot be read beside an animation.
    dir.write_text("root/broken/broken.mdl", "{Skeleton {bone \"a\"");
    dir.write("root/broken/fire.anm", one_bone_animation("body"));
    // Animations whose folders have no model: by file name from the roots, or none.
    dir.write("loose/fire.anm", one_bone_animation("turret1"));
    dir.write("loose2/fire.anm", one_bone_animation("hull"));
    dir.write("nothing/other.anm", one_bone_animation("body"));
  }

  SkeletonMatch find(const SkeletonFinder& finder, const std::string& animation) {
    auto found = finder.find(dir.file(animation));
    EXPECT_TRUE(found) << found.error().to_string();
    return found ? *found : SkeletonMatch{};
  }

  TempDir dir;
};

TEST_F(SkeletonSearch, AModelListingThisVeryFileWins) {
  const SkeletonFinder finder({dir.file("root")});
  for (const std::string v : {"v1", "v2"}) {
    const auto m = find(finder, "root/" + v + "/fire.anm");
    EXPECT_EQ(m.model, dir.file("root/" + v + "/" + v + ".mdl"));
    EXPECT_EQ(m.reason, SkeletonReason::lists_it);
    EXPECT_EQ(m.sequence, "fire");
    EXPECT_EQ(m.why, v + ".mdl lists it as sequence 'fire'");
  }
}

TEST_F(SkeletonSearch, AModelInItsFolderWithEveryBoneItAnimates) {
  const SkeletonFinder finder({dir.file("root")});
  auto m = find(finder, "root/v3/walk.anm");
  EXPECT_EQ(m.model, dir.file("root/v3/v3.mdl"));
  EXPECT_EQ(m.reason, SkeletonReason::has_its_bones);
  EXPECT_EQ(m.why, "in its folder, with the 1 bone it animates");
  // v2.mdl names hull.anm, but hull.anm's own folder has a .mdl: none from another folder.
  m = find(finder, "root/v3/hull.anm");
  EXPECT_EQ(m.model, "");
  EXPECT_EQ(m.reason, SkeletonReason::none_fits_its_folder);
  EXPECT_EQ(m.why, "its folder's .mdl file (v3.mdl) neither lists it nor has every bone it animates; none from another folder is taken");
}

TEST_F(SkeletonSearch, FromTheRootsByFileNameWithItsBonesFirst) {
  const SkeletonFinder finder({dir.file("root")});
  // v1.mdl and v2.mdl both name fire.anm; only v2's has turret1.
  auto m = find(finder, "loose/fire.anm");
  EXPECT_EQ(m.model, dir.file("root/v2/v2.mdl"));
  EXPECT_EQ(m.reason, SkeletonReason::names_its_file_name);
  EXPECT_EQ(m.why, "from the search roots: names a file of that name, with the 1 bone it animates");
  // Neither has hull: the first by path, saying what it lacks.
  m = find(finder, "loose2/fire.anm");
  EXPECT_EQ(m.model, dir.file("root/v1/v1.mdl"));
  EXPECT_EQ(m.reason, SkeletonReason::names_its_file_name_lacking_bones);
  EXPECT_EQ(m.why, "from the search roots: names a file of that name, without 1 of the 1 bones it animates");
  m = find(finder, "nothing/other.anm");
  EXPECT_EQ(m.model, "");
  EXPECT_EQ(m.reason, SkeletonReason::none);
  EXPECT_EQ(m.why, "no .mdl file in its folder or under the search roots names it");
  // Without roots only the animation's own folder counts.
  const SkeletonFinder alone;
  m = find(alone, "loose/fire.anm");
  EXPECT_EQ(m.reason, SkeletonReason::none);
  EXPECT_EQ(find(alone, "root/v2/fire.anm").model, dir.file("root/v2/v2.mdl"));
}

TEST_F(SkeletonSearch, AModelFileGivenAsARoot) {
  const SkeletonFinder finder({dir.file("root/v2/v2.mdl")});
  EXPECT_EQ(finder.root_models(), std::vector<std::string>{dir.file("root/v2/v2.mdl")});
  const auto m = find(finder, "loose2/fire.anm");
  EXPECT_EQ(m.model, dir.file("root/v2/v2.mdl"));
  EXPECT_EQ(m.reason, SkeletonReason::names_its_file_name_lacking_bones);
}

TEST_F(SkeletonSearch, NamesDifferingInCaseAsOnWindows) {
  const SkeletonFinder finder;
  auto m = find(finder, "root/v4/fire.anm");
  EXPECT_EQ(m.model, dir.file("root/v4/V4.MDL"));
  EXPECT_EQ(m.reason, SkeletonReason::lists_it);
  // The .mdl's fire.anm exists, so it names that file and not FIRE.anm beside it.
  EXPECT_EQ(find(finder, "root/v5/fire.anm").reason, SkeletonReason::lists_it);
  m = find(finder, "root/v5/FIRE.anm");
  EXPECT_EQ(m.model, "");
  EXPECT_EQ(m.reason, SkeletonReason::none_fits_its_folder);
}

TEST_F(SkeletonSearch, AModelThatCannotBeReadIsSkippedAndNamed) {
  const SkeletonFinder finder({dir.file("root")});
  ASSERT_EQ(finder.root_unreadable().size(), 1u);
  EXPECT_EQ(finder.root_unreadable()[0].file, dir.file("root/broken/broken.mdl"));
  const auto m = find(finder, "root/broken/fire.anm");
  EXPECT_EQ(m.model, "") << "not v1.mdl, which names a fire.anm too: the broken model may be the right one";
  EXPECT_EQ(m.reason, SkeletonReason::none_fits_its_folder);
  EXPECT_EQ(m.why, "its folder's .mdl file (broken.mdl, unreadable) neither lists it nor has every bone it animates; none "
                   "from another folder is taken");
  ASSERT_EQ(m.unreadable.size(), 1u);
  EXPECT_EQ(m.unreadable[0].file, dir.file("root/broken/broken.mdl"));
  // The roots list the readable models only, in path order.
  EXPECT_EQ(finder.root_models(), (std::vector<std::string>{dir.file("root/v1/v1.mdl"), dir.file("root/v2/v2.mdl"),
                                                            dir.file("root/v3/v3.mdl"), dir.file("root/v4/V4.MDL"),
                                                            dir.file("root/v5/v5.mdl")}));
}

TEST_F(SkeletonSearch, LmBinBesideItUnderItsName) {
  const fs::path ex = fs::path(ANMKIT_SOURCE_DIR) / "examples";
  fs::create_directories(dir.path() / "lm/models");
  fs::copy_file(ex / "mansion_door.anm", dir.path() / "lm/mansion_door.anm");
  fs::copy_file(ex / "mansion_door.bin", dir.path() / "lm/MANSION_DOOR.BIN");
  fs::copy_file(ex / "mansion_door.bin", dir.path() / "lm/models/mansion_door.bin");
  fs::copy_file(ex / "mansion_door.anm", dir.path() / "loose/mansion_door.anm");
  dir.write_text("lm/tank.mdl", mdl({{"door", "mansion_door.anm"}}, {"basis"}));  // another format's model
  const SkeletonFinder finder({dir.file("lm/models")});
  auto m = find(finder, "lm/mansion_door.anm");
  EXPECT_EQ(m.model, dir.file("lm/MANSION_DOOR.BIN"));
  EXPECT_EQ(m.reason, SkeletonReason::lists_it);
  EXPECT_EQ(m.why, "MANSION_DOOR.BIN lists it as sequence 'MANSION_DOOR' (paired by name)");
  m = find(finder, "loose/mansion_door.anm");
  EXPECT_EQ(m.model, dir.file("lm/models/mansion_door.bin"));
  EXPECT_EQ(m.reason == SkeletonReason::names_its_file_name || m.reason == SkeletonReason::names_its_file_name_lacking_bones, true)
      << m.why;
}

TEST_F(SkeletonSearch, ThreadsShareOneSearch) {
  const SkeletonFinder finder({dir.file("root")});
  std::vector<SkeletonMatch> got(8);
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < got.size(); ++t) {
    threads.emplace_back([&, t] { got[t] = *finder.find(dir.file(t % 2 ? "root/v3/walk.anm" : "root/v1/fire.anm")); });
  }
  for (auto& t : threads) t.join();
  for (std::size_t t = 0; t < got.size(); ++t) {
    EXPECT_EQ(got[t].model, dir.file(t % 2 ? "root/v3/v3.mdl" : "root/v1/v1.mdl"));
  }
}

TEST_F(SkeletonSearch, AnAnimationThatCannotBeReadIsAnError) {
  const SkeletonFinder finder;
  const auto m = finder.find(dir.file("nothing/missing.anm"));
  ASSERT_FALSE(m);
  EXPECT_EQ(m.error().code, ErrorCode::io);
  EXPECT_EQ(m.error().file, dir.file("nothing/missing.anm"));
}

// The real vehicle folders: every animation pairs with its own folder's .mdl, even with every
// folder as a root (where names such as fire.anm and engine_r.anm are in several .mdl files).
TEST(SkeletonSearchCorpus, EveryAnimationPairsWithItsOwnFoldersMdl) {
  ANMKIT_REQUIRE_VEHICLES_CORPUS(corpus);
  const SkeletonFinder finder({corpus.string()});
  EXPECT_EQ(finder.root_models(), (std::vector<std::string>{(corpus / "e-25/e-25.mdl").string(), (corpus / "e-75/e-75.mdl").string(),
                                                            (corpus / "pzh2000_x/pzh2000_x.mdl").string()}));
  EXPECT_TRUE(finder.root_unreadable().empty());
  std::size_t animations = 0;
  for (const auto& folder : {"e-25", "e-75", "pzh2000_x"}) {
    for (const auto& entry : fs::directory_iterator(corpus / folder)) {
      const auto bytes = read_bytes(entry.path());
      if (!detect(bytes)) continue;
      ++animations;
      SCOPED_TRACE(entry.path().string());
      const auto m = finder.find(entry.path().string());
      ASSERT_TRUE(m) << m.error().to_string();
      EXPECT_EQ(m->model, (corpus / folder / (std::string(folder) + ".mdl")).string());
      EXPECT_EQ(m->reason, SkeletonReason::lists_it) << m->why;
    }
  }
  EXPECT_EQ(animations, 21u) << "e-25: 3 (one named .anm), e-75: 12, pzh2000_x: 6";
  const auto fire = finder.find((corpus / "e-75/fire.anm").string());
  ASSERT_TRUE(fire);
  EXPECT_EQ(fire->why, "e-75.mdl lists it as sequence 'fire' (no {file}: named after the sequence)");
}

}  // namespace
}  // namespace anmkit::test
