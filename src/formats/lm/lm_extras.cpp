#include "anmkit/formats/lm/lm_extras.hpp"

#include <nlohmann/json.hpp>

namespace anmkit::lm {

std::string clip_extras(const File& file, RotationUnit unit, double fps) {
  const nlohmann::ordered_json extras = {{"format", "lm"},           {"version", file.version},
                                         {"frame_count", file.frame_count}, {"fps", fps},
                                         {"loop", file.loop == 1},   {"node_count", file.groups.size()},
                                         {"rotation_unit", rotation_unit_name(unit)}};
  return extras.dump();
}

std::uint8_t recorded_version(const std::string& text) {
  const auto extras = nlohmann::ordered_json::parse(text, nullptr, false);
  if (!extras.is_object() || !extras.contains("version")) return 2;
  const auto& version = extras["version"];
  return version.is_number_unsigned() && version.get<std::uint64_t>() == 1 ? 1 : 2;
}

}  // namespace anmkit::lm
