#include "anmkit/core/file_io.hpp"

#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>

#include <sys/wait.h>
#include <unistd.h>

#include "support/fixture_bytes.hpp"

namespace anmkit {
namespace {

namespace fs = std::filesystem;

fs::path temp_dir() {
  fs::path dir = fs::temp_directory_path() / ("anmkit_io_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
                                              ::testing::UnitTest::GetInstance()->current_test_info()->name());
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

TEST(FileIo, WritesAtomicallyAndReadsBack) {
  const fs::path dir = temp_dir();
  const std::string path = (dir / "out.bin").string();
  const std::vector<std::uint8_t> bytes{1, 2, 3, 0, 255};
  ASSERT_TRUE(write_file_atomic(path, bytes));
  auto back = read_file(path);
  ASSERT_TRUE(back);
  EXPECT_EQ(*back, bytes);
  // Only the output remains: the temporary file was renamed into place.
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator{}), 1);
  fs::remove_all(dir);
}

TEST(FileIo, MissingFileIsAnIoErrorNamingThePath) {
  auto result = read_file("/nonexistent/anmkit/file.anm");
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().code, ErrorCode::io);
  EXPECT_EQ(result.error().to_string(), "/nonexistent/anmkit/file.anm: error: cannot open: No such file or directory");
}

TEST(FileIo, InputLargerThanTheLimitIsRefused) {
  const fs::path dir = temp_dir();
  const std::string path = (dir / "big.bin").string();
  ASSERT_TRUE(write_file_atomic(path, std::vector<std::uint8_t>(100)));
  auto result = read_file(path, 99);
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().code, ErrorCode::too_large);
  EXPECT_EQ(result.error().message, "larger than the input limit of 99 bytes");
  fs::remove_all(dir);
}

TEST(FileIo, WriteIntoMissingFolderFailsCleanly) {
  auto result = write_file_atomic("/nonexistent/anmkit/out.anm", std::vector<std::uint8_t>{1});
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().to_string(), "/nonexistent/anmkit/out.anm: error: cannot create: No such file or directory");
}

TEST(FileIo, SameFileFollowsDifferentSpellings) {
  const fs::path dir = temp_dir();
  const std::string path = (dir / "a.anm").string();
  ASSERT_TRUE(write_file_atomic(path, std::vector<std::uint8_t>{1}));
  EXPECT_TRUE(same_file(path, (dir / "." / "a.anm").string()));
  EXPECT_FALSE(same_file(path, (dir / "b.anm").string()));
  fs::remove_all(dir);
}

TEST(FileIo, AnInterruptRemovesTemporaryFilesAndEndsBySignal) {
  const fs::path dir = temp_dir();
  const std::string temp = (dir / "out.anm.anmkit-tmp-1-0").string();
  ASSERT_TRUE(write_file_atomic(temp, std::vector<std::uint8_t>{1, 2, 3}));
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    install_interrupt_cleanup();
    detail::track_temp_file(temp.c_str());
    std::raise(SIGINT);
    ::_exit(0);  // not reached: the handler re-raises with the default action
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFSIGNALED(status));
  EXPECT_EQ(WTERMSIG(status), SIGINT);
  EXPECT_FALSE(fs::exists(temp)) << "the temporary file was removed";
  fs::remove_all(dir);
}

TEST(FileIo, TrackingSlotsAreReused) {
  const int a = detail::track_temp_file("/tmp/a");
  const int b = detail::track_temp_file("/tmp/b");
  EXPECT_NE(a, b);
  detail::untrack_temp_file(a);
  EXPECT_EQ(detail::track_temp_file("/tmp/c"), a);
  detail::untrack_temp_file(a);
  detail::untrack_temp_file(b);
}

}  // namespace
}  // namespace anmkit
