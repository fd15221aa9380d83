// The front door: one Document for every format, on the registry.

#include "anmkit/anmkit.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <random>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "anmkit/inputs.hpp"

#include "support/fixture_bytes.hpp"
#include "support/run_cli.hpp"

namespace anmkit {
namespace {

namespace fs = std::filesystem;

std::string example(const char* name) { return (fs::path(ANMKIT_SOURCE_DIR) / "examples" / name).string(); }
std::vector<std::uint8_t> bytes_of(const char* name) { return test::read_bytes(example(name)); }

TEST(Registry, DetectsByContent) {
  const std::vector<std::uint8_t> gem{'E', 'A', 'N', 'M', 0, 0, 6, 0};
  const auto found = detect(gem);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->name, "gem");
  EXPECT_EQ(found->title, "GEM skeletal animation (EANM)");
  EXPECT_EQ(detect(bytes_of("ghost_mm2.anm"))->name, "mm2");
  EXPECT_EQ(detect(bytes_of("mansion_door.anm"))->name, "lm");
  EXPECT_FALSE(detect(std::vector<std::uint8_t>{'E', 'A', 'N', 'X'}));
  EXPECT_FALSE(detect(std::vector<std::uint8_t>{'E', 'A'}));
  EXPECT_FALSE(detect({}));
}

// Each entry's file kinds, as the front ends list, filter and count files by: a format's
// animations, its model, then its other files in the order a model names them, each once.
TEST(Registry, ListsEveryFormatsFileKindsFromItsEntry) {
  std::vector<std::string> listed;
  for (const GameFileKind& k : game_file_kinds()) {
    listed.push_back(fmt::format("{} {} {} {}", k.format, k.name, k.extension, k.opens_as ? kind_name(*k.opens_as) : "-"));
  }
  EXPECT_EQ(listed, (std::vector<std::string>{
                        "gem animation .anm animation", "gem model .mdl model", "gem mesh .ply resource",
                        "gem material .mtl resource", "gem texture .dds -", "gem texture .tga -",
                        "gem collision volume .vol resource", "gem entity script .def -", "gem armour file .mdl resource",
                        "gem entity script .ext -", "mm2 animation .anm animation", "lm animation .anm animation",
                        "lm model .bin model"}));
  // A file named as an animation is one that does not read, not another file.
  EXPECT_TRUE(named_like_an_animation("a/b/FIRE.ANM"));
  EXPECT_FALSE(named_like_an_animation("a/b/fire.mdl"));
  EXPECT_FALSE(named_like_an_animation("a/b.anm/fire"));
}

TEST(Registry, ListsFormatsAndTargetsOnce) {
  std::vector<std::string_view> names;
  for (const auto& f : formats()) names.push_back(f.name);
  EXPECT_EQ(names, (std::vector<std::string_view>{"gem", "mm2", "lm"}));
  EXPECT_EQ(convert_targets(), (std::vector<std::string_view>{"gem-4.0", "gem-6.0", "gem-6.1", "gem-6.1-frm3", "repack"}));
  EXPECT_EQ(import_targets(), (std::vector<std::string_view>{"gem-4.0", "gem-6.0", "gem-6.1", "gem-6.1-frm3", "lm"}));
  // The units LM's rotations may be stored in are its option's choices; the clip says which one it
  // was read in, and how many radians one is.
  const auto options = format_options();
  const auto unit = std::find_if(options.begin(), options.end(), [](const FormatOption& o) { return o.name == "rotation-unit"; });
  ASSERT_NE(unit, options.end());
  EXPECT_EQ(unit->choices, (std::vector<std::string_view>{"degrees", "turn4096", "radians"}));
  OpenOptions turns;
  turns.format_options["rotation-unit"] = {"turn4096", ""};
  auto clip = Document::open(example("mansion_door.anm"), turns)->clip();
  ASSERT_TRUE(clip);
  EXPECT_EQ(clip->euler_unit, "turn4096");
  EXPECT_DOUBLE_EQ(clip->euler_unit_radians, 3.14159265358979323846 / 2048);
  turns.format_options["rotation-unit"] = {"grads", ""};
  EXPECT_FALSE(Document::open(example("mansion_door.anm"), turns));
  EXPECT_EQ(Document::open(example("turret_v60.anm"))->clip()->euler_unit_radians, 1.0);
}

TEST(Document, EveryExampleOpensValidatesAndWritesItsOwnBytes) {
  for (const char* name : {"turret_v40.anm", "turret_v60.anm", "turret_v61_frm3.anm", "track_meshanim_v61.anm",
                           "mansion_door.anm", "ghost_mm2.anm"}) {
    SCOPED_TRACE(name);
    auto document = Document::open(example(name));
    ASSERT_TRUE(document) << document.error().to_string();
    EXPECT_EQ(document->name(), example(name));
    EXPECT_EQ(document->source_size(), bytes_of(name).size());
    const auto diagnostics = document->validate();
    if (std::string(name) == "ghost_mm2.anm") {  // its arm's rectangle reaches past the base, on purpose
      ASSERT_EQ(diagnostics.size(), 1u);
      EXPECT_EQ(diagnostics[0].id, "mm2.rect-past-base");
      EXPECT_EQ(diagnostics[0].offset, 12u);
    } else {
      EXPECT_TRUE(diagnostics.empty());
    }
    EXPECT_EQ(*document->write(), bytes_of(name));
    // The dump builds the same file back.
    auto rebuilt = Document::from_json(*document->to_json());
    ASSERT_TRUE(rebuilt) << rebuilt.error().to_string();
    EXPECT_EQ(rebuilt->format().name, document->format().name);
    EXPECT_EQ(*rebuilt->write(), bytes_of(name));
    EXPECT_EQ(document->to_json(false)->find('\n'), std::string::npos);
  }
}

TEST(Document, VersionsAndKinds) {
  EXPECT_EQ(Document::open(example("turret_v40.anm"))->version(), "4.0");
  EXPECT_EQ(Document::open(example("turret_v61_frm3.anm"))->version(), "6.1");
  EXPECT_EQ(Document::open(example("mansion_door.anm"))->version(), "2");
  auto sprite = Document::open(example("ghost_mm2.anm"));
  EXPECT_EQ(sprite->version(), "");
  EXPECT_TRUE(sprite->format().sprite);
  EXPECT_FALSE(sprite->format().skeletal);
}

TEST(Document, SkeletalClipAndSkeleton) {
  OpenOptions options;
  options.fps = 24;
  auto document = Document::open(example("turret_v60.anm"), options);
  ASSERT_TRUE(document);
  auto clip = document->clip();
  ASSERT_TRUE(clip);
  EXPECT_EQ(clip->frame_count, 25u);
  EXPECT_EQ(clip->fps, 24);
  ASSERT_EQ(clip->bones.size(), 5u);
  EXPECT_EQ(clip->bones[2].name, "turret1");
  ASSERT_GE(clip->record.fields.size(), 2u);
  EXPECT_EQ(clip->record.fields[0], (model::RecordField{"format", std::string("gem")}));
  EXPECT_EQ(clip->record.fields[1], (model::RecordField{"version", std::string("6.0")}));
  // The hatch hides at frame 22 (examples/README): the neutral evaluator says so.
  EXPECT_TRUE(model::sample(*clip, 21)[4].visible);
  EXPECT_FALSE(model::sample(*clip, 22)[4].visible);
  auto skeleton = document->skeleton();
  ASSERT_TRUE(skeleton);
  EXPECT_TRUE(skeleton->joints.empty());
  EXPECT_FLOAT_EQ(skeleton->metres_per_unit, 0.05f);
  EXPECT_FLOAT_EQ(skeleton->to_y_up.x, -0.70710678f);
  EXPECT_EQ(skeleton->to_right_handed, (model::Vec3{1, -1, 1}));  // GEM's world is left-handed
  // Sprites are not skeletal.
  auto sprite = Document::open(example("ghost_mm2.anm"));
  EXPECT_EQ(sprite->clip().error().message, "this format holds no skeletal clip");
  EXPECT_EQ(sprite->clip().error().file, example("ghost_mm2.anm"));
}

TEST(Document, LmNodeCountFromTheBin) {
  OpenOptions options;
  options.skeleton = example("mansion_door.bin");
  auto document = Document::open(example("mansion_door.anm"), options);
  ASSERT_TRUE(document) << document.error().to_string();
  auto skeleton = document->skeleton();
  ASSERT_TRUE(skeleton);
  EXPECT_EQ(skeleton->joints.size(), 3u);
  EXPECT_EQ(skeleton->joints[1].parent, 0);
  EXPECT_NE(document->summary()->text.find("  nodes       3 (from " + example("mansion_door.bin") + ")\n"), std::string::npos)
      << document->summary()->text;
  // The format's own options are checked when the file is opened, against what the entry declares.
  options.format_options["rotation-unit"] = {"grads", ""};
  auto grads = Document::open(example("mansion_door.anm"), options);
  ASSERT_FALSE(grads);
  EXPECT_EQ(grads.error().message, "unknown rotation unit 'grads' (degrees, turn4096 or radians)");
  options.format_options["rotation-unit"] = {"degrees", ""};
  options.skeleton.clear();
  options.format_options["nodes"] = {"4", ""};
  auto wrong = Document::open(example("mansion_door.anm"), options);
  ASSERT_FALSE(wrong);
  EXPECT_EQ(wrong.error().file, example("mansion_door.anm"));
  EXPECT_TRUE(wrong.error().offset.has_value());
}

// Opening bytes touches no disk: the skeleton they name is read through the caller's file
// source, or not at all; opening a path reads it from disk.
TEST(Document, BytesReadTheirSkeletonOnlyThroughTheCallersFiles) {
  const auto door = bytes_of("mansion_door.anm");
  OpenOptions options;
  options.skeleton = "memory/door.bin";
  auto unread = Document::open(door, options, "door.anm");
  ASSERT_FALSE(unread);
  EXPECT_EQ(unread.error().code, ErrorCode::unsupported);
  EXPECT_EQ(unread.error().to_string(),
            "memory/door.bin: error: not read: a document opened from bytes or a dump reads the files it names only "
            "through the files option");
  auto files = std::make_shared<MemoryFiles>();
  ASSERT_TRUE(files->add("Memory/Door.bin", bytes_of("mansion_door.bin")));
  options.files = files;
  auto read = Document::open(door, options, "door.anm");  // found as the game finds it: in either case
  ASSERT_TRUE(read) << read.error().to_string();
  EXPECT_EQ(read->skeleton()->joints.size(), 3u);
  // The source's file is held to the limit.
  options.limits.max_input_bytes = door.size();  // the .anm fits, its .bin does not
  auto big = Document::open(door, options, "door.anm");
  ASSERT_FALSE(big);
  EXPECT_EQ(big.error().to_string(), "memory/door.bin: error: larger than the input limit of " + std::to_string(door.size()) + " bytes");
}

TEST(Document, SummaryHeadingAndJson) {
  auto document = Document::open(example("turret_v60.anm"));
  const Summary summary = *document->summary();
  EXPECT_EQ(summary.text.substr(0, summary.text.find('\n')),
            example("turret_v60.anm") + ": GEM skeletal animation (EANM) 6.0, 740 bytes");
  EXPECT_NE(summary.json.find("\"size\": 740"), std::string::npos) << summary.json;
  auto door = *Document::open(example("mansion_door.anm"))->summary();
  EXPECT_EQ(door.text.substr(0, door.text.find('\n')),
            example("mansion_door.anm") + ": Luigi's Mansion node animation (GameCube), version 2, 290 bytes");
}

TEST(Document, SpriteFramesComposedAndStored) {
  OpenOptions options;
  options.tick_hz = 50;
  auto sprite = Document::open(example("ghost_mm2.anm"), options)->sprite();
  ASSERT_TRUE(sprite);
  EXPECT_EQ(sprite->tick_hz, 50);
  EXPECT_EQ(sprite->state_count(), 4u);
  ASSERT_EQ(sprite->stored.size(), 4u);
  EXPECT_EQ(sprite->stored[1].width, 12u);
  EXPECT_EQ(sprite->stored[1].height, 3u);
  EXPECT_EQ(sprite->state(0).width, 36u);
  EXPECT_EQ(sprite->planes, 5u);
  EXPECT_EQ(sprite->palette.size(), 32u);
}

TEST(Document, ConvertsBetweenVersions) {
  auto document = Document::open(example("turret_v60.anm"));
  auto v40 = document->convert("gem-4.0");
  ASSERT_TRUE(v40) << v40.error().to_string();
  EXPECT_EQ(v40->version(), "4.0");
  EXPECT_EQ(*v40->write(), bytes_of("turret_v40.anm"));
  auto bogus = document->convert("lm");
  ASSERT_FALSE(bogus);
  EXPECT_EQ(bogus.error().code, ErrorCode::unsupported);
  EXPECT_EQ(bogus.error().message, "cannot convert to 'lm'");
  auto repacked = Document::open(example("mansion_door.anm"))->convert("repack");
  ASSERT_TRUE(repacked);
  EXPECT_TRUE(repacked->validate().empty());
}

TEST(Document, GltfThereAndBack) {
  auto document = Document::open(example("turret_v60.anm"));
  auto gltf = document->to_gltf();
  ASSERT_TRUE(gltf) << gltf.error().to_string();
  EXPECT_EQ(std::string(gltf->bytes.begin(), gltf->bytes.begin() + 4), "glTF");
  EXPECT_TRUE(looks_like_gltf(gltf->bytes));
  auto back = Document::from_gltf(gltf->bytes, "gem-6.0");
  ASSERT_TRUE(back) << back.error().to_string();
  EXPECT_EQ(*back->write(), bytes_of("turret_v60.anm")) << "the example is keyed the exporter's way";
  auto as_lm = Document::from_gltf(gltf->bytes, "mm2");
  ASSERT_FALSE(as_lm);
  EXPECT_EQ(as_lm.error().message, "a glTF animation cannot be written as 'mm2'");
  auto sprite = Document::open(example("ghost_mm2.anm"))->to_gltf();
  ASSERT_FALSE(sprite);
  EXPECT_EQ(sprite.error().code, ErrorCode::unsupported);
}

TEST(Document, ErrorsNameTheFileAndOffset) {
  auto missing = Document::open("/nonexistent/x.anm");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, ErrorCode::io);
  EXPECT_EQ(missing.error().file, "/nonexistent/x.anm");
  const std::vector<std::uint8_t> text{'h', 'e', 'l', 'l', 'o'};
  auto unknown = Document::open(text, {}, "hello.txt");
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().code, ErrorCode::unknown_format);
  EXPECT_EQ(unknown.error().to_string(),
            "hello.txt:0: error: not a recognised animation: no GEM ('EANM') or MM2 ('00 00 54 56') signature, and not a "
            "plausible LM header");
  OpenOptions small;
  small.limits.max_input_bytes = 100;
  auto big = Document::open(example("turret_v60.anm"), small);
  ASSERT_FALSE(big);
  EXPECT_EQ(big.error().code, ErrorCode::too_large);
  auto json = Document::from_json("{\"format\": \"gem\", \"schema\": 3}");
  ASSERT_FALSE(json);
  EXPECT_EQ(json.error().code, ErrorCode::json);
  EXPECT_FALSE(json.error().pointer.empty());
}

// A dump whose file detection would not give back to its format is refused by build, not written
// as a file that nothing opens: LM has no signature, and its detection knows versions 1 and 2.
TEST(Document, BuildRefusesAFileDetectionWouldNotRecognise) {
  auto document = Document::open(example("mansion_door.anm"));
  ASSERT_TRUE(document);
  auto dump = nlohmann::ordered_json::parse(*document->to_json());
  ASSERT_TRUE(Document::from_json(dump.dump()));
  dump["version"] = 255;
  auto built = Document::from_json(dump.dump(), {}, "door.json");
  ASSERT_FALSE(built);
  EXPECT_EQ(built.error().code, ErrorCode::bad_value);
  EXPECT_EQ(built.error().to_string(),
            "door.json: error: the document makes a file that anmkit would not recognise as Luigi's Mansion node animation "
            "(GameCube): its bytes are not a plausible LM header");
}

TEST(Document, SaveIsAtomicAndKeepsTheSource) {
  const fs::path dir = fs::temp_directory_path() / ("anmkit_document_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path source = dir / "turret.anm";
  fs::copy_file(example("turret_v60.anm"), source, fs::copy_options::overwrite_existing);
  auto document = Document::open(source.string());
  ASSERT_TRUE(document);
  auto refused = document->save(source.string());
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().message, "refusing to overwrite the file the document was opened from");
  ASSERT_TRUE(document->save((dir / "copy.anm").string()));
  EXPECT_EQ(test::read_bytes(dir / "copy.anm"), bytes_of("turret_v60.anm"));
  SaveOptions overwrite;
  overwrite.overwrite_source = true;
  EXPECT_TRUE(document->convert("gem-4.0")->save(source.string(), overwrite));
  EXPECT_EQ(test::read_bytes(source), bytes_of("turret_v40.anm"));
  std::size_t entries = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++entries;
  EXPECT_EQ(entries, 2u) << "no temporary file left behind";
  fs::remove_all(dir);
}

// The game's other files beside its animations say what they are: by their first bytes (a mesh
// named anything), else by their extension; a file of no known kind keeps the general message.
TEST(Document, TheGamesOtherFilesSayWhatTheyAre) {
  const auto message = [](const std::string& text, const std::string& name) {
    auto document = Document::open(std::vector<std::uint8_t>(text.begin(), text.end()), {}, name);
    return document ? std::string("opened") : document.error().to_string();
  };
  const std::string tail = ", one of the game's files that anmkit does not convert";
  EXPECT_EQ(message("EPLY\x01\x00\x00\x00", "hull.ply"), "hull.ply:0: error: not an animation but a GEM mesh (.ply)" + tail);
  EXPECT_EQ(message("EPLY\x01\x00\x00\x00", "renamed.anm"), "renamed.anm:0: error: not an animation but a GEM mesh (.ply)" + tail);
  EXPECT_EQ(message("BPLY\x01\x00", "map.ply"), "map.ply:0: error: not an animation but a GEM map mesh (.ply)" + tail);
  EXPECT_EQ(message("{material {bump}}", "Body.MTL"), "Body.MTL:0: error: not an animation but a GEM material (.mtl)" + tail);
  EXPECT_EQ(message("DDS |\x00\x00\x00", "e-75.dds"), "e-75.dds:0: error: not an animation but a DDS texture (.dds)" + tail);
  EXPECT_EQ(message(std::string("\0\0\x02\0", 4), "track.tga"), "track.tga:0: error: not an animation but a TGA texture (.tga)" + tail);
  EXPECT_EQ(message("{volume}", "body.vol"), "body.vol:0: error: not an animation but a GEM collision volume (.vol)" + tail);
  EXPECT_EQ(message("{entity}", "e-75.def"), "e-75.def:0: error: not an animation but a GEM entity script (.def)" + tail);
  EXPECT_EQ(message("{extension}", "e-75.ext"),
            "e-75.ext:0: error: not an animation but a GEM entity script (an extension of a .def) (.ext)" + tail);
  const std::string general = message("hello, world", "notes.txt");
  EXPECT_EQ(general.rfind("notes.txt:0: error: not a recognised animation: no ", 0), 0u) << general;
}

// A .mdl may declare one sequence name several times ("repair" on each part it repairs): each is
// its own animation, under a name no other has, so that every one can be told apart and exported.
TEST(Document, EverySequenceOfAModelIsAnAnimationOfItsOwnName) {
  test::TempDir dir;
  for (const char* file : {"fire.anm", "body_r.anm", "turret_r.anm"}) dir.write(file, bytes_of("turret_v60.anm"));
  const std::string mdl = dir.write_text(
      "tank.mdl",
      "{Skeleton {bone \"basis\" {bone \"body\" {bone \"turret1\" {bone \"gun_rot\"}} {bone \"hatch\"}}}\n"
      "  {animation {sequence \"fire\"} {sequence \"repair\" {file \"body_r.anm\"}} {sequence \"repair\" {file \"body_r.anm\"}}\n"
      "             {sequence \"repair\" {file \"Turret_R.ANM\"}}}}\n");
  auto gltf = model_to_gltf(mdl);
  ASSERT_TRUE(gltf) << gltf.error().to_string();
  EXPECT_TRUE(gltf->warnings.empty()) << gltf->warnings.front().message;
  const auto& glb = gltf->bytes;
  std::uint32_t json_size = 0;
  std::memcpy(&json_size, glb.data() + 12, 4);
  const auto scene = nlohmann::json::parse(glb.begin() + 20, glb.begin() + 20 + json_size);
  std::vector<std::string> names;
  for (const auto& animation : scene["animations"]) names.push_back(animation["name"]);
  EXPECT_EQ(names, (std::vector<std::string>{"fire", "repair (body_r)", "repair (body_r) 2", "repair (Turret_R)"}));
}

// Whatever the bytes, every call answers with a value or an error: nothing escapes the door.
RC_GTEST_PROP(Document, NothingThrowsOnMutatedExamples, (std::uint32_t seed)) {
  static const std::vector<std::vector<std::uint8_t>> seeds{bytes_of("turret_v60.anm"), bytes_of("turret_v40.anm"),
                                                            bytes_of("mansion_door.anm"), bytes_of("ghost_mm2.anm")};
  std::mt19937 random(seed);
  std::vector<std::uint8_t> bytes = seeds[random() % seeds.size()];
  for (int i = 0; i < 8; ++i) bytes[random() % bytes.size()] = std::uint8_t(random());
  auto document = Document::open(bytes);
  if (!document) {
    RC_ASSERT(!document.error().message.empty());
    return;
  }
  // Lossless: what opened writes back the same bytes.
  auto written = document->write();
  RC_ASSERT(written.has_value());
  RC_ASSERT(*written == bytes);
  for (const Diagnostic& d : document->validate()) RC_ASSERT(!d.message.empty());
  // Every other call: a value, or an error that says something.
  const auto answered = [](const auto& result) { return result.has_value() || !result.error().message.empty(); };
  RC_ASSERT(answered(document->summary()));
  RC_ASSERT(answered(document->to_json()));
  RC_ASSERT(answered(document->clip()));
  RC_ASSERT(answered(document->sprite()));
  RC_ASSERT(answered(document->to_gltf()));
  for (auto target : document->format().convert_targets) RC_ASSERT(answered(document->convert(target)));
}

}  // namespace
}  // namespace anmkit
