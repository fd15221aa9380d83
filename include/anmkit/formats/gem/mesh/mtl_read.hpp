#pragma once
// `.mtl` text -> the lossless tree (mtl_file.hpp).

#include <cstdint>
#include <span>

#include "anmkit/core/expected.hpp"
#include "anmkit/core/limits.hpp"
#include "anmkit/formats/gem/mesh/mtl_file.hpp"

namespace anmkit::gem::mesh {

// Errors (with the byte offset): too_large past limits.max_input_bytes or mtl_max_depth,
// bad_value for text outside a block, a '{' not followed by a key word, a '}' without its '{' or
// a string without its closing '"', truncated when blocks are still open at the end. The keys
// and values are not judged here (validate_mtl() does).
Expected<MtlFile> read_mtl(std::span<const std::uint8_t> text, const ReadLimits& limits = {});

}  // namespace anmkit::gem::mesh
