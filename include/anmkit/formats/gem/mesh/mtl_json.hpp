#pragma once
// A `.mtl` as JSON, for `anmkit dump` (schema "anmkit.gem.mtl.dump" version 1): the tree (each
// block {"key", "offset", "entries"}, each entry a block, {"word": text} or {"string": text}) and
// the material it describes (mtl_material_json). Text as json_text (bytes). A dump, not a build
// format: the whitespace and comments are not in it.

#include <cstdint>

#include <nlohmann/json.hpp>

#include "anmkit/formats/gem/mesh/mtl_file.hpp"
#include "anmkit/formats/gem/mesh/mtl_material.hpp"

namespace anmkit::gem::mesh {

inline constexpr const char* mtl_dump_schema = "anmkit.gem.mtl.dump";
inline constexpr int mtl_dump_schema_version = 1;

nlohmann::ordered_json mtl_to_json(const MtlFile& file);

// The material as values: found, shader, textures [{slot, name, options}], color, blend,
// alpharef, flags [{key, values}], unknown [{key, values}], with flags_count and unknown_count.
// The dump lists every flag and unknown key; `anmkit info`'s summary of a .mtl (its text:
// summary_text(Material), mtl_material.hpp) the first `listed` of each, their counts saying
// how many there are.
nlohmann::ordered_json mtl_material_json(const Material& material, std::size_t listed = SIZE_MAX);

}  // namespace anmkit::gem::mesh
