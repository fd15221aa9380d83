#include "folder_listings.hpp"

#include <algorithm>
#include <system_error>

#include "anmkit/core/folders.hpp"
#include "anmkit/model/clip.hpp"

namespace anmkit::detail {

const std::vector<std::string>& FolderListings::in_any_case(const std::string& folder, const std::string& name) {
  auto [at, fresh] = folders_.try_emplace(folder);
  if (fresh) {
    std::error_code ec;
    for (FolderEntry& entry : list_folder(folder, ec)) {
      at->second[model::ascii_lower(entry.name)].push_back(std::move(entry.name));
    }
    for (auto& [lower, names] : at->second) std::sort(names.begin(), names.end());
  }
  static const std::vector<std::string> none;
  const auto found = at->second.find(model::ascii_lower(name));
  return found == at->second.end() ? none : found->second;
}

}  // namespace anmkit::detail
