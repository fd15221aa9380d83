#pragma once
// A `.vol` as JSON, for `anmkit dump` (schema "anmkit.gem.vol.dump" version 1): each chunk in file
// order with its offset: "vertices" [[x, y, z]...] (floats keep their bits), "indices", "sides";
// and the info summary as JSON.

#include <nlohmann/json.hpp>

#include "anmkit/formats/gem/mesh/vol_file.hpp"

namespace anmkit::gem::mesh {

inline constexpr const char* vol_dump_schema = "anmkit.gem.vol.dump";
inline constexpr int vol_dump_schema_version = 1;

nlohmann::ordered_json vol_to_json(const VolFile& file);

// Keys: chunks, vertices, triangles, sides {"bottom": n, ...; "other": n}, bounds (null when none).
nlohmann::ordered_json vol_summary_json(const VolSummary& summary);

}  // namespace anmkit::gem::mesh
