// glTF import of hostile files (issue 17): one edited field of an exported example each, the
// way an attacker or a careless tool would write it. Every offset, index and count is refused
// with the JSON pointer of the field and what was expected there, before anything is read
// through it; external buffers are read beside the glTF file, as regular files, within the
// input limit; work and memory stay bounded by the read limits.

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "anmkit/formats/gem/gem_read.hpp"
#include "anmkit/gltf/gltf.hpp"
#include "anmkit/gltf/gltf_import.hpp"
#include "fidelity.hpp"
#include "gltf_edits.hpp"
#include "support/fixture_bytes.hpp"
#include "support/gltf_via_front_door.hpp"
#include "support/run_cli.hpp"

namespace anmkit::gltf {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

// The turret example's animation as glTF JSON (buffer embedded as a data URI).
json turret_gltf() {
  auto file = gem::read(test::read_bytes(fs::path(ANMKIT_SOURCE_DIR) / "examples" / "turret_v60.anm"));
  EXPECT_TRUE(file);
  auto gltf = test::gem_gltf(*file, 30, {}, "idle", false);
  EXPECT_TRUE(gltf);
  return json::parse(gltf->bytes.begin(), gltf->bytes.end());
}

std::vector<std::uint8_t> bytes_of(const std::string& text) { return {text.begin(), text.end()}; }
std::vector<std::uint8_t> bytes_of(const json& doc) { return bytes_of(doc.dump()); }

// The import of `doc` after `edit`, which must fail: its error.
Error import_error(const std::function<void(json&)>& edit, const ImportOptions& options = {}) {
  json doc = turret_gltf();
  edit(doc);
  auto r = import_clip(bytes_of(doc), options);
  EXPECT_FALSE(r) << "the edited file imported";
  return r ? Error{} : r.error();
}

void expect_error(const Error& e, ErrorCode code, const std::string& pointer, const std::string& message) {
  EXPECT_EQ(e.code, code) << e.to_string();
  EXPECT_EQ(e.pointer, pointer);
  EXPECT_EQ(e.message, message);
}

// Indices of the first channel's sampler's accessors and their buffer views.
struct FirstChannel {
  std::size_t input, output, input_view, output_view;
  std::uint64_t buffer_bytes;
};
FirstChannel first_channel(const json& doc) {
  const auto& sampler = doc["animations"][0]["samplers"][0];
  FirstChannel c;
  c.input = sampler["input"];
  c.output = sampler["output"];
  c.input_view = doc["accessors"][c.input]["bufferView"];
  c.output_view = doc["accessors"][c.output]["bufferView"];
  c.buffer_bytes = doc["buffers"][0]["byteLength"];
  return c;
}

TEST(GltfHostile, AViewOffsetNear2To64IsRefusedBeforeAnyRead) {
  // On tinygltf's model the sum byteOffset + byteLength wrapped past the bounds check (ASan:
  // heap-buffer-overflow); values it could not parse it quietly read as 0.
  const FirstChannel c = first_channel(turret_gltf());
  const std::string at = fmt::format("/bufferViews/{}/byteOffset", c.output_view);
  const std::string range = fmt::format("expected an integer from 0 to {}, found ", c.buffer_bytes);
  for (const json& offset : {json(18446744073709551600ull), json(18446744073709551615ull), json(-1), json(1e300),
                             json(18446744073709551616.0), json(c.buffer_bytes + 1)}) {
    SCOPED_TRACE(offset.dump());
    expect_error(import_error([&](json& d) { d["bufferViews"][c.output_view]["byteOffset"] = offset; }), ErrorCode::json, at,
                 range + offset.dump());
  }
}

TEST(GltfHostile, AViewLongerThanWhatFollowsItsOffsetIsRefused) {
  const FirstChannel c = first_channel(turret_gltf());
  auto e = import_error([&](json& d) {
    d["bufferViews"][c.output_view]["byteOffset"] = 8;
    d["bufferViews"][c.output_view]["byteLength"] = 18446744073709551612ull;  // 8 + this wraps to 4
  });
  expect_error(e, ErrorCode::json, fmt::format("/bufferViews/{}/byteLength", c.output_view),
               fmt::format("expected an integer from 0 to {}, found 18446744073709551612", c.buffer_bytes - 8));
}

TEST(GltfHostile, AnAccessorOffsetOrCountPastItsViewIsRefused) {
  const FirstChannel c = first_channel(turret_gltf());
  const std::string message = fmt::format("accessor {} runs past its buffer view", c.output);
  const std::string at = fmt::format("/accessors/{}/", c.output);
  expect_error(import_error([&](json& d) { d["accessors"][c.output]["byteOffset"] = 18446744073709551612ull; }), ErrorCode::json,
               at + "byteOffset", message);
  // 2^62 elements: their size wraps a 64-bit product (std::length_error when it was allocated).
  expect_error(import_error([&](json& d) { d["accessors"][c.output]["count"] = 4611686018427387904ull; }), ErrorCode::json,
               at + "count", message);
  expect_error(import_error([&](json& d) { d["accessors"][c.output]["count"] = -1; }), ErrorCode::json, at + "count",
               "expected an integer from 0 to 18446744073709551615, found -1");
  expect_error(import_error([&](json& d) { d["accessors"][c.output]["count"] = 0; }), ErrorCode::json, at + "count",
               "expected an integer from 1, found 0");
}

TEST(GltfHostile, IndicesPastTheirListsAreRefusedNotTruncated) {
  // tinygltf read indices as int: 2^32 + 1 became 1, another accessor's data.
  json doc = turret_gltf();
  const FirstChannel c = first_channel(doc);
  const std::size_t views = doc["bufferViews"].size(), accessors = doc["accessors"].size(), nodes = doc["nodes"].size();
  expect_error(import_error([&](json& d) { d["accessors"][c.output]["bufferView"] = 4294967297ull; }), ErrorCode::json,
               fmt::format("/accessors/{}/bufferView", c.output), fmt::format("expected an integer from 0 to {}, found 4294967297", views - 1));
  expect_error(import_error([&](json& d) { d["bufferViews"][c.output_view]["buffer"] = 4294967296ull; }), ErrorCode::json,
               fmt::format("/bufferViews/{}/buffer", c.output_view), "expected an integer from 0 to 0, found 4294967296");
  expect_error(import_error([&](json& d) { d["animations"][0]["channels"][0]["target"]["node"] = 2147483648ull; }), ErrorCode::json,
               "/animations/0/channels/0/target/node", fmt::format("expected an integer from 0 to {}, found 2147483648", nodes - 1));
  const std::size_t samplers = doc["animations"][0]["samplers"].size();
  expect_error(import_error([&](json& d) { d["animations"][0]["channels"][0]["sampler"] = -1; }), ErrorCode::json,
               "/animations/0/channels/0/sampler", fmt::format("expected an integer from 0 to {}, found -1", samplers - 1));
  expect_error(import_error([&](json& d) { d["animations"][0]["samplers"][0]["input"] = 4294967295ull; }), ErrorCode::json,
               "/animations/0/samplers/0/input",
               fmt::format("expected an accessor index, found 4294967295 (the file has {} accessors)", accessors));
}

TEST(GltfHostile, StridesAndTypesMustFitTheElements) {
  const json doc = turret_gltf();
  const FirstChannel c = first_channel(doc);
  const bool rotation = doc["animations"][0]["channels"][0]["target"]["path"] == "rotation";
  const std::string type = rotation ? "VEC4" : "VEC3";
  const std::string view = fmt::format("/bufferViews/{}/byteStride", c.output_view);
  // A stride below the element's size would read elements over each other (and more of them).
  expect_error(import_error([&](json& d) { d["bufferViews"][c.output_view]["byteStride"] = 4; }), ErrorCode::json, view,
               fmt::format("expected a multiple of 4 from {} to 252 for accessor {}, found 4", rotation ? 16 : 12, c.output));
  expect_error(import_error([&](json& d) { d["bufferViews"][c.output_view]["byteStride"] = 4294967312ull; }), ErrorCode::json, view,
               "expected an integer from 0 to 252, found 4294967312");
  expect_error(import_error([&](json& d) { d["accessors"][c.output]["type"] = "SCALAR"; }), ErrorCode::json,
               fmt::format("/accessors/{}/type", c.output), fmt::format("expected \"{}\", found \"SCALAR\"", type));
  expect_error(import_error([&](json& d) { d["accessors"][c.output]["componentType"] = 5130; }), ErrorCode::json,
               fmt::format("/accessors/{}/componentType", c.output), "expected 5126 (32-bit float), found 5130");
}

TEST(GltfHostile, NumbersPastFloatRangeAndUnknownInterpolationsAreRefused) {
  expect_error(import_error([](json& d) { d["nodes"][1]["translation"] = {1e300, 0, 0}; }), ErrorCode::json, "/nodes/1/translation/0",
               "expected a number in float range, found 1e+300");
  expect_error(import_error([](json& d) { d["animations"][0]["samplers"][0]["interpolation"] = "CUBIC"; }), ErrorCode::json,
               "/animations/0/samplers/0/interpolation", "expected LINEAR, STEP or CUBICSPLINE, found \"CUBIC\"");
  // A number past any double (nlohmann's DOM threw out_of_range for it).
  std::string text = turret_gltf().dump();
  text.replace(text.find("\"asset\":{"), 9, "\"asset\":{\"x\":1e400,");
  auto r = import_clip(bytes_of(text), {});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message, "not a readable glTF file: invalid JSON: number overflow parsing '1e400'");
  EXPECT_EQ(r.error().offset, text.find("1e400") + 4) << "the token's last byte, as json_input places syntax errors";
}

TEST(GltfHostile, DuplicateMembersAndDeepNestingAreRefused) {
  std::string text = turret_gltf().dump();
  text.replace(text.find("\"asset\":{"), 9, "\"asset\":{\"version\":\"1.0\",");
  auto r = import_clip(bytes_of(text), {});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().pointer, "/asset/version");
  EXPECT_EQ(r.error().message, "not a readable glTF file: duplicate member 'version'");
  // 200 000 arrays in an animation's extras: copying or printing them recursed off the stack.
  json doc = turret_gltf();
  doc["animations"][0]["extras"] = "@";
  text = doc.dump();
  text.replace(text.find("\"@\""), 3, std::string(200000, '[') + std::string(200000, ']'));
  r = import_clip(bytes_of(text), {});
  ASSERT_FALSE(r);
  // Open at the refusal: the root, "animations", the animation, and 61 arrays of the extras.
  std::string pointer = "/animations/0/extras";
  for (int i = 0; i < 61; ++i) pointer += "/0";
  EXPECT_EQ(r.error().pointer, pointer);
  EXPECT_EQ(r.error().message, "not a readable glTF file: nested deeper than the limit of 64 levels (limits.max_json_depth)");
}

TEST(GltfHostile, GlbChunksMustFitTheFile) {
  auto file = gem::read(test::read_bytes(fs::path(ANMKIT_SOURCE_DIR) / "examples" / "turret_v60.anm"));
  ASSERT_TRUE(file);
  const auto glb = test::gem_gltf(*file, 30, {}, "idle", true)->bytes;
  ASSERT_TRUE(import_clip(glb, {}));
  auto edited = glb;
  edited[12] = edited[13] = edited[14] = edited[15] = 0xff;  // the JSON chunk's length: 2^32 - 1
  auto r = import_clip(edited, {});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::truncated);
  EXPECT_EQ(r.error().offset, 20u);
  EXPECT_EQ(r.error().message, fmt::format("not a readable glTF file: unexpected end of data: expected the JSON chunk (4294967295 bytes), {} remain",
                                           glb.size() - 20));
  edited = glb;
  for (std::size_t i = 0; i < 4; ++i) edited[8 + i] = std::uint8_t((glb.size() + 1) >> (8 * i));  // the total length
  r = import_clip(edited, {});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().offset, 8u);
  EXPECT_EQ(r.error().message, fmt::format("not a readable glTF file: expected the GLB length to be the file's {} bytes, found {}",
                                           glb.size(), glb.size() + 1));
}

// The turret's glTF with its buffer in `name` beside it, in `folder`.
std::string write_with_external_buffer(const fs::path& folder, const std::string& name) {
  json doc = turret_gltf();
  const std::string uri = doc["buffers"][0]["uri"];
  const std::string base64 = uri.substr(uri.find(',') + 1);
  // The buffer's bytes, decoded the way the glTF was written (an embedded import reads them).
  std::vector<std::uint8_t> data;
  std::uint32_t bits = 0;
  int held = 0;
  for (char ch : base64) {
    const std::string alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const auto digit = alphabet.find(ch);
    if (digit == std::string::npos) continue;
    bits = (bits << 6) | std::uint32_t(digit);
    held += 6;
    if (held >= 8) {
      held -= 8;
      data.push_back(std::uint8_t(bits >> held));
    }
  }
  fs::create_directories(folder);
  std::ofstream(folder / name, std::ios::binary).write(reinterpret_cast<const char*>(data.data()), std::streamsize(data.size()));
  doc["buffers"][0]["uri"] = name;
  std::ofstream(folder / "t.gltf", std::ios::binary) << doc.dump();
  return (folder / "t.gltf").string();
}

TEST(GltfHostile, ExternalBuffersAreReadBesideTheGltfFile) {
  test::TempDir dir;
  const std::string gltf = write_with_external_buffer(dir.path() / "in", "t.bin");
  // The command runs in another folder: the buffer is found beside the glTF, not in the current folder.
  auto r = test::run_cli({"convert", gltf, "-o", dir.file("external.anm"), "--to", "gem-6.0"}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  // The same animation as with the buffer embedded.
  json doc = turret_gltf();
  dir.write("embedded.gltf", bytes_of(doc));
  r = test::run_cli({"convert", dir.file("embedded.gltf"), "-o", dir.file("embedded.anm"), "--to", "gem-6.0"}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(test::read_bytes(dir.file("external.anm")), test::read_bytes(dir.file("embedded.anm")));
  // Bytes without a folder read no file at all.
  const auto text = test::read_bytes(gltf);
  auto bytes_only = import_clip(text, {});
  ASSERT_FALSE(bytes_only);
  expect_error(bytes_only.error(), ErrorCode::json, "/buffers/0/uri",
               "expected a data: URI (the glTF came without a folder to read external files from)");
}

TEST(GltfHostile, AnExternalBufferMustBeARegularFileInsideTheFolder) {
  test::TempDir dir;
  const std::string gltf = write_with_external_buffer(dir.path(), "t.bin");
  json doc = json::parse(test::read_bytes(gltf));
  fs::create_directories(dir.path() / "sub");
  ImportOptions options;
  options.folder = dir.path().string();
  const auto with_uri = [&](const std::string& uri) {
    json edited = doc;
    edited["buffers"][0]["uri"] = uri;
    auto r = import_clip(bytes_of(edited), options);
    EXPECT_FALSE(r) << uri;
    return r ? Error{} : r.error();
  };
  // A folder was read as a file of 2^63 - 1 bytes (std::bad_alloc).
  expect_error(with_uri("sub"), ErrorCode::io, "/buffers/0/uri",
               fmt::format("external buffer {}: expected a regular file", (dir.path() / "sub").string()));
  expect_error(with_uri("missing.bin"), ErrorCode::io, "/buffers/0/uri",
               fmt::format("external buffer {}: no such file", (dir.path() / "missing.bin").string()));
  for (const std::string uri : {"../t.bin", "sub/../../t.bin", "/etc/passwd", "file:///etc/passwd"}) {
    const std::string name = uri;
    expect_error(with_uri(uri), ErrorCode::json, "/buffers/0/uri",
                 fmt::format("expected a file name relative to the glTF file's folder, not leaving it; found \"{}\"", name));
  }
  // Percent escapes are decoded, and checked.
  expect_error(with_uri("%2e%2E/t.bin"), ErrorCode::json, "/buffers/0/uri",
               "expected a file name relative to the glTF file's folder, not leaving it; found \"../t.bin\"");
  expect_error(with_uri("t%2"), ErrorCode::json, "/buffers/0/uri", "expected %XX (two hex digits) at character 1 of the URI");
  // The CLI names the file and the pointer.
  json edited = doc;
  edited["buffers"][0]["uri"] = "sub";
  const std::string named = dir.write("folder.gltf", bytes_of(edited));
  auto r = test::run_cli({"convert", named, "-o", dir.file("x.anm"), "--to", "gem-6.0"}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, fmt::format("{}:/buffers/0/uri: error: external buffer {}: expected a regular file\n", named,
                               (dir.path() / "sub").string()));
  EXPECT_FALSE(fs::exists(dir.file("x.anm")));
}

// A buffer named as a plain file of the folder that is a link out of it is refused where it is
// opened (its real path), never read into the import; a link within the folder is followed.
TEST(GltfHostile, AnExternalBufferLinkedOutOfTheFolderIsRefused) {
#ifdef _WIN32
  GTEST_SKIP() << "symbolic links need a privilege on Windows";
#else
  test::TempDir dir;
  const std::string gltf = write_with_external_buffer(dir.path() / "in", "t.bin");
  fs::rename(dir.path() / "in" / "t.bin", dir.path() / "outside.bin");
  fs::create_symlink(dir.path() / "outside.bin", dir.path() / "in" / "t.bin");
  ImportOptions options;
  options.folder = (dir.path() / "in").string();
  auto r = import_clip(test::read_bytes(gltf), options);
  ASSERT_FALSE(r);
  const std::string real = fs::canonical(dir.path() / "outside.bin").string();
  expect_error(r.error(), ErrorCode::io, "/buffers/0/uri",
               fmt::format("external buffer {}: leads out of the glTF file's folder {} (to {})", (dir.path() / "in" / "t.bin").string(),
                           options.folder, real));
  fs::remove(dir.path() / "in" / "t.bin");
  fs::rename(dir.path() / "outside.bin", dir.path() / "in" / "data.bin");
  fs::create_symlink("data.bin", dir.path() / "in" / "t.bin");
  EXPECT_TRUE(import_clip(test::read_bytes(gltf), options));
#endif
}

TEST(GltfHostile, ExternalBuffersCountAgainstTheInputLimit) {
  test::TempDir dir;
  const std::string gltf = write_with_external_buffer(dir.path(), "t.bin");
  const auto text = test::read_bytes(gltf);
  const auto buffer = fs::file_size(dir.path() / "t.bin");
  ImportOptions options;
  options.folder = dir.path().string();
  options.limits.max_input_bytes = text.size() + buffer;
  EXPECT_TRUE(import_clip(text, options));
  options.limits.max_input_bytes -= 1;
  auto r = import_clip(text, options);
  ASSERT_FALSE(r);
  expect_error(r.error(), ErrorCode::too_large, "/buffers/0/uri",
               fmt::format("external buffer {} ({} bytes) takes the input past the limit of {} bytes (limits.max_input_bytes)",
                           (dir.path() / "t.bin").string(), buffer, text.size() + buffer - 1));
  // The command line says it in its words: the option that sets that limit (the library names
  // the setting as data; a table of its phrases had no entry for this one).
  auto cli = test::run_cli({"convert", gltf, "-o", dir.file("x.anm"), "--to", "gem-6.0", "--max-bytes",
                            std::to_string(text.size() + buffer - 1)},
                           dir);
  EXPECT_EQ(cli.exit_code, 1);
  EXPECT_EQ(cli.err, fmt::format("{}:/buffers/0/uri: error: external buffer {} ({} bytes) takes the input past the limit of {} "
                                 "bytes (--max-bytes)\n",
                                 gltf, (dir.path() / "t.bin").string(), buffer, text.size() + buffer - 1));
  // The same file named by many buffers is counted each time.
  json doc = json::parse(text);
  for (int i = 0; i < 3; ++i) doc["buffers"].push_back(doc["buffers"][0]);
  options.limits.max_input_bytes = doc.dump().size() + 3 * buffer;
  r = import_clip(bytes_of(doc), options);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().pointer, "/buffers/3/uri");
  EXPECT_EQ(r.error().code, ErrorCode::too_large);
}

// One node and one channel of `keys` linear keys at 30 fps, translation x = the key's index.
std::vector<std::uint8_t> long_channel(std::size_t keys) {
  Scene scene;
  scene.nodes.push_back(Node{"bone", -1, {}, {}, {1, 1, 1}});
  Channel channel{0, Path::translation, Interpolation::linear, {}, {}};
  for (std::size_t k = 0; k < keys; ++k) {
    channel.times.push_back(float(double(k) / 30));
    channel.values.insert(channel.values.end(), {float(k), 0, 0});
  }
  scene.animations.push_back(Animation{"long", {channel}, {}});
  return *write(scene, true);
}

TEST(GltfHostile, ChannelsSharingOneAccessorCostNoCopiesAndTheirKeysAreCapped) {
  // 300 channels on one sampler took 300 copies of its accessors (4.7 GB for one file).
  const auto glb = long_channel(5000);
  ASSERT_TRUE(import_clip(glb, {}));
  // The GLB's JSON, with the one channel repeated (the binary chunk is unchanged).
  const std::uint32_t json_length = std::uint32_t(glb[12] | glb[13] << 8 | glb[14] << 16 | glb[15] << 24);
  json doc = json::parse(glb.begin() + 20, glb.begin() + 20 + json_length);
  const json channel = doc["animations"][0]["channels"][0];
  for (int i = 1; i < 300; ++i) doc["animations"][0]["channels"].push_back(channel);
  std::string text = doc.dump();
  text.resize((text.size() + 3) / 4 * 4, ' ');
  std::vector<std::uint8_t> edited(glb.begin(), glb.begin() + 12);
  for (int i = 0; i < 4; ++i) edited.push_back(std::uint8_t(text.size() >> (8 * i)));
  edited.insert(edited.end(), glb.begin() + 16, glb.begin() + 20);
  edited.insert(edited.end(), text.begin(), text.end());
  edited.insert(edited.end(), glb.begin() + 20 + json_length, glb.end());
  for (int i = 0; i < 4; ++i) edited[8 + std::size_t(i)] = std::uint8_t(edited.size() >> (8 * i));
  auto clip = import_clip(edited, {});
  ASSERT_TRUE(clip) << clip.error().to_string();
  ASSERT_EQ(clip->bones.size(), 1u);
  EXPECT_EQ(clip->frame_count, 5000u);
  EXPECT_EQ(clip->bones[0].translation.keys.back().value.x, 4999.0f);
  ImportOptions options;
  options.limits.max_keys = 1000000;
  auto capped = import_clip(edited, options);
  ASSERT_FALSE(capped);
  EXPECT_EQ(capped.error().code, ErrorCode::too_large);
  EXPECT_EQ(capped.error().message, "the channels up to /animations/0/channels/200 hold 1005000 keys, more than the limit of 1000000 (limits.max_keys)");
}

TEST(GltfHostile, SamplingWalksTheKeysOnceNotOncePerFrame) {
  // 600 000 keys sampled at 600 000 frames: a search from the first key at every frame is
  // 1.8e11 steps (hours); resuming where the last frame stopped is 1.2e6.
  const auto glb = long_channel(600000);
  const auto start = std::chrono::steady_clock::now();
  auto clip = import_clip(glb, {});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_TRUE(clip) << clip.error().to_string();
  EXPECT_EQ(clip->frame_count, 600000u);
  ASSERT_EQ(clip->bones[0].translation.keys.size(), 600000u);
  EXPECT_EQ(clip->bones[0].translation.keys[123456].value.x, 123456.0f);
  EXPECT_LT(seconds, 30.0) << "sampling is not linear in the keys";
}

TEST(GltfHostile, LargeObjectsParseInLinearTime) {
  // 300 000 members in one extras object: an ordered JSON object searches the members before
  // each new one (4.5e10 comparisons); and a bone map of as many names searched every node.
  std::string text = turret_gltf().dump();
  std::string members;
  for (int i = 0; i < 300000; ++i) members += fmt::format("\"m{}\":{},", i, i);
  members.pop_back();
  text.replace(text.find("\"asset\":{"), 9, "\"asset\":{\"extras\":{" + members + "},");
  const auto start = std::chrono::steady_clock::now();
  auto clip = import_clip(bytes_of(text), {});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_TRUE(clip) << clip.error().to_string();
  EXPECT_EQ(clip->bones.size(), turret_gltf()["animations"][0]["extras"]["anmkit"]["bone_map"].size());
  EXPECT_LT(seconds, 30.0) << "parsing is not linear in the members";
}

// Found by gltf_edit in its first minute: a GEM export whose extras.anmkit.version was 63,
// imported as LM, was written as LM version 63, which no reader (anmkit's included) accepts.
TEST(GltfHostile, AnLmImportWritesOnlyVersionsLmHas) {
  for (const auto& [recorded, written] : std::vector<std::pair<json, int>>{{63, 2}, {1, 1}, {2, 2}, {0, 2}, {"1", 2}}) {
    SCOPED_TRACE(recorded.dump());
    json doc = turret_gltf();
    doc["animations"][0]["extras"]["anmkit"]["version"] = recorded;
    auto lm = test::import_lm(bytes_of(doc));
    ASSERT_TRUE(lm) << lm.error().to_string();
    EXPECT_EQ(lm->version, written);
  }
}

// The structure-aware fuzz target's edits (fuzz/gltf_edits.hpp): one record sets the buffer's
// URI to a folder, the finding that byte mutations missed; its committed seeds replay clean.
TEST(GltfHostile, FuzzEditsSpellTheFindings) {
  fuzz::set_gltf_edit_bases({turret_gltf().dump()});
  const auto leaves = fuzz::gltf_edit_leaves(0);
  const auto uri = std::find(leaves.begin(), leaves.end(), "/buffers/0/uri");
  ASSERT_NE(uri, leaves.end());
  const auto place = std::size_t(uri - leaves.begin());
  // Base 0; set (0) the leaf at `place` to string (6) number 4 of the list: "sub".
  const std::vector<std::uint8_t> input{0, 0, std::uint8_t(place), std::uint8_t(place >> 8), 6, 4, 0, 0, 0, 0, 0, 0, 0};
  const std::string text = fuzz::apply_gltf_edits(input);
  EXPECT_EQ(json::parse(text)["buffers"][0]["uri"], "sub");
  test::TempDir dir;
  fs::create_directories(dir.path() / "sub");
  ImportOptions options;
  options.folder = dir.path().string();
  auto r = import_clip(bytes_of(text), options);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message, fmt::format("external buffer {}: expected a regular file", (dir.path() / "sub").string()));
  // A raw token (kind 5, number 0: 1e400) that no JSON library's value can hold.
  const auto count = std::find(leaves.begin(), leaves.end(), "/accessors/0/count");
  ASSERT_NE(count, leaves.end());
  const auto at = std::size_t(count - leaves.begin());
  const std::string raw = fuzz::apply_gltf_edits(std::vector<std::uint8_t>{0, 0, std::uint8_t(at), std::uint8_t(at >> 8), 5, 0, 0, 0, 0, 0, 0, 0, 0});
  EXPECT_NE(raw.find("\"count\":1e400"), std::string::npos);
  // A node's name of bytes that are not UTF-8 (raw token 10): they reach the text as they are,
  // and the reader says where.
  const auto name = std::find(leaves.begin(), leaves.end(), "/nodes/1/name");
  ASSERT_NE(name, leaves.end());
  const auto n = std::size_t(name - leaves.begin());
  const std::string named = fuzz::apply_gltf_edits(std::vector<std::uint8_t>{0, 0, std::uint8_t(n), std::uint8_t(n >> 8), 5, 10, 0, 0, 0, 0, 0, 0, 0});
  EXPECT_NE(named.find("\"name\":\"bas\xe9is\""), std::string::npos);
  EXPECT_EQ(fuzz::check_gltf_import(bytes_of(named)), std::nullopt);
  for (const auto& seed : fs::directory_iterator(fs::path(ANMKIT_SOURCE_DIR) / "fuzz" / "seeds" / "gltf_edit")) {
    SCOPED_TRACE(seed.path().filename().string());
    const std::string edited = fuzz::apply_gltf_edits(test::read_bytes(seed.path()));
    (void)import_clip(bytes_of(edited), options);  // ASan and UBSan watch this
    EXPECT_EQ(fuzz::check_gltf_import(bytes_of(edited)), std::nullopt);
  }
}

}  // namespace
}  // namespace anmkit::gltf
