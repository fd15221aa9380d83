#pragma once
// A `.ply` model as JSON, for `anmkit dump` (schema "anmkit.gem.ply.dump" version 1): the vertex
// layout, then every chunk in file order with its offset and fields. Vertex records are columns
// by field (position, weights, bone_indices, normal, ..., tangent) when the layout describes the
// VERT stride, else the bytes as hex. Floats keep their bits (json_float.hpp), names are bytes
// (json_text.hpp). A dump, not a build format: nothing reads it back.

#include <nlohmann/json.hpp>

#include "anmkit/formats/gem/mesh/ply_file.hpp"
#include "anmkit/formats/gem/mesh/ply_info.hpp"

namespace anmkit::gem::mesh {

inline constexpr const char* ply_dump_schema = "anmkit.gem.ply.dump";
inline constexpr int ply_dump_schema_version = 1;

// The model must be well-formed (find_malformed() says nothing, as for every model read_ply()
// returns); otherwise the dump holds only {"schema", ..., "malformed": message}.
nlohmann::ordered_json ply_to_json(const PlyFile& file);

// The info summary as JSON. Keys: format ("gem-ply"), chunks, vertices, used_vertices, stride,
// fvf, layout, triangles, subsets (material, flags, flag_names, first_triangle, triangle_count,
// color, palette), skinned, skin_bones, mirrored, bounds (null without BNDS). Names as json_text.
nlohmann::ordered_json ply_summary_json(const PlySummary& summary);

}  // namespace anmkit::gem::mesh
