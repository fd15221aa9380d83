#pragma once
// Tests that need something from outside the repository (a program such as Blender, or the real
// game files of ../shared/corpus) skip when it is missing, on a user's machine. With
// ANMKIT_REQUIRE_EXTERNALS=1 in the environment (.ci/run sets it) they fail instead: in CI a
// missing tool must not turn a test into a silent pass.

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <string_view>

namespace anmkit::test {

inline bool externals_required() {
  const char* v = std::getenv("ANMKIT_REQUIRE_EXTERNALS");
  return v != nullptr && *v != '\0' && std::string_view(v) != "0";
}

// Whether `name` is a program on PATH (names are ours, never input: no quoting needed).
inline bool have_program(const std::string& name) {
  return std::system(("command -v " + name + " >/dev/null 2>&1").c_str()) == 0;
}

// What a missing external's test says: what is missing and how to get it.
inline std::string missing_external(std::string_view what, std::string_view how_to_get_it) {
  return std::string(what) + " is missing (" + std::string(how_to_get_it) + ")";
}

// For code that cannot return from the test (helpers that only gather inputs): a non-fatal
// failure when externals are required, nothing otherwise.
inline void note_missing_external(std::string_view what, std::string_view how_to_get_it) {
  if (externals_required()) ADD_FAILURE() << missing_external(what, how_to_get_it) << "; ANMKIT_REQUIRE_EXTERNALS is set";
}

}  // namespace anmkit::test

// Unless `present`, ends the test: skipped, or failed when ANMKIT_REQUIRE_EXTERNALS is set.
#define ANMKIT_NEED_EXTERNAL(present, what, how_to_get_it)                                                  \
  switch (0)                                                                                               \
  case 0:                                                                                                  \
  default:                                                                                                 \
    if (present) {                                                                                         \
    } else if (::anmkit::test::externals_required())                                                       \
      GTEST_FAIL() << ::anmkit::test::missing_external(what, how_to_get_it) << "; ANMKIT_REQUIRE_EXTERNALS is set"; \
    else                                                                                                   \
      GTEST_SKIP() << "skipped: " << ::anmkit::test::missing_external(what, how_to_get_it)
