// Ctrl-C on Windows, under wine: the console control handler of file_io_windows.cpp removes the
// temporary files of writes in progress, then the process ends. A process of anmkit's runs in a
// console of its own, and a second process attached to that console presses Ctrl-C
// (GenerateConsoleCtrlEvent, what a terminal does), the real path from the console to the
// handler. Why not Ctrl-Break to a new process group: wine 8 delivers CTRL_C_EVENT only, and a
// process started in a new process group ignores Ctrl-C, on Windows as under wine.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <optional>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "anmkit/core/path_utf8.hpp"
#include "support/run_cli.hpp"
// (after windows.h, which run_cli.hpp includes)
#include <tlhelp32.h>

namespace anmkit {
namespace {

namespace fs = std::filesystem;
using test::TempDir;
using test::windows_quote;
using test::wide;

std::vector<std::string> names_in(const fs::path& folder) {
  std::vector<std::string> names;
  std::error_code ec;
  for (auto it = fs::directory_iterator(folder, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
    names.push_back(utf8(it->path().filename()));
  }
  std::sort(names.begin(), names.end());
  return names;
}

class Process {
 public:
  // `program` with `args` (UTF-8), in a new console when `new_console`; stdout and stderr into
  // `log` when given.
  Process(const std::string& program, const std::vector<std::string>& args, bool new_console, const std::string& log = {}) {
    std::wstring command = windows_quote(wide(program));
    for (const auto& a : args) command += L" " + windows_quote(wide(a));
    STARTUPINFOW startup{};
    startup.cb = sizeof startup;
    if (!log.empty()) {
      SECURITY_ATTRIBUTES inherit{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
      log_ = ::CreateFileW(wide(log).c_str(), GENERIC_WRITE, FILE_SHARE_READ, &inherit, CREATE_ALWAYS, FILE_ATTRIBUTE_NORMAL,
                           nullptr);
      startup.dwFlags = STARTF_USESTDHANDLES;
      startup.hStdInput = nullptr;
      startup.hStdOutput = log_;
      startup.hStdError = log_;
    }
    started_ = ::CreateProcessW(nullptr, command.data(), nullptr, nullptr, !log.empty(), new_console ? CREATE_NEW_CONSOLE : 0,
                                nullptr, nullptr, &startup, &info_);
  }
  ~Process() {
    if (started_) {
      if (::WaitForSingleObject(info_.hProcess, 0) == WAIT_TIMEOUT) ::TerminateProcess(info_.hProcess, 99);
      ::CloseHandle(info_.hThread);
      ::CloseHandle(info_.hProcess);
    }
    if (log_ != INVALID_HANDLE_VALUE) ::CloseHandle(log_);
  }
  Process(const Process&) = delete;
  Process& operator=(const Process&) = delete;

  bool started() const { return started_; }
  unsigned long id() const { return info_.dwProcessId; }
  bool running() const { return ::WaitForSingleObject(info_.hProcess, 0) == WAIT_TIMEOUT; }
  // The exit code, or nullopt when it has not ended within `timeout`.
  std::optional<DWORD> wait(std::chrono::milliseconds timeout) const {
    if (::WaitForSingleObject(info_.hProcess, DWORD(timeout.count())) != WAIT_OBJECT_0) return std::nullopt;
    DWORD code = 0;
    ::GetExitCodeProcess(info_.hProcess, &code);
    return code;
  }
  // How many threads it has left.
  int threads() const {
    const HANDLE snapshot = ::CreateToolhelp32Snapshot(TH32CS_SNAPTHREAD, 0);
    THREADENTRY32 thread{};
    thread.dwSize = sizeof thread;
    int count = 0;
    for (bool more = ::Thread32First(snapshot, &thread); more; more = ::Thread32Next(snapshot, &thread)) {
      if (thread.th32OwnerProcessID == info_.dwProcessId) ++count;
    }
    ::CloseHandle(snapshot);
    return count;
  }
  // Ends it from outside, and waits until it has (its handles closed).
  void kill() const {
    ::TerminateProcess(info_.hProcess, 99);
    ::WaitForSingleObject(info_.hProcess, INFINITE);
  }

 private:
  PROCESS_INFORMATION info_{};
  HANDLE log_ = INVALID_HANDLE_VALUE;
  bool started_ = false;
};

// Presses Ctrl-C in the console of `target` (the helper's `interrupt`); true when it was sent.
bool press_ctrl_c(const Process& target) {
  Process sender(ANMKIT_CONSOLE_INTERRUPT_HELPER, {"interrupt", std::to_string(target.id())}, false);
  return sender.started() && sender.wait(std::chrono::seconds(60)) == DWORD(0);
}

// A process ended by Ctrl-C: Windows' default handler exits with STATUS_CONTROL_C_EXIT; wine 8's
// with 0 (later wines as Windows).
bool ended_by_ctrl_c(DWORD code) { return code == DWORD(STATUS_CONTROL_C_EXIT) || code == 0; }

// How a process ended after Ctrl-C: its exit code, or nullopt when wine left it ending. Under
// wine 8 a process that ends while many threads run sometimes never finishes: the thread that
// ends it stays blocked inside NtTerminateProcess (gdb: on a lock of wine's own, taken in a signal
// handler) and the process never signals. Such a process has that one thread left, and is ended
// here; one still at work, or whose handler hangs, has all its threads and fails the test.
struct Ending {
  std::optional<DWORD> code;
  bool ended = false;
};
Ending end_after_ctrl_c(const Process& process) {
  if (auto code = process.wait(std::chrono::seconds(30))) return {code, true};
  const int threads = process.threads();
  EXPECT_EQ(threads, 1) << "still running 30 s after Ctrl-C";
  process.kill();  // (its files' handles closed: a file deleted while open is gone only then)
  return {std::nullopt, threads == 1};
}

TEST(ConsoleInterrupt, CtrlCRemovesATemporaryFileThatIsOpenAndEndsTheProcess) {
  TempDir dir;
  const std::string ready = utf8(dir.path() / "ready.txt");
  Process holder(ANMKIT_CONSOLE_INTERRUPT_HELPER, {"hold", utf8(dir.path() / "out.anm"), ready}, true);
  ASSERT_TRUE(holder.started());
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (!fs::exists(dir.path() / "ready.txt") && holder.running() && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  const std::string temp = test::slurp(dir.path() / "ready.txt");
  ASSERT_EQ(utf8(fs_path(temp).filename()).rfind(".anmkit-tmp-", 0), 0u) << "ready: '" << temp << "'";
  ASSERT_EQ(names_in(dir.path()), (std::vector<std::string>{utf8(fs_path(temp).filename()), "ready.txt"}));
  EXPECT_EQ(fs::file_size(fs_path(temp)), 17u);  // "half of an output", still open

  ASSERT_TRUE(press_ctrl_c(holder));
  const Ending ending = end_after_ctrl_c(holder);
  ASSERT_TRUE(ending.ended);
  if (ending.code) {
    EXPECT_TRUE(ended_by_ctrl_c(*ending.code)) << "exit code " << *ending.code << " (3: the wait ended, not Ctrl-C)";
  }
  EXPECT_EQ(names_in(dir.path()), std::vector<std::string>{"ready.txt"}) << "the temporary file was removed";
}

// anmkit.exe itself: a batch with 16 workers creating, writing and renaming, interrupted after a
// different share of its outputs each run, leaves only whole outputs. (With the handler's
// deletion taken out, temporary files were left in 7 to 10 runs of the 12.)
TEST(ConsoleInterrupt, CtrlCDuringABatchLeavesNoTemporaryFile) {
  TempDir dir;
  fs::create_directories(dir.path() / "in");
  constexpr int files = 600;
  for (int i = 0; i < files; ++i) {
    fs::copy_file(fs::path(ANMKIT_SOURCE_DIR) / "examples" / "turret_v40.anm", dir.path() / "in" / ("t" + std::to_string(i) + ".anm"));
  }
  const fs::path out = dir.path() / "out";
  constexpr int runs = 12;
  int interrupted = 0, left_ending = 0;
  for (int run = 0; run < runs; ++run) {
    fs::remove_all(out);
    Process batch(ANMKIT_CLI, {"batch", utf8(dir.path() / "in"), "-o", utf8(out), "--to", "json", "-j", "16", "-q"}, true,
                  utf8(dir.path() / "batch.log"));
    ASSERT_TRUE(batch.started());
    const auto share = std::size_t(files * (0.1 + 0.6 * run / runs));
    while (batch.running() && names_in(out).size() < share) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    if (batch.running()) {
      ASSERT_TRUE(press_ctrl_c(batch)) << "run " << run;
    }
    const Ending ending = end_after_ctrl_c(batch);
    ASSERT_TRUE(ending.ended) << "run " << run;
    left_ending += !ending.code;
    const auto written = names_in(out);
    if (written.size() < std::size_t(files)) {
      if (ending.code) {
        EXPECT_TRUE(ended_by_ctrl_c(*ending.code)) << "exit code " << *ending.code << " (run " << run << ")";
      }
      ++interrupted;
    }
    for (const auto& name : written) {
      EXPECT_TRUE(std::regex_match(name, std::regex(R"(t\d+\.json)"))) << "left behind: " << name << " (run " << run << ")";
    }
  }
  EXPECT_GT(interrupted, runs / 2) << "Ctrl-C came while the batch ran";
  EXPECT_LE(left_ending, runs / 2) << "runs that wine left ending";
}

}  // namespace
}  // namespace anmkit
