// core/folders.hpp on POSIX: std::filesystem's.
#include "anmkit/core/folders.hpp"

#include <atomic>
#include <filesystem>

#include "anmkit/core/path_utf8.hpp"

namespace anmkit {

namespace fs = std::filesystem;

namespace {
std::atomic<std::uint64_t> listed{0};
}  // namespace

std::uint64_t detail::folders_listed() { return listed.load(); }

std::vector<FolderEntry> list_folder(const std::string& folder, std::error_code& ec) {
  listed.fetch_add(1);
  std::vector<FolderEntry> out;
  for (auto it = fs::directory_iterator(fs_path(folder), ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
    // An entry whose type cannot be read is neither kind (`entry_ec`, not the listing's `ec`).
    std::error_code entry_ec;
    out.push_back({utf8(it->path().filename()), it->is_directory(entry_ec), it->is_regular_file(entry_ec),
                   it->is_symlink(entry_ec)});
  }
  if (ec) out.clear();
  return out;
}

bool is_folder(const std::string& path) {
  std::error_code ec;
  return fs::is_directory(fs_path(path), ec);
}

void create_folders(const std::string& path, std::error_code& ec) { fs::create_directories(fs_path(path), ec); }

}  // namespace anmkit
