#pragma once
// What anmkit's programs set up before parsing their arguments, where POSIX and Windows differ:
//  - a closed pipe: POSIX ignores SIGPIPE, so that it is a failed write (exit 1 with a message,
//    temporary files removed), not a silent death in the middle of a batch;
//  - Windows: the arguments as UTF-8 (main's argv is in the ANSI code page, which loses every
//    name outside it: `tür`, `日本`), stdout and stderr binary (text mode writes each 0x0A of a
//    file sent to `-o -` as 0x0D 0x0A), and a console that shows UTF-8.

#include <filesystem>
#include <string>
#include <vector>

#include "anmkit/core/path_utf8.hpp"

#if defined(_WIN32)
#include <fcntl.h>
#include <io.h>
#include <stdio.h>

#include "anmkit/core/windows_api.hpp"
// (after windows.h, which it needs)
#include <shellapi.h>
#else
#include <csignal>
#endif

namespace anmkit::tools {

// The arguments of main, as UTF-8 strings.
inline std::vector<std::string> process_setup(int argc, char** argv) {
  std::vector<std::string> out;
#if defined(_WIN32)
  (void)argc;
  (void)argv;
  _setmode(_fileno(stdout), _O_BINARY);
  _setmode(_fileno(stderr), _O_BINARY);
  ::SetConsoleOutputCP(CP_UTF8);
  int count = 0;
  wchar_t** wide = ::CommandLineToArgvW(::GetCommandLineW(), &count);
  for (int i = 0; wide != nullptr && i < count; ++i) out.push_back(anmkit::utf8(std::filesystem::path(wide[i])));
  ::LocalFree(wide);
#else
  std::signal(SIGPIPE, SIG_IGN);
  out.assign(argv, argv + argc);
#endif
  return out;
}

}  // namespace anmkit::tools
