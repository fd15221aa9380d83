#pragma once
// What `anmkit info` says about an MM2 file.

#include <string>

#include <nlohmann/json.hpp>

#include "anmkit/formats/mm2/mm2_file.hpp"

namespace anmkit::mm2 {

nlohmann::ordered_json summary(const File& file, double tick_hz);
std::string summary_text(const nlohmann::ordered_json& summary);

}  // namespace anmkit::mm2
