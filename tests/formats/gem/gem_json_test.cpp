#include "anmkit/formats/gem/gem_json.hpp"

#include <gtest/gtest.h>

#include "anmkit/core/json_input.hpp"
#include "anmkit/core/json_pretty.hpp"
#include "anmkit/formats/gem/gem_read.hpp"
#include "anmkit/formats/gem/gem_write.hpp"
#include "support/fixture_bytes.hpp"

namespace anmkit::gem {
namespace {

using json = nlohmann::ordered_json;
using test::FixtureBytes;

std::vector<std::uint8_t> every_kind_of_record() {
  FixtureBytes b;
  b.tag("EANM").u32(version_6_1).tag("FRMS").u32(3);
  b.tag("CMNT").u16(4).tag("note").tag("CMNT").u16(2).raw({0xff, 0x00});
  b.tag("BMAP").u32(3).name("basis").name("t", 7);
  b.u32(2).raw({0xc3, 0x28});  // a name that is not UTF-8
  b.tag("FRM2").u16(0).u8(2).u8(0).u16(0x4f).f32s({-0.0f, 1.5f, 1e-30f}).f32s({-0.0f, -0.0f, -0.0f}).f32s({1, 1, -1});
  b.u8(1).u16(0x0128).u32(3).raw({1, 2, 3});
  b.tag("FRM3").u8(2).u8(1).u8(2).u16(0x01);
  b.raw({0x01, 0x00, 0xc0, 0x7f}).f32s({0.1f, 3.4028235e38f});  // a NaN with a payload
  return b.bytes();
}

TEST(GemJson, DumpThenBuildGivesTheSameBytes) {
  const auto bytes = every_kind_of_record();
  auto file = read(bytes);
  ASSERT_TRUE(file);
  const json doc = to_json(*file);
  // Through text, as a user's file would go.
  const json reparsed = json::parse(pretty_json(doc));
  auto back = from_json(reparsed);
  ASSERT_TRUE(back) << back.error().to_string();
  EXPECT_EQ(*back, *file);
  auto again = write(*back);
  ASSERT_TRUE(again);
  EXPECT_EQ(*again, bytes);
}

TEST(GemJson, DumpShape) {
  auto file = read(every_kind_of_record());
  ASSERT_TRUE(file);
  const json doc = to_json(*file);
  EXPECT_EQ(doc["schema"], "anmkit.gem.dump");
  EXPECT_EQ(doc["schema_version"], 1);
  EXPECT_EQ(doc["version"], "6.1");
  EXPECT_EQ(doc["comments"][0].dump(), R"({"text":"note"})");
  EXPECT_EQ(doc["comments"][1].dump(), R"({"text":"hex:ff00"})");  // not UTF-8: json_text's escape
  EXPECT_EQ(doc["bones"][1].dump(), R"({"name":"t","reserved":7})");
  EXPECT_EQ(doc["bones"][2].dump(), R"({"name":"hex:c328"})");
  EXPECT_EQ(doc["frames"][0]["keys"][0].dump(),
            R"({"bone":0,"flags":79,"position":[-0.0,1.5,1e-30],"orientation":[-0.0,-0.0,-0.0],"scale":[1.0,1.0,-1.0]})");
  EXPECT_EQ(doc["frames"][0]["keys"][1].dump(), R"({"bone":1,"flags":296,"mesh":"010203"})");
  EXPECT_EQ(doc["frames"][1]["keys"][0]["position"].dump(), R"(["bits:0x7fc00001",0.1,3.4028235e+38])");
}

TEST(GemJson, FrmnDumpShape) {
  FixtureBytes b;
  b.header(version_4_0, 1, {"a"});
  b.tag("FRMN").u32(0).tag("BONE").u32(0).tag("VISI").u32(1).tag("MESH").u32(1).raw({0xab});
  b.tag("MATR").f32s({1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0});
  auto file = read(b.bytes());
  ASSERT_TRUE(file);
  const json doc = to_json(*file);
  EXPECT_EQ(doc["frames"][0].dump(),
            R"({"chunk":"FRMN","frame":0,"bones":[{"index":0,"items":[{"visibility":1},{"mesh":"ab"},)"
            R"({"matrix":[1.0,0.0,0.0,0.0,1.0,0.0,0.0,0.0,1.0,0.0,0.0,0.0]}]}]})");
  auto back = from_json(doc);
  ASSERT_TRUE(back);
  EXPECT_EQ(*write(*back), b.bytes());
}

Error build_error(const std::string& text) {
  try {
    auto file = from_json(json_input::parse({reinterpret_cast<const std::uint8_t*>(text.data()), text.size()}));
    EXPECT_FALSE(file);
    return file ? make_error(ErrorCode::io, "no error") : file.error();
  } catch (ErrorException& e) {
    return e.error;
  }
}

const std::string head = R"({"schema": "anmkit.gem.dump", "schema_version": 1, "format": "gem", "version": "6.0",
  "frame_count": 2, "bones": [{"name": "a"}], )";

TEST(GemJson, BrokenEditsNameTheJsonPointer) {
  struct Case {
    std::string frames;
    std::string pointer;
    std::string message;
  };
  const Case cases[] = {
      {R"([{"chunk": "FRM2", "frame": 0, "keys": [{"bone": 0, "flags": 1, "position": [1, 2]}]}])",
       "/frames/0/keys/0/position", "expected an array of 3 floats, found 2 elements"},
      {R"([{"chunk": "FRM2", "frame": 0, "keys": [{"bone": 300, "flags": 1}]}])", "/frames/0/keys/0/bone",
       "expected an integer from 0 to 255, found 300"},
      {R"([{"chunk": "FRM4", "frame": 0, "keys": []}])", "/frames/0/chunk",
       "expected \"FRMN\", \"FRM2\" or \"FRM3\", found \"FRM4\""},
      {R"([{"chunk": "FRM2", "frame": 0, "keys": [{"bone": 0, "flags": 1, "postion": [1, 2, 3]}]}])",
       "/frames/0/keys/0/postion", "unknown member 'postion' (expected one of: bone, flags, position, orientation, scale, mesh)"},
      {R"([{"chunk": "FRM2", "frame": 0, "keys": [{"bone": 0, "flags": 1, "position": [1, "x", 3]}]}])",
       "/frames/0/keys/0/position/1", "expected a float (a number in float range, or \"bits:0xHHHHHHHH\"), found \"x\""},
      {R"([{"chunk": "FRM2", "frame": 0}])", "/frames/0", "missing member 'keys'"},
      {R"([{"chunk": "FRMN", "frame": 0, "bones": [{"index": 0, "items": [{"visibility": 1, "mesh": "00"}]}]}])",
       "/frames/0/bones/0/items/0", "expected exactly one of 'matrix', 'visibility' or 'mesh'"},
      {R"([{"chunk": "FRM2", "frame": 0, "keys": [{"bone": 0, "flags": 32, "mesh": "0z"}]}])",
       "/frames/0/keys/0/mesh", "expected hex digits, found 'z' at character 1"},
  };
  for (const Case& c : cases) {
    const Error e = build_error(head + R"("frames": )" + c.frames + "}");
    EXPECT_EQ(e.code, ErrorCode::json);
    EXPECT_EQ(e.pointer, c.pointer) << c.frames;
    EXPECT_EQ(e.message, c.message) << c.frames;
  }
}

TEST(GemJson, HeaderErrors) {
  Error e = build_error(R"({"schema": "other", "schema_version": 1, "format": "gem", "version": "6.0", "frame_count": 1, "bones": [], "frames": []})");
  EXPECT_EQ(e.pointer, "/schema");
  EXPECT_EQ(e.message, "expected \"anmkit.gem.dump\", found \"other\"");
  e = build_error(R"({"schema": "anmkit.gem.dump", "schema_version": 2, "format": "gem", "version": "6.0", "frame_count": 1, "bones": [], "frames": []})");
  EXPECT_EQ(e.message, "this anmkit reads schema version 1, found 2");
  e = build_error(R"({"schema": "anmkit.gem.dump", "schema_version": 1, "format": "gem", "version": "6.2", "frame_count": 1, "bones": [], "frames": []})");
  EXPECT_EQ(e.pointer, "/version");
  e = build_error(R"({"schema": "anmkit.gem.dump", "schema_version": 1, "format": "gem", "version": "6.0", "bones": [], "frames": []})");
  EXPECT_EQ(e.pointer, "/");
  EXPECT_EQ(e.message, "missing member 'frame_count'");
  e = build_error("[1, 2");
  EXPECT_EQ(e.offset, 5u);
}

TEST(GemJson, FlagsAndFieldsMustAgree) {
  const std::string one_key = R"({"schema": "anmkit.gem.dump", "schema_version": 1, "format": "gem", "version": "6.0", "frame_count": 1, "bones": [{"name": "a"}], "frames": [{"chunk": "FRM2", "frame": 0, "keys": [)";
  Error e = build_error(one_key + R"({"bone": 0, "flags": 3, "position": [0, 0, 0]}]}]})");
  EXPECT_EQ(e.pointer, "/frames/0/keys/0/orientation");
  EXPECT_EQ(e.message, "flags 0x0003 include 0x02 but the key has no orientation");
  e = build_error(one_key + R"({"bone": 0, "flags": 9, "position": [0, 0, 0], "scale": [1, 1, 1]}]}]})");
  EXPECT_EQ(e.pointer, "/frames/0/keys/0/scale");
  EXPECT_EQ(e.message, "the key has a scale but flags 0x0009 lack 0x40");
  // Agreeing flags and fields build a well-formed file, values in key order.
  const std::string good = one_key + R"({"bone": 0, "flags": 65, "position": [1, 2, 3], "scale": [4, 5, 6]}]}]})";
  auto file = from_json(json_input::parse({reinterpret_cast<const std::uint8_t*>(good.data()), good.size()}));
  ASSERT_TRUE(file) << file.error().to_string();
  EXPECT_FALSE(find_malformed(*file));
  EXPECT_EQ(file->values.size(), 6u);
  EXPECT_EQ((*file->scale(file->keys[0]))[0], test::bits(4.0f));
}

TEST(GemJson, UnknownVersionNumbersRoundTrip) {
  File f;
  f.version = 0x00070002;
  const json doc = to_json(f);
  EXPECT_EQ(doc["version"], "0x00070002");
  auto back = from_json(doc);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->version, 0x00070002u);
}

}  // namespace
}  // namespace anmkit::gem
