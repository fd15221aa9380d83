// Every input a fuzzer ever found to fail (tests/data/crashers/<target>/) and every seed
// (fuzz/seeds/<target>/) goes through the fuzz targets' own checks on every test run.

#include <gtest/gtest.h>

#include <filesystem>

#include "fidelity.hpp"
#include "support/fixture_bytes.hpp"

namespace anmkit::fuzz {
namespace {

namespace fs = std::filesystem;

std::size_t replay(const fs::path& root) {
  std::size_t count = 0;
  for (const Target& target : targets()) {
    const fs::path dir = root / target.name;
    if (!fs::is_directory(dir)) continue;
    for (const auto& entry : fs::directory_iterator(dir)) {
      if (!entry.is_regular_file() || entry.path().filename() == "README.md") continue;
      const auto bytes = test::read_bytes(entry.path());
      const auto failure = target.check(bytes);
      EXPECT_FALSE(failure) << entry.path() << ": " << *failure;
      ++count;
    }
  }
  return count;
}

TEST(FuzzReplay, CommittedCrashersPass) {
  set_png_import_base(test::read_bytes(fs::path(ANMKIT_SOURCE_DIR) / "examples/ghost_mm2.anm"));
  const std::size_t count = replay(fs::path(ANMKIT_SOURCE_DIR) / "tests/data/crashers");
  RecordProperty("crashers", int(count));
  // Crashers are committed, never removed: none found means the folder moved or the walk broke.
  EXPECT_GT(count, 0u) << "no crasher found to replay under tests/data/crashers/<target>/";
}

TEST(FuzzReplay, SeedsAndExamplesPass) {
  set_png_import_base(test::read_bytes(fs::path(ANMKIT_SOURCE_DIR) / "examples/ghost_mm2.anm"));
  EXPECT_GT(replay(fs::path(ANMKIT_SOURCE_DIR) / "fuzz/seeds"), 0u);
  for (const auto& entry : fs::directory_iterator(fs::path(ANMKIT_SOURCE_DIR) / "examples")) {
    const auto bytes = test::read_bytes(entry.path());
    for (const Target& target : targets()) {
      const auto failure = target.check(bytes);
      EXPECT_FALSE(failure) << entry.path() << " as " << target.name << ": " << *failure;
    }
  }
}

}  // namespace
}  // namespace anmkit::fuzz
