#include "anmkit/formats/lm/lm_file.hpp"

namespace anmkit::lm {

std::string_view array_name(ArrayKind kind) { return region_name(region_of(kind)); }

std::string_view region_name(Region region) {
  switch (region) {
    case Region::groups: return "groups";
    case Region::scale: return "scale";
    case Region::rotation: return "rotation";
    case Region::translation: return "translation";
  }
  return "?";
}

Layout layout_of(const File& file) {
  Layout l;
  std::uint64_t at = header_size + file.lead.size();
  for (Region r : file.order) {
    const std::size_t i = std::size_t(r);
    l.start[i] = at;
    if (r == Region::groups) {
      at += file.groups.size() * group_size;
    } else {
      at += 4 * file.arrays[i - 1].size() + file.array_tails[i - 1].size();
    }
    l.end[i] = at;
  }
  l.size = at;
  return l;
}

}  // namespace anmkit::lm
