#pragma once
// The allocator settings of anmkit's programs (the CLI, and the benchmarks, which measure what
// the CLI does): keep freed memory for the next file instead of returning it to the system after
// each one. With glibc's defaults a batch of thousands of files faults in fresh zeroed pages for
// every file (35 a file), which is most of its system time, and two workers then contend for the
// process's page tables; whether a large block is mapped afresh also shifts with the allocation
// history, which made benchmark figures move by half. The peak stays what the largest file needs.
// The library itself never touches allocator settings. (Windows' allocator has no such
// settings: nothing is set there.)

#if !defined(_WIN32)
#include <malloc.h>
#endif

namespace anmkit::tools {

inline void keep_freed_memory() {
#if !defined(_WIN32)
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 64 << 20);
#endif
}

}  // namespace anmkit::tools
