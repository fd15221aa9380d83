// The summary as values: what `info` says, in fields a front end reads without parsing text.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "anmkit/anmkit.hpp"
#include "support/door_of.hpp"
#include "support/run_cli.hpp"

namespace anmkit {
namespace {

std::string example(const char* name) { return (std::filesystem::path(ANMKIT_SOURCE_DIR) / "examples" / name).string(); }

TEST(Summary, AModelsSequencesNameTheBoneThatDeclaresThem) {
  test::TempDir dir;
  const std::string mdl = dir.write_text(
      "tank.mdl",
      "{Skeleton {bone \"basis\" {bone \"body\" {animation {sequence \"repair\" {file \"body_r.anm\"}}}}\n"
      "  {bone \"turret\" {animation {sequence \"repair\" {file \"turret_r.anm\"}}}}}\n"
      "  {animation {sequence \"start\"}}}\n");
  dir.write_text("turret_r.anm", "");
  const auto summary = test::summary_of(mdl);
  ASSERT_TRUE(summary) << summary.error().to_string();
  EXPECT_EQ(summary->file, mdl);
  EXPECT_EQ(summary->format, "gem");
  EXPECT_EQ(summary->kind, "model");
  EXPECT_EQ(summary->title, "GEM model (.mdl)");
  EXPECT_EQ(summary->joint_word, "bones");
  ASSERT_EQ(summary->joints.size(), 3u);
  EXPECT_EQ(summary->joints[0].name, "basis");
  EXPECT_FALSE(summary->joints[0].parent);
  EXPECT_EQ(summary->joints[2].name, "turret");
  EXPECT_EQ(summary->joints[2].parent, 0u);
  EXPECT_EQ(summary->hierarchy_depth, 2u);
  ASSERT_EQ(summary->sequences.size(), 3u);
  const auto& body = summary->sequences[0];
  EXPECT_EQ(body.name, "repair");
  EXPECT_EQ(body.file, "body_r.anm");
  EXPECT_EQ(body.declared_by, "body");
  EXPECT_EQ(body.how_named, "");
  EXPECT_FALSE(body.exists);
  EXPECT_EQ(summary->sequences[1].declared_by, "turret");
  EXPECT_TRUE(summary->sequences[1].exists);
  EXPECT_EQ(summary->sequences[2].declared_by, "");  // outside every bone
  EXPECT_EQ(summary->sequences[2].how_named, "no {file}: named after the sequence");

  const auto text = summary->text;
  EXPECT_EQ(text.substr(text.find("  sequences")),
            "  sequences   3, 1 of their files present\n"
            "    repair      body_r.anm (on body; missing)\n"
            "    repair      turret_r.anm (on turret; present)\n"
            "    start       start.anm (no {file}: named after the sequence; missing)\n");
  const auto json = nlohmann::ordered_json::parse(summary->json);
  EXPECT_EQ(json["sequences"][1], (nlohmann::ordered_json{{"name", "repair"}, {"file", "turret_r.anm"}, {"declared_by", "turret"},
                                                          {"file_given", true}, {"exists", true}}));
  EXPECT_FALSE(json["sequences"][2].contains("declared_by"));
  EXPECT_EQ(json["bones"][2], (nlohmann::ordered_json{{"name", "turret"}, {"parent", "basis"}}));
}

TEST(Summary, AnAnimationsCommonFieldsAndItsFormatsOwnInTheJson) {
  const auto summary = Document::open(example("turret_v60.anm"))->summary();
  ASSERT_TRUE(summary);
  EXPECT_EQ(summary->format, "gem");
  EXPECT_EQ(summary->kind, "animation");
  EXPECT_EQ(summary->title, "GEM skeletal animation (EANM)");
  EXPECT_EQ(summary->version, "6.0");
  EXPECT_EQ(summary->size, 740u);
  EXPECT_TRUE(summary->joints.empty());
  EXPECT_TRUE(summary->sequences.empty());
  const auto json = nlohmann::ordered_json::parse(summary->json);
  EXPECT_EQ(json["file"], example("turret_v60.anm"));
  EXPECT_EQ(json["size"], 740);
  EXPECT_EQ(json["format"], "gem");
  EXPECT_EQ(json["version"], "6.0");

  const auto door = Document::open(example("mansion_door.anm"))->summary();
  ASSERT_TRUE(door);
  EXPECT_EQ(door->version, "2");
  // Several as one array, each object as the summary's own JSON.
  const auto all = nlohmann::ordered_json::parse(summaries_json({*summary, *door}));
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0], json);
  EXPECT_EQ(all[1], nlohmann::ordered_json::parse(door->json));
  EXPECT_EQ(summaries_json({}), "[]");
}

// A model is recognised however long the comment lines before its first block are.
TEST(Summary, AModelAfterALongCommentIsAModel) {
  test::TempDir dir;
  const std::string mdl =
      dir.write_text("long.mdl", "; " + std::string(70000, 'x') + "\n;\n{Skeleton {bone \"basis\" {bone \"body\"}}}\n");
  const auto summary = test::summary_of(mdl);
  ASSERT_TRUE(summary) << summary.error().to_string();
  EXPECT_EQ(summary->format, "gem");
  ASSERT_EQ(summary->joints.size(), 2u);
  EXPECT_EQ(summary->joints[1].name, "body");
}

}  // namespace
}  // namespace anmkit
