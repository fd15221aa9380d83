#include "skeleton_hint.hpp"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "cli_common.hpp"

namespace anmkit::cli {

namespace fs = std::filesystem;

std::string skeleton_beside(const FormatInfo& format, const std::string& animation, const OpenOptions& options) {
  if (format.skeleton_extension.empty()) return {};
  const fs::path path(animation);
  const fs::path folder = path.has_parent_path() ? path.parent_path() : fs::path(".");
  std::error_code ec;
  if (!format.skeleton_lists_animations) {
    fs::path beside = path;
    beside.replace_extension(std::string(format.skeleton_extension));
    return fs::is_regular_file(beside, ec) ? beside.string() : std::string();
  }
  // Models that list their animations: any in the folder naming this file (case-insensitively,
  // as batch --skeleton-dir matches them), the first in name order.
  std::vector<fs::path> models;
  for (auto it = fs::directory_iterator(folder, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
    std::error_code entry_ec;
    if (it->is_regular_file(entry_ec) && lower_extension(it->path().string()) == format.skeleton_extension) {
      models.push_back(it->path());
    }
  }
  std::sort(models.begin(), models.end());
  const std::string wanted = model::ascii_lower(path.filename().string());
  for (const auto& model_path : models) {
    auto files = model_sequence_files(model_path.string(), options);
    if (!files) continue;
    for (const auto& file : *files) {
      if (model::ascii_lower(fs::path(file).filename().string()) == wanted) {
        return path.has_parent_path() ? model_path.string() : model_path.filename().string();
      }
    }
  }
  return {};
}

void note_skeleton_beside(const FormatInfo& format, const std::string& animation, const OpenOptions& options) {
  if (!options.skeleton.empty()) return;
  const std::string model = skeleton_beside(format, animation, options);
  if (model.empty()) return;
  // GEM's model is given with --skeleton, LM's with --bin (it also gives the node count).
  const std::string option = format.skeleton_lists_animations ? "--skeleton" : "--bin";
  const std::string why = format.skeleton_lists_animations ? "lists this file as a sequence" : "sits beside it under its name";
  print_line(stderr, fmt::format("{}: note: exported without a skeleton (every bone under the root), but {} {}; "
                                 "{} {} exports it on that skeleton",
                                 animation, model, why, option, model));
}

}  // namespace anmkit::cli
