#pragma once
// The lossless `.mtl` tree -> text, exactly as read: write_mtl(read_mtl(text)) == text.

#include <cstdint>
#include <vector>

#include "anmkit/core/expected.hpp"
#include "anmkit/formats/gem/mesh/mtl_file.hpp"

namespace anmkit::gem::mesh {

// Fails (invalid_model, with the JSON pointer of the block) when the tree does not hold together:
// an entry naming a block that is not its child, a block reached twice or never, a string holding
// '"', a word that would not read back as one word, a space that is not whitespace and comments.
Expected<std::vector<std::uint8_t>> write_mtl(const MtlFile& file);

}  // namespace anmkit::gem::mesh
