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
