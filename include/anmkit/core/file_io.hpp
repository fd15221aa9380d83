#pragma once
// Whole-file reading and safe writing: outputs go to a temporary file in the destination's
// folder and are renamed into place, so a crash never leaves a half-written file. Paths are
// UTF-8 (core/path_utf8.hpp); file_io_posix.cpp and file_io_windows.cpp are the two sides.

#include <compare>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "anmkit/core/expected.hpp"

namespace anmkit {

// The default cap on an input's size; callers may pass their own.
inline constexpr std::uint64_t default_max_input_bytes = 1ull << 30;

Expected<std::vector<std::uint8_t>> read_file(const std::string& path,
                                              std::uint64_t max_bytes = default_max_input_bytes);

// When written data reaches the disk: `each_file` syncs the file before the rename and its folder
// after it (a crash of the machine leaves the old file or the new one); `deferred` leaves that to
// one sync_filesystem() at the end of a batch of thousands of files, where a sync per file would
// cost more than the conversion. Either way the rename is atomic: an interrupted or killed run
// leaves the old file or the new one, never a partial one.
enum class Durability { each_file, deferred };

// Writes `bytes` to `path` through a temporary file in the same folder, then renames it over
// `path`. "-" writes to stdout. A replaced file keeps its mode; a new one gets 0666 less the
// umask. An existing `path` that is not a regular file (/dev/null, a fifo) is written in place,
// never replaced; a folder is an error. A symbolic link named as `path` is replaced, never
// written through.
Expected<void> write_file_atomic(const std::string& path, std::span<const std::uint8_t> bytes,
                                 Durability durability = Durability::each_file);

// A temporary file beside a target: `.anmkit-tmp-` and 16 random letters and digits in the
// target's folder (short, so a target name near NAME_MAX still works), created exclusively
// (O_CREAT | O_EXCL | O_NOFOLLOW: never an existing file or a planted link) and registered for
// the interrupt handlers from the moment it exists until it is renamed or removed.
struct TempFile {
  std::string path;
  int fd = -1;
  int slot = -1;
};
Expected<void> create_temp_file(const std::string& target, TempFile& temp);
// Closes the temporary file and renames it over `target` (removing it when that fails).
Expected<void> rename_temp_file(TempFile& temp, const std::string& target);
// Closes and removes it.
void discard_temp_file(TempFile& temp);

// Flushes everything written to the file system that holds `path` (syncfs; on Windows, where
// flushing a volume needs an administrator, each file is flushed as it is written instead).
void sync_filesystem(const std::string& path);

// Installs SIGINT, SIGTERM and SIGHUP handlers (on Windows: Ctrl-C, Ctrl-Break and the console's
// closing) that delete the temporary files of writes in progress, then end the process by the
// same signal (a signal ignored at start-up, as under `nohup`, stays ignored). Programs call it once at start-up. Safe
// with many threads writing: a temporary file is registered in the same step that creates it.
void install_interrupt_cleanup();

namespace detail {
// The registry the handlers clean up (exposed for tests): returns a slot, or -1 when full.
int track_temp_file(const char* path);
void untrack_temp_file(int slot);
}  // namespace detail

// A file's identity: two paths name one file when these are equal. POSIX: device and inode;
// Windows: the volume's serial number and the file's index (its st_ino is always 0 there).
struct FileId {
  std::uint64_t volume = 0, index = 0;
  auto operator<=>(const FileId&) const = default;
};
// What a look at `path` tells (links followed); nullopt when nothing is there (or it cannot be
// looked at).
struct FileStat {
  FileId id;
  bool regular = false;    // a regular file (not a folder, device or pipe)
  std::uint64_t size = 0;  // its size, when regular
};
std::optional<FileStat> stat_file(const std::string& path);
std::optional<FileId> file_id(const std::string& path);

// True when both paths name the same existing file.
bool same_file(const std::string& a, const std::string& b);

}  // namespace anmkit
