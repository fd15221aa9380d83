// Every real `.mdl` of ../shared/corpus (gem-models/, gem-vehicles/, gem/) reads as the game reads
// it: the bone count the corpus README gives (counted again by a separate reader, a Python script
// over the tokens written for this test), as many sequences and collision volumes as that script
// found, one root, no note (every block is one the model reads or keeps), and the text written back
// byte for byte. The armour file kept under the .mdl name is told apart from the models.

#include <gtest/gtest.h>

#include <filesystem>
#include <map>

#include "anmkit/formats/gem/mdl.hpp"
#include "anmkit/model/clip.hpp"
#include "support/fixture_bytes.hpp"

namespace anmkit::gem {
namespace {

namespace fs = std::filesystem;

struct Counts {
  std::size_t bones, sequences, volumes, views;
};

// bones (README), then sequences, top-level {volume}s and {VolumeView}s, all keywords in any case.
const std::map<std::string, Counts> models = {
    {"50cal_quad_m45.mdl", {57, 8, 28, 30}},  {"e-100.mdl", {65, 7, 16, 43}},
    {"e-100_x.mdl", {42, 6, 0, 41}},          {"e-25_x.mdl", {54, 3, 8, 22}},
    {"e-25_xx.mdl", {52, 3, 8, 20}},          {"e-50_x.mdl", {27, 7, 10, 26}},
    {"e-50_xx.mdl", {7, 4, 9, 6}},            {"e-75_x.mdl", {49, 3, 0, 47}},
    {"e-75_xx.mdl", {9, 2, 0, 6}},            {"m24_chaffee.mdl", {112, 11, 44, 56}},
    {"m36_gmc.mdl", {111, 11, 60, 48}},       {"m8_greyhound.mdl", {107, 8, 44, 50}},
    {"m8_greyhound_early.mdl", {101, 8, 42, 46}}, {"m8_hmc.mdl", {124, 12, 56, 66}},
    {"older/pzh2000_xx.mdl", {32, 0, 13, 15}}, {"older/t26e4.mdl", {123, 12, 60, 66}},
    {"pzh2000_xx.mdl", {32, 0, 13, 15}},      {"t26e4.mdl", {123, 12, 60, 66}},
};
const std::map<std::string, Counts> vehicles = {
    {"e-25/e-25.mdl", {54, 3, 8, 22}},
    {"e-75/e-75.mdl", {79, 13, 23, 47}},
    {"pzh2000_x/pzh2000_x.mdl", {54, 6, 0, 37}},
};

void expect_model(const fs::path& path, const Counts& expected) {
  SCOPED_TRACE(path.string());
  const auto bytes = test::read_bytes(path);
  EXPECT_EQ(mdl_kind(bytes), MdlKind::model);
  auto mdl = read_mdl(bytes);
  ASSERT_TRUE(mdl) << mdl.error().to_string();
  EXPECT_EQ(mdl->bones.size(), expected.bones);
  EXPECT_EQ(mdl->sequences.size(), expected.sequences);
  EXPECT_EQ(mdl->volumes.size(), expected.volumes);
  std::size_t views = 0, roots = 0;
  for (const MdlBone& bone : mdl->bones) {
    views += bone.views.size();
    roots += bone.parent < 0 ? 1u : 0u;
  }
  EXPECT_EQ(views, expected.views);
  EXPECT_EQ(roots, 1u);
  EXPECT_TRUE(model::names_equal(mdl->bones[0].name, "basis"));
  for (const Diagnostic& note : mdl->notes) ADD_FAILURE() << note.id << ": " << note.message;
  auto written = write_mdl(*mdl);
  ASSERT_TRUE(written) << written.error().to_string();
  EXPECT_TRUE(*written == bytes) << "write_mdl(read_mdl(bytes)) != bytes";
}

TEST(MdlCorpus, EveryModelOfTheGameStylesReadsAsTheGameReadsItAndWritesBack) {
  ANMKIT_REQUIRE_MODELS_CORPUS(dir);
  std::size_t seen = 0;
  for (const auto& [name, counts] : models) {
    expect_model(dir / name, counts);
    ++seen;
  }
  EXPECT_EQ(seen, 18u);
}

TEST(MdlCorpus, EveryVehicleModelReadsAndWritesBack) {
  ANMKIT_REQUIRE_VEHICLES_CORPUS(dir);
  for (const auto& [name, counts] : vehicles) expect_model(dir / name, counts);
  ANMKIT_REQUIRE_GEM_CORPUS(gem);
  expect_model(gem / "goh_e25_tank-e-25.mdl", {54, 3, 8, 22});
}

TEST(MdlCorpus, LowerCaseTransformsAndBoneKindsAreRead) {
  ANMKIT_REQUIRE_MODELS_CORPUS(dir);
  auto mdl = read_mdl(test::read_bytes(dir / "m36_gmc.mdl"));
  ASSERT_TRUE(mdl) << mdl.error().to_string();
  // {bone revolute "basis" ... {orientation 1 0 0  0 -1 0  0 0 1}
  const MdlBone& basis = mdl->bones[0];
  EXPECT_EQ(basis.kind, "revolute");
  EXPECT_EQ(basis.rest, (model::Matrix34{1, 0, 0, 0, -1, 0, 0, 0, 1, 0, 0, 0}));
  // {bone revolute "gun_rot" ... {matrix34 1 0 0  0 0 1  0 -1 0  19.6712 4.9956 2.9754}
  const int gun_rot = mdl->find_bone("gun_rot");
  ASSERT_GE(gun_rot, 0);
  EXPECT_EQ(mdl->bones[std::size_t(gun_rot)].kind, "revolute");
  EXPECT_EQ(mdl->bones[std::size_t(gun_rot)].rest, (model::Matrix34{1, 0, 0, 0, 0, 1, 0, -1, 0, 19.6712f, 4.9956f, 2.9754f}));
  EXPECT_EQ(mdl->bones[std::size_t(gun_rot)].parent, mdl->find_bone("turret"));
  EXPECT_EQ(mdl->bones[std::size_t(gun_rot)].views.at(0).file, "gun_rot.ply");
  // {bone "body" ... {Position -1.1752 0 17.8644}, capitalised among lower-case blocks.
  const MdlBone& body = mdl->bones[std::size_t(mdl->find_bone("body"))];
  EXPECT_EQ(body.kind, "");
  EXPECT_EQ(body.rest, (model::Matrix34{1, 0, 0, 0, 1, 0, 0, 0, 1, -1.1752f, 0, 17.8644f}));
  // {sequence "repair" {file "body_r.anm"}{speed 0.7}} on the body; {sequence "start" {speed 0.7}} on the skeleton.
  ASSERT_GE(mdl->sequences.size(), 8u);
  EXPECT_EQ(mdl->sequences[0].name, "start");
  EXPECT_EQ(mdl->sequences[0].file, "start.anm");
  EXPECT_FALSE(mdl->sequences[0].file_given);
  EXPECT_EQ(mdl->sequences[0].bone, -1);
  EXPECT_EQ(mdl->sequences[7].name, "repair");
  EXPECT_EQ(mdl->sequences[7].file, "body_r.anm");
  EXPECT_EQ(mdl->sequences[7].bone, mdl->find_bone("body"));
  // Lower-case {volume} blocks are volumes, with their {bone} and shape, not bones.
  ASSERT_FALSE(mdl->volumes.empty());
  for (const MdlVolume& volume : mdl->volumes) {
    EXPECT_NE(volume.shape, MdlVolume::Shape::none) << volume.name;
    EXPECT_GE(volume.bone_index, 0) << volume.name << " on " << volume.bone;
  }
}

TEST(MdlCorpus, TheArmourFileIsNoModel) {
  ANMKIT_REQUIRE_MODELS_CORPUS(dir);
  const auto bytes = test::read_bytes(dir / "600mm_thor.mdl");
  EXPECT_EQ(mdl_kind(bytes), MdlKind::armour);
  EXPECT_FALSE(looks_like_mdl(bytes));
  auto mdl = read_mdl(bytes);
  ASSERT_FALSE(mdl);
  EXPECT_EQ(mdl.error().code, ErrorCode::bad_magic);
}

}  // namespace
}  // namespace anmkit::gem
