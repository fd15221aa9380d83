#pragma once
// The lossless `.ply` model -> bytes, exactly as stored: write_ply(read_ply(bytes)) == bytes.

#include <cstdint>
#include <vector>

#include "anmkit/core/expected.hpp"
#include "anmkit/formats/gem/mesh/ply_file.hpp"

namespace anmkit::gem::mesh {

// The exact number of bytes write_ply() produces, or why it cannot (invalid_model, with the JSON
// pointer of find_malformed()).
Expected<std::size_t> ply_encoded_size(const PlyFile& file);

Expected<std::vector<std::uint8_t>> write_ply(const PlyFile& file);

}  // namespace anmkit::gem::mesh
