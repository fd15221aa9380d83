#pragma once
// The lossless MM2 model as JSON (schema: docs/json-schema.md, "anmkit.mm2.dump" version 1).

#include <nlohmann/json.hpp>

#include "anmkit/core/expected.hpp"
#include "anmkit/core/limits.hpp"
#include "anmkit/formats/mm2/mm2_file.hpp"

namespace anmkit::mm2 {

inline constexpr const char* dump_schema = "anmkit.mm2.dump";
inline constexpr int dump_schema_version = 1;

nlohmann::ordered_json to_json(const File& file);
// The limits are the reader's: what from_json accepts, read() accepts (its written file aside,
// whose size the front door checks).
Expected<File> from_json(const nlohmann::ordered_json& document, const ReadLimits& limits = {});

}  // namespace anmkit::mm2
