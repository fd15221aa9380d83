// file_io.hpp on Windows: wide names (core/path_utf8.hpp), binary handles, MoveFileExW for the
// atomic replace, volume serial and file index for identity, a console control handler for the
// temporary files of an interrupted run.
#define _CRT_RAND_S  // rand_s, from <stdlib.h>
#include "anmkit/core/file_io.hpp"
#include "anmkit/core/read_checked.hpp"

#include <atomic>
#include <cstdlib>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include <fcntl.h>
#include <fmt/format.h>
#include <io.h>

#include "anmkit/core/path_utf8.hpp"
#include "anmkit/core/windows_api.hpp"
#include "temp_registry.hpp"
#include "windows_name.hpp"

namespace anmkit {
namespace {

using temp_registry::dying;
using temp_registry::in_flight;
using temp_registry::max_tracked;
using temp_registry::tracked;

using detail::windows_name;

// The same words as POSIX's strerror for the errors a user meets, so that messages read alike
// on every platform; Windows' own text for the rest.
std::string windows_error_text(DWORD code) {
  switch (code) {
    case ERROR_FILE_NOT_FOUND:
    case ERROR_PATH_NOT_FOUND:
    case ERROR_INVALID_NAME:
    case ERROR_BAD_NETPATH:
      return std::strerror(ENOENT);
    case ERROR_ACCESS_DENIED:
    case ERROR_SHARING_VIOLATION:
    case ERROR_LOCK_VIOLATION:
      return std::strerror(EACCES);
    case ERROR_FILE_EXISTS:
    case ERROR_ALREADY_EXISTS:
      return std::strerror(EEXIST);
    case ERROR_DISK_FULL:
    case ERROR_HANDLE_DISK_FULL:
      return std::strerror(ENOSPC);
    case ERROR_FILENAME_EXCED_RANGE:
      return std::strerror(ENAMETOOLONG);
    default:
      break;
  }
  wchar_t* text = nullptr;
  const DWORD n = ::FormatMessageW(FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS,
                                   nullptr, code, MAKELANGID(LANG_ENGLISH, SUBLANG_ENGLISH_US),
                                   reinterpret_cast<wchar_t*>(&text), 0, nullptr);
  std::string out = n > 0 ? utf8(std::filesystem::path(std::wstring(text, n))) : fmt::format("Windows error {}", code);
  if (text != nullptr) ::LocalFree(text);
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r' || out.back() == '.')) out.pop_back();
  return out;
}

Error io_error(const std::string& path, std::string what) {
  Error e = make_error(ErrorCode::io, std::move(what));
  e.file = path;
  return e;
}

// Windows' reserved device names (CON, PRN, AUX, NUL, COM1-9, LPT1-9), with any extension, in
// any folder: opening one opens the device, so `-o NUL` or an input `aux.anm` would write to or
// wait on a device. Refused by name, before any open.
bool is_device_name(const std::string& path) {
  std::string name = utf8(fs_path(path).filename());
  name = name.substr(0, name.find('.'));
  while (!name.empty() && (name.back() == ' ')) name.pop_back();
  if (name.size() < 3 || name.size() > 4) return false;
  std::string upper;
  for (char c : name) upper += (c >= 'a' && c <= 'z') ? char(c - 32) : c;
  if (upper == "CON" || upper == "PRN" || upper == "AUX" || upper == "NUL") return true;
  return upper.size() == 4 && (upper.rfind("COM", 0) == 0 || upper.rfind("LPT", 0) == 0) && upper[3] >= '1' &&
         upper[3] <= '9';
}

Error device_error(const std::string& path) {
  return io_error(path, "is a Windows device name (CON, PRN, AUX, NUL, COM1-9, LPT1-9), not a file");
}

class Handle {
 public:
  explicit Handle(HANDLE h) : h_(h) {}
  ~Handle() {
    if (ok()) ::CloseHandle(h_);
  }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  bool ok() const { return h_ != INVALID_HANDLE_VALUE; }
  HANDLE get() const { return h_; }

 private:
  HANDLE h_;
};

bool write_all(HANDLE h, std::span<const std::uint8_t> bytes) {
  while (!bytes.empty()) {
    const DWORD chunk = bytes.size() > (1u << 30) ? (1u << 30) : DWORD(bytes.size());
    DWORD written = 0;
    if (!::WriteFile(h, bytes.data(), chunk, &written, nullptr) || written == 0) return false;
    bytes = bytes.subspan(written);
  }
  return true;
}

// A creation or rename and its registration as one step for the console handler: a handler
// that has started waits for the step to end; a thread that would begin one once the handler
// has started waits for the process to end.
class HandlerHeld {
 public:
  HandlerHeld() {
    in_flight.fetch_add(1);
    if (dying.load()) {
      in_flight.fetch_sub(1);
      for (;;) ::Sleep(INFINITE);
    }
  }
  ~HandlerHeld() { in_flight.fetch_sub(1); }
  HandlerHeld(const HandlerHeld&) = delete;
  HandlerHeld& operator=(const HandlerHeld&) = delete;
};

// Runs in a thread of its own (Windows starts one for each console event): removes every
// registered temporary file, then lets the default handler end the process. The files are
// opened with FILE_SHARE_DELETE, so a file still being written is removed when its handle closes.
BOOL WINAPI remove_tracked(DWORD event) {
  if (event != CTRL_C_EVENT && event != CTRL_BREAK_EVENT && event != CTRL_CLOSE_EVENT && event != CTRL_LOGOFF_EVENT &&
      event != CTRL_SHUTDOWN_EVENT) {
    return FALSE;
  }
  dying.store(true);
  while (in_flight.load() != 0) ::Sleep(0);
  for (auto& slot : tracked) {
    if (const char* path = slot.exchange(nullptr)) ::DeleteFileW(windows_name(path).c_str());
  }
  return FALSE;  // the next handler, the default, ends the process
}

// 16 letters and digits from the system's random source (RtlGenRandom, through rand_s).
std::string random_suffix() {
  static constexpr char alphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789";
  std::string out;
  for (int i = 0; i < 16; ++i) {
    unsigned int r = 0;
    if (rand_s(&r) != 0) r = 0;  // (CREATE_NEW still refuses a name that exists)
    out += alphabet[r % 36];
  }
  return out;
}

// The rest of a read, once the input is open.
Expected<std::vector<std::uint8_t>> read_opened(HANDLE file, const std::string& path, std::uint64_t max_bytes) {
  const auto too_large = [&] {
    Error e = io_error(path, fmt::format("larger than the input limit of {} bytes", max_bytes));
    e.code = ErrorCode::too_large;
    return e;
  };
  std::vector<std::uint8_t> bytes;
  LARGE_INTEGER size{};
  if (::GetFileType(file) == FILE_TYPE_DISK && ::GetFileSizeEx(file, &size)) {
    if (std::uint64_t(size.QuadPart) > max_bytes) return too_large();
    bytes.reserve(std::size_t(size.QuadPart) + 1);
  }
  std::uint8_t buffer[1 << 16];
  for (;;) {
    DWORD got = 0;
    if (!::ReadFile(file, buffer, sizeof buffer, &got, nullptr)) {
      const DWORD code = ::GetLastError();
      if (code == ERROR_BROKEN_PIPE || code == ERROR_HANDLE_EOF) break;  // a pipe's end
      return io_error(path, fmt::format("read failed: {}", windows_error_text(code)));
    }
    if (got == 0) break;
    if (bytes.size() + got > max_bytes) return too_large();
    bytes.insert(bytes.end(), buffer, buffer + got);
  }
  return bytes;
}

// Opens `name` for reading, or with no access (`access` 0) only to look at it; folders open too
// (FILE_FLAG_BACKUP_SEMANTICS), so that what was opened is what gets checked.
HANDLE open_existing(const std::wstring& name, DWORD access) {
  return ::CreateFileW(name.c_str(), access, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr, OPEN_EXISTING,
                       FILE_FLAG_BACKUP_SEMANTICS, nullptr);
}

// Where the open file is, from the handle: every link and junction resolved, each name as the
// disk spells it (its case, never an 8.3 short name). Windows gives it as \\?\C:\... or
// \\?\UNC\server\share\..., made an ordinary path again here (C:\..., \\server\share\...).
std::optional<std::string> final_path(HANDLE file) {
  std::wstring name(MAX_PATH, L'\0');
  DWORD n = ::GetFinalPathNameByHandleW(file, name.data(), DWORD(name.size()), FILE_NAME_NORMALIZED | VOLUME_NAME_DOS);
  if (n >= name.size()) {  // too small: n is the size needed, with the terminating zero
    name.resize(n);
    n = ::GetFinalPathNameByHandleW(file, name.data(), DWORD(name.size()), FILE_NAME_NORMALIZED | VOLUME_NAME_DOS);
  }
  if (n == 0 || n >= name.size()) return std::nullopt;
  name.resize(n);
  static constexpr std::wstring_view unc = L"\\\\?\\UNC\\", local = L"\\\\?\\";
  if (name.starts_with(unc)) {
    name = L"\\\\" + name.substr(unc.size());
  } else if (name.starts_with(local)) {
    name.erase(0, local.size());
  }
  return utf8(std::filesystem::path(name));
}

}  // namespace

Expected<std::vector<std::uint8_t>> read_file(const std::string& path, std::uint64_t max_bytes) {
  if (is_device_name(path)) return device_error(path);
  const std::wstring name = windows_name(path);
  const DWORD attributes = ::GetFileAttributesW(name.c_str());
  if (attributes != INVALID_FILE_ATTRIBUTES && (attributes & FILE_ATTRIBUTE_DIRECTORY)) {
    return io_error(path, "is a directory, expected a file");
  }
  Handle file(::CreateFileW(name.c_str(), GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                            OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr));
  if (!file.ok()) return io_error(path, fmt::format("cannot open: {}", windows_error_text(::GetLastError())));
  return read_opened(file.get(), path, max_bytes);
}

Expected<std::vector<std::uint8_t>> read_file_checked(const std::string& path, std::uint64_t max_bytes,
                                                      const OpenedFileCheck& check) {
  if (is_device_name(path)) return device_error(path);
  Handle file(open_existing(windows_name(path), GENERIC_READ));
  if (!file.ok()) return io_error(path, fmt::format("cannot open: {}", windows_error_text(::GetLastError())));
  BY_HANDLE_FILE_INFORMATION info{};
  if (!::GetFileInformationByHandle(file.get(), &info)) {
    return io_error(path, fmt::format("cannot look at the file: {}", windows_error_text(::GetLastError())));
  }
  if ((info.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) != 0 || ::GetFileType(file.get()) != FILE_TYPE_DISK) {
    return io_error(path, "not a regular file");
  }
  auto real = final_path(file.get());
  if (!real) return io_error(path, fmt::format("cannot tell where the opened file is: {}", windows_error_text(::GetLastError())));
  const std::uint64_t size = (std::uint64_t(info.nFileSizeHigh) << 32) | info.nFileSizeLow;
  if (auto allowed = check(OpenedFile{std::move(*real), size}); !allowed) return allowed.error();
  return read_opened(file.get(), path, max_bytes);
}

std::optional<std::string> real_path(const std::string& path) {
  if (path.empty() || is_device_name(path)) return std::nullopt;
  Handle file(open_existing(windows_name(path), 0));
  if (!file.ok()) return std::nullopt;
  return final_path(file.get());
}

Expected<void> write_file_atomic(const std::string& path, std::span<const std::uint8_t> bytes, Durability durability) {
  if (path == "-") {
    if (std::fwrite(bytes.data(), 1, bytes.size(), stdout) != bytes.size() || std::fflush(stdout) != 0) {
      const int saved = errno;
      std::clearerr(stdout);
      return io_error("<stdout>", fmt::format("write failed: {}", std::strerror(saved)));
    }
    return {};
  }
  if (is_device_name(path)) return device_error(path);
  const DWORD attributes = ::GetFileAttributesW(windows_name(path).c_str());
  if (attributes != INVALID_FILE_ATTRIBUTES && (attributes & FILE_ATTRIBUTE_DIRECTORY)) {
    return io_error(path, "is a directory, expected a file");
  }
  TempFile temp;
  if (auto created = create_temp_file(path, temp); !created) return created.error();
  const HANDLE h = reinterpret_cast<HANDLE>(_get_osfhandle(temp.fd));
  const bool ok = write_all(h, bytes) && (durability == Durability::deferred || ::FlushFileBuffers(h));
  const DWORD saved = ::GetLastError();
  if (!ok) {
    discard_temp_file(temp);
    return io_error(path, fmt::format("write failed: {}", windows_error_text(saved)));
  }
  return rename_temp_file(temp, path);
}

Expected<void> create_temp_file(const std::string& target, TempFile& temp) {
  const std::filesystem::path parent = fs_path(target).parent_path();
  for (int attempt = 0; attempt < 100; ++attempt) {
    temp.path = utf8(parent / fs_path(".anmkit-tmp-" + random_suffix()));
    HandlerHeld held;
    // CREATE_NEW: never an existing file; FILE_SHARE_DELETE: the console handler may remove it
    // while it is open; not inherited by child processes.
    const HANDLE h = ::CreateFileW(windows_name(temp.path).c_str(), GENERIC_WRITE, FILE_SHARE_DELETE, nullptr, CREATE_NEW,
                                   FILE_ATTRIBUTE_NORMAL, nullptr);
    if (h == INVALID_HANDLE_VALUE) {
      const DWORD code = ::GetLastError();
      if (code == ERROR_FILE_EXISTS || code == ERROR_ALREADY_EXISTS) continue;
      return io_error(target, fmt::format("cannot create: {}", windows_error_text(code)));
    }
    temp.fd = _open_osfhandle(reinterpret_cast<intptr_t>(h), _O_WRONLY | _O_BINARY);
    if (temp.fd < 0) {
      ::CloseHandle(h);
      ::DeleteFileW(windows_name(temp.path).c_str());
      return io_error(target, "cannot create: no file descriptor left");
    }
    temp.slot = detail::track_temp_file(temp.path.c_str());
    if (temp.slot < 0) {
      _close(temp.fd);
      ::DeleteFileW(windows_name(temp.path).c_str());
      temp.fd = -1;
      return io_error(target, fmt::format("cannot create: more than {} writes at once", max_tracked));
    }
    return {};
  }
  return io_error(target, "cannot create a temporary file: every name tried exists");
}

Expected<void> rename_temp_file(TempFile& temp, const std::string& target) {
  const bool closed = _close(temp.fd) == 0;
  temp.fd = -1;
  HandlerHeld held;
  // MOVEFILE_REPLACE_EXISTING: rename() on Windows refuses an existing target.
  if (!closed || !::MoveFileExW(windows_name(temp.path).c_str(), windows_name(target).c_str(),
                                MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH)) {
    const DWORD code = ::GetLastError();
    ::DeleteFileW(windows_name(temp.path).c_str());
    detail::untrack_temp_file(temp.slot);
    return io_error(target, closed ? fmt::format("cannot replace: {}", windows_error_text(code)) : "write failed: cannot close");
  }
  detail::untrack_temp_file(temp.slot);
  return {};
}

void discard_temp_file(TempFile& temp) {
  if (temp.fd >= 0) _close(temp.fd);
  temp.fd = -1;
  HandlerHeld held;
  ::DeleteFileW(windows_name(temp.path).c_str());
  detail::untrack_temp_file(temp.slot);
}

void sync_filesystem(const std::string&) {}

void install_interrupt_cleanup() { ::SetConsoleCtrlHandler(remove_tracked, TRUE); }

std::optional<FileStat> stat_file(const std::string& path) {
  if (path.empty() || is_device_name(path)) return std::nullopt;
  // FILE_FLAG_BACKUP_SEMANTICS opens folders too; no access asked, only the file's facts.
  Handle file(::CreateFileW(windows_name(path).c_str(), 0, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                            OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS, nullptr));
  if (!file.ok()) return std::nullopt;
  BY_HANDLE_FILE_INFORMATION info{};
  if (!::GetFileInformationByHandle(file.get(), &info)) return std::nullopt;
  const bool regular = (info.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) == 0 && ::GetFileType(file.get()) == FILE_TYPE_DISK;
  const std::uint64_t size = (std::uint64_t(info.nFileSizeHigh) << 32) | info.nFileSizeLow;
  return FileStat{{info.dwVolumeSerialNumber, (std::uint64_t(info.nFileIndexHigh) << 32) | info.nFileIndexLow},
                  regular,
                  regular ? size : 0};
}

}  // namespace anmkit
