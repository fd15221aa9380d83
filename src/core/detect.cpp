#include "anmkit/core/detect.hpp"

#include <array>

#include "anmkit/formats/gem/gem_read.hpp"
#include "anmkit/formats/lm/lm_read.hpp"
#include "anmkit/formats/mm2/mm2_read.hpp"

namespace anmkit {
namespace {

struct Detector {
  Format format;
  std::string_view name;
  std::string_view title;
  bool (*matches)(std::span<const std::uint8_t>);
};

// Ordered from the most to the least specific signature: LM has none, only a plausible header.
constexpr std::array detectors{
    Detector{Format::gem, "gem", "GEM skeletal animation (EANM)", &gem::looks_like_gem},
    Detector{Format::mm2, "mm2", "Might and Magic II sprite animation (Amiga, ANM TV)", &mm2::looks_like_mm2},
    Detector{Format::lm, "lm", "Luigi's Mansion node animation (GameCube)", &lm::looks_like_lm},
};

}  // namespace

std::string_view format_name(Format format) {
  for (const auto& d : detectors) {
    if (d.format == format) return d.name;
  }
  return "unknown";
}

std::string_view format_title(Format format) {
  for (const auto& d : detectors) {
    if (d.format == format) return d.title;
  }
  return "not a recognised animation";
}

Format detect_format(std::span<const std::uint8_t> bytes) {
  for (const auto& d : detectors) {
    if (d.matches(bytes)) return d.format;
  }
  return Format::unknown;
}

}  // namespace anmkit
