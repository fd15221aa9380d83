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

// Writes `bytes` to `path` through a temporary file and a rename; "-" writes to stdout.
Expected<void> write_file_atomic(const std::string& path, std::span<const std::uint8_t> bytes);

// True when both paths name the same existing file.
bool same_file(const std::string& a, const std::string& b);

}  // namespace anmkit
