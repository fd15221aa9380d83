// One door for every game file the registry knows: a model and a resource open as a Document
// whose kind says what it is, with the calls that apply to it; callers that want animations alone
// keep the words that say what else a file is.

#include <gtest/gtest.h>

#include <filesystem>

#include "anmkit/anmkit.hpp"
#include "support/run_cli.hpp"

namespace anmkit {
namespace {

const char* const tank_mdl =
    "{Skeleton {bone \"basis\" {bone \"turret\" {animation {sequence \"fire\" {file \"fire.anm\"}}}}}}\n";

std::string example(const char* name) { return (std::filesystem::path(ANMKIT_SOURCE_DIR) / "examples" / name).string(); }

OpenOptions any_kind() {
  OpenOptions options;
  options.kinds = OpenKinds::all();
  return options;
}

TEST(DocumentKinds, AModelOpensAsAModelDocument) {
  test::TempDir dir;
  const std::string mdl = dir.write_text("tank.mdl", tank_mdl);
  std::filesystem::copy_file(example("turret_v60.anm"), dir.file("fire.anm"));
  auto document = Document::open(mdl, any_kind());
  ASSERT_TRUE(document) << document.error().to_string();
  EXPECT_EQ(document->kind(), DocumentKind::model);
  EXPECT_EQ(kind_name(document->kind()), "model");
  EXPECT_EQ(document->format().name, "gem");
  EXPECT_EQ(document->source_size(), std::string(tank_mdl).size());
  // Its bytes as they were, its reader's notes as its diagnostics (none here).
  auto bytes = document->write();
  ASSERT_TRUE(bytes);
  EXPECT_EQ(std::string(bytes->begin(), bytes->end()), tank_mdl);
  EXPECT_TRUE(document->validate().empty());
  auto summary = document->summary();
  ASSERT_TRUE(summary) << summary.error().to_string();
  EXPECT_EQ(summary->kind, "model");
  ASSERT_EQ(summary->joints.size(), 2u);
  EXPECT_EQ(summary->joints[1].name, "turret");
  auto sequences = document->sequences();
  ASSERT_TRUE(sequences);
  ASSERT_EQ(sequences->size(), 1u);
  EXPECT_EQ((*sequences)[0].name, "fire");
  EXPECT_TRUE((*sequences)[0].exists);
  auto files = document->sequence_files();
  ASSERT_TRUE(files);
  EXPECT_EQ(*files, std::vector<std::string>{"fire.anm"});
  // The skeleton is the figure's; glTF is the whole model with its sequence as an animation.
  auto skeleton = document->skeleton();
  ASSERT_TRUE(skeleton);
  EXPECT_EQ(skeleton->joints.size(), 2u);
  auto figure = document->figure();
  ASSERT_TRUE(figure);
  EXPECT_EQ(figure->skeleton.joints.size(), 2u);
  auto gltf = document->to_gltf();
  ASSERT_TRUE(gltf) << gltf.error().to_string();
  EXPECT_EQ(gltf->bones, 2u);
  EXPECT_EQ(gltf->animations, 1u);
  EXPECT_EQ(gltf->files_read, std::vector<std::string>{dir.file("fire.anm")});
  // What a model has not: a clip, and a dump (its text is its lossless form).
  auto clip = document->clip();
  ASSERT_FALSE(clip);
  EXPECT_EQ(clip.error().message, "this format holds no skeletal clip");
  auto json = document->to_json();
  ASSERT_FALSE(json);
  EXPECT_EQ(json.error().message, "a GEM model (.mdl) has no JSON dump: its text is its lossless form");
}

TEST(DocumentKinds, AResourceOpensWithItsRulesAndItsDump) {
  test::TempDir dir;
  const std::string mtl = dir.write_text("body.mtl", "{material {bump} {diffuse \"body\"}}\n");
  auto document = Document::open(mtl, any_kind());
  ASSERT_TRUE(document) << document.error().to_string();
  EXPECT_EQ(document->kind(), DocumentKind::resource);
  auto summary = document->summary();
  ASSERT_TRUE(summary);
  EXPECT_EQ(summary->kind, "resource");
  EXPECT_EQ(summary->title, "GEM material (.mtl)");
  auto json = document->to_json(false);
  ASSERT_TRUE(json) << json.error().to_string();
  EXPECT_EQ(json->front(), '{');
  auto with = document->with_sequence("x", dir.file("x.anm"));
  ASSERT_FALSE(with);
  EXPECT_EQ(with.error().message, "not a model file that names animations but a resource");
}

TEST(DocumentKinds, AnimationsAloneByDefaultAndEachKindOnlyWhenAsked) {
  test::TempDir dir;
  const std::string mdl = dir.write_text("tank.mdl", tank_mdl);
  const std::string mtl = dir.write_text("body.mtl", "{material {bump}}\n");
  // By default a caller gets animations, and of anything else the words that say what it is.
  auto refused = Document::open(mtl);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().to_string(),
            mtl + ":0: error: not an animation but a GEM material (.mtl), one of the game's files that anmkit does not convert");
  // Models alone: an animation and a resource are no model, in the model reader's words.
  OpenOptions models;
  models.kinds = {.animations = false, .models = true, .resources = false};
  auto model = Document::open(mdl, models);
  ASSERT_TRUE(model);
  EXPECT_EQ(model->kind(), DocumentKind::model);
  auto turret = Document::open(example("turret_v60.anm"), models);
  ASSERT_FALSE(turret);
  EXPECT_EQ(turret.error().code, ErrorCode::unknown_format);
  EXPECT_EQ(turret.error().message, "not a model file (.mdl or .bin) either");
  // Every kind: the animation is still an animation.
  auto animation = Document::open(example("turret_v60.anm"), any_kind());
  ASSERT_TRUE(animation);
  EXPECT_EQ(animation->kind(), DocumentKind::animation);
  auto figure = animation->figure();
  ASSERT_FALSE(figure);
  EXPECT_EQ(figure.error().message, "not a model file that names animations but an animation");
}

// An LM .bin has no signature: it is a model by its extension only, never by bytes named otherwise.
TEST(DocumentKinds, APairedModelIsKnownByItsExtension) {
  test::TempDir dir;
  std::filesystem::copy_file(example("mansion_door.bin"), dir.file("renamed.dat"));
  auto bin = Document::open(example("mansion_door.bin"), any_kind());
  ASSERT_TRUE(bin) << bin.error().to_string();
  EXPECT_EQ(bin->kind(), DocumentKind::model);
  EXPECT_EQ(bin->format().name, "lm");
  auto gltf = bin->to_gltf();
  ASSERT_FALSE(gltf);
  EXPECT_EQ(gltf.error().message, "a Luigi's Mansion model (.bin) names no animations to convert with it");
  auto renamed = Document::open(dir.file("renamed.dat"), any_kind());
  ASSERT_FALSE(renamed);
  EXPECT_EQ(renamed.error().code, ErrorCode::unknown_format);
}

}  // namespace
}  // namespace anmkit
