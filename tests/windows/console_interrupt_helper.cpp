// anmkit_console_interrupt_helper: the two processes around the one console_interrupt_test.cpp
// interrupts, under wine.
//
//   hold TARGET READY   installs anmkit's interrupt cleanup, creates TARGET's temporary file
//                       through the library and writes into it, names it in READY, and waits with
//                       the file open (exit 3 after 60 s: never, when the interrupt works)
//   interrupt PID       presses Ctrl-C in PID's console: attaches to it and sends CTRL_C_EVENT
//                       to every process there (as a terminal does), ignoring it itself
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <io.h>

#include "anmkit/core/file_io.hpp"
#include "anmkit/core/windows_api.hpp"

namespace {

int hold(const std::string& target, const std::string& ready) {
  anmkit::install_interrupt_cleanup();
  anmkit::TempFile temp;
  if (auto created = anmkit::create_temp_file(target, temp); !created) {
    std::fprintf(stderr, "%s\n", created.error().to_string().c_str());
    return 1;
  }
  const char partial[] = "half of an output";
  if (_write(temp.fd, partial, sizeof partial - 1) != int(sizeof partial - 1)) return 1;
  if (!anmkit::write_file_atomic(ready, std::vector<std::uint8_t>(temp.path.begin(), temp.path.end()))) return 1;
  ::Sleep(60000);
  return 3;
}

int interrupt(unsigned long pid) {
  ::FreeConsole();
  if (!::AttachConsole(pid)) {
    std::fprintf(stderr, "cannot attach to the console of %lu: error %lu\n", pid, ::GetLastError());
    return 1;
  }
  ::SetConsoleCtrlHandler(nullptr, TRUE);  // this process shares the console: it ignores Ctrl-C
  if (!::GenerateConsoleCtrlEvent(CTRL_C_EVENT, 0)) {
    std::fprintf(stderr, "cannot send Ctrl-C: error %lu\n", ::GetLastError());
    return 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 4 && std::strcmp(argv[1], "hold") == 0) return hold(argv[2], argv[3]);
  if (argc == 3 && std::strcmp(argv[1], "interrupt") == 0) return interrupt(std::strtoul(argv[2], nullptr, 10));
  std::fprintf(stderr, "usage: %s hold TARGET READY | interrupt PID\n", argv[0]);
  return 2;
}
