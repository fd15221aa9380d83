#include "anmkit/formats/gem/mesh/mtl_file.hpp"

#include <algorithm>

namespace anmkit::gem::mesh {

bool mtl_key_is(std::string_view key, std::string_view expected) {
  auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; };
  return key.size() == expected.size() &&
         std::equal(key.begin(), key.end(), expected.begin(), [&](char a, char b) { return lower(a) == lower(b); });
}

}  // namespace anmkit::gem::mesh
