#pragma once
// Limits a caller sets on what a reader will accept, as libspng does. Counts inside a file are
// always checked against the bytes that remain; these caps bound the total work and memory.

#include <cstdint>

namespace anmkit {

struct ReadLimits {
  // Largest input a reader accepts. A model can take a few tens of times its input's size in
  // memory (a 3-byte key becomes a record), so this also bounds memory.
  std::uint64_t max_input_bytes = 256ull << 20;
};

}  // namespace anmkit
