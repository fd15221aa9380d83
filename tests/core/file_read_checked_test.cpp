// read_file_checked: the file is opened once and what was opened is checked (its type, its real
// path, its size) before a byte is read. Portable: Windows resolves through a handle what Linux
// resolves through /proc/self/fd, and both must agree with real_path() of the folder.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "anmkit/core/file_io.hpp"
#include "anmkit/core/read_checked.hpp"
#include "anmkit/core/path_utf8.hpp"
#include "support/run_cli.hpp"

namespace anmkit {
namespace {

namespace fs = std::filesystem;

// A check that keeps what it was given and lets the read go on.
struct Seen {
  OpenedFile opened;
  int calls = 0;
  OpenedFileCheck check() {
    return [this](const OpenedFile& o) -> Expected<void> {
      opened = o;
      ++calls;
      return {};
    };
  }
};

TEST(ReadFileChecked, APlainFileIsCheckedWhereItIsThenRead) {
  test::TempDir dir;
  fs::create_directories(dir.path() / "Models" / "Tank");
  const std::string path = dir.write_text("Models/Tank/hull.ply", "hull bytes");
  Seen seen;
  auto bytes = read_file_checked(path, 100, seen.check());
  ASSERT_TRUE(bytes) << bytes.error().to_string();
  EXPECT_EQ(std::string(bytes->begin(), bytes->end()), "hull bytes");
  EXPECT_EQ(seen.calls, 1);
  EXPECT_EQ(seen.opened.size, 10u);
  // The real path lies in the folder's real path, resolved the same way, part for part.
  const auto folder = real_path(utf8(dir.path() / "Models" / "Tank"));
  ASSERT_TRUE(folder);
  EXPECT_EQ(seen.opened.real_path, utf8(fs_path(*folder) / "hull.ply"));
  EXPECT_TRUE(fs_path(seen.opened.real_path).is_absolute()) << seen.opened.real_path;
  // A name spelt another way (`.` and `..` parts) leads to the same real path.
  Seen again;
  ASSERT_TRUE(read_file_checked(utf8(dir.path() / "Models" / "." / "Tank" / ".." / "Tank" / "hull.ply"), 100, again.check()));
  EXPECT_EQ(again.opened.real_path, seen.opened.real_path);
}

TEST(ReadFileChecked, TheChecksRefusalIsTheAnswerAndNothingIsRead) {
  test::TempDir dir;
  const std::string path = dir.write_text("secret.txt", "secret");
  auto bytes = read_file_checked(path, 100, [&](const OpenedFile&) -> Expected<void> {
    Error e = make_error(ErrorCode::bad_value, "not here");
    e.file = path;
    return e;
  });
  ASSERT_FALSE(bytes);
  EXPECT_EQ(bytes.error().code, ErrorCode::bad_value);
  EXPECT_EQ(bytes.error().to_string(), path + ": error: not here");
}

TEST(ReadFileChecked, AFolderIsNotARegularFileAndIsNeverChecked) {
  test::TempDir dir;
  fs::create_directories(dir.path() / "sub");
  Seen seen;
  auto bytes = read_file_checked(dir.file("sub"), 100, seen.check());
  ASSERT_FALSE(bytes);
  EXPECT_EQ(bytes.error().code, ErrorCode::io);
  EXPECT_EQ(bytes.error().to_string(), dir.file("sub") + ": error: not a regular file");
  EXPECT_EQ(seen.calls, 0);
}

TEST(ReadFileChecked, AMissingFileCannotBeOpened) {
  test::TempDir dir;
  Seen seen;
  auto bytes = read_file_checked(dir.file("missing.anm"), 100, seen.check());
  ASSERT_FALSE(bytes);
  EXPECT_EQ(bytes.error().to_string(), dir.file("missing.anm") + ": error: cannot open: No such file or directory");
  EXPECT_EQ(seen.calls, 0);
  EXPECT_FALSE(real_path(dir.file("missing.anm")));
}

TEST(ReadFileChecked, TheLimitHoldsAfterTheCheck) {
  test::TempDir dir;
  const std::string path = dir.write_text("big.bin", std::string(100, 'x'));
  Seen seen;
  auto bytes = read_file_checked(path, 99, seen.check());
  ASSERT_FALSE(bytes);
  EXPECT_EQ(bytes.error().code, ErrorCode::too_large);
  EXPECT_EQ(bytes.error().message, "larger than the input limit of 99 bytes");
  EXPECT_EQ(seen.opened.size, 100u);
}

}  // namespace
}  // namespace anmkit
