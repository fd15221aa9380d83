#include "inputs.hpp"

#include <algorithm>
#include <filesystem>

namespace anmkit::cli {

std::vector<InputFile> expand_inputs(const std::vector<std::string>& arguments, const std::string& skip) {
  namespace fs = std::filesystem;
  std::vector<InputFile> out;
  std::error_code ec;
  const fs::path skip_path = skip.empty() ? fs::path() : fs::weakly_canonical(skip, ec);
  for (const std::string& argument : arguments) {
    if (!fs::is_directory(argument, ec)) {
      out.push_back({argument, fs::path(argument).filename().string(), false});
      continue;
    }
    std::vector<InputFile> found;
    for (auto it = fs::recursive_directory_iterator(argument, fs::directory_options::skip_permission_denied, ec);
         it != fs::recursive_directory_iterator(); it.increment(ec)) {
      if (ec) break;
      if (it->is_directory(ec) && !skip_path.empty() && fs::weakly_canonical(it->path(), ec) == skip_path) {
        it.disable_recursion_pending();
        continue;
      }
      if (it->is_regular_file(ec)) {
        found.push_back({it->path().string(), fs::relative(it->path(), argument, ec).string(), true});
      }
    }
    std::sort(found.begin(), found.end(), [](const InputFile& a, const InputFile& b) { return a.relative < b.relative; });
    out.insert(out.end(), found.begin(), found.end());
  }
  return out;
}

}  // namespace anmkit::cli
