// The C API's fuzz check (fuzz/capi_check.cpp) on every example, every GEM, LM and MM2 seed and
// crasher, and the real GEM files: what the fuzz target starts from passes its checks here, and
// damaged copies of the examples are refused with a code, never a crash.

#include <gtest/gtest.h>

#include <filesystem>

#include "fidelity.hpp"
#include "support/fixture_bytes.hpp"

namespace anmkit::fuzz {
namespace {

namespace fs = std::filesystem;

TEST(FuzzReplay, CApiCheckPassesOnEveryKnownFile) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(fs::path(ANMKIT_SOURCE_DIR) / "examples")) {
    if (entry.path().extension() == ".anm") files.push_back(entry.path());
  }
  for (const char* folder : {"fuzz/seeds/gem", "fuzz/seeds/lm", "fuzz/seeds/mm2", "tests/data/crashers/capi"}) {
    const fs::path dir = fs::path(ANMKIT_SOURCE_DIR) / folder;
    if (!fs::is_directory(dir)) continue;
    for (const auto& entry : fs::directory_iterator(dir)) {
      if (entry.is_regular_file() && entry.path().filename() != "README.md") files.push_back(entry.path());
    }
  }
  ASSERT_GE(files.size(), 5u);
  for (const auto& path : files) {
    const auto failure = check_capi(test::read_bytes(path));
    EXPECT_FALSE(failure) << path << ": " << *failure;
  }
}

TEST(FuzzReplay, CApiCheckOnDamagedExamples) {
  // Every truncation of the examples at a few places, and a flipped byte at each of the first
  // 64: the check holds (errors with a code and an offset inside the input).
  for (const char* name : {"turret_v60.anm", "mansion_door.anm", "ghost_mm2.anm", "track_meshanim_v61.anm"}) {
    const auto bytes = test::read_bytes(fs::path(ANMKIT_SOURCE_DIR) / "examples" / name);
    for (std::size_t cut : {std::size_t(0), std::size_t(3), std::size_t(17), bytes.size() / 2, bytes.size() - 1}) {
      const auto failure = check_capi(std::span(bytes).first(cut));
      EXPECT_FALSE(failure) << name << " cut at " << cut << ": " << *failure;
    }
    for (std::size_t i = 0; i < std::min<std::size_t>(64, bytes.size()); ++i) {
      auto flipped = bytes;
      flipped[i] ^= 0x5a;
      const auto failure = check_capi(flipped);
      EXPECT_FALSE(failure) << name << " byte " << i << " flipped: " << *failure;
    }
  }
}

}  // namespace
}  // namespace anmkit::fuzz
