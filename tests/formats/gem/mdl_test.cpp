#include "anmkit/formats/gem/mdl.hpp"

#include <gtest/gtest.h>

#include <string>

namespace anmkit::gem {
namespace {

Expected<Mdl> parse(const std::string& text) {
  return read_mdl({reinterpret_cast<const std::uint8_t*>(text.data()), text.size()});
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

TEST(Mdl, ErrorsCarryOffsets) {
  auto mdl = parse("{Skeleton {bone \"a\" {Matrix34 1 0 x}}}");
  ASSERT_FALSE(mdl);
  EXPECT_EQ(mdl.error().offset, 34u);
  EXPECT_EQ(mdl.error().message, "expected a number, found 'x'");
  mdl = parse("{Skeleton {bone \"a\"}");
  ASSERT_FALSE(mdl);
  EXPECT_EQ(mdl.error().message, "1 block(s) still open at the end");
  mdl = parse("}");
  ASSERT_FALSE(mdl);
  EXPECT_EQ(mdl.error().message, "'}' without a matching '{'");
  mdl = parse("{bone \"unterminated");
  ASSERT_FALSE(mdl);
  EXPECT_EQ(mdl.error().message, "unterminated string");
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
  // The skeleton is what it was: the volumes' transforms are not the bones'.
  EXPECT_EQ(mdl->bones[1].rest[0], 1.0f);
}

TEST(Mdl, DeepNestingNeedsNoRecursion) {
  std::string text;
  for (int i = 0; i < 100000; ++i) text += "{bone \"b\" ";
  for (int i = 0; i < 100000; ++i) text += "}";
  auto mdl = parse(text);
  ASSERT_TRUE(mdl);
  EXPECT_EQ(mdl->bones.size(), 100000u);
  EXPECT_EQ(mdl->bones.back().parent, 99998);
}

}  // namespace
}  // namespace anmkit::gem
