#include "anmkit/core/file_io.hpp"
#include "anmkit/core/read_checked.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <thread>

#include <sys/stat.h>
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

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

std::vector<std::string> names_in(const fs::path& dir) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) out.push_back(e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

TEST(FileIo, TemporaryFilesAreExclusiveShortAndUnpredictable) {
  const fs::path dir = temp_dir();
  const std::string target = (dir / std::string(255, 'x')).string();
  TempFile a, b;
  ASSERT_TRUE(create_temp_file(target, a));
  ASSERT_TRUE(create_temp_file(target, b));
  EXPECT_NE(a.path, b.path);
  for (const TempFile* t : {&a, &b}) {
    const std::string name = fs::path(t->path).filename().string();
    EXPECT_EQ(name.rfind(".anmkit-tmp-", 0), 0u) << name;
    EXPECT_EQ(name.size(), 28u) << "prefix and 16 random characters, whatever the target's name";
    EXPECT_EQ(name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789", 12), std::string::npos) << name;
    struct stat st {};
    ASSERT_EQ(::lstat(t->path.c_str(), &st), 0);
    EXPECT_TRUE(S_ISREG(st.st_mode));
  }
  discard_temp_file(a);
  ASSERT_TRUE(rename_temp_file(b, target));
  EXPECT_EQ(names_in(dir), std::vector<std::string>{std::string(255, 'x')});
  fs::remove_all(dir);
}

TEST(FileIo, ALinkPlantedAtTheOldPredictableNamesIsNotWrittenThrough) {
  // The names the old code used (OUT.anmkit-tmp-PID-N) are links to a victim: nothing reaches it.
  const fs::path dir = temp_dir();
  const std::string victim = (dir / "victim").string();
  ASSERT_TRUE(write_file_atomic(victim, std::vector<std::uint8_t>{'v'}));
  const std::string out = (dir / "out.anm").string();
  for (int n = 0; n < 64; ++n) fs::create_symlink(victim, out + ".anmkit-tmp-" + std::to_string(::getpid()) + "-" + std::to_string(n));
  ASSERT_TRUE(write_file_atomic(out, std::vector<std::uint8_t>{'o', 'k'}));
  EXPECT_EQ(slurp(victim), "v");
  EXPECT_EQ(slurp(out), "ok");
  fs::remove_all(dir);
}

TEST(FileIo, ALinkNamedAsTheOutputIsReplacedNotWrittenThrough) {
  const fs::path dir = temp_dir();
  const std::string victim = (dir / "victim").string();
  ASSERT_TRUE(write_file_atomic(victim, std::vector<std::uint8_t>{'v'}));
  const std::string out = (dir / "out.json").string();
  fs::create_symlink(victim, out);
  ASSERT_TRUE(write_file_atomic(out, std::vector<std::uint8_t>{'n'}));
  EXPECT_EQ(slurp(victim), "v");
  EXPECT_FALSE(fs::is_symlink(out));
  EXPECT_EQ(slurp(out), "n");
  fs::remove_all(dir);
}

TEST(FileIo, AFifoIsWrittenInPlaceAndAFolderIsAnError) {
  const fs::path dir = temp_dir();
  const std::string fifo = (dir / "pipe").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::string received;
  std::thread reader([&] { received = slurp(fifo); });
  const auto written = write_file_atomic(fifo, std::vector<std::uint8_t>{'a', 'b', 'c'});
  reader.join();
  ASSERT_TRUE(written) << written.error().to_string();
  EXPECT_EQ(received, "abc");
  struct stat st {};
  ASSERT_EQ(::lstat(fifo.c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode));
  EXPECT_EQ(names_in(dir), std::vector<std::string>{"pipe"});
  auto folder = write_file_atomic(dir.string(), std::vector<std::uint8_t>{1});
  ASSERT_FALSE(folder);
  EXPECT_EQ(folder.error().to_string(), dir.string() + ": error: is a directory, expected a file");
  fs::remove_all(dir);
}

TEST(FileIo, AReplacedFileKeepsItsMode) {
  const fs::path dir = temp_dir();
  const std::string path = (dir / "out").string();
  ASSERT_TRUE(write_file_atomic(path, std::vector<std::uint8_t>{1}));
  ASSERT_EQ(::chmod(path.c_str(), 0604), 0);
  ASSERT_TRUE(write_file_atomic(path, std::vector<std::uint8_t>{2}, Durability::deferred));
  struct stat st {};
  ASSERT_EQ(::stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0604u);
  EXPECT_EQ(slurp(path), std::string(1, '\2'));
  fs::remove_all(dir);
}

// 64 threads writing without a pause, ended by a signal at a different moment each time: no
// temporary file survives (the handler waits for threads between creating and registering).
TEST(FileIo, ASignalDuringManyConcurrentWritesLeavesNoTemporaryFile) {
  const fs::path dir = temp_dir();
  const int signals[] = {SIGINT, SIGTERM, SIGHUP};
  for (int run = 0; run < 12; ++run) {
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      install_interrupt_cleanup();
      std::vector<std::thread> threads;
      for (int t = 0; t < 64; ++t) {
        threads.emplace_back([&dir, t] {
          const std::vector<std::uint8_t> bytes(std::size_t(4096 * (1 + t % 4)), std::uint8_t(t));
          const std::string path = (dir / ("out" + std::to_string(t))).string();
          for (;;) (void)write_file_atomic(path, bytes, Durability::deferred);
        });
      }
      for (auto& t : threads) t.join();
      ::_exit(0);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20 + 7 * run));
    ::kill(child, signals[run % 3]);
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFSIGNALED(status));
    EXPECT_EQ(WTERMSIG(status), signals[run % 3]);
    for (const auto& name : names_in(dir)) EXPECT_EQ(name.rfind("out", 0), 0u) << "left behind: " << name << " (run " << run << ")";
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace anmkit

// read_file_checked on what only POSIX makes: a pipe, a device, a link (portable cases are in
// file_read_checked_test.cpp).
namespace anmkit {
namespace {

TEST(ReadFileChecked, AFifoOrADeviceIsNotARegularFileAndTheOpenDoesNotWait) {
  const fs::path dir = temp_dir();
  const std::string fifo = (dir / "pipe.anm").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  int calls = 0;
  const OpenedFileCheck count = [&](const OpenedFile&) -> Expected<void> {
    ++calls;
    return {};
  };
  for (const std::string& path : {fifo, std::string("/dev/zero"), std::string("/dev/null")}) {
    auto bytes = read_file_checked(path, 100, count);  // no writer: a blocking open would wait forever
    ASSERT_FALSE(bytes) << path;
    EXPECT_EQ(bytes.error().to_string(), path + ": error: not a regular file");
  }
  EXPECT_EQ(calls, 0);
  fs::remove_all(dir);
}

TEST(ReadFileChecked, ALinkIsCheckedWhereItLeads) {
  const fs::path dir = temp_dir();
  fs::create_directories(dir / "inside");
  fs::create_directories(dir / "outside");
  ASSERT_TRUE(write_file_atomic((dir / "outside/secret.bin").string(), std::vector<std::uint8_t>{'s', 'e', 'c'}));
  fs::create_symlink(dir / "outside/secret.bin", dir / "inside/texture.dds");
  std::string seen;
  auto bytes = read_file_checked((dir / "inside/texture.dds").string(), 100, [&](const OpenedFile& opened) -> Expected<void> {
    seen = opened.real_path;
    return make_error(ErrorCode::io, "outside");
  });
  ASSERT_FALSE(bytes);
  EXPECT_EQ(bytes.error().message, "outside");
  EXPECT_EQ(seen, fs::canonical(dir / "outside/secret.bin").string());
  EXPECT_EQ(real_path((dir / "inside/../outside").string()), fs::canonical(dir / "outside").string());
  fs::remove_all(dir);
}

}  // namespace
}  // namespace anmkit
