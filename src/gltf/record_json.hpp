#pragma once
// A format's record (model::FormatRecord) as the JSON object of glTF's extras.anmkit, and back.

#include <nlohmann/json.hpp>

#include "anmkit/model/format_record.hpp"

namespace anmkit::gltf {

nlohmann::ordered_json record_json(const model::FormatRecord& record);

// The record in extras.anmkit: every member but the clip's own records (visibility, mirrored,
// mesh, comments), which the import reads itself, and but values of a kind no record holds
// (nested objects, lists of other than names, null): no anmkit writer makes those.
model::FormatRecord record_of(const nlohmann::ordered_json& extras);

}  // namespace anmkit::gltf
