#include "anmkit/core/file_io.hpp"
#include "anmkit/core/read_checked.hpp"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>

#include <csignal>

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "temp_registry.hpp"

namespace anmkit {
namespace {

using temp_registry::dying;
using temp_registry::in_flight;
using temp_registry::max_tracked;
using temp_registry::tracked;

constexpr int cleanup_signals[] = {SIGINT, SIGTERM, SIGHUP};

void remove_tracked_and_reraise(int signal_number) {
  dying.store(true);
  while (in_flight.load() != 0) {
  }
  for (auto& slot : tracked) {
    if (const char* path = slot.exchange(nullptr)) ::unlink(path);  // async-signal-safe
  }
  std::signal(signal_number, SIG_DFL);
  std::raise(signal_number);  // delivered when the handler returns, ending the process
}

// Creating a temporary file and registering it (or renaming it and unregistering it) as one
// step for the signal handlers: no handler runs in this thread meanwhile, and one running in
// another thread waits for the step to end. Once a handler has started, the process is
// ending: a thread that would begin a step waits for that instead.
class SignalsHeld {
 public:
  SignalsHeld() {
    sigset_t set;
    sigemptyset(&set);
    for (int s : cleanup_signals) sigaddset(&set, s);
    pthread_sigmask(SIG_BLOCK, &set, &old_);
    in_flight.fetch_add(1);
    if (dying.load()) {
      in_flight.fetch_sub(1);
      for (;;) ::pause();
    }
  }
  ~SignalsHeld() {
    in_flight.fetch_sub(1);
    pthread_sigmask(SIG_SETMASK, &old_, nullptr);
  }
  SignalsHeld(const SignalsHeld&) = delete;
  SignalsHeld& operator=(const SignalsHeld&) = delete;

 private:
  sigset_t old_;
};

// Syncs the folder holding `path`, so that the rename itself survives a crash.
void sync_parent_folder(const std::string& path) {
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  const int fd = ::open(parent.empty() ? "." : parent.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd >= 0) {
    ::fsync(fd);
    ::close(fd);
  }
}

Error io_error(const std::string& path, std::string what) {
  Error e = make_error(ErrorCode::io, std::move(what));
  e.file = path;
  return e;
}

bool write_all(int fd, std::span<const std::uint8_t> bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    bytes = bytes.subspan(std::size_t(n));
  }
  return true;
}

// 16 letters and digits from the kernel's random source: a name no one can plant in advance.
std::string random_suffix() {
  std::uint8_t random[16] = {};
#if defined(__EMSCRIPTEN__)
  // Emscripten 3.1 declares getrandom() but has none; getentropy() takes the host's random bytes
  // (crypto.getRandomValues). On failure the zeros stay (O_EXCL still refuses a name that exists).
  if (::getentropy(random, sizeof random) != 0) std::memset(random, 0, sizeof random);
#else
  std::size_t got = 0;
  while (got < sizeof random) {
    const ssize_t n = ::getrandom(random + got, sizeof random - got, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;  // (O_EXCL still refuses a name that exists)
    got += std::size_t(n);
  }
#endif
  static constexpr char alphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789";
  std::string out;
  for (std::uint8_t r : random) out += alphabet[r % 36];
  return out;
}

// An output that exists and is not a regular file (a device, a fifo) is written in place:
// renaming over it would replace /dev/null with a regular file.
Expected<void> write_in_place(const std::string& path, std::span<const std::uint8_t> bytes) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) return io_error(path, fmt::format("cannot open: {}", std::strerror(errno)));
  const bool ok = write_all(fd, bytes);
  const int saved = errno;
  if (::close(fd) != 0 || !ok) return io_error(path, fmt::format("write failed: {}", std::strerror(ok ? errno : saved)));
  return {};
}

// An open descriptor, closed when it goes.
class OpenFd {
 public:
  explicit OpenFd(int fd) : fd_(fd) {}
  ~OpenFd() {
    if (fd_ >= 0) ::close(fd_);
  }
  OpenFd(const OpenFd&) = delete;
  OpenFd& operator=(const OpenFd&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

// An input opened without blocking (a FIFO that no one writes would hold the open forever: a
// file that a batch planned, swapped for one), and looked at through the descriptor, so that
// every check is on what was opened, not on the name (which may be swapped again in between).
Expected<void> open_input(const std::string& path, std::optional<OpenFd>& fd, struct stat& st) {
  fd.emplace(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
  if (fd->get() < 0) return io_error(path, fmt::format("cannot open: {}", std::strerror(errno)));
  if (::fstat(fd->get(), &st) != 0) return io_error(path, fmt::format("cannot look at the file: {}", std::strerror(errno)));
  return {};
}

// The rest of a read, once the input is open and looked at.
Expected<std::vector<std::uint8_t>> read_opened(int fd, const struct stat& st, const std::string& path, std::uint64_t max_bytes) {
  // Reads block again: a pipe with a writer is read to its end; one without gives its end at
  // once; a device that never ends (/dev/zero) stops at the limit.
  const int flags = ::fcntl(fd, F_GETFL);
  if (flags < 0 || ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) {
    return io_error(path, fmt::format("cannot read: {}", std::strerror(errno)));
  }
  const auto too_large = [&] {
    Error e = io_error(path, fmt::format("larger than the input limit of {} bytes", max_bytes));
    e.code = ErrorCode::too_large;
    return e;
  };
  std::vector<std::uint8_t> bytes;
  // A regular file is read into one allocation of its size (growing by doubling would hold up
  // to twice the file), and one past the limit is refused before anything is read. The size
  // is only a hint: a file that grows or shrinks meanwhile is read to its end all the same.
  if (S_ISREG(st.st_mode)) {
    if (std::uint64_t(st.st_size) > max_bytes) return too_large();
    bytes.reserve(std::size_t(st.st_size) + 1);
  }
  std::uint8_t buffer[1 << 16];
  for (;;) {
    const ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return io_error(path, fmt::format("read failed: {}", std::strerror(errno)));
    if (got == 0) break;
    if (bytes.size() + std::size_t(got) > max_bytes) return too_large();
    bytes.insert(bytes.end(), buffer, buffer + got);
  }
  return bytes;
}

// realpath(3) of a name, or nullopt.
std::optional<std::string> resolved_name(const std::string& path) {
  std::unique_ptr<char, decltype(&std::free)> resolved(::realpath(path.c_str(), nullptr), &std::free);
  if (!resolved) return std::nullopt;
  return std::string(resolved.get());
}

// Where the file open as `fd` is. Linux names it in /proc/self/fd. Elsewhere, and where /proc is
// not mounted, the name is resolved again and kept only if it still leads to the file that was
// opened (the same device and inode), so a swap in between is an error, never a wrong place.
// Emscripten takes that second way: its /proc/self/fd/N gives the name the file was opened by
// (MEMFS; library_fs.js, createSpecialDirectories), and under NODERAWFS, on the real disk, the
// host's link for a descriptor of Node's own, whose number is not N; its realpath (musl's)
// resolves each link itself.
Expected<std::string> opened_real_path([[maybe_unused]] int fd, const struct stat& opened, const std::string& path) {
#if defined(__linux__) && !defined(__EMSCRIPTEN__)
  char link[PATH_MAX + 1];
  const ssize_t n = ::readlink(fmt::format("/proc/self/fd/{}", fd).c_str(), link, PATH_MAX);
  if (n > 0 && link[0] == '/') return std::string(link, std::size_t(n));
#endif
  const auto resolved = resolved_name(path);
  struct stat now {};
  if (!resolved || ::stat(resolved->c_str(), &now) != 0) {
    return io_error(path, fmt::format("cannot tell where the opened file is: {}", std::strerror(errno)));
  }
  if (now.st_dev != opened.st_dev || now.st_ino != opened.st_ino) {
    return io_error(path, "cannot tell where the opened file is: its name was changed while it was opened");
  }
  return *resolved;
}

}  // namespace

Expected<std::vector<std::uint8_t>> read_file(const std::string& path, std::uint64_t max_bytes) {
  std::optional<OpenFd> fd;
  struct stat st {};
  if (auto opened = open_input(path, fd, st); !opened) return opened.error();
  if (S_ISDIR(st.st_mode)) return io_error(path, "is a directory, expected a file");
  return read_opened(fd->get(), st, path, max_bytes);
}

Expected<std::vector<std::uint8_t>> read_file_checked(const std::string& path, std::uint64_t max_bytes,
                                                      const OpenedFileCheck& check) {
  std::optional<OpenFd> fd;
  struct stat st {};
  if (auto opened = open_input(path, fd, st); !opened) return opened.error();
  if (!S_ISREG(st.st_mode)) return io_error(path, "not a regular file");
  auto real = opened_real_path(fd->get(), st, path);
  if (!real) return real.error();
  if (auto allowed = check(OpenedFile{std::move(*real), std::uint64_t(st.st_size)}); !allowed) return allowed.error();
  return read_opened(fd->get(), st, path, max_bytes);
}

std::optional<std::string> real_path(const std::string& path) {
  if (path.empty()) return std::nullopt;
  return resolved_name(path);
}

Expected<void> write_file_atomic(const std::string& path, std::span<const std::uint8_t> bytes, Durability durability) {
  if (path == "-") {
    if (std::fwrite(bytes.data(), 1, bytes.size(), stdout) != bytes.size() || std::fflush(stdout) != 0) {
      const int saved = errno;
      std::clearerr(stdout);  // the caller reports it: once
      return io_error("<stdout>", fmt::format("write failed: {}", std::strerror(saved)));
    }
    return {};
  }
  struct stat existing {};
  const bool exists = ::stat(path.c_str(), &existing) == 0;
  if (exists && S_ISDIR(existing.st_mode)) return io_error(path, "is a directory, expected a file");
  if (exists && !S_ISREG(existing.st_mode)) return write_in_place(path, bytes);

  TempFile temp;
  if (auto created = create_temp_file(path, temp); !created) return created.error();
  // A replaced file keeps its mode (and, where allowed, its owner); a new one gets the mode a
  // plain create gives (0666 less the umask), as the temporary file already has.
  if (exists) {
    if (existing.st_uid != ::geteuid() || existing.st_gid != ::getegid()) {
      [[maybe_unused]] const int ignored = ::fchown(temp.fd, existing.st_uid, existing.st_gid);
    }
    ::fchmod(temp.fd, existing.st_mode & 07777);
  }
  const bool ok = write_all(temp.fd, bytes) && (durability == Durability::deferred || ::fsync(temp.fd) == 0);
  const int saved = errno;
  if (!ok) {
    discard_temp_file(temp);
    return io_error(path, fmt::format("write failed: {}", std::strerror(saved)));
  }
  if (auto placed = rename_temp_file(temp, path); !placed) return placed.error();
  if (durability == Durability::each_file) sync_parent_folder(path);
  return {};
}

Expected<void> create_temp_file(const std::string& target, TempFile& temp) {
  const std::filesystem::path parent = std::filesystem::path(target).parent_path();
  for (int attempt = 0; attempt < 100; ++attempt) {
    // A short name of its own, not the target's: a target name near NAME_MAX still has room.
    temp.path = (parent / (".anmkit-tmp-" + random_suffix())).string();
    SignalsHeld held;
    temp.fd = ::open(temp.path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (temp.fd < 0) {
      if (errno == EEXIST) continue;
      return io_error(target, fmt::format("cannot create: {}", std::strerror(errno)));
    }
    temp.slot = detail::track_temp_file(temp.path.c_str());
    if (temp.slot < 0) {
      ::close(temp.fd);
      ::unlink(temp.path.c_str());
      temp.fd = -1;
      return io_error(target, fmt::format("cannot create: more than {} writes at once", max_tracked));
    }
    return {};
  }
  return io_error(target, "cannot create a temporary file: every name tried exists");
}

Expected<void> rename_temp_file(TempFile& temp, const std::string& target) {
  const bool closed = ::close(temp.fd) == 0;
  const int close_errno = errno;
  temp.fd = -1;
  SignalsHeld held;
  if (!closed || std::rename(temp.path.c_str(), target.c_str()) != 0) {
    const int saved = closed ? errno : close_errno;
    ::unlink(temp.path.c_str());
    detail::untrack_temp_file(temp.slot);
    return io_error(target, fmt::format("{}: {}", closed ? "cannot replace" : "write failed", std::strerror(saved)));
  }
  detail::untrack_temp_file(temp.slot);
  return {};
}

void discard_temp_file(TempFile& temp) {
  if (temp.fd >= 0) ::close(temp.fd);
  temp.fd = -1;
  SignalsHeld held;
  ::unlink(temp.path.c_str());
  detail::untrack_temp_file(temp.slot);
}

void sync_filesystem(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) {
    ::sync();
    return;
  }
#if defined(__EMSCRIPTEN__)
  ::sync();  // (Emscripten's file systems have no syncfs)
#else
  ::syncfs(fd);
#endif
  ::close(fd);
}

void install_interrupt_cleanup() {
  struct sigaction action {};
  action.sa_handler = remove_tracked_and_reraise;
  sigemptyset(&action.sa_mask);
  for (int s : cleanup_signals) sigaddset(&action.sa_mask, s);  // one handler at a time per thread
  for (int s : cleanup_signals) {
    // A signal ignored from the start stays ignored (`nohup` ignores SIGHUP; a shell ignores
    // SIGINT for background jobs).
    struct sigaction current {};
    if (sigaction(s, nullptr, &current) == 0 && current.sa_handler == SIG_IGN) continue;
    sigaction(s, &action, nullptr);
  }
}

std::optional<FileStat> stat_file(const std::string& path) {
  struct stat st {};
  if (path.empty() || ::stat(path.c_str(), &st) != 0) return std::nullopt;
  const bool regular = S_ISREG(st.st_mode);
  return FileStat{{std::uint64_t(st.st_dev), std::uint64_t(st.st_ino)}, regular, regular ? std::uint64_t(st.st_size) : 0};
}

}  // namespace anmkit
