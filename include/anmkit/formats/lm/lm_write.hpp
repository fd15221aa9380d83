#pragma once

#include <cstdint>
#include <vector>

#include "anmkit/core/expected.hpp"
#include "anmkit/formats/lm/lm_file.hpp"

namespace anmkit::lm {

// Exact size of write()'s output, or why it cannot be written (offsets past 4 GiB, a region
// order that is not a permutation, array tails of 4 bytes or more).
Expected<std::size_t> encoded_size(const File& file);

// The header's offsets are derived from the region order and sizes (Layout).
Expected<std::vector<std::uint8_t>> write(const File& file);

}  // namespace anmkit::lm
