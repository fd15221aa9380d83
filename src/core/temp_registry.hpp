#pragma once
// The temporary files of writes in progress, which the interrupt handlers of file_io_posix.cpp
// and file_io_windows.cpp delete. Plain atomics: a POSIX signal handler reads them. One slot per
// write in progress: batch runs at most 256 workers, each with one write at a time.

#include <atomic>

namespace anmkit::temp_registry {

inline constexpr int max_tracked = 1024;
extern std::atomic<const char*> tracked[max_tracked];
// A handler sets `dying`, waits until no thread is between creating (or renaming) a temporary
// file and registering (or unregistering) it (`in_flight`), then removes every registered one.
extern std::atomic<bool> dying;
extern std::atomic<int> in_flight;

}  // namespace anmkit::temp_registry
