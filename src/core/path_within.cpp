#include "anmkit/core/path_within.hpp"

namespace anmkit {

bool path_within(const std::filesystem::path& path, const std::filesystem::path& folder) {
  auto pi = path.begin();
  for (const auto& part : folder) {
    if (part.empty()) continue;  // a trailing separator
    if (pi == path.end() || *pi != part) return false;
    ++pi;
  }
  return true;
}

}  // namespace anmkit
