#pragma once
// Paths are UTF-8 strings everywhere in anmkit, on every platform, and std::filesystem paths
// only at the file system's door. On POSIX the bytes pass unchanged (any name the kernel allows,
// valid UTF-8 or not); on Windows they become the wide names Windows uses, where a plain
// std::filesystem::path(std::string) would read them in the ANSI code page and lose every name
// outside it (`tür`, `日本`).

#include <filesystem>
#include <string>
#include <string_view>

namespace anmkit {

// The path named by UTF-8 text. On Windows invalid UTF-8 cannot name a file: it becomes a
// path that names none (U+FFFD for each bad byte).
std::filesystem::path fs_path(std::string_view utf8);

// The path as UTF-8 text, its separators as the platform writes them.
std::string utf8(const std::filesystem::path& path);

}  // namespace anmkit
