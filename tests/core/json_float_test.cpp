#include "anmkit/core/json_float.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "anmkit/core/float_bits.hpp"

namespace anmkit {
namespace {

TEST(JsonFloat, PrintsTheShortestDecimal) {
  EXPECT_EQ(json_from_float_bits(bits_from_float(0.1f)).dump(), "0.1");
  EXPECT_EQ(json_from_float_bits(bits_from_float(20.4944f)).dump(), "20.4944");
  EXPECT_EQ(json_from_float_bits(bits_from_float(1.0f)).dump(), "1.0");
  EXPECT_EQ(json_from_float_bits(0x80000000u).dump(), "-0.0");
}

TEST(JsonFloat, LargestFloatSurvives) {
  const std::uint32_t max_bits = 0x7f7fffffu;
  EXPECT_EQ(json_from_float_bits(max_bits).dump(), "3.4028235e+38");
  EXPECT_EQ(float_bits_from_json(nlohmann::ordered_json::parse("3.4028235e+38")), max_bits);
  EXPECT_EQ(float_bits_from_json(nlohmann::ordered_json::parse("-3.4028235e+38")), 0xff7fffffu);
}

TEST(JsonFloat, NonFiniteValuesPrintAsBits) {
  EXPECT_EQ(json_from_float_bits(0x7fc00001u).dump(), "\"bits:0x7fc00001\"");
  EXPECT_EQ(json_from_float_bits(0xff800000u).dump(), "\"bits:0xff800000\"");
  EXPECT_EQ(float_bits_from_json("bits:0x7fc00001"), 0x7fc00001u);
}

TEST(JsonFloat, RejectsWhatIsNotAFloat) {
  EXPECT_EQ(float_bits_from_json("0.5"), std::nullopt);
  EXPECT_EQ(float_bits_from_json("bits:0x7fc0000"), std::nullopt);
  EXPECT_EQ(float_bits_from_json("bits:0x7fc0000g"), std::nullopt);
  EXPECT_EQ(float_bits_from_json(1e39), std::nullopt);
  EXPECT_EQ(float_bits_from_json(3.4028235677973366e38), std::nullopt) << "rounds to infinity";
  EXPECT_EQ(float_bits_from_json(nullptr), std::nullopt);
}

TEST(JsonFloat, EveryFloatSurvivesTextAndBack) {
  // Through the printed text, as a user's file would be, for many random bit patterns.
  std::mt19937 rng(1234);
  for (int i = 0; i < 200000; ++i) {
    const std::uint32_t bits = static_cast<std::uint32_t>(rng());
    const std::string text = json_from_float_bits(bits).dump();
    const auto back = float_bits_from_json(nlohmann::ordered_json::parse(text));
    ASSERT_TRUE(back) << text;
    ASSERT_EQ(*back, bits) << text;
  }
}

}  // namespace
}  // namespace anmkit
