// Messages that name settings as data (core/error.hpp): where each setting is said, and a front
// end putting it in its own words without searching the text.

#include "anmkit/core/error.hpp"

#include <gtest/gtest.h>

namespace anmkit {
namespace {

std::optional<std::string> dashed(std::string_view setting) {
  if (setting == "limits.max_frames") return std::string("--max-frames");
  if (setting == "remap") return std::string("--remap");
  return std::nullopt;
}

TEST(Wording, RecordsWhereEachSettingIsSaid) {
  const Wording limit = past_limit("frame count 9 exceeds the limit of 4 frames", "limits.max_frames");
  EXPECT_EQ(limit.text, "frame count 9 exceeds the limit of 4 frames (limits.max_frames)");
  ASSERT_EQ(limit.settings.size(), 1u);
  EXPECT_EQ(limit.settings[0], (SettingMention{"limits.max_frames", 45, 17}));

  Wording hint("pixel (0, 0) is not in the palette; ");
  hint += naming("remap", "the remap option");
  hint += " maps it";
  Wording both("frame 2: ");
  both += hint;  // a wording within a wording keeps its settings, moved along
  EXPECT_EQ(both.text, "frame 2: pixel (0, 0) is not in the palette; the remap option maps it");
  EXPECT_EQ(both.settings, (std::vector<SettingMention>{{"remap", 45, 16}}));
}

TEST(Wording, AFrontEndRewordsOnlyTheSettingsItHasWordsFor) {
  Error e = make_error(ErrorCode::too_large, past_limit("more than 3 keys", "limits.max_keys"), 12);
  EXPECT_EQ(reworded(e.message, e.settings, dashed), "more than 3 keys (limits.max_keys)");
  e = make_error(ErrorCode::too_large, past_limit("frame count 9", "limits.max_frames"));
  prepend(e, "the document makes a file that anmkit would refuse to read: ");
  EXPECT_EQ(reworded(e.message, e.settings, dashed),
            "the document makes a file that anmkit would refuse to read: frame count 9 (--max-frames)");
  // The words of a setting that appears in the text are not searched for: only the recorded
  // place is replaced.
  Wording twice("limits.max_frames is what ");
  twice.setting("limits.max_frames");
  EXPECT_EQ(reworded(twice.text, twice.settings, dashed), "limits.max_frames is what --max-frames");
  // Mentions that do not lie within the text, or overlap, are left alone.
  const std::vector<SettingMention> odd{{"remap", 3, 100}, {"limits.max_frames", 0, 4}, {"remap", 2, 4}};
  EXPECT_EQ(reworded("abcdefgh", odd, dashed), "--max-framesefgh");
  EXPECT_EQ(wording_of(e).settings, e.settings);
}

}  // namespace
}  // namespace anmkit
