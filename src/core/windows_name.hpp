#pragma once
// The wide name Windows is given for a UTF-8 path (core/path_utf8.hpp), for file_io_windows.cpp
// and folders_windows.cpp: a long one (MAX_PATH, 260, is where the plain APIs stop; 240 leaves
// room for a name a call adds, as "\*" for a listing) is made absolute and given the prefix
// \\?\ which lifts the limit. For Windows' calls only, never for printing.

#include <string>

namespace anmkit::detail {

std::wstring windows_name(const std::string& path);

}  // namespace anmkit::detail
