#pragma once
// Bytes -> the lossless `.ply` model (ply_file.hpp).

#include <cstdint>
#include <span>

#include "anmkit/core/expected.hpp"
#include "anmkit/core/limits.hpp"
#include "anmkit/formats/gem/mesh/ply_file.hpp"

namespace anmkit::gem::mesh {

// True when the bytes start with a GEM mesh signature, "EPLY" or "BPLY" (read_ply() refuses the
// second with a message saying so).
bool looks_like_ply(std::span<const std::uint8_t> bytes);

// Parses a whole EPLY file. Every count is checked against the bytes that remain before anything
// is allocated; a SKIN list against limits.max_bones and the input against limits.max_input_bytes.
// Errors carry the byte offset and say what was expected there: bad_magic (not a mesh),
// unsupported (a BPLY map mesh), unknown_chunk (a tag this format does not have), truncated,
// too_large.
Expected<PlyFile> read_ply(std::span<const std::uint8_t> bytes, const ReadLimits& limits = {});

}  // namespace anmkit::gem::mesh
