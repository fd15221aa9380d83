#include "anmkit/formats/lm/lm_extras.hpp"

namespace anmkit::lm {

model::FormatRecord clip_record(const File& file, RotationUnit unit, double fps) {
  return {{{"format", std::string("lm")},
           {"version", std::uint64_t(file.version)},
           {"frame_count", std::uint64_t(file.frame_count)},
           {"fps", fps},
           {"loop", file.loop == 1},
           {"node_count", std::uint64_t(file.groups.size())},
           {"rotation_unit", std::string(rotation_unit_name(unit))}}};
}

std::uint8_t recorded_version(const model::FormatRecord& record) {
  const std::uint64_t* version = record.get<std::uint64_t>("version");
  return version != nullptr && *version == 1 ? 1 : 2;
}

}  // namespace anmkit::lm
