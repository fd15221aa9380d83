// The formats' own options, declared by their entries and checked once for every front end, and
// the one set of ranges for the front door's numbers.

#include <cmath>

#include <gtest/gtest.h>

#include "anmkit/anmkit.hpp"

namespace anmkit {
namespace {

TEST(FormatOptions, TheEntriesDeclareTheirOwnOptions) {
  std::vector<std::string_view> names;
  for (const FormatOption& o : format_options()) names.push_back(o.name);
  EXPECT_EQ(names, (std::vector<std::string_view>{"nodes", "rotation-unit", "dense"}));
  const FormatOption unit = format_options()[1];
  EXPECT_EQ(unit.kind, FormatOption::Kind::choice);
  EXPECT_TRUE(unit.when_opening && unit.when_importing);
  EXPECT_EQ(unit.choices, (std::vector<std::string_view>{"degrees", "turn4096", "radians"}));
  EXPECT_EQ(format_options()[0].max, 4294967295u);
  EXPECT_TRUE(format_options()[0].excludes_skeleton);
}

TEST(FormatOptions, ValuesAreCheckedAgainstTheirDeclarations) {
  const auto message = [](FormatSettings settings, bool importing) {
    auto checked = check_format_options(settings, importing);
    return checked ? std::string("ok") : checked.error().message;
  };
  EXPECT_EQ(message({{"nodes", {"12", ""}}, {"rotation-unit", {"turn4096", ""}}}, false), "ok");
  EXPECT_EQ(message({{"nodes", {"4294967295", ""}}}, false), "ok");
  EXPECT_EQ(message({{"nodes", {"4294967296", ""}}}, false),
            "the nodes option: expected a whole number from 0 to 4294967295, found '4294967296'");
  EXPECT_EQ(message({{"nodes", {"-1", ""}}}, false), "the nodes option: expected a whole number from 0 to 4294967295, found '-1'");
  EXPECT_EQ(message({{"nodes", {"99999999999999999999999", ""}}}, false),
            "the nodes option: expected a whole number from 0 to 4294967295, found '99999999999999999999999'");
  EXPECT_EQ(message({{"nodes", {"", ""}}}, false), "the nodes option: expected a whole number from 0 to 4294967295, found ''");
  EXPECT_EQ(message({{"rotation-unit", {"grads", ""}}}, true), "unknown rotation unit 'grads' (degrees, turn4096 or radians)");
  EXPECT_EQ(message({{"dense", {"yes", ""}}}, true), "the dense option: expected true or false, found 'yes'");
  // Each option where it applies: dense only to an import, nodes only to opening.
  EXPECT_EQ(message({{"dense", {"true", ""}}}, false), "unknown format option 'dense' (opening takes: nodes or rotation-unit)");
  EXPECT_EQ(message({{"nodes", {"3", ""}}}, true),
            "unknown format option 'nodes' (a glTF import takes: rotation-unit or dense)");
}

TEST(FormatOptions, TheFrontDoorsNumbersHaveOneSetOfRanges) {
  EXPECT_TRUE(check_range("fps", 30, fps_range));
  EXPECT_TRUE(check_range("fps", 10000, fps_range));
  EXPECT_EQ(check_range("fps", 10001, fps_range).error().message, "fps must be from 0.01 to 10000, found 10001");
  EXPECT_EQ(check_range("--fps", NAN, fps_range).error().message, "--fps must be from 0.01 to 10000, found nan");
  EXPECT_EQ(check_range("tolerance", -1, tolerance_range).error().message, "tolerance must be from 0 to 1e+06, found -1");
  // A document refuses what the declarations refuse, before it reads a byte.
  OpenOptions options;
  options.format_options["colour"] = {"red", ""};
  auto opened = Document::open(std::vector<std::uint8_t>{}, options, "x.anm");
  ASSERT_FALSE(opened);
  EXPECT_EQ(opened.error().to_string(), "x.anm: error: unknown format option 'colour' (opening takes: nodes or rotation-unit)");
}

}  // namespace
}  // namespace anmkit
