#pragma once
// Checks a `.mtl` tree against what the game's readers take (notes §8; SOEdit's parser is
// strict). Each finding has a stable id, the byte offset of the key (as read) and the JSON pointer
// of its block in the dump (mtl_json.hpp: "/tree/<i>/entries/<j>...").
//
// errors   mtl.no-material     no top-level {material} block
//          mtl.no-shader       {material} without its shader word
//          mtl.repeated-key    a key given twice in one block (SOEdit refuses the file)
//          mtl.texture-name    a texture slot without a quoted name
//          mtl.bad-color       {color} that is not four numbers within 0..255
//          mtl.bad-value       {blend} without a value, or a value key (alpharef, gloss_scale, ...,
//                              glow when given one) whose value is not a number
// warnings mtl.extra-block     a top-level block after the {material} block, or one that is not it
//          mtl.unknown-shader  a shader other than simple, bump, envmap, multiply
//          mtl.unknown-blend   {blend} other than none, test, blend, add, sub
//          mtl.unknown-key     a key that no known reader has (kept, not used)

#include <vector>

#include "anmkit/core/diagnostic.hpp"
#include "anmkit/formats/gem/mesh/mtl_file.hpp"
#include "anmkit/formats/gem/mesh/mtl_material.hpp"

namespace anmkit::gem::mesh {

std::vector<Diagnostic> validate_mtl(const MtlFile& file);
// The same, given the file's material (mtl_material(file)) already made.
std::vector<Diagnostic> validate_mtl(const MtlFile& file, const Material& material);

// The JSON pointer of block `index` in the dump's tree; empty when the tree does not hold it.
std::string mtl_block_pointer(const MtlFile& file, std::uint32_t index);

}  // namespace anmkit::gem::mesh
