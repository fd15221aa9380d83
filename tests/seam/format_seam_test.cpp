// A format is one entry file: tkf_entry.cpp registers "tkf", and the front door, the C API, the
// glTF export and import, and the command line (anmkit_seam_cli: the CLI's own sources with the
// entry) take it with nothing outside tests/seam/ changed. Python takes it in seam_test.py.

#include <atomic>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "anmkit/anmkit.h"
#include "anmkit/anmkit.hpp"
#include "anmkit/inputs.hpp"
#include "support/run_cli.hpp"

namespace tkf {
extern std::atomic<int> clips_built;  // tkf_entry.cpp
}  // namespace tkf

namespace {

using namespace anmkit;

// Two bones: "hull" keyed at frames 0 and 2, "gun" at frame 0.
std::vector<std::uint8_t> tkf_file(std::uint16_t gun_frame = 0) {
  std::vector<std::uint8_t> out{'T', 'K', 'F', '1', 3, 0, 2, 0};
  const auto u16 = [&](std::uint16_t v) { out.insert(out.end(), {std::uint8_t(v), std::uint8_t(v >> 8)}); };
  const auto f32 = [&](float v) {
    std::uint8_t b[4];
    std::memcpy(b, &v, 4);
    out.insert(out.end(), b, b + 4);
  };
  out.insert(out.end(), {4, 'h', 'u', 'l', 'l'});
  u16(2);
  u16(0), f32(1), f32(2), f32(3);
  u16(2), f32(4), f32(5.5f), f32(-6);
  out.insert(out.end(), {3, 'g', 'u', 'n'});
  u16(1);
  u16(gun_frame), f32(0.25f), f32(0), f32(-0.0f);
  return out;
}

TEST(FormatSeam, TheRegistryListsAndDetectsAFormatFromItsEntryFileAlone) {
  std::vector<std::string_view> names;
  for (const FormatInfo& f : formats()) names.push_back(f.name);
  // Formats with a signature first, by name; then the one recognised by its header's shape.
  EXPECT_EQ(names, (std::vector<std::string_view>{"gem", "mm2", "tkf", "lm"}));
  const auto bytes = tkf_file();
  ASSERT_TRUE(detect(bytes));
  EXPECT_EQ(detect(bytes)->name, "tkf");
  EXPECT_EQ(import_targets(), (std::vector<std::string_view>{"gem-4.0", "gem-6.0", "gem-6.1", "gem-6.1-frm3", "tkf", "lm"}));
  auto unknown = Document::open(std::vector<std::uint8_t>{'n', 'o', 'p', 'e', 0, 0, 0, 0}, {}, "nope.anm");
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().to_string(),
            "nope.anm:0: error: not a recognised animation: no GEM ('EANM'), MM2 ('00 00 54 56') or TKF ('TKF1') signature, "
            "and not a plausible LM header");
}

TEST(FormatSeam, OpensValidatesDumpsAndBuildsItBackByteForByte) {
  const auto bytes = tkf_file();
  auto document = Document::open(bytes, {}, "two.tkf");
  ASSERT_TRUE(document) << document.error().to_string();
  EXPECT_EQ(document->format().name, "tkf");
  EXPECT_EQ(document->version(), "1");
  EXPECT_TRUE(document->validate().empty());
  EXPECT_EQ(*document->write(), bytes);
  const auto summary = document->summary();
  ASSERT_TRUE(summary);
  EXPECT_EQ(summary->text, "two.tkf: Test keyframes (TKF1), version 1, 63 bytes\n  frames      3\n  bones       2\n");

  const auto json = document->to_json(false);
  ASSERT_TRUE(json);
  EXPECT_EQ(json->substr(0, 35), "{\"format\":\"tkf\",\"frame_count\":3,\"bo");
  auto built = Document::from_json(*json);
  ASSERT_TRUE(built) << built.error().to_string();
  EXPECT_EQ(built->format().name, "tkf");
  EXPECT_EQ(*built->write(), bytes);

  // The entry's own rule, with the offset and pointer of the key that breaks it.
  auto late = Document::open(tkf_file(3), {}, "late.tkf");
  ASSERT_TRUE(late);
  const auto findings = late->validate();
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].id, "tkf.key-past-end");
  EXPECT_EQ(findings[0].offset, 49u);
  EXPECT_EQ(findings[0].pointer, "/bones/1/keys/0");

  // A damaged file names the file, the byte, and what was expected: here the bone count, checked
  // against the bytes that remain before anything is allocated.
  auto cut = bytes;
  cut.resize(10);
  auto truncated = Document::open(cut, {}, "cut.tkf");
  ASSERT_FALSE(truncated);
  EXPECT_EQ(truncated.error().file, "cut.tkf");
  EXPECT_EQ(truncated.error().code, ErrorCode::too_large);
  EXPECT_EQ(truncated.error().offset, 8u);
  EXPECT_EQ(truncated.error().to_string(), "cut.tkf:8: error: bones 2 needs at least 6 bytes, but only 2 remain");
}

TEST(FormatSeam, SamplesAndGoesThroughGltfAndBack) {
  const auto bytes = tkf_file();
  auto document = Document::open(bytes);
  ASSERT_TRUE(document);
  auto clip = document->clip();
  ASSERT_TRUE(clip);
  ASSERT_EQ(clip->bones.size(), 2u);
  const auto pose = model::sample(*clip, 2);
  EXPECT_EQ(pose[0].translation.x, 4.0f);
  EXPECT_EQ(pose[0].translation.y, 5.5f);
  EXPECT_EQ(pose[0].translation.z, -6.0f);
  EXPECT_EQ(pose[1].translation.x, 0.25f);

  auto gltf = document->to_gltf();
  ASSERT_TRUE(gltf) << gltf.error().to_string();
  ASSERT_GE(gltf->bytes.size(), 4u);
  EXPECT_EQ(std::string(gltf->bytes.begin(), gltf->bytes.begin() + 4), "glTF");
  auto back = Document::import_gltf(gltf->bytes, "tkf", {}, "two.glb");
  ASSERT_TRUE(back) << back.error().to_string();
  EXPECT_EQ(back->document.format().name, "tkf");
  EXPECT_EQ(*back->document.write(), bytes);
}

// The front door builds a document's clip once, for every call and copy, from any thread.
TEST(FormatSeam, TheClipIsBuiltOnce) {
  const auto bytes = tkf_file();
  auto document = Document::open(bytes);
  ASSERT_TRUE(document);
  const int before = tkf::clips_built;
  const Document copy = *document;
  std::vector<std::thread> threads;
  std::atomic<int> sampled{0};
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      const Document& d = t % 2 ? copy : *document;
      if (auto clip = d.clip(); clip && clip->bones.size() == 2) ++sampled;
      if (auto gltf = d.to_gltf(); gltf) ++sampled;
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(sampled, 8);
  EXPECT_EQ(tkf::clips_built - before, 1);
  // Another document of the same bytes builds its own.
  ASSERT_TRUE(Document::open(bytes)->clip());
  EXPECT_EQ(tkf::clips_built - before, 2);
}

TEST(FormatSeam, ItsFileKindIsListedFromItsEntry) {
  std::vector<std::string> tkf;
  for (const GameFileKind& k : game_file_kinds()) {
    if (k.format == "tkf") tkf.push_back(std::string(k.name) + " " + std::string(k.extension) + " " + std::string(kind_name(*k.opens_as)));
  }
  EXPECT_EQ(tkf, (std::vector<std::string>{"animation .tkf animation"}));
  // What a folder walk takes for a broken animation rather than someone else's file.
  EXPECT_TRUE(named_like_an_animation("vehicle/BROKEN.TKF"));
  anmkit_file_kind kind{};
  kind.struct_size = sizeof kind;
  std::vector<std::string> listed;
  for (size_t i = 0; anmkit_file_kind_get(i, &kind, nullptr) == ANMKIT_OK; ++i) {
    if (std::string(kind.format) == "tkf") listed.push_back(std::string(kind.extension) + " " + std::to_string(kind.opens_as));
  }
  EXPECT_EQ(listed, (std::vector<std::string>{".tkf 1"}));
}

// The command line lists a folder's files of the format, says a broken one by its name, converts
// one to glTF and back byte for byte: its own sources, the entry linked beside them.
TEST(FormatSeam, TheCommandLineListsOpensAndConvertsIt) {
  const test::TempDir dir;
  std::filesystem::create_directories(dir.path() / "vehicle");
  const auto bytes = tkf_file();
  dir.write("vehicle/two.tkf", bytes);
  dir.write("vehicle/broken.TKF", {});
  dir.write_text("vehicle/notes.txt", "hello");
  auto info = test::run_cli({"info", "vehicle"}, dir, dir.path());
  EXPECT_EQ(info.exit_code, 1) << info.err;
  EXPECT_EQ(info.out, "vehicle/two.tkf: Test keyframes (TKF1), version 1, 63 bytes\n  frames      3\n  bones       2\n"
                      "3 files: 1 described, 1 unreadable, 1 skipped (not an animation)\n");
  EXPECT_EQ(info.err, "vehicle/broken.TKF:0: error: not a recognised animation: the file is empty\n");
  auto glb = test::run_cli({"convert", "vehicle/two.tkf", "-o", "two.glb"}, dir, dir.path());
  ASSERT_EQ(glb.exit_code, 0) << glb.err;
  EXPECT_EQ(test::slurp(dir.path() / "two.glb").substr(0, 4), "glTF");
  auto back = test::run_cli({"convert", "two.glb", "--to", "tkf", "-o", "back.tkf"}, dir, dir.path());
  ASSERT_EQ(back.exit_code, 0) << back.err;
  EXPECT_EQ(test::slurp(dir.path() / "back.tkf"), std::string(bytes.begin(), bytes.end()));
}

TEST(FormatSeam, TheCApiListsOpensAndExportsIt) {
  std::vector<std::string> names;
  for (size_t i = 0; anmkit_format_name(i) != nullptr; ++i) names.emplace_back(anmkit_format_name(i));
  EXPECT_EQ(names, (std::vector<std::string>{"gem", "mm2", "tkf", "lm"}));
  const auto bytes = tkf_file();
  EXPECT_STREQ(anmkit_detect(bytes.data(), bytes.size()), "tkf");
  anmkit_document* doc = nullptr;
  anmkit_error error;
  ASSERT_EQ(anmkit_open_memory(bytes.data(), bytes.size(), "two.tkf", nullptr, &doc, &error), ANMKIT_OK) << error.message;
  EXPECT_STREQ(anmkit_format(doc), "tkf");
  EXPECT_EQ(anmkit_is_skeletal(doc), 1);
  anmkit_clip_info info{};
  info.struct_size = sizeof info;
  ASSERT_EQ(anmkit_clip_info_get(doc, &info, &error), ANMKIT_OK) << error.message;
  EXPECT_EQ(info.bone_count, 2u);
  EXPECT_EQ(info.frame_count, 3u);
  std::uint8_t* glb = nullptr;
  size_t size = 0;
  ASSERT_EQ(anmkit_to_gltf(doc, 1, &glb, &size, &error), ANMKIT_OK) << error.message;
  anmkit_gltf_import_options options;
  anmkit_gltf_import_options_init(&options);
  options.target = "tkf";
  anmkit_document* back = nullptr;
  ASSERT_EQ(anmkit_from_gltf(glb, size, "two.glb", &options, &back, nullptr, &error), ANMKIT_OK) << error.message;
  std::uint8_t* written = nullptr;
  size_t written_size = 0;
  ASSERT_EQ(anmkit_write(back, &written, &written_size, &error), ANMKIT_OK);
  EXPECT_EQ(std::vector<std::uint8_t>(written, written + written_size), bytes);
  anmkit_bytes_free(written);
  anmkit_bytes_free(glb);
  anmkit_free(back);
  anmkit_free(doc);
}

}  // namespace
