#pragma once
// What every FileSource says and does alike about names: the game's separators and shared
// folder, case folding, and the words of a refusal.

#include <algorithm>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "anmkit/core/error.hpp"
#include "anmkit/core/file_source.hpp"

namespace anmkit::files {

// `\` as `/`: the game runs on Windows, where both separate folders.
inline std::string with_slashes(std::string name) {
  std::replace(name.begin(), name.end(), '\\', '/');
  return name;
}

// "$/..." (or "$\..."): a name in the game's shared folder.
inline bool shared_name(std::string_view name) { return name.size() >= 2 && name[0] == '$' && (name[1] == '/' || name[1] == '\\'); }

inline Wording no_shared_folder() {
  Wording why("a name in the game's shared folder ('$/'), which was not given (");
  why += naming("texture_dir", "the texture_dir option");
  why += ")";
  return why;
}

// A-Z as a-z, every other byte kept: the game's names are ASCII.
inline std::string ascii_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  }
  return out;
}

// "'NAME' leads out of the folder of REFERRER (give a root it may lead to, ...)".
inline Wording leads_out(std::string_view name, std::string_view referrer, const NameRules& rules) {
  Wording why(fmt::format("'{}' leads out of the folder of {}", name, referrer));
  why += rules.roots.empty() ? " (give a root it may lead to, the game's resource folder, with " : ", and under none of the roots given (";
  why += naming("reference_roots", "the reference_roots option");
  why += ")";
  return why;
}

}  // namespace anmkit::files
