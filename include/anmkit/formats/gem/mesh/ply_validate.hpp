#pragma once
// Checks a `.ply` model against the format's rules (notes §2-§6). Errors: what a reader of the
// game's meshes would misread. Warnings: legal but unlike every real mesh. Each finding has a
// stable id, the byte offset in the encoded file (chunk_offsets()) and the JSON pointer of the
// chunk in the dump (ply_json.hpp: "/chunks/<i>").
//
// errors   ply.malformed-model        a model that cannot be encoded (built in memory)
//          ply.missing-chunk          no MESH record, no VERT chunk or no index chunk
//          ply.repeated-chunk         a second BNDS, SKIN, VERT, index chunk or MROR
//          ply.unknown-fvf            an fvf whose vertex layout is not known
//          ply.stride-mismatch        the layout's size is not the VERT stride
//          ply.index-count            an index count that is not a multiple of 3
//          ply.index-range            an index past the vertices
//          ply.subsets-not-contiguous a subset that does not start where the one before ends
//          ply.subset-past-end        a subset's triangles run past the index chunk
//          ply.subsets-not-covering   the subsets end before the last triangle
//          ply.palette-past-skin      a palette entry past the SKIN list (k > SKIN count)
//          ply.slot-past-palette      a vertex of a subset gives weight to a slot past its palette
// warnings ply.chunk-order            chunks not in the order BNDS, SKIN, MESH..., VERT, index, MROR
//          ply.fvf-differs            subsets with different fvfs (merged, as SOEdit does)
//          ply.unknown-flags          MESH flag bits past 0x4000
//          ply.skin-mismatch          skinned/subskin flags, the palette and the bone slots disagree
//          ply.mirror-mismatch        MROR without every subset's mirrored flag (0x40), or the reverse
//          ply.unused-vertices        trailing vertices that no triangle uses
//          ply.bounds-mismatch        BNDS is not the box of the vertices the triangles use
//          ply.non-finite             a NaN or infinite BNDS value or used position
//          ply.empty-material         a subset without a material name
//          ply.unused-chunk           ADJA, SHDW or BAS2 (never in a real EPLY; kept, not used)

#include <vector>

#include "anmkit/core/diagnostic.hpp"
#include "anmkit/formats/gem/mesh/ply_file.hpp"

namespace anmkit::gem::mesh {

std::vector<Diagnostic> validate_ply(const PlyFile& file);

}  // namespace anmkit::gem::mesh
