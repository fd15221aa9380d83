#include "anmkit/formats/gem/mdl.hpp"
#include "anmkit/formats/gem/mdl_edit.hpp"

#include <gtest/gtest.h>

#include <string>

namespace anmkit::gem {
namespace {

Expected<Mdl> parse(const std::string& text, const ReadLimits& limits = {}) {
  return read_mdl({reinterpret_cast<const std::uint8_t*>(text.data()), text.size()}, limits);
}

TEST(Mdl, ReadsBonesParentsRestAndSequences) {
  auto mdl = parse(R"(;comment {not a block
{Skeleton
  {animation {sequence "start" {file "begin.anm"}} {sequence "stop"}}
  {bone revolute "basis" {parameters "x=1;"} {Orientation 1 0 0 0 -1 0 0 0 1}
    {bone "body" {Matrix34 0 -1 0 1 0 0 0 0 1 -0.184317 0.883301 20.4944} {VolumeView "body.ply"}
      {bone "trackr" {Position 0 0.718991 -20.5105}}}
    {bone "gun"}}})");
  ASSERT_TRUE(mdl) << mdl.error().to_string();
  ASSERT_EQ(mdl->bones.size(), 4u);
  EXPECT_EQ(mdl->bones[0].name, "basis");
  EXPECT_EQ(mdl->bones[0].parent, -1);
  EXPECT_EQ(mdl->bones[0].rest[4], -1.0f);
  EXPECT_EQ(mdl->bones[1].parent, 0);
  EXPECT_EQ(mdl->bones[1].rest[9], -0.184317f);
  EXPECT_EQ(mdl->bones[2].name, "trackr");
  EXPECT_EQ(mdl->bones[2].parent, 1);
  EXPECT_EQ(mdl->bones[2].rest[0], 1.0f) << "Position alone keeps the identity rows";
  EXPECT_EQ(mdl->bones[2].rest[10], 0.718991f);
  EXPECT_EQ(mdl->bones[3].parent, 0);
  ASSERT_EQ(mdl->sequences.size(), 2u);
  EXPECT_EQ(mdl->sequences[0].file, "begin.anm");
  EXPECT_EQ(mdl->sequences[1].file, "stop.anm");
  EXPECT_EQ(mdl->find_bone("BODY"), 1);
  EXPECT_EQ(mdl->find_bone("turret"), -1);
}

TEST(Mdl, ErrorsNameTheLineAndCarryOffsets) {
  auto mdl = parse("{Skeleton {bone \"a\" {Matrix34 1 0 x}}}");
  ASSERT_FALSE(mdl);
  EXPECT_EQ(mdl.error().offset, 20u);
  EXPECT_EQ(mdl.error().message, "line 1: the {Matrix34} of bone 'a' holds 3 values, where it takes 12 numbers");
  mdl = parse("{skeleton\n {bone \"a\"\n  {position 1 0 x}}}");
  ASSERT_FALSE(mdl);
  EXPECT_EQ(mdl.error().offset, 37u);
  EXPECT_EQ(mdl.error().message, "line 3: the {position} of bone 'a' holds 'x' where it takes a number");
  mdl = parse("{Skeleton {bone \"a\"}");
  ASSERT_FALSE(mdl);
  EXPECT_EQ(mdl.error().message, "line 1: the end of the text inside the block 'Skeleton' opened at offset 0 (1 block still open)");
  mdl = parse("}");
  ASSERT_FALSE(mdl);
  EXPECT_EQ(mdl.error().message, "line 1: '}' without a matching '{'");
  mdl = parse("{bone \"unterminated");
  ASSERT_FALSE(mdl);
  EXPECT_EQ(mdl.error().message, "line 1: a string without its closing '\"'");
}

TEST(Mdl, WhatCannotBeAModelIsRefusedWithItsLine) {
  const auto error_of = [](const std::string& text) {
    auto mdl = parse(text);
    EXPECT_FALSE(mdl) << text;
    return mdl ? Error{} : mdl.error();
  };
  Error e = error_of("; a comment\n{skeleton\n  {animation}\n}\n");
  EXPECT_EQ(e.code, ErrorCode::bad_value);
  EXPECT_EQ(e.message, "line 2: the {skeleton} holds no {bone}: a model has at least one bone");
  EXPECT_EQ(e.offset, 12u);
  e = error_of("; armour\n(\"set-gun\" thickness(50))\n{volume \"a\" {thickness 3}}");
  EXPECT_EQ(e.code, ErrorCode::bad_magic);
  EXPECT_EQ(e.message, "an armour file, not a model: the game keeps armour and durability under the .mdl name too "
                       "(`(\"set-...\" ...)` forms and {volume} blocks with their {thickness}), and a model begins with {skeleton}");
  e = error_of("{material bump {diffuse \"x\"}}");
  EXPECT_EQ(e.code, ErrorCode::bad_magic);
  EXPECT_EQ(e.message, "not a GEM model: no {skeleton} block (a model's text holds one, with its bones)");
  e = error_of("{skeleton {bone \"a\"}}\n{Skeleton {bone \"b\"}}");
  EXPECT_EQ(e.message, "line 2: a second {skeleton} (the first is on line 1): a model has one");
  e = error_of("{skeleton\n {bone {matrix34 1 0 0 0 1 0 0 0 1 0 0 0}}}");
  EXPECT_EQ(e.message, "line 2: a {bone} without its name (expected {bone [kind] \"name\" ...})");
  e = error_of("{skeleton {bone revolute \"a\" \"b\"}}");
  EXPECT_EQ(e.message, "line 1: a {bone} with 3 values before its blocks, where it takes its kind and its name (expected {bone [kind] \"name\" ...})");
  e = error_of("{skeleton {animation {sequence {file \"a.anm\"}}} {bone \"a\"}}");
  EXPECT_EQ(e.message, "line 1: a {sequence} without its name (expected {sequence \"name\" ...})");
  e = error_of("{skeleton {bone \"a\" {ORIENTATION 1 0 0 0 1 0 0 0 nan}}}");
  EXPECT_EQ(e.message, "line 1: the {ORIENTATION} of bone 'a' holds 'nan' where it takes a number");
}

TEST(Mdl, KeywordsInAnyCaseKindsAndBareNames) {
  auto mdl = parse(R"(;Exported by:   someone
{skeleton
  {animation {SEQUENCE "fire" {speed 0.7}} {sequence open {File "open.anm"} {resume} {events {2 "hatch"}}}}
  {Bone revolute "basis" {parameters "wheelradius=0.26;"} {limits 0 0}
    {orientation 1 0 0  0 -1 0  0 0 1}
    {bone body {Position -1.17 0 17.86} {VolumeView "body.ply"} {terminator} {visibility 0}
      {BONE prizmatic "gun" {speed 0.006} {matrix34 1 0 0 0 0 1 0 -1 0 19.5 5 3}}
      {bone socket "seat"}}}}
{volume "turret" {thickness 40} {polyhedron "turret.vol"} {bone "BODY"} {tags "x"}}
{obstacle "o" {obb2 {center 0 1} {extent 2 3} {axis 1 0}} {rotate}}
)");
  ASSERT_TRUE(mdl) << mdl.error().to_string();
  ASSERT_EQ(mdl->bones.size(), 4u);
  EXPECT_EQ(mdl->bones[0].kind, "revolute");
  EXPECT_EQ(mdl->bones[0].rest, (model::Matrix34{1, 0, 0, 0, -1, 0, 0, 0, 1, 0, 0, 0}));
  EXPECT_EQ(mdl->bones[1].name, "body") << "a bare name";
  EXPECT_FALSE(mdl->bones[1].shown);
  EXPECT_EQ(mdl->bones[1].views.at(0).file, "body.ply");
  EXPECT_EQ(mdl->bones[2].name, "gun");
  EXPECT_EQ(mdl->bones[2].kind, "prizmatic");
  EXPECT_EQ(mdl->bones[2].parent, 1);
  EXPECT_EQ(mdl->bones[2].rest, (model::Matrix34{1, 0, 0, 0, 0, 1, 0, -1, 0, 19.5f, 5, 3}));
  EXPECT_EQ(mdl->bones[3].kind, "socket");
  ASSERT_EQ(mdl->sequences.size(), 2u);
  EXPECT_EQ(mdl->sequences[0].file, "fire.anm");
  EXPECT_EQ(mdl->sequences[1].name, "open");
  EXPECT_EQ(mdl->sequences[1].file, "open.anm");
  EXPECT_TRUE(mdl->sequences[1].file_given);
  ASSERT_EQ(mdl->volumes.size(), 1u);
  EXPECT_EQ(mdl->volumes[0].bone_index, 1);
  EXPECT_EQ(mdl->volumes[0].file, "turret.vol");
  for (const Diagnostic& note : mdl->notes) ADD_FAILURE() << note.message;
}

TEST(Mdl, WhatIsNotReadIsANoteWithItsLine) {
  auto mdl = parse(R"({skeleton
  {bone "basis" {wobble 3}
    {bone hinge "arm" {Position 1 2 3} {matrix34 1 0 0 0 1 0 0 0 1 4 5 6}}
    {bone "arm"}}
  {bone "other"}
  stray}
{volume "v" {box 1 2 x} {bone "nowhere"}}
{mystery}
)");
  ASSERT_TRUE(mdl) << mdl.error().to_string();
  std::vector<std::string> messages;
  for (const Diagnostic& note : mdl->notes) {
    EXPECT_EQ(note.severity, Severity::warning);
    messages.push_back(note.id + " " + note.message);
  }
  EXPECT_EQ(messages, (std::vector<std::string>{
                          "gem.mdl-stray-value line 6: 'stray' in the {skeleton} block, which takes no value here: kept, not read",
                          "gem.mdl-unknown-block line 2: a block {wobble} in bone 'basis', which no reader of models knows: kept as it is, not read",
                          "gem.mdl-bone-kind line 3: bone 'arm' is of kind 'hinge', which no reader of models knows (revolute, prizmatic, socket): read as a bone of no kind",
                          "gem.mdl-transform-twice line 3: bone 'arm' is given its transform a second time, by {matrix34}: the last one is used",
                          "gem.mdl-bone-twice line 4: a second bone named 'arm' (the first is on line 3): animations find the first",
                          "gem.mdl-second-root line 5: bone 'other' is a second root: the skeleton's first root is 'basis' (line 2), and every other bone hangs below it",
                          "gem.mdl-bad-size line 7: the {box} of volume 'v' holds 'x' where it takes a number: its sizes end there",
                          "gem.mdl-unknown-block line 8: a block {mystery} at the top level, which no reader of models knows: kept as it is, not read",
                          "gem.mdl-volume-bone line 7: volume 'v' is placed on bone 'nowhere', which the skeleton does not have",
                      }));
  EXPECT_EQ(mdl->bones[1].rest, (model::Matrix34{1, 0, 0, 0, 1, 0, 0, 0, 1, 4, 5, 6}));
}

// A hostile model of 300 000 unknown blocks: a thousand notes and one saying how many more, each
// with its line (found without counting from the start: this took minutes), and the text kept.
TEST(Mdl, NotesOfOneKindStopAtAThousandAndSayHowManyMore) {
  std::string text = "{skeleton {bone \"b\"\n";
  for (int i = 0; i < 300000; ++i) text += i % 2 ? "{a}\n" : "{a}";
  text += "}}\n";
  auto mdl = parse(text);
  ASSERT_TRUE(mdl) << mdl.error().to_string();
  ASSERT_EQ(mdl->notes.size(), 1001u);
  EXPECT_EQ(mdl->notes[999].message,
            "line 501: a block {a} in bone 'b', which no reader of models knows: kept as it is, not read");
  EXPECT_EQ(mdl->notes[1000].id, "gem.mdl-unknown-block");
  EXPECT_EQ(mdl->notes[1000].offset, 20u + 500 * 7) << "block 1000: 500 pairs of \"{a}{a}\\n\" after the first line";
  EXPECT_EQ(mdl->notes[1000].message,
            "line 502: 299000 more findings of this kind (gem.mdl-unknown-block) from here on are not listed: a file lists "
            "at most 1000 of one kind");
  auto back = write_mdl(*mdl);
  ASSERT_TRUE(back);
  EXPECT_EQ(std::string(back->begin(), back->end()), text);
}

TEST(Mdl, WritesBackEveryByteAndAddsAndRenamesSequences) {
  const std::string text = ";Exported by: x\r\n{skeleton\r\n  {animation\r\n    {sequence \"fire\" {speed 0.7}}\r\n  }\r\n"
                           "  {bone revolute \"basis\"\r\n    {bone \"body\"\r\n      {Position 1 2 3}\r\n    }\r\n  }\r\n}\r\n";
  auto mdl = parse(text);
  ASSERT_TRUE(mdl) << mdl.error().to_string();
  auto same = write_mdl(*mdl);
  ASSERT_TRUE(same);
  EXPECT_EQ(std::string(same->begin(), same->end()), text);

  auto added = add_sequence(*mdl, "hatch_open", "hatch_open.anm");
  ASSERT_TRUE(added) << added.error().to_string();
  auto written = write_mdl(*added);
  ASSERT_TRUE(written);
  EXPECT_EQ(std::string(written->begin(), written->end()),
            ";Exported by: x\r\n{skeleton\r\n  {animation\r\n    {sequence \"fire\" {speed 0.7}}\r\n"
            "    {sequence \"hatch_open\" {file \"hatch_open.anm\"}}\r\n  }\r\n"
            "  {bone revolute \"basis\"\r\n    {bone \"body\"\r\n      {Position 1 2 3}\r\n    }\r\n  }\r\n}\r\n");
  ASSERT_EQ(added->sequences.size(), 2u);
  EXPECT_EQ(added->sequences[1].file, "hatch_open.anm");

  // On a bone without an {animation}: one is made, laid out as the bone's first block.
  auto on_body = add_sequence(*mdl, "repair", "body_r.anm", mdl->find_bone("body"));
  ASSERT_TRUE(on_body) << on_body.error().to_string();
  written = write_mdl(*on_body);
  ASSERT_TRUE(written);
  EXPECT_NE(std::string(written->begin(), written->end())
                .find("{bone \"body\"\r\n      {animation\r\n        {sequence \"repair\" {file \"body_r.anm\"}}\r\n      }\r\n      {Position 1 2 3}"),
            std::string::npos)
      << std::string(written->begin(), written->end());
  EXPECT_EQ(on_body->sequences.at(1).bone, 1);

  // A rename keeps the file the sequence played: "fire" had no {file}.
  auto renamed = rename_sequence(*mdl, 0, "shoot");
  ASSERT_TRUE(renamed) << renamed.error().to_string();
  written = write_mdl(*renamed);
  ASSERT_TRUE(written);
  EXPECT_NE(std::string(written->begin(), written->end()).find("{sequence \"shoot\" {file \"fire.anm\"} {speed 0.7}}"), std::string::npos);
  EXPECT_EQ(renamed->sequences[0].file, "fire.anm");
  auto refiled = rename_sequence(*renamed, 0, "shoot", "shoot.anm");
  ASSERT_TRUE(refiled);
  EXPECT_EQ(refiled->sequences[0].file, "shoot.anm");

  // Refused loudly, nothing changed.
  auto twice = add_sequence(*mdl, "FIRE", "x.anm");
  ASSERT_FALSE(twice);
  EXPECT_EQ(twice.error().message, "the skeleton declares a sequence 'FIRE' already");
  auto quoted = add_sequence(*mdl, "a\"b", "x.anm");
  ASSERT_FALSE(quoted);
  EXPECT_EQ(quoted.error().message, "the sequence's name 'a\"b' holds '\"', which the .mdl text cannot quote");
  EXPECT_FALSE(add_sequence(*mdl, "x", ""));
  EXPECT_FALSE(add_sequence(*mdl, "x", "x.anm", 7));
  EXPECT_FALSE(rename_sequence(*mdl, 3, "x"));
}

TEST(Mdl, ReadsEachBonesMeshesAndTheCollisionVolumes) {
  auto mdl = parse(R"({Skeleton
  {bone "basis" {Orientation 1 0 0 0 -1 0 0 0 1}
    {bone "body" {Position 1 2 3} {VolumeView "body.ply"}
      {bone "turret" {LODView {VolumeView "turret.ply"} {VolumeView "turret_lod1.ply"} {OFF}}}
      {bone "odd" {VolumeView} {VolumeView plain.ply}}}}}
{Volume "hull"
  {Polyhedron "body.vol"}
  {Bone "BODY"}
  {Matrix34 0 1 0 -1 0 0 0 0 1 5.5 6 7}
}
{Volume "crew" {Box 11.5 21 29.75} {Bone "body"} {Position -2 2 23}}
{Volume "gun" {Cylinder 2.25 112} {Bone "nothing"}}
{Volume "ball" {Sphere 3}}
{Volume {Thing 1}}
)");
  ASSERT_TRUE(mdl) << mdl.error().to_string();
  ASSERT_EQ(mdl->bones.size(), 4u);
  const MdlBone& body = mdl->bones[1];
  ASSERT_EQ(body.views.size(), 1u);
  EXPECT_EQ(body.views[0].file, "body.ply");
  EXPECT_EQ(body.views[0].lod_group, -1);
  EXPECT_EQ(body.views[0].offset, 93u);
  EXPECT_EQ(body.mesh(), &body.views[0]);
  EXPECT_EQ(body.rest[9], 1.0f) << "the bone's transform is read as before";
  const MdlBone& turret = mdl->bones[2];
  ASSERT_EQ(turret.views.size(), 2u);
  EXPECT_EQ(turret.views[1].file, "turret_lod1.ply");
  EXPECT_EQ(turret.views[1].lod, 1);
  EXPECT_EQ(turret.views[1].lod_group, 0);
  EXPECT_TRUE(turret.lod_off);
  EXPECT_EQ(turret.mesh()->file, "turret.ply");
  // A view without a name is skipped; a bare word is taken as written.
  ASSERT_EQ(mdl->bones[3].views.size(), 1u);
  EXPECT_EQ(mdl->bones[3].views[0].file, "plain.ply");
  EXPECT_EQ(mdl->bones[0].mesh(), nullptr);
  ASSERT_EQ(mdl->volumes.size(), 5u);
  const MdlVolume& hull = mdl->volumes[0];
  EXPECT_EQ(hull.name, "hull");
  EXPECT_EQ(hull.shape, MdlVolume::Shape::polyhedron);
  EXPECT_EQ(hull.file, "body.vol");
  EXPECT_EQ(hull.bone, "BODY");
  EXPECT_EQ(hull.bone_index, 1) << "bones are found ignoring case";
  EXPECT_EQ(hull.transform, (model::Matrix34{0, 1, 0, -1, 0, 0, 0, 0, 1, 5.5f, 6, 7}));
  EXPECT_EQ(mdl->volumes[1].shape, MdlVolume::Shape::box);
  EXPECT_EQ(mdl->volumes[1].size, (std::vector<float>{11.5f, 21, 29.75f}));
  EXPECT_EQ(mdl->volumes[1].transform[11], 23.0f);
  EXPECT_EQ(mdl->volumes[1].transform[0], 1.0f);
  EXPECT_EQ(shape_name(mdl->volumes[2].shape), "cylinder");
  EXPECT_EQ(mdl->volumes[2].size, (std::vector<float>{2.25f, 112}));
  EXPECT_EQ(mdl->volumes[2].bone_index, -1);
  EXPECT_EQ(mdl->volumes[3].shape, MdlVolume::Shape::sphere);
  EXPECT_EQ(mdl->volumes[3].bone, "");
  EXPECT_EQ(mdl->volumes[4].name, "");
  EXPECT_EQ(mdl->volumes[4].shape, MdlVolume::Shape::none);
  // What was not read is said: the view without a name, the volume's missing bone, {Thing}.
  std::vector<std::string> ids;
  for (const Diagnostic& note : mdl->notes) ids.push_back(note.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"gem.mdl-bad-name", "gem.mdl-unknown-block", "gem.mdl-volume-bone"}));
  // The skeleton is what it was: the volumes' transforms are not the bones'.
  EXPECT_EQ(mdl->bones[1].rest[0], 1.0f);
}

TEST(Mdl, DeepNestingNeedsNoRecursion) {
  std::string text = "{skeleton ";
  for (int i = 0; i < 100000; ++i) text += "{bone b" + std::to_string(i) + " ";
  for (int i = 0; i < 100001; ++i) text += "}";
  ReadLimits limits;
  limits.max_bones = 100000;  // beyond the default 65 536, as a user may allow
  auto mdl = parse(text, limits);
  ASSERT_TRUE(mdl) << mdl.error().to_string();
  EXPECT_EQ(mdl->bones.size(), 100000u);
  EXPECT_TRUE(mdl->notes.empty());
  EXPECT_EQ(mdl->bones.back().parent, 99998);
}

}  // namespace
}  // namespace anmkit::gem
