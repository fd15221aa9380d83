#include "anmkit/core/diagnostic.hpp"

#include <gtest/gtest.h>

namespace anmkit {
namespace {

TEST(Diagnostic, FormatsLikeACompiler) {
  Diagnostic d{Severity::warning, "gem.key-past-end", "key past the end", 112, "/frames/3/keys/0"};
  EXPECT_EQ(format_diagnostic("a.anm", d), "a.anm:112: warning: key past the end");
  d.offset.reset();
  EXPECT_EQ(format_diagnostic("a.json", d), "a.json:/frames/3/keys/0: warning: key past the end");
  d.pointer.clear();
  EXPECT_EQ(format_diagnostic("a.anm", d), "a.anm: warning: key past the end");
}

TEST(Diagnostic, ErrorsFormatWithTheirFile) {
  Error e = make_error(ErrorCode::truncated, "unexpected end of data", 40);
  e.file = "x/y.anm";
  EXPECT_EQ(e.to_string(), "x/y.anm:40: error: unexpected end of data");
  EXPECT_EQ(error_code_name(ErrorCode::too_large), "too_large");
}

TEST(Diagnostic, HasErrorsIgnoresWarnings) {
  std::vector<Diagnostic> list{{Severity::warning, "w", "m", {}, {}}};
  EXPECT_FALSE(has_errors(list));
  list.push_back({Severity::error, "e", "m", {}, {}});
  EXPECT_TRUE(has_errors(list));
}

}  // namespace
}  // namespace anmkit
