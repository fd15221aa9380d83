#pragma once
// What `anmkit info` says about an LM file.

#include <string>

#include <nlohmann/json.hpp>

#include "anmkit/formats/lm/lm_file.hpp"

namespace anmkit::lm {

// `node_count_source` says where the node count came from ("inferred from the layout",
// "given", "from MODEL.bin", or as the caller names its options); `fps` turns frames into seconds.
nlohmann::ordered_json summary(const File& file, const std::string& node_count_source, double fps);
std::string summary_text(const nlohmann::ordered_json& summary);

}  // namespace anmkit::lm
