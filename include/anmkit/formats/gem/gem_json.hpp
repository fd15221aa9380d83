#pragma once
// The lossless GEM model as JSON (schema: docs/json-schema.md, "anmkit.gem.dump" version 1),
// and back. from_json(to_json(file)) == file, and the floats keep their bits.

#include <cstdint>
#include <span>

#include <nlohmann/json.hpp>

#include "anmkit/core/expected.hpp"
#include "anmkit/core/limits.hpp"
#include "anmkit/formats/gem/gem_file.hpp"

namespace anmkit::gem {

inline constexpr const char* dump_schema = "anmkit.gem.dump";
inline constexpr int dump_schema_version = 1;

nlohmann::ordered_json to_json(const File& file);

// Errors (code json) name the JSON pointer of the offending value.
// The limits are the reader's: what from_json accepts, read() accepts (its written file aside,
// whose size the front door checks).
Expected<File> from_json(const nlohmann::ordered_json& document, const ReadLimits& limits = {});

}  // namespace anmkit::gem
