#include "anmkit/core/diagnostic_cap.hpp"

#include <gtest/gtest.h>

namespace anmkit {
namespace {

TEST(DiagnosticCap, KeepsTheFirstOfAKindAndSaysHowManyMoreThereWere) {
  DiagnosticCap cap;
  std::vector<Diagnostic> out;
  for (std::uint64_t i = 0; i < 1003; ++i) {
    if (cap.keep("x.odd", Severity::warning, 10 * i)) out.push_back({Severity::warning, "x.odd", "odd", 10 * i, {}});
  }
  EXPECT_TRUE(cap.keep("x.other", Severity::warning, 5));
  ASSERT_EQ(out.size(), DiagnosticCap::per_kind);
  EXPECT_EQ(out.back().offset, 9990u);
  cap.close(out, [](std::uint64_t at) { return "at " + std::to_string(at) + ": "; });
  ASSERT_EQ(out.size(), 1001u) << "one closing diagnostic, for the one kind past the cap";
  EXPECT_EQ(out.back().id, "x.odd");
  EXPECT_EQ(out.back().severity, Severity::warning);
  EXPECT_EQ(out.back().offset, 10000u) << "the first left out";
  EXPECT_EQ(out.back().message,
            "at 10000: 3 more findings of this kind (x.odd) from here on are not listed: a file lists at most 1000 of one kind");
}

TEST(DiagnosticCap, AnErrorLeftOutMakesTheClosingDiagnosticAnError) {
  DiagnosticCap cap;
  for (int i = 0; i < 1000; ++i) EXPECT_TRUE(cap.keep("x.mixed", Severity::warning, std::nullopt));
  EXPECT_FALSE(cap.keep("x.mixed", Severity::warning, std::nullopt));
  EXPECT_FALSE(cap.keep("x.mixed", Severity::error, 7));
  std::vector<Diagnostic> out;
  cap.close(out);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].severity, Severity::error);
  EXPECT_FALSE(out[0].offset.has_value()) << "the first left out had no offset";
  EXPECT_EQ(out[0].message,
            "2 more findings of this kind (x.mixed) from here on are not listed: a file lists at most 1000 of one kind");
  EXPECT_TRUE(has_errors(out));
}

TEST(DiagnosticCap, NothingPastTheCapClosesNothing) {
  DiagnosticCap cap;
  for (int i = 0; i < 1000; ++i) EXPECT_TRUE(cap.keep("x.full", Severity::error, 1));
  std::vector<Diagnostic> out;
  cap.close(out);
  EXPECT_TRUE(out.empty());
  EXPECT_TRUE(cap.left_out().empty());
}

}  // namespace
}  // namespace anmkit
