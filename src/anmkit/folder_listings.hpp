#pragma once
// Folders' entries, listed once each for a run of lookups: a name not spelt as its file is found
// by its letters in either case (as the game on Windows finds it), and a model's thousands of
// such names in a folder of thousands of files cost one listing, not one a name.

#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace anmkit::detail {

class FolderListings {
 public:
  // The entries of `folder` whose names are `name` in ASCII letters of either case, sorted. A
  // folder that cannot be listed has none. Entries made after the first listing are not seen: a
  // run is one model's reading.
  const std::vector<std::string>& in_any_case(const std::string& folder, const std::string& name);

 private:
  using ByLowerName = std::unordered_map<std::string, std::vector<std::string>>;
  std::map<std::string, ByLowerName> folders_;
};

}  // namespace anmkit::detail
