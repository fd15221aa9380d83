// The command line's words for the settings library messages name: an option for every one the
// library may name (mentioned_settings()), so no message reaches the terminal in the library's
// words; in-process, through the command line's own functions.

#include <gtest/gtest.h>

#include "anmkit/anmkit.hpp"
#include "cli_common.hpp"

namespace anmkit::cli {
namespace {

TEST(CliWords, EverySettingALibraryMessageNamesHasItsOption) {
  for (const std::string_view setting : mentioned_settings()) {
    const auto words = cli_words(setting);
    ASSERT_TRUE(words) << "the command line has no words for the setting '" << setting << "'";
    EXPECT_EQ(words->rfind("--", 0), 0u) << setting << ": " << *words;
  }
  EXPECT_EQ(cli_words("limits.max_input_bytes"), "--max-bytes");
  EXPECT_EQ(cli_words("nodes"), "--nodes N");
  EXPECT_EQ(cli_words("bin"), "--bin MODEL.bin");
  EXPECT_EQ(cli_words("rotation-unit"), "--rotation-unit");
  EXPECT_FALSE(cli_words("no such setting"));
}

TEST(CliWords, AMessageIsReworded) {
  Error e = make_error(ErrorCode::too_large, past_limit("more than 5 key records", "limits.max_keys"));
  prepend(e, "frame 3: ");
  EXPECT_EQ(in_cli_words(e.message, e.settings), "frame 3: more than 5 key records (--max-keys)");
  Wording hint("give ");
  hint += naming("nodes", "the node count");
  hint += " or ";
  hint += naming("bin", "the .bin model");
  EXPECT_EQ(in_cli_words(hint.text, hint.settings), "give --nodes N or --bin MODEL.bin");
  hint += ", which ";
  hint += naming("skeleton", "the skeleton option");
  hint += " also takes";
  EXPECT_EQ(in_cli_words(hint.text, hint.settings), "give --nodes N or --bin MODEL.bin, which --skeleton also takes");
}

}  // namespace
}  // namespace anmkit::cli
