#include "anmkit/core/file_io.hpp"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>

#include <csignal>

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

namespace anmkit {
namespace {

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};
using FilePtr = std::unique_ptr<std::FILE, FileCloser>;

// Paths of temporary files being written; read by the signal handler, so plain atomics.
constexpr int max_tracked = 32;
std::atomic<const char*> tracked[max_tracked];

void remove_tracked_and_reraise(int signal_number) {
  for (auto& slot : tracked) {
    if (const char* path = slot.exchange(nullptr)) ::unlink(path);  // async-signal-safe
  }
  std::signal(signal_number, SIG_DFL);
  std::raise(signal_number);
}

// Syncs the folder holding `path`, so that the rename itself survives a crash.
void sync_parent_folder(const std::string& path) {
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  const int fd = ::open(parent.empty() ? "." : parent.c_str(), O_RDONLY | O_DIRECTORY);
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

}  // namespace

Expected<std::vector<std::uint8_t>> read_file(const std::string& path, std::uint64_t max_bytes) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    return io_error(path, "is a directory, expected a file");
  }
  FilePtr file(std::fopen(path.c_str(), "rb"));
  if (!file) return io_error(path, fmt::format("cannot open: {}", std::strerror(errno)));
  std::vector<std::uint8_t> bytes;
  std::uint8_t buffer[1 << 16];
  for (;;) {
    const std::size_t got = std::fread(buffer, 1, sizeof buffer, file.get());
    if (got == 0) break;
    if (bytes.size() + got > max_bytes) {
      Error e = io_error(path, fmt::format("larger than the input limit of {} bytes", max_bytes));
      e.code = ErrorCode::too_large;
      return e;
    }
    bytes.insert(bytes.end(), buffer, buffer + got);
  }
  if (std::ferror(file.get())) {
    return io_error(path, fmt::format("read failed: {}", std::strerror(errno)));
  }
  return bytes;
}

Expected<void> write_file_atomic(const std::string& path, std::span<const std::uint8_t> bytes, Durability durability) {
  if (path == "-") {
    if (std::fwrite(bytes.data(), 1, bytes.size(), stdout) != bytes.size() ||
        std::fflush(stdout) != 0) {
      return io_error("<stdout>", "write failed");
    }
    return {};
  }
  static std::atomic<unsigned> counter{0};
  const std::string temp =
      fmt::format("{}.anmkit-tmp-{}-{}", path, static_cast<long>(::getpid()), counter++);
  const int slot = detail::track_temp_file(temp.c_str());
  auto untrack = [slot] { detail::untrack_temp_file(slot); };
  {
    FilePtr file(std::fopen(temp.c_str(), "wb"));
    if (!file) {
      untrack();
      return io_error(path, fmt::format("cannot create: {}", std::strerror(errno)));
    }
    const bool ok = std::fwrite(bytes.data(), 1, bytes.size(), file.get()) == bytes.size() &&
                    std::fflush(file.get()) == 0 &&
                    (durability == Durability::deferred || ::fsync(::fileno(file.get())) == 0);
    if (!ok) {
      const int saved = errno;
      file.reset();
      std::remove(temp.c_str());
      untrack();
      return io_error(path, fmt::format("write failed: {}", std::strerror(saved)));
    }
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    const int saved = errno;
    std::remove(temp.c_str());
    untrack();
    return io_error(path, fmt::format("cannot replace: {}", std::strerror(saved)));
  }
  untrack();
  if (durability == Durability::each_file) sync_parent_folder(path);
  return {};
}

void sync_filesystem(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_DIRECTORY);
  if (fd < 0) {
    ::sync();
    return;
  }
  ::syncfs(fd);
  ::close(fd);
}

void install_interrupt_cleanup() {
  struct sigaction action {};
  action.sa_handler = remove_tracked_and_reraise;
  sigemptyset(&action.sa_mask);
  for (int signal_number : {SIGINT, SIGTERM, SIGHUP}) sigaction(signal_number, &action, nullptr);
}

namespace detail {

int track_temp_file(const char* path) {
  for (int i = 0; i < max_tracked; ++i) {
    const char* expected = nullptr;
    if (tracked[i].compare_exchange_strong(expected, path)) return i;
  }
  return -1;
}

void untrack_temp_file(int slot) {
  if (slot >= 0 && slot < max_tracked) tracked[slot].store(nullptr);
}

}  // namespace detail

bool same_file(const std::string& a, const std::string& b) {
  std::error_code ec;
  return std::filesystem::equivalent(a, b, ec) && !ec;
}

}  // namespace anmkit
