#pragma once
// Every throughput is also reported as a ratio to memcpy over the same bytes on the same machine
// in the same run (counter "vs_memcpy"), which holds where absolute times do not.

#include <benchmark/benchmark.h>

#include <chrono>
#include <cstring>
#include <vector>

namespace anmkit::bench {

// Bytes per second memcpy achieves over `size` bytes (best of several runs, measured once).
inline double memcpy_rate(std::size_t size) {
  std::vector<char> from(size, 1), to(size);
  double best = 0;
  for (int run = 0; run < 50; ++run) {
    const auto start = std::chrono::steady_clock::now();
    std::memcpy(to.data(), from.data(), size);
    benchmark::DoNotOptimize(to.data());
    benchmark::ClobberMemory();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (seconds > 0) best = std::max(best, double(size) / seconds);
  }
  return best;
}

// Sets bytes/s and the ratio to memcpy for `bytes` processed per iteration.
inline void report_bytes(benchmark::State& state, std::size_t bytes) {
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes));
  static thread_local std::size_t cached_size = 0;
  static thread_local double cached_rate = 0;
  if (cached_size != bytes) {
    cached_size = bytes;
    cached_rate = memcpy_rate(bytes);
  }
  state.counters["vs_memcpy"] = benchmark::Counter(double(bytes) / cached_rate, benchmark::Counter::kIsIterationInvariantRate);
}

}  // namespace anmkit::bench
