#pragma once
// Runs the anmkit binary the way a user would, capturing exit code, stdout and stderr.

#if defined(_WIN32)
#include <process.h>

#include "anmkit/core/windows_api.hpp"
#else
#include <sys/wait.h>
#include <unistd.h>
#endif

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "anmkit/core/path_utf8.hpp"

namespace anmkit::test {

struct CliResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

inline std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

inline std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline long process_id() {
#if defined(_WIN32)
  return long(::_getpid());
#else
  return long(::getpid());
#endif
}

// A fresh folder per test, removed by the destructor.
class TempDir {
 public:
  TempDir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = std::filesystem::temp_directory_path() /
            (std::string("anmkit_") + info->test_suite_name() + "_" + info->name() + "_" + std::to_string(process_id()));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempDir() { std::filesystem::remove_all(path_); }
  const std::filesystem::path& path() const { return path_; }
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  std::string write(const std::string& name, const std::vector<std::uint8_t>& bytes) const {
    std::ofstream(path_ / name, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    return file(name);
  }
  std::string write_text(const std::string& name, const std::string& text) const {
    std::ofstream(path_ / name, std::ios::binary) << text;
    return file(name);
  }

 private:
  std::filesystem::path path_;
};

#if defined(_WIN32)

// An argument as CommandLineToArgvW reads it back: quoted, with the backslashes before a quote
// doubled.
inline std::wstring windows_quote(const std::wstring& arg) {
  std::wstring out = L"\"";
  std::size_t backslashes = 0;
  for (wchar_t c : arg) {
    if (c == L'\\') {
      ++backslashes;
      continue;
    }
    out.append(c == L'"' ? backslashes * 2 + 1 : backslashes, L'\\');
    backslashes = 0;
    out += c;
  }
  out.append(backslashes * 2, L'\\');
  return out + L"\"";
}

inline std::wstring wide(const std::string& text) { return anmkit::fs_path(text).native(); }

// Runs the command with `args` (UTF-8); its output goes to files in `dir`. With `cwd`, run from there.
inline CliResult run_cli(const std::vector<std::string>& args, const TempDir& dir, const std::filesystem::path& cwd = {}) {
  std::wstring command = windows_quote(wide(ANMKIT_CLI));
  for (const auto& a : args) command += L" " + windows_quote(wide(a));
  SECURITY_ATTRIBUTES inherit{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
  const auto open = [&](const std::string& name) {
    return ::CreateFileW(wide(dir.file(name)).c_str(), GENERIC_WRITE, FILE_SHARE_READ, &inherit, CREATE_ALWAYS,
                         FILE_ATTRIBUTE_NORMAL, nullptr);
  };
  const HANDLE out = open(".stdout"), err = open(".stderr");
  STARTUPINFOW startup{};
  startup.cb = sizeof startup;
  startup.dwFlags = STARTF_USESTDHANDLES;
  startup.hStdInput = ::GetStdHandle(STD_INPUT_HANDLE);
  startup.hStdOutput = out;
  startup.hStdError = err;
  PROCESS_INFORMATION process{};
  CliResult r;
  if (::CreateProcessW(nullptr, command.data(), nullptr, nullptr, TRUE, 0, nullptr, cwd.empty() ? nullptr : cwd.c_str(),
                       &startup, &process)) {
    ::WaitForSingleObject(process.hProcess, INFINITE);
    DWORD code = 0;
    ::GetExitCodeProcess(process.hProcess, &code);
    r.exit_code = int(code);
    ::CloseHandle(process.hThread);
    ::CloseHandle(process.hProcess);
  }
  ::CloseHandle(out);
  ::CloseHandle(err);
  r.out = slurp(dir.path() / ".stdout");
  r.err = slurp(dir.path() / ".stderr");
  return r;
}

#else

// Runs the command with `args`; its output goes to files in `dir`. With `cwd`, run from there.
inline CliResult run_cli(const std::vector<std::string>& args, const TempDir& dir, const std::filesystem::path& cwd = {}) {
  std::string command = cwd.empty() ? shell_quote(ANMKIT_CLI) : "cd " + shell_quote(cwd.string()) + " && " + shell_quote(ANMKIT_CLI);
  for (const auto& a : args) command += " " + shell_quote(a);
  const std::string out = dir.file(".stdout"), err = dir.file(".stderr");
  command += " >" + shell_quote(out) + " 2>" + shell_quote(err);
  const int status = std::system(command.c_str());
  CliResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  return r;
}

#endif

}  // namespace anmkit::test
