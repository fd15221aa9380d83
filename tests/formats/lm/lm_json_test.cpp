#include "anmkit/formats/lm/lm_json.hpp"

#include <gtest/gtest.h>

#include "anmkit/core/json_pretty.hpp"
#include "anmkit/formats/lm/lm_read.hpp"
#include "anmkit/formats/lm/lm_write.hpp"
#include "support/fixture_bytes_be.hpp"

namespace anmkit::lm {
namespace {

using json = nlohmann::ordered_json;

TEST(LmJson, DumpThenBuildGivesTheSameBytes) {
  const auto bytes = test::lm_two_node_fixture();
  auto r = read(bytes);
  ASSERT_TRUE(r);
  const json doc = to_json(r->file);
  EXPECT_EQ(doc["schema"], "anmkit.lm.dump");
  EXPECT_EQ(doc["layout"].dump(), R"(["groups","scale","rotation","translation"])");
  EXPECT_EQ(doc["groups"][0]["tx"].dump(), "[2,0,128]");
  EXPECT_EQ(doc["arrays"]["translation"].dump(), "[0.0,10.0,0.5,1.0,60.0,40.0,0.25,-0.5,7.5]");
  auto back = from_json(json::parse(pretty_json(doc)));
  ASSERT_TRUE(back) << back.error().to_string();
  EXPECT_EQ(*back, r->file);
  EXPECT_EQ(*write(*back), bytes);
}

TEST(LmJson, StrayBytesAndOrderSurvive) {
  File f;
  f.order = {Region::rotation, Region::groups, Region::translation, Region::scale};
  f.lead = {9, 9};
  f.array_tails[0] = {1};
  f.groups.resize(1);
  f.arrays[1] = {0x7fc00001u};
  const json doc = to_json(f);
  EXPECT_EQ(doc["lead"], "0909");
  EXPECT_EQ(doc["tails"].dump(), R"({"scale":"01"})");
  auto back = from_json(doc);
  ASSERT_TRUE(back);
  EXPECT_EQ(*back, f);
}

TEST(LmJson, ErrorsNameThePointer) {
  auto r = read(test::lm_two_node_fixture());
  ASSERT_TRUE(r);
  json doc = to_json(r->file);
  doc["groups"][1]["rz"] = {3, 1};
  auto back = from_json(doc);
  ASSERT_FALSE(back);
  EXPECT_EQ(back.error().pointer, "/groups/1/rz");
  EXPECT_EQ(back.error().message, "expected [count, index, flag]");
  doc = to_json(r->file);
  doc["layout"][2] = "keys";
  back = from_json(doc);
  ASSERT_FALSE(back);
  EXPECT_EQ(back.error().pointer, "/layout/2");
  doc = to_json(r->file);
  doc["arrays"]["scale"][3] = "one";
  back = from_json(doc);
  ASSERT_FALSE(back);
  EXPECT_EQ(back.error().pointer, "/arrays/scale/3");
  doc = to_json(r->file);
  doc["groups"][0]["tx"][0] = 70000;
  back = from_json(doc);
  ASSERT_FALSE(back);
  EXPECT_EQ(back.error().pointer, "/groups/0/tx/0");
  EXPECT_EQ(back.error().message, "expected an integer from 0 to 65535, found 70000");
}

TEST(LmJson, AHandEditThatRepeatsARegionIsRefusedByTheWriter) {
  File f;
  f.order = {Region::groups, Region::groups, Region::rotation, Region::translation};
  auto bytes = write(f);
  ASSERT_FALSE(bytes);
  EXPECT_EQ(bytes.error().pointer, "/layout");
}

}  // namespace
}  // namespace anmkit::lm
