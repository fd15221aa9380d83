#include "animation_names.hpp"

#include <algorithm>
#include <filesystem>
#include <map>

#include "anmkit/core/path_utf8.hpp"

namespace anmkit::detail {

std::vector<std::string> animation_names(const std::vector<NamedSequence>& sequences) {
  std::map<std::string, std::size_t> declared;
  for (const NamedSequence& s : sequences) ++declared[s.name];
  std::vector<std::string> names;
  for (const NamedSequence& s : sequences) {
    // The file's stem as the game writes it, whichever separator ("sub\turret_r.anm").
    std::string file = s.file;
    std::replace(file.begin(), file.end(), '\\', '/');
    const std::string base =
        declared[s.name] > 1 ? s.name + " (" + utf8(fs_path(file).stem()) + ")" : s.name;
    std::string name = base;
    for (std::size_t k = 2; std::find(names.begin(), names.end(), name) != names.end(); ++k) name = base + " " + std::to_string(k);
    names.push_back(std::move(name));
  }
  return names;
}

}  // namespace anmkit::detail
