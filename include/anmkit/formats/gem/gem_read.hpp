#pragma once

#include <cstdint>
#include <span>

#include "anmkit/core/expected.hpp"
#include "anmkit/core/limits.hpp"
#include "anmkit/formats/gem/gem_file.hpp"

namespace anmkit::gem {

// True when the bytes start with the EANM signature.
bool looks_like_gem(std::span<const std::uint8_t> bytes);

// Parses a whole file. Every count is checked against the bytes that remain before anything
// is allocated. Errors carry the byte offset and say what was expected there.
Expected<File> read(std::span<const std::uint8_t> bytes, const ReadLimits& limits = {});

}  // namespace anmkit::gem
