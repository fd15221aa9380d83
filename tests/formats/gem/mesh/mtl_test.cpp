// The `.mtl` reader, writer, material view, validator and dump, on texts written in the test.

#include "anmkit/formats/gem/mesh/mtl_read.hpp"

#include <gtest/gtest.h>

#include <string>

#include "anmkit/formats/gem/mesh/mtl_json.hpp"
#include "anmkit/formats/gem/mesh/mtl_material.hpp"
#include "anmkit/formats/gem/mesh/mtl_validate.hpp"
#include "anmkit/formats/gem/mesh/mtl_write.hpp"

namespace anmkit::gem::mesh {
namespace {

using json = nlohmann::ordered_json;

std::span<const std::uint8_t> bytes(const std::string& text) {
  return {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()};
}

MtlFile parse(const std::string& text) {
  auto file = read_mtl(bytes(text));
  EXPECT_TRUE(file) << (file ? "" : file.error().to_string());
  return file ? *file : MtlFile{};
}

std::string written(const MtlFile& file) {
  auto out = write_mtl(file);
  EXPECT_TRUE(out) << (out ? "" : out.error().to_string());
  return out ? std::string(out->begin(), out->end()) : std::string();
}

std::vector<std::string> ids(const std::vector<Diagnostic>& d) {
  std::vector<std::string> out;
  for (const auto& x : d) out.push_back(x.id);
  return out;
}

const std::string bump_material =
    "; a comment before\r\n"
    "{material bump\r\n"
    "\t{diffuse \"e-75\"}\r\n"
    "\t{bump \"e-75_nm\" {MipMap 0}}\r\n"
    "\t{Specular \"e-75_cm\"}   ; the case of keys does not matter\r\n"
    "\t{color \"230 230 230 128\"}\r\n"
    "\t{blend test} {alpharef 100}\r\n"
    "\t{glow 10.0} {emitsheat} {gloss_scale 2}\r\n"
    "\t{shiny 3 \"x\"}\r\n"
    "}\r\n";

TEST(Mtl, ReadsTheTreeAndWritesItBackByteForByte) {
  const MtlFile file = parse(bump_material);
  ASSERT_EQ(file.top.size(), 1u);
  const MtlBlock& material = file.blocks[file.top[0]];
  EXPECT_EQ(material.key.text, "material");
  EXPECT_EQ(material.key.offset, 21u);
  EXPECT_EQ(material.open.space, "; a comment before\r\n");
  ASSERT_EQ(material.entries.size(), 11u);
  EXPECT_EQ(material.entries[0].kind, MtlEntryKind::word);
  EXPECT_EQ(material.entries[0].token.text, "bump");
  EXPECT_EQ(material.entries[1].kind, MtlEntryKind::block);
  const MtlBlock& diffuse = file.blocks[material.entries[1].block];
  EXPECT_EQ(diffuse.key.text, "diffuse");
  EXPECT_EQ(diffuse.parent, 0);
  ASSERT_EQ(diffuse.entries.size(), 1u);
  EXPECT_EQ(diffuse.entries[0].kind, MtlEntryKind::string);
  EXPECT_EQ(diffuse.entries[0].token.text, "e-75");
  EXPECT_EQ(diffuse.entries[0].token.space, " ");
  EXPECT_EQ(file.trailing, "\r\n");
  EXPECT_EQ(written(file), bump_material);
  // No line break at the end, a comment at the very end, and nothing at all.
  for (const std::string text : {"{material simple {diffuse \"x\"}}", "{material simple};end", "", "  \n; only\n"}) {
    EXPECT_EQ(written(parse(text)), text);
  }
}

TEST(Mtl, TheMaterialItDescribes) {
  const Material m = mtl_material(parse(bump_material));
  ASSERT_TRUE(m.found);
  EXPECT_EQ(m.shader, "bump");
  ASSERT_EQ(m.textures.size(), 3u);
  EXPECT_EQ(m.textures[0].key, "diffuse");
  EXPECT_EQ(m.textures[0].name, "e-75");
  ASSERT_NE(m.texture("specular"), nullptr);
  EXPECT_EQ(m.texture("specular")->name, "e-75_cm");
  ASSERT_EQ(m.texture("bump")->options.size(), 1u);
  EXPECT_EQ(m.texture("bump")->options[0].key, "MipMap");
  EXPECT_EQ(m.texture("bump")->options[0].values, (std::vector<std::string>{"0"}));
  EXPECT_EQ(m.color, (std::array<float, 4>{230, 230, 230, 128}));
  EXPECT_EQ(m.blend, MtlBlend::test);
  EXPECT_EQ(m.alpharef, 100.0f);
  ASSERT_EQ(m.flags.size(), 3u);
  EXPECT_EQ(m.flag("glow")->values, (std::vector<std::string>{"10.0"}));
  EXPECT_TRUE(m.flag("EmitsHeat") && m.flag("EmitsHeat")->values.empty());
  EXPECT_EQ(m.flag("gloss_scale")->values, (std::vector<std::string>{"2"}));
  ASSERT_EQ(m.unknown.size(), 1u);
  EXPECT_EQ(m.unknown[0].key, "shiny");
  EXPECT_EQ(m.unknown[0].values, (std::vector<std::string>{"3", "x"}));
  EXPECT_EQ(mtl_material(parse("{material simple {color 1 2 3 4}}")).color, (std::array<float, 4>{1, 2, 3, 4}));
  EXPECT_FALSE(mtl_material(parse("{material simple {color \"1 2 3\"}}")).color);
  EXPECT_FALSE(mtl_material(parse("{other}")).found);
}

TEST(Mtl, UnknownKeysAreKeptAndReportedNotFatal) {
  const auto d = validate_mtl(parse(bump_material));
  ASSERT_EQ(ids(d), (std::vector<std::string>{"mtl.unknown-key"}));
  EXPECT_EQ(d[0].severity, Severity::warning);
  EXPECT_EQ(d[0].message, "key 'shiny' is known to no reader of materials: kept, not used");
  EXPECT_EQ(d[0].offset, bump_material.find("shiny"));
  EXPECT_EQ(d[0].pointer, "/tree/0/entries/10");
}

TEST(Mtl, EveryFindingOfTheValidator) {
  const std::string text =
      "{material glossy\n"
      " {diffuse}\n"
      " {DIFFUSE \"a\"}\n"
      " {color \"1 2 3 400\"}\n"
      " {blend}\n"
      " {alpharef high}\n"
      " {gloss_scale}\n"
      " {glow bright}\n"
      "}\n"
      "{material simple}\n";
  const auto d = validate_mtl(parse(text));
  EXPECT_EQ(ids(d), (std::vector<std::string>{"mtl.extra-block", "mtl.unknown-shader", "mtl.repeated-key",
                                              "mtl.texture-name", "mtl.bad-color", "mtl.bad-value", "mtl.bad-value",
                                              "mtl.bad-value", "mtl.bad-value"}));
  EXPECT_EQ(d[0].message, "a top-level block 'material' besides the {material} block (readers take one)");
  EXPECT_EQ(d[0].pointer, "/tree/1");
  EXPECT_EQ(d[1].message, "shader 'glossy' is none of simple, bump, envmap, multiply");
  EXPECT_EQ(d[2].severity, Severity::error);
  EXPECT_EQ(d[2].message, "'DIFFUSE' is given twice (first at offset 19; readers refuse the file or take the first)");
  EXPECT_EQ(d[2].offset, text.find("DIFFUSE"));
  EXPECT_EQ(d[2].pointer, "/tree/0/entries/2");
  EXPECT_EQ(d[3].message, "texture slot 'diffuse' without a quoted texture name");
  EXPECT_EQ(d[4].message, "{color} is not four numbers within 0..255 (\"r g b a\")");
  EXPECT_EQ(d[5].message, "{blend} without a value (none, test, blend, add or sub)");
  EXPECT_EQ(d[6].message, "'alpharef' is given 'high', not a number");
  EXPECT_EQ(d[6].offset, text.find("high"));
  EXPECT_EQ(d[7].message, "'gloss_scale' without its number");
  EXPECT_EQ(d[8].message, "'glow' is given 'bright', not a number");
  for (std::size_t i = 2; i < d.size(); ++i) EXPECT_EQ(d[i].severity, Severity::error) << d[i].id;

  auto no_material = validate_mtl(parse("{shader bump}"));
  EXPECT_EQ(ids(no_material), (std::vector<std::string>{"mtl.no-material", "mtl.extra-block"}));
  EXPECT_EQ(no_material[0].message, "no {material} block");
  EXPECT_EQ(no_material[1].message, "a top-level block 'shader' that is not {material}");
  auto no_shader = validate_mtl(parse("{material {blend add}}"));
  EXPECT_EQ(ids(no_shader), (std::vector<std::string>{"mtl.no-shader"}));
  EXPECT_EQ(no_shader[0].message, "{material} without its shader (simple, bump, envmap or multiply)");
  auto blend = validate_mtl(parse("{material simple {blend alpha}}"));
  EXPECT_EQ(ids(blend), (std::vector<std::string>{"mtl.unknown-blend"}));
  EXPECT_EQ(blend[0].message, "blend 'alpha' is none of none, test, blend, add, sub");
  EXPECT_EQ(blend[0].offset, 24u);
}

TEST(Mtl, SyntaxErrorsCarryOffsets) {
  auto error = [](const std::string& text) {
    auto file = read_mtl(bytes(text));
    EXPECT_FALSE(file) << text;
    return file ? Error{} : file.error();
  };
  Error e = error("{material simple {diffuse \"e25");
  EXPECT_EQ(e.message, "a string without its closing '\"'");
  EXPECT_EQ(e.offset, 26u);
  e = error("{material simple\n  {diffuse \"x\"}\n");
  EXPECT_EQ(e.code, ErrorCode::truncated);
  EXPECT_EQ(e.message, "the end of the text inside the block 'material' opened at offset 0 (1 block still open)");
  EXPECT_EQ(e.offset, 33u);
  e = error("{material}}");
  EXPECT_EQ(e.message, "'}' without a matching '{'");
  EXPECT_EQ(e.offset, 10u);
  e = error("material {x}");
  EXPECT_EQ(e.message, "expected '{' at the top level, found 'material'");
  EXPECT_EQ(e.offset, 0u);
  e = error("{\"material\"}");
  EXPECT_EQ(e.message, "expected a key word after '{', found the string \"material\"");
  EXPECT_EQ(e.offset, 1u);
  e = error("{ {x}}");
  EXPECT_EQ(e.message, "expected a key word after '{', found '{'");
  e = error("{");
  EXPECT_EQ(e.code, ErrorCode::truncated);
  EXPECT_EQ(e.message, "expected a key word after '{', found the end of the text");
  ReadLimits small;
  small.max_input_bytes = 4;
  auto big = read_mtl(bytes("{material simple}"), small);
  ASSERT_FALSE(big);
  EXPECT_EQ(big.error().message, "input of 17 bytes is larger than the limit of 4 bytes (limits.max_input_bytes)");
}

TEST(Mtl, NestingIsLimitedAndNeedsNoRecursion) {
  std::string deep;
  for (std::size_t i = 0; i < mtl_max_depth; ++i) deep += "{a ";
  for (std::size_t i = 0; i < mtl_max_depth; ++i) deep += "}";
  const MtlFile file = parse(deep);
  EXPECT_EQ(file.blocks.size(), mtl_max_depth);
  EXPECT_EQ(written(file), deep);
  EXPECT_EQ(mtl_to_json(file)["tree"][0]["entries"][0]["key"], "a");
  auto too_deep = read_mtl(bytes("{a " + deep + "}"));
  ASSERT_FALSE(too_deep);
  EXPECT_EQ(too_deep.error().code, ErrorCode::too_large);
  EXPECT_EQ(too_deep.error().message, "blocks nested deeper than 32");
  EXPECT_EQ(too_deep.error().offset, 3u + 3u * 31u);
  // Many blocks side by side are no deeper.
  std::string wide = "{material simple";
  for (int i = 0; i < 20000; ++i) wide += " {tile}";
  wide += "}";
  EXPECT_EQ(written(parse(wide)), wide);
}

TEST(Mtl, TheWriterRefusesATreeThatWouldNotReadBack) {
  MtlFile file = parse("{material simple {diffuse \"a\"}}");
  MtlFile bad = file;
  bad.blocks[1].entries[0].token.text = "a\"b";
  auto out = write_mtl(bad);
  ASSERT_FALSE(out);
  EXPECT_EQ(out.error().code, ErrorCode::invalid_model);
  EXPECT_EQ(out.error().message, "a string holding '\"'");
  EXPECT_EQ(out.error().pointer, "/blocks/1/entries/0");
  bad = file;
  bad.blocks[0].entries[0].token.text = "two words";
  EXPECT_EQ(write_mtl(bad).error().message, "a word that would not read back as one word");
  bad = file;
  bad.blocks[1].entries.push_back({MtlEntryKind::word, {"", "x", 0}, 0});
  bad.blocks[1].entries.push_back({MtlEntryKind::word, {"", "y", 0}, 0});
  EXPECT_EQ(write_mtl(bad).error().message, "a word right after another word, with no space between");
  bad = file;
  bad.blocks[1].close.space = "; no line break";
  EXPECT_EQ(write_mtl(bad).error().message, "a token's space is not whitespace and comments ended by a line break");
  bad = file;
  bad.trailing = "x";
  EXPECT_EQ(write_mtl(bad).error().message, "the trailing text is not whitespace and comments");
  bad = file;
  bad.top.push_back(1);
  EXPECT_EQ(write_mtl(bad).error().message, "block 1 is an entry twice");
  bad = file;
  bad.blocks[0].entries.pop_back();
  EXPECT_EQ(write_mtl(bad).error().message, "block 1 is no entry of any block");
  bad = file;
  bad.blocks[1].parent = -1;
  EXPECT_EQ(write_mtl(bad).error().message, "block 1 names parent -1 but is an entry of 0");
}

TEST(Mtl, DumpsTheTreeAndTheMaterial) {
  const json j = mtl_to_json(parse("{material simple ;c\n {diffuse \"e25body\"} {blend none} {glow 10.0} {odd \"\xff\"}}"));
  EXPECT_EQ(j["schema"], "anmkit.gem.mtl.dump");
  EXPECT_EQ(j["format"], "gem-mtl");
  const json& tree = j["tree"];
  ASSERT_EQ(tree.size(), 1u);
  EXPECT_EQ(tree[0]["key"], "material");
  EXPECT_EQ(tree[0]["offset"], 1);
  EXPECT_EQ(tree[0]["entries"][0], json({{"word", "simple"}}));
  EXPECT_EQ(tree[0]["entries"][1]["entries"][0], json({{"string", "e25body"}}));
  EXPECT_EQ(tree[0]["entries"][4]["entries"][0], json({{"string", "hex:ff"}}));
  const json& m = j["material"];
  EXPECT_EQ(m["shader"], "simple");
  EXPECT_EQ(m["textures"][0], json({{"slot", "diffuse"}, {"name", "e25body"}, {"options", json::array()}}));
  EXPECT_EQ(m["blend"], "none");
  EXPECT_EQ(m["color"], nullptr);
  EXPECT_EQ(m["flags"][0], json({{"key", "glow"}, {"values", {"10.0"}}}));
  EXPECT_EQ(m["unknown"][0], json({{"key", "odd"}, {"values", {"hex:ff"}}}));
  EXPECT_EQ(summary_text(mtl_material(parse(bump_material))),
            "  shader      bump\n"
            "  diffuse     \"e-75\"\n"
            "  bump        \"e-75_nm\" {MipMap 0}\n"
            "  Specular    \"e-75_cm\"\n"
            "  color       230 230 230 128\n"
            "  blend       test\n"
            "  alpharef    100\n"
            "  flags       glow 10.0, emitsheat, gloss_scale 2\n"
            "  unknown     shiny 3 x (kept, not used)\n");
  EXPECT_EQ(summary_text(mtl_material(parse("{x}"))), "  material    none (no {material} block)\n");
}

}  // namespace
}  // namespace anmkit::gem::mesh
