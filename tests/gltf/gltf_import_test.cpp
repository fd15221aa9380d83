// anm -> glTF -> anm keeps the pose at every frame within 1e-5 and restores what extras held;
// files keyed the exporter's way come back byte for byte.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "anmkit/core/float_bits.hpp"
#include "anmkit/core/json_input.hpp"
#include "anmkit/core/json_text.hpp"
#include "anmkit/formats/gem/gem_extras.hpp"
#include "anmkit/gltf/clip_gltf.hpp"
#include "anmkit/gltf/gltf_import.hpp"
#include "anmkit/formats/lm/lm_curves.hpp"
#include "anmkit/formats/gem/gem_clip.hpp"
#include "anmkit/formats/gem/gem_read.hpp"
#include "anmkit/formats/gem/gem_write.hpp"
#include "anmkit/formats/lm/lm_read.hpp"
#include "anmkit/formats/lm/lm_validate.hpp"
#include "support/fixture_bytes.hpp"
#include "support/gltf_via_front_door.hpp"
#include "support/run_cli.hpp"

namespace anmkit::gltf {
namespace {

namespace fs = std::filesystem;

std::vector<std::uint8_t> example(const char* name) { return test::read_bytes(fs::path(ANMKIT_SOURCE_DIR) / "examples" / name); }

void expect_same_poses(const model::Clip& a, const model::Clip& b) {
  ASSERT_EQ(a.frame_count, b.frame_count);
  ASSERT_EQ(a.bones.size(), b.bones.size());
  for (std::uint32_t f = 0; f < a.frame_count; ++f) {
    const auto pa = model::sample(a, f), pb = model::sample(b, f);
    for (std::size_t i = 0; i < pa.size(); ++i) {
      SCOPED_TRACE(a.bones[i].name + " frame " + std::to_string(f));
      EXPECT_EQ(pa[i].has_translation, pb[i].has_translation);
      EXPECT_NEAR(pa[i].translation.x, pb[i].translation.x, 1e-5);
      EXPECT_NEAR(pa[i].translation.y, pb[i].translation.y, 1e-5);
      EXPECT_NEAR(pa[i].translation.z, pb[i].translation.z, 1e-5);
      EXPECT_LT(model::quat_angle_between(pa[i].rotation, pb[i].rotation), 1e-5f);
      EXPECT_NEAR(pa[i].scale.x, pb[i].scale.x, 1e-5);
      EXPECT_NEAR(pa[i].scale.y, pb[i].scale.y, 1e-5);
      EXPECT_NEAR(pa[i].scale.z, pb[i].scale.z, 1e-5);
      EXPECT_EQ(pa[i].visible, pb[i].visible);
      EXPECT_EQ(pa[i].mirrored, pb[i].mirrored);
    }
  }
}

// Visibility and mirror events where the value changes: what extras keep (repeats change no pose).
std::vector<model::Key<bool>> changes(const std::vector<model::Key<bool>>& keys) {
  std::vector<model::Key<bool>> out;
  for (const auto& k : keys) {
    if (out.empty() || out.back().value != k.value) out.push_back(k);
  }
  return out;
}

model::Clip through_gltf(const gem::File& file, bool binary) {
  auto gltf = test::gem_gltf(file, 30, {}, "clip", binary);
  EXPECT_TRUE(gltf);
  auto clip = import_clip(gltf->bytes, {});
  EXPECT_TRUE(clip) << clip.error().to_string();
  return clip ? *clip : model::Clip{};
}

// Mesh payloads and comments go into the buffer, a view each, not into the JSON as text; the hex
// text of earlier exports still reads.
TEST(GltfImport, MeshPayloadsAndCommentsAreBufferViews) {
  auto file = gem::read(example("track_meshanim_v61.anm"));
  ASSERT_TRUE(file);
  model::Clip original = gem::to_clip(*file);
  original.comments = {{'h', 'i', 0, 0xff}, {}};
  original.record = gem::clip_record(*file, original);
  Scene scene = skeleton_scene(model::Skeleton{});
  ASSERT_TRUE(add_animation(scene, original, {30, "clip"}, nullptr));
  const auto text = *write(scene, false);
  auto doc = nlohmann::ordered_json::parse(text.begin(), text.end());
  const auto& record = doc["animations"][0]["extras"]["anmkit"];
  std::size_t payloads = 0;
  for (const auto& bone : original.bones) {
    if (bone.mesh.empty()) continue;
    const auto& keys = record["mesh"][bone.name];
    ASSERT_EQ(keys.size(), bone.mesh.size()) << bone.name;
    for (std::size_t k = 0; k < keys.size(); ++k) {
      EXPECT_EQ(keys[k][0], bone.mesh[k].frame);
      ASSERT_TRUE(keys[k][1].is_number_unsigned()) << keys[k][1];
      const auto& view = doc["bufferViews"][keys[k][1].get<std::size_t>()];
      EXPECT_EQ(view["byteLength"], bone.mesh[k].payload.size());
      EXPECT_EQ(view["byteOffset"].get<std::size_t>() % 4, 0u);
      ++payloads;
    }
  }
  EXPECT_GT(payloads, 0u);
  ASSERT_EQ(record["comments"].size(), 2u);
  EXPECT_EQ(doc["bufferViews"][record["comments"][0].get<std::size_t>()]["byteLength"], 4);
  EXPECT_EQ(record["comments"][1], "");  // no view holds nothing
  auto back = import_clip(text, {});
  ASSERT_TRUE(back) << back.error().to_string();
  EXPECT_EQ(back->comments, original.comments);
  for (std::size_t b = 0; b < original.bones.size(); ++b) EXPECT_EQ(back->bones[b].mesh, original.bones[b].mesh);
  // The same record with hex text, as anmkit wrote it before: the same clip.
  auto hex_doc = doc;
  auto& hex_record = hex_doc["animations"][0]["extras"]["anmkit"];
  for (const auto& bone : original.bones) {
    for (std::size_t k = 0; k < bone.mesh.size(); ++k) hex_record["mesh"][bone.name][k][1] = json_input::hex(bone.mesh[k].payload);
  }
  hex_record["comments"] = {"686900ff", ""};
  const std::string hex_text = hex_doc.dump();
  auto from_hex = import_clip(std::vector<std::uint8_t>(hex_text.begin(), hex_text.end()), {});
  ASSERT_TRUE(from_hex) << from_hex.error().to_string();
  EXPECT_EQ(from_hex->comments, original.comments);
  for (std::size_t b = 0; b < original.bones.size(); ++b) EXPECT_EQ(from_hex->bones[b].mesh, original.bones[b].mesh);
}

// The records' views hold the buffer's floats aligned (a blob of any length is padded), over
// several animations; a view named many times is held to the input limit, and a view that an
// accessor reads is no record's.
TEST(GltfImport, RecordViewsKeepFloatsAlignedAndAreHeldToTheLimits) {
  auto file = gem::read(example("turret_v60.anm"));
  ASSERT_TRUE(file);
  model::Clip clip = gem::to_clip(*file);
  clip.comments = {{'a'}, {'b', 'c', 'd', 'e', 'f'}};
  clip.record = gem::clip_record(*file, clip);
  Scene scene = skeleton_scene(model::Skeleton{});
  ASSERT_TRUE(add_animation(scene, clip, {30, "one"}, nullptr));
  ASSERT_TRUE(add_animation(scene, clip, {30, "two"}, nullptr));
  const auto text = *write(scene, false);
  auto doc = nlohmann::ordered_json::parse(text.begin(), text.end());
  ASSERT_EQ(doc["animations"].size(), 2u);
  std::size_t checked = 0;
  for (const auto& accessor : doc["accessors"]) {
    const auto& view = doc["bufferViews"][accessor["bufferView"].get<std::size_t>()];
    EXPECT_EQ(view.value("byteOffset", 0u) % 4, 0u) << view;
    ++checked;
  }
  EXPECT_GT(checked, 10u);
  // The 5-byte comment's view named 20 000 times: 100 000 bytes restored from a file of fewer, held
  // to the limit of the file's own size.
  auto& record = doc["animations"][0]["extras"]["anmkit"];
  const std::size_t five = record["comments"][1];
  ASSERT_EQ(doc["bufferViews"][five]["byteLength"], 5);
  record["comments"] = nlohmann::ordered_json::array();
  for (int i = 0; i < 20000; ++i) record["comments"].push_back(five);
  const std::string many = doc.dump();
  ASSERT_LT(many.size(), 100000u);
  ImportOptions options;
  options.limits.max_input_bytes = many.size();
  auto big = import_clip(std::vector<std::uint8_t>(many.begin(), many.end()), options);
  ASSERT_FALSE(big);
  EXPECT_EQ(big.error().code, ErrorCode::too_large);
  EXPECT_EQ(big.error().pointer, fmt::format("/animations/0/extras/anmkit/comments/{}", many.size() / 5));
  EXPECT_EQ(big.error().message,
            fmt::format("the records' bytes come to more than the limit of {} bytes (limits.max_input_bytes)", many.size()));
  options.limits.max_input_bytes = 200000;
  auto fits = import_clip(std::vector<std::uint8_t>(many.begin(), many.end()), options);
  ASSERT_TRUE(fits) << fits.error().to_string();
  EXPECT_EQ(fits->comments.size(), 20000u);
  // A view an accessor reads (the buffers laid out again by another tool) is refused.
  record["comments"] = {doc["accessors"][0]["bufferView"]};
  const std::string moved = doc.dump();
  auto r = import_clip(std::vector<std::uint8_t>(moved.begin(), moved.end()), {});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().pointer, "/animations/0/extras/anmkit/comments/0");
  EXPECT_EQ(r.error().message, fmt::format("expected a buffer view of a record's bytes, found {}, which an accessor reads (the "
                                           "buffers were laid out again since anmkit wrote them)",
                                           doc["accessors"][0]["bufferView"].get<std::size_t>()));
}

TEST(GltfImport, GemExamplesKeepEveryPoseAndWhatExtrasHeld) {
  for (const char* name : {"turret_v60.anm", "turret_v40.anm", "turret_v61_frm3.anm", "track_meshanim_v61.anm"}) {
    SCOPED_TRACE(name);
    auto file = gem::read(example(name));
    ASSERT_TRUE(file);
    const model::Clip original = gem::to_clip(*file);
    for (bool binary : {true, false}) {
      const model::Clip back = through_gltf(*file, binary);
      expect_same_poses(original, back);
      for (std::size_t b = 0; b < original.bones.size(); ++b) {
        EXPECT_EQ(back.bones[b].name, original.bones[b].name);
        EXPECT_EQ(back.bones[b].visible, changes(original.bones[b].visible));
        EXPECT_EQ(back.bones[b].mirrored, changes(original.bones[b].mirrored));
        EXPECT_EQ(back.bones[b].mesh, original.bones[b].mesh) << "mesh payloads restored";
      }
      EXPECT_EQ(back.comments, original.comments);
    }
  }
}

TEST(GltfImport, EveryGemVersionFromTheSameGltf) {
  auto file = gem::read(example("turret_v60.anm"));
  ASSERT_TRUE(file);
  const model::Clip original = gem::to_clip(*file);
  const model::Clip imported = through_gltf(*file, true);
  for (gem::Target target : {gem::Target::gem_4_0, gem::Target::gem_6_0, gem::Target::gem_6_1, gem::Target::gem_6_1_frm3}) {
    SCOPED_TRACE(std::string(gem::target_name(target)));
    auto converted = gem::from_clip(imported, target);
    ASSERT_TRUE(converted);
    auto bytes = gem::write(*converted);
    ASSERT_TRUE(bytes);
    auto back = gem::read(*bytes);
    ASSERT_TRUE(back);
    expect_same_poses(original, gem::to_clip(*back));
  }
}

TEST(GltfImport, FilesKeyedTheExportersWayComeBackByteForByte) {
  for (const auto& [name, target] : {std::pair{"turret_v60.anm", gem::Target::gem_6_0},
                                     std::pair{"turret_v61_frm3.anm", gem::Target::gem_6_1_frm3},
                                     std::pair{"track_meshanim_v61.anm", gem::Target::gem_6_1}}) {
    auto file = gem::read(example(name));
    ASSERT_TRUE(file);
    auto rebuilt = gem::from_clip(through_gltf(*file, true), target);
    ASSERT_TRUE(rebuilt);
    EXPECT_EQ(*gem::write(*rebuilt), example(name)) << name;
  }
}

TEST(GltfImport, RealFilesRoundTrip) {
  ANMKIT_REQUIRE_GEM_CORPUS(corpus);
  for (const char* name : {"goh_e25_fire.anm", "goh_e25_stop.anm", "goh_e100_body_r_min.anm", "goh_e75_open_driver_sparse.anm",
                           "goh_m18_shell_eject_v61.anm", "goh_pzh2000x_trackL_meshanim.anm"}) {
    SCOPED_TRACE(name);
    auto file = gem::read(test::read_bytes(corpus / name));
    ASSERT_TRUE(file);
    expect_same_poses(gem::to_clip(*file), through_gltf(*file, true));
  }
  const auto fire = test::read_bytes(corpus / "goh_e25_fire.anm");
  auto file = gem::read(fire);
  EXPECT_EQ(*gem::write(*gem::from_clip(through_gltf(*file, true), gem::Target::gem_6_0)), fire);
}

TEST(GltfImport, WithoutExtrasMirrorAndHidingComeFromScale) {
  auto file = gem::read(example("turret_v60.anm"));
  ASSERT_TRUE(file);
  // The clip without extras, as another tool would write it.
  Scene scene = skeleton_scene(model::Skeleton{});
  ASSERT_TRUE(add_animation(scene, gem::to_clip(*file), {8, "clip"}, nullptr));
  auto clip = import_clip(*write(scene, true), {});
  ASSERT_TRUE(clip) << clip.error().to_string();
  const auto& basis = clip->bones[0];
  ASSERT_FALSE(basis.mirrored.empty());
  EXPECT_TRUE(basis.mirrored.front().value);
  const auto at23 = model::sample(*clip, 23);
  EXPECT_FALSE(at23[4].visible) << "the hatch, hidden through scale 0";
  EXPECT_TRUE(model::sample(*clip, 10)[4].visible);
  EXPECT_EQ(clip->frame_count, 25u) << "from the last time at 30 fps";
}

// Two LM files pose every node alike at every whole frame (0 .. 60, the door's), within 1e-5.
void expect_same_lm_poses(const lm::File& first, const lm::File& second) {
  auto a = lm::decode_curves(first), b = lm::decode_curves(second);
  ASSERT_TRUE(a && b);
  for (double f = 0; f <= 60; f += 1) {
    const auto pa = lm::sample(*a, f, lm::RotationUnit::degrees), pb = lm::sample(*b, f, lm::RotationUnit::degrees);
    ASSERT_EQ(pa.size(), pb.size());
    for (std::size_t n = 0; n < pa.size(); ++n) {
      EXPECT_LT(model::quat_angle_between(pa[n].rotation, pb[n].rotation), 1e-5f) << n << " at " << f;
      for (const auto& [x, y] : {std::pair{pa[n].translation, pb[n].translation}, std::pair{pa[n].scale, pb[n].scale}}) {
        EXPECT_NEAR(x.x, y.x, 1e-5) << n << " at " << f;
        EXPECT_NEAR(x.y, y.y, 1e-5) << n << " at " << f;
        EXPECT_NEAR(x.z, y.z, 1e-5) << n << " at " << f;
      }
    }
  }
}

TEST(GltfImport, LmDoorKeepsItsPoses) {
  const fs::path dir = fs::path(ANMKIT_SOURCE_DIR) / "examples";
  auto original = lm::read(example("mansion_door.anm"));
  ASSERT_TRUE(original);
  auto gltf = test::gltf_of(example("mansion_door.anm"));
  ASSERT_TRUE(gltf);
  auto back = test::import_lm(gltf->bytes);
  ASSERT_TRUE(back) << back.error().to_string();
  EXPECT_EQ(back->loop, 1);
  EXPECT_EQ(back->frame_count, 60u);
  EXPECT_FALSE(has_errors(lm::validate(*back)));
  expect_same_lm_poses(original->file, *back);
}

TEST(GltfImport, LmKeysAreReducedUnlessDense) {
  auto original = lm::read(example("mansion_door.anm"));
  ASSERT_TRUE(original);
  auto gltf = test::gltf_of(example("mansion_door.anm"));
  ASSERT_TRUE(gltf);
  const auto bytes = gltf->bytes;
  GltfImportOptions dense_options;
  dense_options.format_options["dense"] = {"true", ""};
  auto reduced = test::import_lm(bytes), dense = test::import_lm(bytes, dense_options);
  ASSERT_TRUE(reduced && dense);
  std::size_t reduced_keys = 0, dense_keys = 0, moving = 0;
  for (std::size_t n = 0; n < dense->groups.size(); ++n) {
    for (std::size_t slot = 0; slot < 9; ++slot) {
      const auto d = dense->groups[n].tracks[slot].count, r = reduced->groups[n].tracks[slot].count;
      if (d > 1) {
        ++moving;
        EXPECT_EQ(d, 61) << "one key a frame, 0 .. 60";
      }
      dense_keys += d;
      reduced_keys += r;
    }
  }
  EXPECT_GT(moving, 0u);
  EXPECT_LT(reduced_keys * 4, dense_keys) << "reduction keeps a fraction of the keys";
  expect_same_lm_poses(*dense, *reduced);
}

TEST(GltfImport, SamplesAreBoundedWhateverTheFileAsks) {
  // Ten nodes, each with a two-key channel over 20 000 s: 600 001 frames at 30 fps, 6 million
  // samples from a file of a few hundred bytes.
  Scene scene;
  Animation anim;
  anim.name = "long";
  for (std::size_t n = 0; n < 10; ++n) {
    scene.nodes.push_back(Node{"b" + std::to_string(n), -1, {}, {}, {1, 1, 1}});
    anim.channels.push_back(Channel{n, Path::translation, Interpolation::linear, {0, 20000}, {0, 0, 0, 1, 1, 1}});
  }
  scene.animations.push_back(anim);
  const auto bytes = *write(scene, true);
  auto clip = import_clip(bytes, {});
  ASSERT_FALSE(clip);
  EXPECT_EQ(clip.error().message, "10 nodes over 600001 frames are 6000020 samples; an import stops at 4194304");
}

TEST(GltfImport, AnimationChoiceAndErrors) {
  auto file = gem::read(example("turret_v60.anm"));
  ASSERT_TRUE(file);
  const auto bytes = test::gem_gltf(*file, 30, {}, "idle")->bytes;
  ImportOptions options;
  options.animation = "idle";
  EXPECT_TRUE(import_clip(bytes, options));
  options.animation = "0";
  EXPECT_TRUE(import_clip(bytes, options));
  options.animation = "attack";
  auto missing = import_clip(bytes, options);
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().message, "no animation 'attack' in the file; it has one: 'idle' (or give an index from 0 to 0)");
  auto garbage = import_clip(std::vector<std::uint8_t>{'g', 'l', 'T', 'F', 2, 0, 0, 0}, {});
  ASSERT_FALSE(garbage);
  EXPECT_EQ(garbage.error().message.rfind("not a readable glTF file", 0), 0u);
  EXPECT_TRUE(looks_like_gltf(bytes));
  EXPECT_FALSE(looks_like_gltf(example("turret_v60.anm")));
}

TEST(GltfImport, AnAnimationIndexOutOfRangeIsAnError) {
  auto file = gem::read(example("turret_v60.anm"));
  ASSERT_TRUE(file);
  const auto bytes = test::gem_gltf(*file, 30, {}, "idle")->bytes;
  ImportOptions options;
  options.animation = "99999999999999999999999";  // past any integer
  auto r = import_clip(bytes, options);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message, "animation index 99999999999999999999999 is out of range (the file has 1 animation)");
  options.animation = "1";
  r = import_clip(bytes, options);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message, "animation index 1 is out of range (the file has 1 animation)");
  options = {};
  options.tolerance = std::nanf("");
  r = import_clip(bytes, options);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message, "tolerance nan is not a number of 0 or more");
}

// The format's record comes back typed, as it was written: every kind of value it holds, the
// clip's own records (events, payloads, comments) not among its fields, and what no record
// holds (a nested object, a list of numbers, null) left out.
TEST(GltfImport, TheFormatsRecordComesBackTyped) {
  auto file = gem::read(example("turret_v60.anm"));
  ASSERT_TRUE(file);
  model::Clip clip = gem::to_clip(*file);
  clip.record = gem::clip_record(*file, clip);
  clip.record.fields.push_back({"negative", std::int64_t(-5)});
  clip.record.fields.push_back({"flag", false});
  Scene exported = skeleton_scene(model::Skeleton{});
  ASSERT_TRUE(add_animation(exported, clip, {8, "idle"}, nullptr));
  const auto written = *write(exported, false);
  auto back = import_clip(written, {});
  ASSERT_TRUE(back) << back.error().to_string();
  // (glTF writers keep extras' members in name order, not the record's.)
  const auto by_name = [](model::FormatRecord r) {
    std::sort(r.fields.begin(), r.fields.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    return r;
  };
  EXPECT_EQ(back->record, by_name(clip.record));
  EXPECT_EQ(*back->record.get<std::string>("version"), "6.0");
  EXPECT_EQ(*back->record.get<std::uint64_t>("frame_count"), 25u);
  EXPECT_EQ(back->record.get<double>("frame_count"), nullptr);  // another kind: not there as that

  auto gltf = nlohmann::ordered_json::parse(written.begin(), written.end());
  auto& record = gltf["animations"][0]["extras"]["anmkit"];
  ASSERT_TRUE(record.contains("visibility"));  // the hatch hides: a record of the clip's own
  record["nested"] = {{"a", 1}};
  record["numbers"] = {1, 2};
  record["nothing"] = nullptr;
  const std::string edited = gltf.dump();
  back = import_clip(std::vector<std::uint8_t>(edited.begin(), edited.end()), {});
  ASSERT_TRUE(back) << back.error().to_string();
  EXPECT_EQ(back->record, by_name(clip.record));
}

// Names with a NUL go through glTF whole: the nodes are not cut at the NUL (three bones "x\0a",
// "x\0b" and "x" were three nodes "x"), so the file comes back, with a base and without.
TEST(GltfImport, NamesWithANulComeBackWhole) {
  auto dump = nlohmann::ordered_json::parse(*Document::open((fs::path(ANMKIT_SOURCE_DIR) / "examples/turret_v60.anm").string())->to_json());
  dump["bones"][1]["name"] = json_text(std::string("x\0a", 3));
  dump["bones"][2]["name"] = json_text(std::string("x\0b", 3));
  dump["bones"][3]["name"] = "x";
  auto document = Document::from_json(dump.dump(), {}, "nul.json");
  ASSERT_TRUE(document) << document.error().to_string();
  const auto bytes = *document->write();
  auto gltf = document->to_gltf({.binary = false});
  ASSERT_TRUE(gltf) << gltf.error().to_string();
  const auto written = nlohmann::json::parse(gltf->bytes.begin(), gltf->bytes.end());
  EXPECT_EQ(written["nodes"][2]["name"], "hex:780061");
  EXPECT_EQ(written["nodes"][4]["name"], "x");
  auto back = Document::import_gltf(gltf->bytes, "gem-6.0", {}, "nul.gltf");
  ASSERT_TRUE(back) << back.error().to_string();
  EXPECT_EQ(*back->document.write(), bytes);
  GltfImportOptions over;
  over.base = std::make_shared<const Document>(*document);
  back = Document::import_gltf(gltf->bytes, "gem-6.0", over, "nul.gltf");
  ASSERT_TRUE(back) << back.error().to_string();
  EXPECT_EQ(*back->document.write(), bytes);
}

TEST(GltfImport, MalformedExtrasNameTheirJsonPointer) {
  auto file = gem::read(example("turret_v60.anm"));
  ASSERT_TRUE(file);
  // The scene as the front door builds it; each case edits its written extras.anmkit.
  model::Clip clip = gem::to_clip(*file);
  clip.record = gem::clip_record(*file, clip);
  Scene exported = skeleton_scene(model::Skeleton{});
  ASSERT_TRUE(add_animation(exported, clip, {8, "idle"}, nullptr));
  // The record alone says what each case edits.
  exported.animations[0].events.clear();
  exported.animations[0].comments.clear();
  using json = nlohmann::ordered_json;
  const auto written = *write(exported, false);
  const json gltf = json::parse(written.begin(), written.end());
  const json extras = gltf["animations"][0]["extras"]["anmkit"];
  const std::string bone = extras["bone_map"][0];
  // (tinygltf drops empty arrays and objects from extras: each value here holds something.)
  struct Case {
    const char* member;
    json value;
    std::string pointer;
    std::string message;
  };
  const std::string at = "/animations/0/extras/anmkit/";
  const std::vector<Case> cases = {
      {"frame_count", 1e30, at + "frame_count", "expected an integer from 0 to 4294967295, found 1e+30"},
      {"frame_count", -1, at + "frame_count", "expected an integer from 0 to 4294967295, found -1"},
      {"fps", "fast", at + "fps", "expected a number, found \"fast\""},
      {"loop", "yes", at + "loop", "expected true or false, found \"yes\""},
      {"format", 7, at + "format", "expected a string, found number"},
      {"bone_map", json::array({5}), at + "bone_map/0", "expected a string, found number"},
      {"bone_map", {{"a", 1}}, at + "bone_map", "expected an array, found object"},
      {"comments", "00", at + "comments", "expected an array, found string"},
      {"visibility", {{bone, json::array({json::array({5})})}}, at + "visibility/" + bone + "/0", "expected [frame, value], found [5]"},
      {"visibility", {{bone, json::array({json::array({-1, true})})}}, at + "visibility/" + bone + "/0/0",
       "expected an integer from 0 to 4294967295, found -1"},
      {"mirrored", {{bone, json::array({json::array({0, 1})})}}, at + "mirrored/" + bone + "/0/1", "expected true or false, found 1"},
      {"mirrored", {{bone, 0}}, at + "mirrored/" + bone, "expected an array, found number"},
      {"mesh", json::array({1}), at + "mesh", "expected an object, found array"},
      {"mesh", {{bone, json::array({json::array({0, true})})}}, at + "mesh/" + bone + "/0/1",
       "expected an integer from 0 to 4294967295, found true"},
      {"mesh", {{bone, json::array({json::array({0, 100000})})}}, at + "mesh/" + bone + "/0/1",
       "expected a buffer view index, found 100000 (the file has VIEWS buffer views)"},
      {"comments", json::array({"0g"}), at + "comments/0", "expected hex digits, found 'g' at character 1"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.pointer);
    json edited = gltf;
    edited["animations"][0]["extras"]["anmkit"][c.member] = c.value;
    const std::string dumped = edited.dump();
    const std::vector<std::uint8_t> text(dumped.begin(), dumped.end());
    auto r = import_clip(text, {});
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, ErrorCode::json);
    EXPECT_EQ(r.error().pointer, c.pointer);
    std::string message = c.message;
    if (const auto at_views = message.find("VIEWS"); at_views != std::string::npos) {
      message.replace(at_views, 5, std::to_string(json::parse(text.begin(), text.end())["bufferViews"].size()));
    }
    EXPECT_EQ(r.error().message, message);
  }
}

TEST(GltfImport, AnAccessorCountPastAnyBufferIsAnError) {
  // (count - 1) * 4 wraps to 0 in 64 bits: the check must not multiply.
  auto file = gem::read(example("turret_v60.anm"));
  ASSERT_TRUE(file);
  auto text = test::gem_gltf(*file, 30, {}, "idle", false)->bytes;
  auto doc = nlohmann::json::parse(text.begin(), text.end());
  const std::size_t input = doc["animations"][0]["samplers"][0]["input"];
  doc["accessors"][input]["count"] = 4611686018427387905ull;
  doc["accessors"][input].erase("max");
  const std::string edited = doc.dump();
  auto r = import_clip(std::vector<std::uint8_t>(edited.begin(), edited.end()), {});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message, fmt::format("accessor {} runs past its buffer view", input));
}

TEST(GltfImport, NamesThatAreNotUtf8AreWrittenWithTheEscape) {
  Scene scene;
  scene.nodes.push_back(Node{"bone\xff", -1, {}, {}, {1, 1, 1}});
  Animation anim;
  anim.name = "idle\xc3";
  anim.channels.push_back(Channel{0, Path::translation, Interpolation::step, {0}, {0, 0, 0}});
  scene.animations.push_back(anim);
  auto bytes = write(scene, false);
  ASSERT_TRUE(bytes) << bytes.error().to_string();
  const auto doc = nlohmann::json::parse(bytes->begin(), bytes->end());
  EXPECT_EQ(doc["nodes"][1]["name"], "hex:626f6e65ff");
  EXPECT_EQ(doc["animations"][0]["name"], "hex:69646c65c3");
}

TEST(GltfImport, AFrameRateWhoseTimesDoNotFitAFloatIsAnError) {
  auto file = gem::read(example("turret_v60.anm"));
  ASSERT_TRUE(file);
  for (const double fps : {1e300, 1e-300}) {
    auto r = test::gem_gltf(*file, fps, {}, "idle");
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().message, fmt::format("{:g} frames per second: the frame times (frame / fps, up to frame {}) do not fit a float",
                                             fps, file->frame_count - 1));
  }
}

// A GEM file keyed the exporter's way in which "turret" is hidden at frame 2 while it also turns
// and moves there (new orientation and position), shows again at 3 holding them, and its child
// "gun" turns at frame 1. GEM draws a hidden bone's children, which move with it: the hidden
// bone's rotation and position at frame 2 are part of the animation. The orientations are made
// of `s` and `t`; s = 1, t = 0 makes them half turns, whose matrices (FRMN's) hold only 0 and +-1.
gem::File hidden_while_turning(float s, float t) {
  const auto vec3 = [](float x, float y, float z) { return gem::Vec3Bits{bits_from_float(x), bits_from_float(y), bits_from_float(z)}; };
  const std::uint16_t full_visible = gem::flag::position | gem::flag::orientation | gem::flag::visible;
  gem::File file;
  file.version = gem::version_6_0;
  file.frame_count = 5;
  file.bones = {gem::BoneName{"turret", 0, 0}, gem::BoneName{"gun", 0, 0}};
  file.add_frame(gem::FrameChunk::frm2, 0);
  file.add_key(0, full_visible, {.position = vec3(1, 2, 3), .orientation = vec3(0, 0, s)});
  file.add_key(1, full_visible, {.position = vec3(0, 0, 2), .orientation = vec3(0, s, 0)});
  file.add_frame(gem::FrameChunk::frm2, 1);
  file.add_key(1, gem::flag::orientation, {.orientation = vec3(s, 0, 0)});
  file.add_frame(gem::FrameChunk::frm2, 2);
  file.add_key(0, gem::flag::position | gem::flag::orientation | gem::flag::hidden,
               {.position = vec3(4, 5, 6), .orientation = vec3(t, s, 0)});
  file.add_frame(gem::FrameChunk::frm2, 3);
  file.add_key(0, gem::flag::visible, {});
  file.add_frame(gem::FrameChunk::frm2, 4);
  file.add_key(0, full_visible, {.position = vec3(4, 5, 6), .orientation = vec3(t, s, 0)});
  file.add_key(1, full_visible, {.position = vec3(0, 0, 2), .orientation = vec3(s, 0, 0)});
  return file;
}

// Its own glTF (extras.anmkit kept, no --base) back into `target`: the file's bytes, and the
// hidden bone's rotation and position at frame 2 exactly the original's.
void expect_hidden_bone_keeps_its_pose(const gem::File& original, const std::string& target) {
  SCOPED_TRACE(target);
  const auto bytes = *gem::write(original);
  auto document = Document::open(bytes, {}, "hidden.anm");
  ASSERT_TRUE(document) << document.error().to_string();
  auto gltf = document->to_gltf({true, "clip"});
  ASSERT_TRUE(gltf) << gltf.error().to_string();
  auto back = Document::import_gltf(gltf->bytes, target, {}, "hidden.glb");
  ASSERT_TRUE(back) << back.error().to_string();
  const auto written = *back->document.write();
  const model::BonePose was = model::sample(gem::to_clip(original), 2)[0];
  const model::BonePose is = model::sample(gem::to_clip(*gem::read(written)), 2)[0];
  ASSERT_FALSE(was.visible);
  EXPECT_FALSE(is.visible);
  EXPECT_EQ(is.rotation, was.rotation) << "the hidden bone's rotation at frame 2";
  EXPECT_EQ(is.translation, was.translation) << "the hidden bone's position at frame 2";
  EXPECT_EQ(written, bytes) << "the file, byte for byte";
}

// A GEM file whose bone is hidden at a frame where it also turns comes back from its own glTF, with
// no base, byte for byte: the importer reads the hidden bone's rotation from its channel (the test
// above) and the GEM writer keeps it (it used to replace a hidden bone's rotation, scale and
// mirror with the last ones written).
TEST(GltfImport, AHiddenBoneKeepsItsRotationAndPositionWithoutABase) {
  expect_hidden_bone_keeps_its_pose(hidden_while_turning(0.6f, 0.48f), "gem-6.0");
  // As FRMN (4.0): a matrix and a visibility item per record. Half turns, as a matrix of other
  // turns can come back from its quaternion an ulp off, hidden or not.
  auto frmn = gem::from_clip(gem::to_clip(hidden_while_turning(1, 0)), gem::Target::gem_4_0);
  ASSERT_TRUE(frmn) << frmn.error().to_string();
  expect_hidden_bone_keeps_its_pose(*frmn, "gem-4.0");
}

// The clip an import reads for a hidden bone: from anmkit's own glTF (its events recorded), the
// rotation channel's exact value at the hidden frame; from a glTF without extras.anmkit (another
// tool's, whose rotation at a scale of 0 comes from a matrix that has none), the rotation it
// had before. Its position is its channel's either way.
TEST(GltfImport, AHiddenBonesRotationIsItsChannelsWhereAnmkitRecordedItsEvents) {
  const gem::File file = hidden_while_turning(0.6f, 0.48f);
  const model::Clip original = gem::to_clip(file);
  const model::BonePose before = model::sample(original, 1)[0], hidden = model::sample(original, 2)[0];
  ASSERT_FALSE(hidden.visible);
  ASSERT_NE(hidden.rotation, before.rotation);
  const model::BonePose recorded = model::sample(through_gltf(file, true), 2)[0];
  EXPECT_FALSE(recorded.visible);
  EXPECT_EQ(recorded.rotation, hidden.rotation);
  EXPECT_EQ(recorded.translation, hidden.translation);
  Scene scene = skeleton_scene(model::Skeleton{});
  ASSERT_TRUE(add_animation(scene, original, {30, "clip"}, nullptr));  // no record: no extras.anmkit
  auto unrecorded = import_clip(*write(scene, true), {});
  ASSERT_TRUE(unrecorded) << unrecorded.error().to_string();
  const auto at2 = model::sample(*unrecorded, 2)[0];
  EXPECT_FALSE(at2.visible);
  EXPECT_EQ(at2.rotation, before.rotation) << "held from frame 1";
  EXPECT_EQ(at2.translation, hidden.translation);
  EXPECT_EQ(model::sample(*unrecorded, 3)[0].rotation, hidden.rotation) << "read again once shown";
}

// Under a base, an edit of a hidden bone's rotation lands when the glTF is anmkit's own (its
// record kept: the channel holds the exact rotation); from a glTF without the record (a tool that
// decomposed a matrix of scale 0) the base's rotation stays at the hidden frame, and the edit
// lands where the bone is shown.
TEST(GltfImport, AHiddenBonesEditedRotationLandsOverABase) {
  const gem::File original = hidden_while_turning(0.6f, 0.48f), edited = hidden_while_turning(0.6f, 0.3f);
  const auto edited_bytes = *gem::write(edited);
  GltfImportOptions options;
  auto base = Document::open(*gem::write(original), {}, "hidden.anm");
  ASSERT_TRUE(base) << base.error().to_string();
  options.base = std::make_shared<const Document>(std::move(*base));
  const model::BonePose was = model::sample(gem::to_clip(original), 2)[0], wanted = model::sample(gem::to_clip(edited), 2)[0];
  ASSERT_NE(was.rotation, wanted.rotation);

  auto edited_document = Document::open(edited_bytes, {}, "edited.anm");
  ASSERT_TRUE(edited_document) << edited_document.error().to_string();
  auto recorded = edited_document->to_gltf({true, "clip"});
  ASSERT_TRUE(recorded) << recorded.error().to_string();
  auto merged = Document::import_gltf(recorded->bytes, "gem-6.0", options, "edited.glb");
  ASSERT_TRUE(merged) << merged.error().to_string();
  const model::Clip landed = gem::to_clip(*gem::read(*merged->document.write()));
  EXPECT_EQ(model::sample(landed, 2)[0].rotation, wanted.rotation);
  // Every pose the edited file's (the merge writes no key that repeats the value held, as the
  // edited file's frame 4 does).
  for (std::uint32_t f = 0; f < edited.frame_count; ++f) {
    EXPECT_EQ(model::sample(landed, f), model::sample(gem::to_clip(edited), f)) << "frame " << f;
  }

  Scene scene = skeleton_scene(model::Skeleton{});
  ASSERT_TRUE(add_animation(scene, gem::to_clip(edited), {30, "clip"}, nullptr));  // no record
  auto unrecorded = Document::import_gltf(*write(scene, true), "gem-6.0", options, "other.glb");
  ASSERT_TRUE(unrecorded) << unrecorded.error().to_string();
  const model::Clip back = gem::to_clip(*gem::read(*unrecorded->document.write()));
  EXPECT_EQ(model::sample(back, 2)[0].rotation, was.rotation) << "the base's, at the hidden frame";
  EXPECT_EQ(model::sample(back, 4)[0].rotation, model::sample(gem::to_clip(edited), 4)[0].rotation) << "the edit, shown";
}

TEST(GltfImport, TheCommandLine) {
  test::TempDir dir;
  const std::string ex = std::string(ANMKIT_SOURCE_DIR) + "/examples/";
  ASSERT_EQ(test::run_cli({"convert", ex + "turret_v60.anm", "-o", dir.file("t.glb")}, dir).exit_code, 0);
  auto r = test::run_cli({"convert", dir.file("t.glb"), "-o", dir.file("t.anm"), "--to", "gem-6.0"}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(test::read_bytes(dir.file("t.anm")), example("turret_v60.anm"));
  r = test::run_cli({"convert", dir.file("t.glb"), "-o", dir.file("u.anm")}, dir);
  EXPECT_EQ(r.exit_code, 2) << "a missing --to is a usage error";
  EXPECT_EQ(r.err, dir.file("t.glb") + ": error: a glTF file needs --to gem-4.0|gem-6.0|gem-6.1|gem-6.1-frm3|lm\n");
  ASSERT_EQ(test::run_cli({"convert", ex + "mansion_door.anm", "-o", dir.file("d.gltf")}, dir).exit_code, 0);
  r = test::run_cli({"convert", dir.file("d.gltf"), "-o", dir.file("d.anm"), "--to", "lm"}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(test::run_cli({"validate", dir.file("d.anm")}, dir).exit_code, 0);
}

}  // namespace
}  // namespace anmkit::gltf
