// Files a file names (a .mdl's sequences) stay in its folder, or under a root the user gives: a
// model from elsewhere must not read ../../secret files, by a name or through a link.

#include <gtest/gtest.h>

#include <filesystem>

#include "anmkit/anmkit.hpp"
#include "support/door_of.hpp"
#include "anmkit/skeleton_search.hpp"
#include "support/fixture_bytes.hpp"
#include "support/run_cli.hpp"

namespace anmkit {
namespace {

namespace fs = std::filesystem;

const fs::path examples = fs::path(ANMKIT_SOURCE_DIR) / "examples";

TEST(References, ASequenceOutsideTheModelsFolderIsRefusedUnlessUnderARoot) {
  test::TempDir dir;
  fs::create_directories(dir.path() / "game/tank");
  fs::create_directories(dir.path() / "game/secret");
  fs::create_directories(dir.path() / "private");
  fs::copy_file(examples / "turret_v60.anm", dir.path() / "game/secret/fire.anm");
  fs::copy_file(examples / "turret_v60.anm", dir.path() / "private/idle.anm");
  fs::copy_file(examples / "turret_v60.anm", dir.path() / "game/tank/own.anm");
  fs::create_symlink(dir.path() / "private/idle.anm", dir.path() / "game/tank/linked.anm");
  const std::string mdl = dir.write_text(
      "game/tank/tank.mdl",
      "{Skeleton {bone \"basis\" {bone \"turret1\"}}\n"
      "  {animation {sequence \"own\" {file \"own.anm\"}} {sequence \"fire\" {file \"../secret/fire.anm\"}}\n"
      "             {sequence \"idle\" {file \"linked.anm\"}} {sequence \"far\" {file \"../../private/idle.anm\"}}}}\n");

  auto summary = test::summary_of(mdl);
  ASSERT_TRUE(summary) << summary.error().to_string();
  ASSERT_EQ(summary->sequences.size(), 4u);
  EXPECT_TRUE(summary->sequences[0].exists);
  EXPECT_FALSE(summary->sequences[1].exists);
  EXPECT_FALSE(summary->sequences[2].exists);  // a link out of the folder
  EXPECT_FALSE(summary->sequences[3].exists);
  EXPECT_NE(summary->text.find("    fire        ../secret/fire.anm (refused: outside the model's folder and the roots given; missing)\n"),
            std::string::npos)
      << summary->text;

  const auto refused = [](const GltfOutput& out) {
    std::vector<std::string> found;
    for (const Warning& w : out.warnings) {
      if (w.message.find("leads out of the folder") != std::string::npos) found.push_back(w.message);
    }
    return found;
  };
  auto gltf = model_to_gltf(mdl);
  ASSERT_TRUE(gltf) << gltf.error().to_string();
  ASSERT_EQ(refused(*gltf).size(), 3u);
  EXPECT_EQ(refused(*gltf)[0],
            "sequence 'fire': its {file \"../secret/fire.anm\"} is " + (dir.path() / "game/tank/../secret/fire.anm").string() +
                ": '../secret/fire.anm' leads out of the folder of " + mdl +
                " (give a root it may lead to, the game's resource folder, with the reference_roots option) (skipped)");

  // Under a root given: the game's folder holds secret/ but not private/.
  OpenOptions options;
  options.reference_roots = {(dir.path() / "game").string()};
  summary = test::summary_of(mdl, options);
  ASSERT_TRUE(summary);
  EXPECT_TRUE(summary->sequences[1].exists);
  EXPECT_FALSE(summary->sequences[2].exists);
  EXPECT_FALSE(summary->sequences[3].exists);
  gltf = model_to_gltf(mdl, options);
  ASSERT_TRUE(gltf);
  ASSERT_EQ(refused(*gltf).size(), 2u);
  EXPECT_NE(refused(*gltf)[0].find("'linked.anm' leads out of the folder of " + mdl + ", and under none of the roots given (the reference_roots option)"),
            std::string::npos)
      << refused(*gltf)[0];
}

// The command line's words: --root DIR, which lets the model reach under it.
TEST(References, TheCommandLineGivesRootsWithRoot) {
  test::TempDir dir;
  fs::create_directories(dir.path() / "game/tank");
  fs::create_directories(dir.path() / "game/shared");
  fs::copy_file(examples / "turret_v60.anm", dir.path() / "game/shared/fire.anm");
  const std::string mdl = dir.write_text(
      "game/tank/tank.mdl", "{Skeleton {bone \"basis\"} {animation {sequence \"fire\" {file \"../shared/fire.anm\"}}}}\n");
  auto r = test::run_cli({"info", mdl}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("    fire        ../shared/fire.anm (refused: outside the model's folder and the roots given; missing)\n"),
            std::string::npos)
      << r.out;
  // The glTF's warning says the option.
  r = test::run_cli({"convert", mdl, "-o", dir.file("tank.glb")}, dir);
  EXPECT_NE(r.err.find(" (give a root it may lead to, the game's resource folder, with --root DIR) (skipped)"), std::string::npos)
      << r.err;
  r = test::run_cli({"--root", (dir.path() / "game").string(), "info", mdl}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("    fire        ../shared/fire.anm (present)\n"), std::string::npos) << r.out;
}

// The game runs on Windows: `{file "Body_R.ANM"}` and `{file "sub\turret_r.anm"}` name files the
// game finds whatever their case, with `\` a separator; a name that is two files is an error.
TEST(References, NamesAreFoundAsTheGameOnWindowsFindsThem) {
  test::TempDir dir;
  fs::create_directories(dir.path() / "tank/sub");
  for (const char* file : {"body_r.anm", "sub/turret_r.anm", "Hull.anm", "hull.anm"}) {
    fs::copy_file(examples / "turret_v60.anm", dir.path() / "tank" / file);
  }
  const std::string mdl = dir.write_text(
      "tank/tank.mdl",
      "{Skeleton {bone \"basis\" {bone \"body\" {bone \"turret1\" {bone \"gun_rot\"}} {bone \"hatch\"}}}\n"
      "  {animation {sequence \"body\" {file \"Body_R.ANM\"}} {sequence \"turret\" {file \"sub\\turret_r.anm\"}}\n"
      "             {sequence \"both\" {file \"SUB\\Turret_R.Anm\"}} {sequence \"hull\" {file \"HULL.ANM\"}}\n"
      "             {sequence \"gone\" {file \"sub\\none.anm\"}}}}\n");

  auto summary = test::summary_of(mdl);
  ASSERT_TRUE(summary) << summary.error().to_string();
  ASSERT_EQ(summary->sequences.size(), 5u);
  EXPECT_TRUE(summary->sequences[0].exists);
  EXPECT_TRUE(summary->sequences[1].exists);
  EXPECT_TRUE(summary->sequences[2].exists);
  EXPECT_FALSE(summary->sequences[3].exists);
  EXPECT_FALSE(summary->sequences[4].exists);
  const std::string ambiguous = "'HULL.ANM' is ambiguous: the folder " + (dir.path() / "tank").string() +
                                " holds both 'Hull.anm' and 'hull.anm', which differ only in case (the game, on Windows, "
                                "would not tell them apart)";
  EXPECT_NE(summary->text.find("    hull        HULL.ANM (refused: " + ambiguous + "; missing)\n"), std::string::npos) << summary->text;

  // The glTF reads the three files found and says why the fourth and fifth are not.
  auto gltf = model_to_gltf(mdl);
  ASSERT_TRUE(gltf) << gltf.error().to_string();
  std::vector<std::string> warnings;
  for (const Warning& w : gltf->warnings) warnings.push_back(w.message);
  ASSERT_EQ(warnings.size(), 2u) << ::testing::PrintToString(warnings);
  EXPECT_NE(warnings[0].find("sequence 'hull': "), std::string::npos) << warnings[0];
  EXPECT_NE(warnings[0].find(ambiguous + " (skipped)"), std::string::npos) << warnings[0];
  EXPECT_EQ(warnings[1], "sequence 'gone': its {file \"sub\\none.anm\"} is " + (dir.path() / "tank/sub/none.anm").string() +
                             ": cannot open: No such file or directory (skipped)");

  // The skeleton search pairs a file with the model that names it in another case.
  auto found = SkeletonFinder().find((dir.path() / "tank/body_r.anm").string());
  ASSERT_TRUE(found) << found.error().to_string();
  EXPECT_EQ(found->model, mdl);
  EXPECT_EQ(found->reason, SkeletonReason::lists_it);
}


// The game's texture folder (texture_dir) must be one: a folder that is not there, or a file, is
// the call's error (io), naming the folder and the setting, from every call that would look in it;
// a call that reads no figure (the meshes left out) does not look, and is not refused.
TEST(References, ATextureFolderThatIsNoFolderIsAnError) {
  test::TempDir dir;
  fs::create_directories(dir.path() / "tank");
  fs::create_directories(dir.path() / "texture");
  fs::copy_file(examples / "turret_v60.anm", dir.path() / "tank/fire.anm");
  const std::string mdl = dir.write_text("tank/tank.mdl", "{Skeleton {bone \"basis\" {bone \"turret1\"}}\n"
                                                          "  {animation {sequence \"fire\" {file \"fire.anm\"}}}}\n");
  const std::string absent = dir.file("no/texture");
  const std::string file = dir.write_text("e50.pak", "not a folder");
  const auto expect_refused = [&](const Error& e, const std::string& folder, const std::string& what, const std::string& call) {
    const std::string message = "the game's texture folder '" + folder + "' (texture_dir) " + what;
    EXPECT_EQ(e.code, ErrorCode::io) << call;
    EXPECT_EQ(e.message, message) << call;
    EXPECT_EQ(e.file, mdl) << call;
    // The setting is data: where the message says it, for each front end to put in its words.
    const std::size_t at = message.find("texture_dir");
    EXPECT_EQ(e.settings, (std::vector<SettingMention>{{"texture_dir", at, 11}})) << call;
  };
  for (const auto& [folder, what] : {std::pair{absent, "does not exist"}, std::pair{file, "is not a folder"}}) {
    OpenOptions options;
    options.texture_dir = folder;
    auto gltf = model_to_gltf(mdl, options);
    ASSERT_FALSE(gltf);
    expect_refused(gltf.error(), folder, what, "model_to_gltf");
    auto summary = test::summary_of(mdl, options);
    ASSERT_FALSE(summary);
    expect_refused(summary.error(), folder, what, "model_summary");
    auto figure = test::figure_of(mdl, options);
    ASSERT_FALSE(figure);
    expect_refused(figure.error(), folder, what, "model_figure");
    // An animation on the model: its glTF reads the model's figure.
    options.skeleton = mdl;
    auto document = Document::open(dir.file("tank/fire.anm"), options);
    ASSERT_TRUE(document) << document.error().to_string();
    auto on_model = document->to_gltf();
    ASSERT_FALSE(on_model);
    EXPECT_EQ(on_model.error().code, ErrorCode::io);
    EXPECT_EQ(on_model.error().message, "the game's texture folder '" + folder + "' (texture_dir) " + what);
    EXPECT_EQ(on_model.error().file, dir.file("tank/fire.anm"));
    // Without the meshes no texture is looked for.
    options.skeleton.clear();
    options.meshes = false;
    EXPECT_TRUE(model_to_gltf(mdl, options));
    EXPECT_TRUE(test::summary_of(mdl, options));
  }
  OpenOptions options;
  options.texture_dir = dir.file("texture");
  EXPECT_TRUE(model_to_gltf(mdl, options));
  EXPECT_TRUE(test::figure_of(mdl, options));
  auto summary = test::summary_of(mdl, options);
  ASSERT_TRUE(summary) << summary.error().to_string();
}

}  // namespace
}  // namespace anmkit
