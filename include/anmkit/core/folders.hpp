#pragma once
// Folders, for walks and batch outputs: listing one, asking whether a path is one, creating one
// with its parents. Paths are UTF-8 (core/path_utf8.hpp). On POSIX these are std::filesystem's;
// on Windows they reach past MAX_PATH (260 characters), which mingw's std::filesystem cannot:
// its directory listing (_wopendir) stops there, \\?\ prefix or not (folders_windows.cpp).
// Errors are std::error_code, with POSIX's words on both sides ("Permission denied").

#include <cstdint>
#include <string>
#include <system_error>
#include <vector>

namespace anmkit {

struct FolderEntry {
  std::string name;        // the entry's name, UTF-8
  bool directory = false;  // a folder, or a link to one
  bool regular = false;    // a regular file, or a link to one
  bool link = false;       // a symbolic link (on Windows, any reparse point: links and junctions)
};

// The entries of `folder` but "." and "..", in no particular order; empty with `ec` set when it
// cannot be listed.
std::vector<FolderEntry> list_folder(const std::string& folder, std::error_code& ec);

// Whether `path` is a folder (links followed).
bool is_folder(const std::string& path);

// Creates `path` and each missing folder above it; an existing folder is no error.
void create_folders(const std::string& path, std::error_code& ec);

namespace detail {
// How many times list_folder has been called in this process: tests hold lookups to one listing
// a folder by it.
std::uint64_t folders_listed();
}  // namespace detail

}  // namespace anmkit
