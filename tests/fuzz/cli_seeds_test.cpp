// The CLI fuzz target's seeds (fuzz/seeds/cli/: argv as NUL-separated arguments) run by the real
// command in a folder laid out as fuzz_cli lays it (the examples, the ghost's PNG frames, the door
// as glTF): each ends with an exit code (0, 1 or 2), never a signal, and what it printed names no
// internal error.

#include <gtest/gtest.h>

#include <filesystem>

#include "support/fixture_bytes.hpp"
#include "support/run_cli.hpp"

namespace anmkit::test {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> arguments(const std::vector<std::uint8_t>& bytes) {
  std::vector<std::string> out(1);
  for (const std::uint8_t b : bytes) {
    if (b == 0) out.emplace_back();
    else out.back().push_back(char(b));
  }
  if (out.back().empty()) out.pop_back();
  // As fuzz_cli: nothing outside the folder.
  std::erase_if(out, [](const std::string& a) { return a.find('/') != std::string::npos || a == ".."; });
  return out;
}

TEST(CliSeeds, EveryFuzzSeedEndsWithAnExitCode) {
  const fs::path seeds = fs::path(ANMKIT_SOURCE_DIR) / "fuzz" / "seeds" / "cli";
  std::size_t count = 0;
  for (const auto& seed : fs::directory_iterator(seeds)) {
    SCOPED_TRACE(seed.path().filename().string());
    TempDir dir;
    for (const auto& example : fs::directory_iterator(fs::path(ANMKIT_SOURCE_DIR) / "examples")) {
      fs::copy_file(example.path(), dir.path() / example.path().filename());
    }
    ASSERT_EQ(run_cli({"convert", dir.file("ghost_mm2.anm"), "-o", dir.file("frames") + "/"}, dir).exit_code, 0);
    ASSERT_EQ(run_cli({"convert", dir.file("mansion_door.anm"), "-o", dir.file("door.gltf")}, dir).exit_code, 0);
    const auto args = arguments(read_bytes(seed.path()));
    ASSERT_FALSE(args.empty());
    const auto r = run_cli(args, dir, dir.path());
    EXPECT_TRUE(r.exit_code == 0 || r.exit_code == 1 || r.exit_code == 2) << r.exit_code << "\n" << r.err;
    EXPECT_EQ(r.err.find("internal error"), std::string::npos) << r.err;
    ++count;
  }
  EXPECT_GE(count, 10u) << "the seeds are " << seeds;
}

}  // namespace
}  // namespace anmkit::test
