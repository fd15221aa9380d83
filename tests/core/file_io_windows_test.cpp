// file_io on Windows (src/core/file_io_windows.cpp), run under wine: what POSIX gives for free
// and Windows does not: binary files, replacing an existing file, identity without inodes, names
// outside the ANSI code page, paths and folders past MAX_PATH, device names.
#include <gtest/gtest.h>

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

std::vector<std::string> folder_names(const std::filesystem::path& folder) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) names.push_back(utf8(entry.path().filename()));
  std::sort(names.begin(), names.end());
  return names;
}

TEST(FileIoWindows, BytesGoOutAndComeBackUnchanged) {
  TempDir dir;
  const std::string path = utf8(dir.path() / "bytes.bin");
  const std::vector<std::uint8_t> bytes{0x0a, 0x0d, 0x0a, 0x1a, 0x00, 0x0d, 0xff, 0x0a};  // newlines, ^Z, NUL
  ASSERT_TRUE(write_file_atomic(path, bytes));
  auto back = read_file(path);
  ASSERT_TRUE(back);
  EXPECT_EQ(*back, bytes);
  EXPECT_EQ(std::filesystem::file_size(dir.path() / "bytes.bin"), bytes.size());
}

TEST(FileIoWindows, AnExistingFileIsReplacedAndNoTemporaryFileIsLeft) {
  TempDir dir;
  const std::string path = utf8(dir.path() / "out.json");
  ASSERT_TRUE(write_file_atomic(path, std::vector<std::uint8_t>{'o', 'l', 'd', '!', '!'}));
  ASSERT_TRUE(write_file_atomic(path, std::vector<std::uint8_t>{'n', 'e', 'w'}));
  EXPECT_EQ(*read_file(path), (std::vector<std::uint8_t>{'n', 'e', 'w'}));
  EXPECT_EQ(folder_names(dir.path()), std::vector<std::string>{"out.json"});
}

TEST(FileIoWindows, NamesOutsideAsciiAreWrittenReadAndListed) {
  TempDir dir;
  const std::string folder = utf8(dir.path() / fs_path("dossier_\xc3\xa9t\xc3\xa9"));
  std::filesystem::create_directories(fs_path(folder));
  const std::string name = "t\xc3\xbcr_\xe6\x97\xa5\xe6\x9c\xac.anm";  // tür_日本.anm
  const std::string path = folder + "\\" + name;
  ASSERT_TRUE(write_file_atomic(path, std::vector<std::uint8_t>{1, 2, 3}));
  EXPECT_EQ(folder_names(fs_path(folder)), std::vector<std::string>{name});
  auto back = read_file(path);
  ASSERT_TRUE(back) << back.error().to_string();
  EXPECT_EQ(*back, (std::vector<std::uint8_t>{1, 2, 3}));
  // The wide name is the UTF-8 one: U+00FC, U+65E5, U+672C.
  EXPECT_EQ(fs_path(name).native(), std::wstring(L"t\u00fcr_\u65e5\u672c.anm"));
}

TEST(FileIoWindows, IdentityIsTheVolumeAndTheFileIndex) {
  TempDir dir;
  const std::string a = utf8(dir.path() / "a.anm"), b = utf8(dir.path() / "b.anm");
  ASSERT_TRUE(write_file_atomic(a, std::vector<std::uint8_t>{1}));
  ASSERT_TRUE(write_file_atomic(b, std::vector<std::uint8_t>{1}));
  const auto ia = file_id(a), ib = file_id(b);
  ASSERT_TRUE(ia && ib);
  EXPECT_NE(*ia, *ib);  // mingw's st_ino is 0 for both: identity cannot come from stat()
  EXPECT_TRUE(same_file(a, utf8(dir.path() / "." / "a.anm")));
  EXPECT_TRUE(same_file(a, utf8(dir.path() / "A.ANM")));  // one file, in any case
  EXPECT_FALSE(same_file(a, b));
  EXPECT_FALSE(file_id(utf8(dir.path() / "missing.anm")));
  const auto st = stat_file(a);
  ASSERT_TRUE(st);
  EXPECT_TRUE(st->regular);
  EXPECT_EQ(st->size, 1u);
  EXPECT_FALSE(stat_file(utf8(dir.path()))->regular);
}

TEST(FileIoWindows, PathsPastMaxPathWork) {
  TempDir dir;
  std::filesystem::path deep = dir.path();
  for (int i = 0; i < 12; ++i) deep /= std::string(24, char('a' + i));
  std::filesystem::create_directories(L"\\\\?\\" + std::filesystem::absolute(deep).wstring());
  const std::string path = utf8(deep / "long.anm");
  ASSERT_GT(path.size(), 300u);
  ASSERT_TRUE(write_file_atomic(path, std::vector<std::uint8_t>{7, 8}));
  auto back = read_file(path);
  ASSERT_TRUE(back) << back.error().to_string();
  EXPECT_EQ(*back, (std::vector<std::uint8_t>{7, 8}));
  EXPECT_TRUE(file_id(path));
  // TempDir's std::filesystem::remove_all cannot reach this deep: removed here with the prefix.
  const std::wstring prefix = L"\\\\?\\";
  ::DeleteFileW((prefix + std::filesystem::absolute(deep / "long.anm").wstring()).c_str());
  for (auto p = std::filesystem::absolute(deep); p != std::filesystem::absolute(dir.path()); p = p.parent_path()) {
    ::RemoveDirectoryW((prefix + p.wstring()).c_str());
  }
}

// Walks and batch outputs (core/folders.hpp): mingw's std::filesystem lists no folder past
// MAX_PATH, \\?\ prefix or not (its _wopendir stops there).
TEST(FileIoWindows, FoldersPastMaxPathAreCreatedListedAndRecognised) {
  TempDir dir;
  std::filesystem::path deep = dir.path();
  for (int i = 0; i < 12; ++i) deep /= std::string(24, char('a' + i));
  const std::string folder = utf8(deep);
  ASSERT_GT(folder.size(), 300u);
  std::error_code ec;
  create_folders(folder + "\\sub", ec);
  ASSERT_FALSE(ec) << ec.message();
  EXPECT_TRUE(is_folder(folder));
  EXPECT_TRUE(is_folder(folder + "\\sub"));
  ASSERT_TRUE(write_file_atomic(folder + "\\long.anm", std::vector<std::uint8_t>{7}));
  EXPECT_FALSE(is_folder(folder + "\\long.anm"));
  auto entries = list_folder(folder, ec);
  ASSERT_FALSE(ec) << ec.message();
  std::sort(entries.begin(), entries.end(), [](const FolderEntry& a, const FolderEntry& b) { return a.name < b.name; });
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0].name, "long.anm");
  EXPECT_TRUE(entries[0].regular && !entries[0].directory);
  EXPECT_EQ(entries[1].name, "sub");
  EXPECT_TRUE(entries[1].directory && !entries[1].regular);
  // Removed here with the prefix (TempDir's std::filesystem::remove_all cannot reach this deep).
  const std::wstring prefix = L"\\\\?\\";
  ::DeleteFileW((prefix + std::filesystem::absolute(deep / "long.anm").wstring()).c_str());
  ::RemoveDirectoryW((prefix + std::filesystem::absolute(deep / "sub").wstring()).c_str());
  for (auto p = std::filesystem::absolute(deep); p != std::filesystem::absolute(dir.path()); p = p.parent_path()) {
    ::RemoveDirectoryW((prefix + p.wstring()).c_str());
  }
}

TEST(FileIoWindows, DeviceNamesAreRefused) {
  TempDir dir;
  for (const char* name : {"NUL", "nul.json", "con", "COM1.anm", "lpt9", "aux.anm"}) {
    const std::string path = utf8(dir.path() / name);
    auto w = write_file_atomic(path, std::vector<std::uint8_t>{1});
    ASSERT_FALSE(w) << name;
    EXPECT_EQ(w.error().message, "is a Windows device name (CON, PRN, AUX, NUL, COM1-9, LPT1-9), not a file");
    auto r = read_file(path);
    ASSERT_FALSE(r) << name;
    EXPECT_EQ(r.error().message, "is a Windows device name (CON, PRN, AUX, NUL, COM1-9, LPT1-9), not a file");
  }
  // Names that only begin like one are files.
  ASSERT_TRUE(write_file_atomic(utf8(dir.path() / "console.anm"), std::vector<std::uint8_t>{1}));
  ASSERT_TRUE(write_file_atomic(utf8(dir.path() / "com10.anm"), std::vector<std::uint8_t>{1}));
}

TEST(FileIoWindows, MissingFilesAndFoldersSayWhatPosixSays) {
  TempDir dir;
  auto missing = read_file(utf8(dir.path() / "missing.anm"));
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().message, "cannot open: No such file or directory");
  auto folder = read_file(utf8(dir.path()));
  ASSERT_FALSE(folder);
  EXPECT_EQ(folder.error().message, "is a directory, expected a file");
  auto into_folder = write_file_atomic(utf8(dir.path()), std::vector<std::uint8_t>{1});
  ASSERT_FALSE(into_folder);
  EXPECT_EQ(into_folder.error().message, "is a directory, expected a file");
}

TEST(FileIoWindows, TemporaryFilesAreCreatedExclusivelyAndRemoved) {
  TempDir dir;
  const std::string target = utf8(dir.path() / "t.anm");
  TempFile a, b;
  ASSERT_TRUE(create_temp_file(target, a));
  ASSERT_TRUE(create_temp_file(target, b));
  EXPECT_NE(a.path, b.path);
  EXPECT_EQ(utf8(fs_path(a.path).filename()).rfind(".anmkit-tmp-", 0), 0u);
  EXPECT_EQ(folder_names(dir.path()).size(), 2u);
  discard_temp_file(a);
  ASSERT_TRUE(rename_temp_file(b, target));
  EXPECT_EQ(folder_names(dir.path()), std::vector<std::string>{"t.anm"});
}

}  // namespace
}  // namespace anmkit
