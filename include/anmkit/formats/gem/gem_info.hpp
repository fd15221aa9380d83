#pragma once
// What `anmkit info` says about a GEM file: one JSON summary, and its text rendering.

#include <string>

#include <nlohmann/json.hpp>

#include "anmkit/formats/gem/gem_file.hpp"

namespace anmkit::gem {

// Keys: format, version, frame_count, frame_chunks, keyed_frames, first/last_keyed_frame, keys,
// bones, flags_used, mesh_keys (with their payload headers), comments (docs/cli.md lists them).
nlohmann::ordered_json summary(const File& file);
std::string summary_text(const nlohmann::ordered_json& summary);

// "position|orientation|visible" for 0x000b; unknown bits as "0x0080".
std::string flag_names(std::uint16_t flags);

}  // namespace anmkit::gem
