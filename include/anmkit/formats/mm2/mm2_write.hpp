#pragma once

#include <cstdint>
#include <vector>

#include "anmkit/core/expected.hpp"
#include "anmkit/formats/mm2/mm2_file.hpp"

namespace anmkit::mm2 {

Expected<std::size_t> encoded_size(const File& file);

// Fails (invalid_model, with the JSON pointer) when a block or the preamble holds an FF (it
// would split the section), when there is not one stream per frame, or with 0 or more than 12
// frames (a reader could not find the image chunk).
Expected<std::vector<std::uint8_t>> write(const File& file);

}  // namespace anmkit::mm2
