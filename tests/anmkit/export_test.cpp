// export_as and its plan: every kind, for every example, against what the front door's own calls
// make, and the sprite images against what `anmkit convert` and `anmkit batch` wrote before they
// called the library (tests/data/export/).

#include "anmkit/export.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "support/fixture_bytes.hpp"

namespace anmkit {
namespace {

namespace fs = std::filesystem;

std::string example(const char* name) { return (fs::path(ANMKIT_SOURCE_DIR) / "examples" / name).string(); }
std::vector<std::uint8_t> golden(const char* name) {
  return test::read_bytes((fs::path(ANMKIT_SOURCE_DIR) / "tests/data/export" / name).string());
}
std::vector<std::uint8_t> bytes_of(const std::string& text) { return {text.begin(), text.end()}; }

Document open(const char* name) {
  auto document = Document::open(example(name));
  EXPECT_TRUE(document) << document.error().to_string();
  return std::move(*document);
}

FormatInfo format_named(std::string_view name) {
  for (const auto& f : formats()) {
    if (f.name == name) return f;
  }
  ADD_FAILURE() << "no format " << name;
  return {};
}

std::vector<std::string> suffixes(const Export& out) {
  std::vector<std::string> list;
  for (const auto& f : out.files) list.push_back(f.suffix);
  return list;
}

TEST(Export, ListsTheInterchangeKindsThenEveryConvertTarget) {
  EXPECT_EQ(export_kinds(), (std::vector<std::string>{"json", "glb", "gltf", "png", "gif", "ilbm", "iff", "gem-4.0", "gem-6.0",
                                                      "gem-6.1", "gem-6.1-frm3", "repack"}));
  EXPECT_EQ(export_kinds(format_named("gem")),
            (std::vector<std::string>{"json", "glb", "gltf", "gem-4.0", "gem-6.0", "gem-6.1", "gem-6.1-frm3"}));
  EXPECT_EQ(export_kinds(format_named("lm")), (std::vector<std::string>{"json", "glb", "gltf", "repack"}));
  EXPECT_EQ(export_kinds(format_named("mm2")), (std::vector<std::string>{"json", "png", "gif", "ilbm", "iff"}));
}

TEST(Export, PlansWhatEachKindWritesOrWhyNothing) {
  const FormatInfo gem = format_named("gem"), lm = format_named("lm"), mm2 = format_named("mm2");
  const auto plan = [](const FormatInfo& f, std::string_view kind) {
    auto p = export_plan(f, kind);
    EXPECT_TRUE(p) << p.error().to_string();
    return p ? *p : ExportPlan{};
  };
  EXPECT_EQ(plan(gem, "json").suffixes, std::vector<std::string>{".json"});
  EXPECT_EQ(plan(mm2, "json").suffixes, std::vector<std::string>{".json"});
  EXPECT_EQ(plan(lm, "glb").suffixes, std::vector<std::string>{".glb"});
  EXPECT_EQ(plan(gem, "gltf").suffixes, std::vector<std::string>{".gltf"});
  EXPECT_EQ(plan(mm2, "png").suffixes, (std::vector<std::string>{".png", ".json"}));
  EXPECT_EQ(plan(mm2, "gif").suffixes, std::vector<std::string>{".gif"});
  EXPECT_EQ(plan(mm2, "iff").suffixes, std::vector<std::string>{".iff"});
  EXPECT_EQ(plan(mm2, "ilbm").suffixes, std::vector<std::string>{".ilbm"});
  EXPECT_EQ(plan(gem, "gem-6.1-frm3").suffixes, std::vector<std::string>{".anm"});
  EXPECT_EQ(plan(lm, "repack").suffixes, std::vector<std::string>{".anm"});
  EXPECT_TRUE(plan(gem, "json").skip.empty());
  // Nothing, and why, in the registry's names (batch's summaries print these).
  EXPECT_TRUE(plan(mm2, "glb").suffixes.empty());
  EXPECT_EQ(plan(mm2, "glb").skip, "MM2 sprites convert to png or gif, not glTF");
  EXPECT_EQ(plan(mm2, "gltf").skip, "MM2 sprites convert to png or gif, not glTF");
  EXPECT_EQ(plan(gem, "png").skip, "png is for MM2 sprites");
  EXPECT_EQ(plan(lm, "gif").skip, "gif is for MM2 sprites");
  EXPECT_EQ(plan(lm, "iff").skip, "iff is for MM2 sprites");
  EXPECT_EQ(plan(lm, "gem-6.1-frm3").skip, "the export kind gem-6.1-frm3 is for GEM files");
  EXPECT_EQ(plan(mm2, "repack").skip, "the export kind repack is for LM files");
  EXPECT_TRUE(plan(lm, "gem-4.0").suffixes.empty());
  // A kind no format has.
  const auto unknown = export_plan(gem, "fbx");
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().code, ErrorCode::unsupported);
  EXPECT_EQ(unknown.error().message,
            "no export kind 'fbx' (there are json, glb, gltf, png, gif, ilbm, iff, gem-4.0, gem-6.0, gem-6.1, gem-6.1-frm3, repack)");
}

TEST(Export, JsonIsTheDumpForEveryFormat) {
  for (const char* name : {"turret_v60.anm", "mansion_door.anm", "ghost_mm2.anm"}) {
    SCOPED_TRACE(name);
    const Document doc = open(name);
    auto out = export_as(doc, "json");
    ASSERT_TRUE(out) << out.error().to_string();
    ASSERT_EQ(suffixes(*out), std::vector<std::string>{".json"});
    EXPECT_EQ(out->files[0].bytes, bytes_of(*doc.to_json() + "\n"));
    EXPECT_TRUE(out->warnings.empty());
  }
}

TEST(Export, GltfIsToGltfsBytes) {
  for (const char* name : {"turret_v60.anm", "mansion_door.anm"}) {
    SCOPED_TRACE(name);
    const Document doc = open(name);
    auto glb = export_as(doc, "glb");
    ASSERT_TRUE(glb) << glb.error().to_string();
    ASSERT_EQ(suffixes(*glb), std::vector<std::string>{".glb"});
    ASSERT_GE(glb->files[0].bytes.size(), 4u);
    EXPECT_EQ(std::string(glb->files[0].bytes.begin(), glb->files[0].bytes.begin() + 4), "glTF");
    EXPECT_EQ(glb->files[0].bytes, doc.to_gltf()->bytes);
    auto gltf = export_as(doc, "gltf");
    ASSERT_TRUE(gltf);
    ASSERT_EQ(suffixes(*gltf), std::vector<std::string>{".gltf"});
    EXPECT_EQ(gltf->files[0].bytes.front(), '{');
    EXPECT_EQ(gltf->files[0].bytes, doc.to_gltf({.binary = false})->bytes);
  }
  // The animation's name is the option's.
  const Document turret = open("turret_v60.anm");
  auto named = export_as(turret, "gltf", {.animation_name = "fire"});
  ASSERT_TRUE(named);
  EXPECT_EQ(named->files[0].bytes, turret.to_gltf({.binary = false, .animation_name = "fire"})->bytes);
  EXPECT_NE(named->files[0].bytes, export_as(turret, "gltf")->files[0].bytes);
}

TEST(Export, ConvertTargetsAreConvertThenWrite) {
  const Document turret = open("turret_v60.anm");
  for (const char* target : {"gem-4.0", "gem-6.0", "gem-6.1", "gem-6.1-frm3"}) {
    SCOPED_TRACE(target);
    auto out = export_as(turret, target);
    ASSERT_TRUE(out) << out.error().to_string();
    ASSERT_EQ(suffixes(*out), std::vector<std::string>{".anm"});
    EXPECT_EQ(out->files[0].bytes, *turret.convert(target)->write());
  }
  const Document door = open("mansion_door.anm");
  auto repacked = export_as(door, "repack");
  ASSERT_TRUE(repacked);
  EXPECT_EQ(repacked->files[0].bytes, *door.convert("repack")->write());
}

TEST(Export, SpriteImagesAreWhatTheCommandLineWrote) {
  const Document ghost = open("ghost_mm2.anm");
  // batch --to gif and convert -o ghost.gif: the longest sequence.
  auto gif = export_as(ghost, "gif");
  ASSERT_TRUE(gif) << gif.error().to_string();
  ASSERT_EQ(suffixes(*gif), std::vector<std::string>{".gif"});
  EXPECT_EQ(gif->files[0].bytes, golden("ghost.gif"));
  EXPECT_TRUE(gif->warnings.empty());
  auto sequence = export_as(ghost, "gif", {.scale = 3, .sequence = 2});
  ASSERT_TRUE(sequence);
  EXPECT_EQ(sequence->files[0].bytes, golden("ghost_seq2_s3.gif"));
  auto flipbook = export_as(ghost, "gif", {.flipbook = true, .flipbook_ticks = 7});
  ASSERT_TRUE(flipbook);
  EXPECT_EQ(flipbook->files[0].bytes, golden("ghost_flip.gif"));
  // batch --to png: the sheet and its cell map, named after the document.
  auto sheet = export_as(ghost, "png");
  ASSERT_TRUE(sheet) << sheet.error().to_string();
  ASSERT_EQ(suffixes(*sheet), (std::vector<std::string>{".png", ".json"}));
  EXPECT_EQ(sheet->files[0].bytes, golden("ghost_mm2.png"));
  EXPECT_EQ(sheet->files[1].bytes, golden("ghost_mm2.json"));
  // convert -o ghost_sheet.png: the cell map names the output.
  auto named = export_as(ghost, "png", {.file_name = "ghost_sheet.png"});
  ASSERT_TRUE(named);
  EXPECT_EQ(named->files[0].bytes, golden("ghost_sheet.png"));
  EXPECT_EQ(named->files[1].bytes, golden("ghost_sheet.json"));
  auto raw = export_as(ghost, "png", {.scale = 2, .raw = true, .file_name = "ghost_raw.png"});
  ASSERT_TRUE(raw);
  EXPECT_EQ(raw->files[0].bytes, golden("ghost_raw.png"));
  EXPECT_EQ(raw->files[1].bytes, golden("ghost_raw.json"));
  // convert -o ghost_state2.iff --state 2 --scale 2; ilbm is the same picture.
  auto iff = export_as(ghost, "iff", {.scale = 2, .state = 2});
  ASSERT_TRUE(iff) << iff.error().to_string();
  ASSERT_EQ(suffixes(*iff), std::vector<std::string>{".iff"});
  EXPECT_EQ(iff->files[0].bytes, golden("ghost_state2.iff"));
  auto ilbm = export_as(ghost, "ilbm", {.scale = 2, .state = 2});
  ASSERT_TRUE(ilbm);
  ASSERT_EQ(suffixes(*ilbm), std::vector<std::string>{".ilbm"});
  EXPECT_EQ(ilbm->files[0].bytes, golden("ghost_state2.iff"));
}

TEST(Export, AKindThatWritesNothingForTheFormatFailsWithTheReason) {
  const Document ghost = open("ghost_mm2.anm"), turret = open("turret_v60.anm"), door = open("mansion_door.anm");
  auto glb = export_as(ghost, "glb");
  ASSERT_FALSE(glb);
  EXPECT_EQ(glb.error().code, ErrorCode::unsupported);
  EXPECT_EQ(glb.error().message, "MM2 sprites convert to png or gif, not glTF");
  EXPECT_EQ(glb.error().file, example("ghost_mm2.anm"));
  EXPECT_EQ(export_as(turret, "gif").error().message, "gif is for MM2 sprites");
  EXPECT_EQ(export_as(door, "gem-6.0").error().message, "the export kind gem-6.0 is for GEM files");
  auto unknown = export_as(turret, "obj");
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().code, ErrorCode::unsupported);
  EXPECT_EQ(unknown.error().message.rfind("no export kind 'obj' (there are json, glb, gltf, ", 0), 0u) << unknown.error().message;
}

TEST(Export, OptionsOutOfRangeAreRefusedNamingTheSetting) {
  const Document ghost = open("ghost_mm2.anm");
  const auto message = [&](std::string_view kind, const ExportOptions& o) {
    auto out = export_as(ghost, kind, o);
    EXPECT_FALSE(out);
    if (out) return std::string();
    EXPECT_EQ(out.error().code, ErrorCode::bad_value);
    return out.error().message;
  };
  EXPECT_EQ(message("gif", {.scale = 0}), "scale must be from 1 to 64, found 0");
  EXPECT_EQ(message("png", {.scale = 65}), "scale must be from 1 to 64, found 65");
  EXPECT_EQ(message("json", {.scale = UINT64_MAX}), "scale must be from 1 to 64, found 18446744073709551615");
  EXPECT_EQ(message("gif", {.flipbook = true, .flipbook_ticks = 0}), "flipbook ticks must be from 1 to 4294967295, found 0");
  EXPECT_EQ(message("gif", {.flipbook_ticks = 4294967296u}), "flipbook ticks must be from 1 to 4294967295, found 4294967296");
  // Past what the file holds: the document's error.
  EXPECT_EQ(message("gif", {.sequence = 3}), "the sequence option 3: the file has 3 sequences");
  EXPECT_EQ(message("gif", {.sequence = UINT64_MAX}), "the sequence option 18446744073709551615: the file has 3 sequences");
  EXPECT_EQ(message("iff", {.state = 4}), "the state option 4: the file has composed states 0..3");
  EXPECT_EQ(export_as(ghost, "iff", {.state = 4}).error().file, example("ghost_mm2.anm"));
  // In range at the edges.
  EXPECT_TRUE(export_as(ghost, "iff", {.scale = 64, .state = 3}));
  EXPECT_TRUE(export_as(ghost, "gif", {.sequence = 2, .flipbook_ticks = 4294967295u}));
  EXPECT_TRUE(check_export_options({}));
  EXPECT_TRUE(check_range("scale", 7, scale_range));
  EXPECT_EQ(check_range("tiles", 0, WholeRange{2, 9}).error().message, "tiles must be from 2 to 9, found 0");
}

TEST(Export, TheOutputLimitHoldsForEveryImage) {
  const Document ghost = open("ghost_mm2.anm");
  ExportOptions small;
  small.limits.max_output_pixels = 1000;
  for (const char* kind : {"gif", "png"}) {
    SCOPED_TRACE(kind);
    auto out = export_as(ghost, kind, small);
    ASSERT_FALSE(out);
    EXPECT_EQ(out.error().code, ErrorCode::too_large);
    EXPECT_NE(out.error().message.find("(limits.max_output_pixels)"), std::string::npos) << out.error().message;
    EXPECT_EQ(out.error().file, "") << "about the output, which the caller names";
  }
}

}  // namespace
}  // namespace anmkit
