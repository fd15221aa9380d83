#pragma once

#include <cstdint>
#include <vector>

#include "anmkit/core/expected.hpp"
#include "anmkit/formats/gem/gem_file.hpp"

namespace anmkit::gem {

// The exact number of bytes write() produces, or the error that stops it.
Expected<std::size_t> encoded_size(const File& file);

// Encodes the model as stored. Fails (invalid_model, with a JSON pointer into the dump) when
// a field cannot be stored: flags that disagree with the fields present, more than 255 keys
// in one frame, a frame number too wide for its chunk, a name longer than 255 bytes.
Expected<std::vector<std::uint8_t>> write(const File& file);

}  // namespace anmkit::gem
