#include "anmkit/core/detect.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace anmkit {
namespace {

TEST(Detect, RecognisesGemByContent) {
  const std::vector<std::uint8_t> gem{'E', 'A', 'N', 'M', 0, 0, 6, 0};
  EXPECT_EQ(detect_format(gem), Format::gem);
  EXPECT_EQ(format_name(Format::gem), "gem");
  EXPECT_EQ(format_title(Format::gem), "GEM skeletal animation (EANM)");
}

TEST(Detect, UnknownForOtherContentAndShortInput) {
  const std::vector<std::uint8_t> other{'E', 'A', 'N', 'X'};
  const std::vector<std::uint8_t> short_input{'E', 'A'};
  EXPECT_EQ(detect_format(other), Format::unknown);
  EXPECT_EQ(detect_format(short_input), Format::unknown);
  EXPECT_EQ(detect_format({}), Format::unknown);
  EXPECT_EQ(format_name(Format::unknown), "unknown");
}

}  // namespace
}  // namespace anmkit
