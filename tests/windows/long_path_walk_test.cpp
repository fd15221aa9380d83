// Folder walks past MAX_PATH (260 characters) under wine: `info DIR`, `validate DIR` and
// `batch DIR` on a tree whose files lie 330 characters deep, with batch's outputs as deep, run
// twice (the second run replaces the first's outputs).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "anmkit/core/file_io.hpp"
#include "anmkit/core/path_utf8.hpp"
#include "support/run_cli.hpp"

namespace anmkit {
namespace {

namespace fs = std::filesystem;
using test::run_cli;
using test::TempDir;

// The name Windows needs for a path this long: absolute, with the \\?\ prefix.
std::wstring long_name(const fs::path& path) { return L"\\\\?\\" + fs::absolute(path).wstring(); }

// std::filesystem::remove_all stops at MAX_PATH (and TempDir's would then spin): removed here
// through the prefixed names, depth first.
void remove_tree(const std::wstring& folder) {
  WIN32_FIND_DATAW found;
  const HANDLE listing = ::FindFirstFileW((folder + L"\\*").c_str(), &found);
  if (listing != INVALID_HANDLE_VALUE) {
    do {
      const std::wstring name = found.cFileName;
      if (name == L"." || name == L"..") continue;
      if (found.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) {
        remove_tree(folder + L"\\" + name);
      } else {
        ::DeleteFileW((folder + L"\\" + name).c_str());
      }
    } while (::FindNextFileW(listing, &found));
    ::FindClose(listing);
  }
  ::RemoveDirectoryW(folder.c_str());
}

std::vector<std::uint8_t> bytes_of(const std::string& path) {
  auto bytes = read_file(path);
  return bytes ? *bytes : std::vector<std::uint8_t>{};
}

TEST(LongPathWalk, InfoValidateAndBatchWalkFoldersPastMaxPath) {
  TempDir dir;
  const fs::path in = dir.path() / "in", out = dir.path() / "out";
  fs::path relative;
  for (int i = 0; i < 12; ++i) relative /= std::string(24, char('a' + i));
  const fs::path deep = in / relative;
  ASSERT_GT(utf8(deep / "turret_v60.anm").size(), 330u);
  ASSERT_TRUE(fs::create_directories(long_name(deep)));
  const std::string examples = ANMKIT_SOURCE_DIR "/examples/";
  ASSERT_TRUE(write_file_atomic(utf8(in / "top.anm"), bytes_of(examples + "turret_v40.anm")));
  ASSERT_TRUE(write_file_atomic(utf8(deep / "turret_v60.anm"), bytes_of(examples + "turret_v60.anm")));

  auto r = run_cli({"info", utf8(in)}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find(utf8(deep / "turret_v60.anm") + ": GEM skeletal animation (EANM) 6.0, 740 bytes\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(utf8(in / "top.anm") + ": GEM skeletal animation (EANM) 4.0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n2 files: 2 described, 0 unreadable, 0 skipped\n"), std::string::npos) << r.out;

  r = run_cli({"validate", utf8(in)}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find(utf8(deep / "turret_v60.anm") + ": valid\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(utf8(in / "top.anm") + ": valid\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n2 files: 2 valid, 0 invalid, 0 warnings, 0 skipped\n"), std::string::npos) << r.out;

  // What batch writes for each, as dump writes it at a short path.
  ASSERT_EQ(run_cli({"dump", examples + "turret_v60.anm", "-o", utf8(dir.path() / "v60.json")}, dir).exit_code, 0);
  ASSERT_EQ(run_cli({"dump", examples + "turret_v40.anm", "-o", utf8(dir.path() / "v40.json")}, dir).exit_code, 0);
  const auto v60 = bytes_of(utf8(dir.path() / "v60.json")), v40 = bytes_of(utf8(dir.path() / "v40.json"));
  ASSERT_GT(v60.size(), 1000u);
  for (int run = 0; run < 2; ++run) {
    r = run_cli({"batch", utf8(in), "-o", utf8(out), "--to", "json", "-q"}, dir);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "2 files: 2 converted, 0 skipped (0 not animations), 0 failed\n") << "run " << run;
    EXPECT_EQ(bytes_of(utf8(out / relative / "turret_v60.json")), v60) << "run " << run;
    EXPECT_EQ(bytes_of(utf8(out / "top.json")), v40) << "run " << run;
  }

  remove_tree(long_name(in));
  remove_tree(long_name(out));
}

}  // namespace
}  // namespace anmkit
