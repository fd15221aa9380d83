// core/folders.hpp on every platform (under wine for Windows): a folder's entries and their kinds,
// names outside ASCII, errors in POSIX's words, folders created with their parents. Paths past
// MAX_PATH: file_io_windows_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "anmkit/core/file_io.hpp"
#include "anmkit/core/folders.hpp"
#include "anmkit/core/path_utf8.hpp"
#include "support/run_cli.hpp"

namespace anmkit {
namespace {

using test::TempDir;

// "name/" for a folder, "name" for a file, sorted.
std::vector<std::string> listed(const std::string& folder) {
  std::error_code ec;
  std::vector<std::string> out;
  for (const FolderEntry& e : list_folder(folder, ec)) {
    EXPECT_FALSE(e.link) << e.name;
    EXPECT_NE(e.directory, e.regular) << e.name;
    out.push_back(e.directory ? e.name + "/" : e.name);
  }
  EXPECT_FALSE(ec) << ec.message();
  std::sort(out.begin(), out.end());
  return out;
}

TEST(Folders, AFolderListsItsFilesAndFoldersWithTheirKinds) {
  TempDir dir;
  const std::string root = utf8(dir.path());
  ASSERT_TRUE(write_file_atomic(utf8(dir.path() / "a.anm"), std::vector<std::uint8_t>{1}));
  std::error_code ec;
  create_folders(utf8(dir.path() / "sub"), ec);
  ASSERT_FALSE(ec);
  EXPECT_EQ(listed(root), (std::vector<std::string>{"a.anm", "sub/"}));
  EXPECT_EQ(listed(utf8(dir.path() / "sub")), std::vector<std::string>{});
}

TEST(Folders, NamesOutsideAsciiAreListedAsUtf8) {
  TempDir dir;
  const std::string folder = utf8(dir.path() / fs_path("dossier_\xc3\xa9t\xc3\xa9"));  // dossier_été
  std::error_code ec;
  create_folders(folder, ec);
  ASSERT_FALSE(ec) << ec.message();
  const std::string name = "t\xc3\xbcr_\xe6\x97\xa5\xe6\x9c\xac.anm";  // tür_日本.anm
  ASSERT_TRUE(write_file_atomic(utf8(fs_path(folder) / fs_path(name)), std::vector<std::uint8_t>{1}));
  EXPECT_EQ(listed(utf8(dir.path())), std::vector<std::string>{"dossier_\xc3\xa9t\xc3\xa9/"});
  EXPECT_EQ(listed(folder), std::vector<std::string>{name});
}

TEST(Folders, WhatIsNoFolderCannotBeListed) {
  TempDir dir;
  const std::string file = utf8(dir.path() / "a.anm");
  ASSERT_TRUE(write_file_atomic(file, std::vector<std::uint8_t>{1}));
  std::error_code ec;
  EXPECT_TRUE(list_folder(utf8(dir.path() / "missing"), ec).empty());
  EXPECT_EQ(ec, std::errc::no_such_file_or_directory);
  EXPECT_EQ(ec.message(), "No such file or directory");
  EXPECT_TRUE(list_folder(file, ec).empty());
  EXPECT_EQ(ec, std::errc::not_a_directory);
}

TEST(Folders, IsFolderTellsFoldersFromFilesAndNothing) {
  TempDir dir;
  ASSERT_TRUE(write_file_atomic(utf8(dir.path() / "a.anm"), std::vector<std::uint8_t>{1}));
  EXPECT_TRUE(is_folder(utf8(dir.path())));
  EXPECT_FALSE(is_folder(utf8(dir.path() / "a.anm")));
  EXPECT_FALSE(is_folder(utf8(dir.path() / "missing")));
}

TEST(Folders, CreateFoldersMakesEveryMissingParentOnce) {
  TempDir dir;
  const std::string deep = utf8(dir.path() / "a" / "b" / "c");
  std::error_code ec;
  create_folders(deep, ec);
  ASSERT_FALSE(ec) << ec.message();
  EXPECT_TRUE(is_folder(deep));
  create_folders(deep, ec);  // there already: no error
  EXPECT_FALSE(ec) << ec.message();
  EXPECT_EQ(listed(utf8(dir.path() / "a")), std::vector<std::string>{"b/"});
  // Under a file: an error, and nothing made.
  ASSERT_TRUE(write_file_atomic(utf8(dir.path() / "f"), std::vector<std::uint8_t>{1}));
  create_folders(utf8(dir.path() / "f" / "g"), ec);
  EXPECT_TRUE(ec);
  EXPECT_FALSE(is_folder(utf8(dir.path() / "f" / "g")));
}

}  // namespace
}  // namespace anmkit
