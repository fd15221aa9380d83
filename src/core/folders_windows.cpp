// core/folders.hpp on Windows: FindFirstFileExW, GetFileAttributesW and CreateDirectoryW on the
// names of windows_name.hpp, \\?\-prefixed when long, so that a walk reaches past MAX_PATH.
// (mingw's std::filesystem lists folders through _wopendir, which stops at MAX_PATH.)
#include "anmkit/core/folders.hpp"

#include <atomic>
#include <filesystem>

#include "anmkit/core/path_utf8.hpp"
#include "anmkit/core/windows_api.hpp"
#include "windows_name.hpp"

namespace anmkit {
namespace {

using detail::windows_name;

// POSIX's error for the common cases, so that messages read alike (`Permission denied`).
std::error_code error_of(DWORD code) {
  switch (code) {
    case ERROR_FILE_NOT_FOUND:
    case ERROR_PATH_NOT_FOUND:
    case ERROR_INVALID_NAME:
    case ERROR_BAD_NETPATH:
      return std::make_error_code(std::errc::no_such_file_or_directory);
    case ERROR_ACCESS_DENIED:
    case ERROR_SHARING_VIOLATION:
      return std::make_error_code(std::errc::permission_denied);
    case ERROR_DIRECTORY:
      return std::make_error_code(std::errc::not_a_directory);
    case ERROR_FILE_EXISTS:
    case ERROR_ALREADY_EXISTS:
      return std::make_error_code(std::errc::file_exists);
    case ERROR_FILENAME_EXCED_RANGE:
      return std::make_error_code(std::errc::filename_too_long);
    default:
      return {int(code), std::system_category()};
  }
}

}  // namespace

namespace {
std::atomic<std::uint64_t> listed{0};
}  // namespace

std::uint64_t detail::folders_listed() { return listed.load(); }

std::vector<FolderEntry> list_folder(const std::string& folder, std::error_code& ec) {
  listed.fetch_add(1);
  ec.clear();
  std::vector<FolderEntry> out;
  std::wstring pattern = windows_name(folder);
  const DWORD attributes = ::GetFileAttributesW(pattern.c_str());
  if (attributes == INVALID_FILE_ATTRIBUTES || (attributes & FILE_ATTRIBUTE_DIRECTORY) == 0) {
    ec = attributes == INVALID_FILE_ATTRIBUTES ? error_of(::GetLastError()) : std::make_error_code(std::errc::not_a_directory);
    return out;
  }
  if (!pattern.empty() && pattern.back() != L'\\' && pattern.back() != L'/') pattern += L'\\';
  pattern += L'*';
  WIN32_FIND_DATAW found;
  const HANDLE listing = ::FindFirstFileExW(pattern.c_str(), FindExInfoBasic, &found, FindExSearchNameMatch, nullptr, 0);
  if (listing == INVALID_HANDLE_VALUE) {
    const DWORD code = ::GetLastError();
    if (code != ERROR_FILE_NOT_FOUND) ec = error_of(code);  // (not found: nothing there, not even "." and "..")
    return out;
  }
  do {
    const std::wstring name = found.cFileName;
    if (name == L"." || name == L"..") continue;
    const bool directory = (found.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) != 0;
    out.push_back({utf8(std::filesystem::path(name)), directory, !directory,
                   (found.dwFileAttributes & FILE_ATTRIBUTE_REPARSE_POINT) != 0});
  } while (::FindNextFileW(listing, &found));
  const DWORD code = ::GetLastError();
  ::FindClose(listing);
  if (code != ERROR_NO_MORE_FILES) {
    ec = error_of(code);
    out.clear();
  }
  return out;
}

bool is_folder(const std::string& path) {
  const DWORD attributes = ::GetFileAttributesW(windows_name(path).c_str());
  return attributes != INVALID_FILE_ATTRIBUTES && (attributes & FILE_ATTRIBUTE_DIRECTORY) != 0;
}

void create_folders(const std::string& path, std::error_code& ec) {
  ec.clear();
  // The missing folders, deepest first, up to the first that exists.
  std::vector<std::string> missing;
  for (std::filesystem::path p = fs_path(path); !p.empty() && !is_folder(utf8(p)); p = p.parent_path()) {
    missing.push_back(utf8(p));
    if (p == p.parent_path()) break;  // a root that is not there
  }
  for (auto it = missing.rbegin(); it != missing.rend(); ++it) {
    // Another writer (batch's workers) may create the same folder meanwhile: that is no error.
    if (::CreateDirectoryW(windows_name(*it).c_str(), nullptr)) continue;
    const DWORD code = ::GetLastError();
    if (!is_folder(*it)) {
      ec = error_of(code);
      return;
    }
  }
}

}  // namespace anmkit
