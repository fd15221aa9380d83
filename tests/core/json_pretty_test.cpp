#include "anmkit/core/json_pretty.hpp"

#include <gtest/gtest.h>

namespace anmkit {
namespace {

using json = nlohmann::ordered_json;

TEST(JsonPretty, FlatContainersStayOnOneLine) {
  const json v = {{"name", "a"}, {"keys", json::array({json{{"bone", 0}, {"position", {1.0, 2.0, 3.0}}}})}, {"empty", json::array()}};
  EXPECT_EQ(pretty_json(v),
            "{\n"
            "  \"name\": \"a\",\n"
            "  \"keys\": [\n"
            "    {\"bone\": 0, \"position\": [1.0, 2.0, 3.0]}\n"
            "  ],\n"
            "  \"empty\": []\n"
            "}");
}

TEST(JsonPretty, LongFlatContainersIndent) {
  const json v = json::array({std::string(20, 'x'), std::string(20, 'y')});
  EXPECT_EQ(pretty_json(v, 2, 30), "[\n  \"xxxxxxxxxxxxxxxxxxxx\",\n  \"yyyyyyyyyyyyyyyyyyyy\"\n]");
}

TEST(JsonPretty, ParsesBackToTheSameValue) {
  const json v = {{"a", {{"b", {{"c", {1, 2, {{"d", nullptr}}}}}}}}, {"e", -0.0}};
  EXPECT_EQ(json::parse(pretty_json(v)), v);
}

}  // namespace
}  // namespace anmkit
