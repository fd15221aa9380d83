#pragma once
// Checks a `.vol` model (notes §10: every real one is VERT, INDX, SIDE, a side code a triangle,
// codes 1..6). Offsets in the encoded file, pointers into the dump ("/chunks/<i>").
//
// errors   vol.missing-chunk   no VERT, INDX or SIDE chunk
//          vol.repeated-chunk  a second chunk of a kind
//          vol.index-count     an index count that is not a multiple of 3
//          vol.index-range     an index past the vertices
//          vol.side-count      not one side code a triangle
// warnings vol.chunk-order     chunks not in the order VERT, INDX, SIDE
//          vol.side-code       a side code outside 1..6
//          vol.non-finite      a NaN or infinite coordinate

#include <vector>

#include "anmkit/core/diagnostic.hpp"
#include "anmkit/formats/gem/mesh/vol_file.hpp"

namespace anmkit::gem::mesh {

std::vector<Diagnostic> validate_vol(const VolFile& file);

}  // namespace anmkit::gem::mesh
