// A file a model names is checked where it is once opened, not where its name led a moment
// before: a link to a file outside the model's folder swapped in and out of the name
// (renameat2(RENAME_EXCHANGE) in a loop, as anyone with write access to a shared folder can)
// never lets the outside file's bytes through, into the result or a message.

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <thread>

#if defined(__linux__)
#include <fcntl.h>
#include <linux/fs.h>  // RENAME_EXCHANGE
#endif

#include "../../src/anmkit/referenced_input.hpp"
#include "support/run_cli.hpp"

namespace anmkit {
namespace {

namespace fs = std::filesystem;

TEST(ReferenceSwap, ALinkSwappedInBetweenNeverLeaksTheFileOutside) {
#if !defined(__linux__)
  GTEST_SKIP() << "renameat2(RENAME_EXCHANGE) is Linux's";
#else
  test::TempDir dir;
  fs::create_directories(dir.path() / "tank");
  fs::create_directories(dir.path() / "private");
  const std::string inside = "INSIDE-THE-MODELS-FOLDER";
  const std::string secret = "SECRET-OUTSIDE-BYTES-0123456789-abcdefghij";
  const std::string named = dir.write_text("tank/fire.anm", inside);
  dir.write_text("private/secret.bin", secret);
  const std::string swapped = dir.file("tank/.other");
  fs::create_symlink(dir.path() / "private/secret.bin", swapped);
  const std::string referrer = dir.file("tank/tank.mdl");

  std::atomic<bool> stop{false};
  std::atomic<long> swaps{0};
  std::thread swapper([&] {
    while (!stop.load()) {
      if (::renameat2(AT_FDCWD, named.c_str(), AT_FDCWD, swapped.c_str(), RENAME_EXCHANGE) != 0) return;
      swaps.fetch_add(1);
    }
  });
  OpenOptions options;
  int read = 0, refused = 0;
  const auto started = std::chrono::steady_clock::now();
  for (int i = 0; i < 3000 && std::chrono::steady_clock::now() - started < std::chrono::milliseconds(800); ++i) {
    std::uint64_t budget = 1 << 20;
    std::string path;
    // (The name is spelt as the file: its folder is never listed.)
    auto bytes = detail::read_referenced_input(referrer, "fire.anm", options, budget, path);
    if (bytes) {
      ASSERT_EQ(std::string(bytes->begin(), bytes->end()), inside) << "read " << i;
      ++read;
      continue;
    }
    const std::string message = bytes.error().to_string();
    ASSERT_EQ(message.find("SECRET"), std::string::npos) << message;
    ASSERT_NE(message.find("'fire.anm' leads out of the folder of " + referrer), std::string::npos) << message;
    ++refused;
  }
  stop.store(true);
  swapper.join();
  ASSERT_GT(swaps.load(), 0) << "renameat2(RENAME_EXCHANGE) failed: the swap was not tried";
  EXPECT_GT(read + refused, 0);
  // (Both answers come up, in proportions that depend on the machine's load: neither is asserted.)
  std::printf("%d reads, %d refused, %ld swaps\n", read, refused, swaps.load());
#endif
}

}  // namespace
}  // namespace anmkit
