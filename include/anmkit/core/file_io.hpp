#pragma once
// Whole-file reading and safe writing: outputs go to a temporary file in the destination's
// folder and are renamed into place, so a crash never leaves a half-written file.

#include <cstdint>
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
// `path`. "-" writes to stdout.
Expected<void> write_file_atomic(const std::string& path, std::span<const std::uint8_t> bytes,
                                 Durability durability = Durability::each_file);

// Flushes everything written to the file system that holds `path` (syncfs).
void sync_filesystem(const std::string& path);

// Installs SIGINT, SIGTERM and SIGHUP handlers that delete the temporary files of writes in
// progress, then end the process by the same signal. Programs call it once at start-up.
void install_interrupt_cleanup();

namespace detail {
// The registry the handlers clean up (exposed for tests): returns a slot, or -1 when full.
int track_temp_file(const char* path);
void untrack_temp_file(int slot);
}  // namespace detail

// True when both paths name the same existing file.
bool same_file(const std::string& a, const std::string& b);

}  // namespace anmkit
