#include "temp_registry.hpp"

#include "anmkit/core/file_io.hpp"

namespace anmkit {

namespace temp_registry {
std::atomic<const char*> tracked[max_tracked];
std::atomic<bool> dying{false};
std::atomic<int> in_flight{0};
}  // namespace temp_registry

namespace detail {

int track_temp_file(const char* path) {
  for (int i = 0; i < temp_registry::max_tracked; ++i) {
    const char* expected = nullptr;
    if (temp_registry::tracked[i].compare_exchange_strong(expected, path)) return i;
  }
  return -1;
}

void untrack_temp_file(int slot) {
  if (slot >= 0 && slot < temp_registry::max_tracked) temp_registry::tracked[slot].store(nullptr);
}

}  // namespace detail

}  // namespace anmkit
