#include "folder_tally.hpp"

#include <filesystem>

#include <fmt/format.h>

#include "cli_common.hpp"

namespace anmkit::cli {

bool walks_a_folder(const std::vector<std::string>& arguments) {
  for (const auto& argument : arguments) {
    std::error_code ec;
    if (std::filesystem::is_directory(argument, ec)) return true;
  }
  return false;
}

bool named_like_an_animation(const std::string& path) { return lower_extension(path) == ".anm"; }

bool passed_over(const InputFile& in, const Error& error) {
  return in.from_folder && error.code == ErrorCode::unknown_format && !named_like_an_animation(in.path);
}

std::string FolderTally::skipped_text() const {
  std::string out = skipped == 0 ? "0 skipped" : fmt::format("{} skipped (not {})", skipped, skipped == 1 ? "an animation" : "animations");
  if (unlisted > 0) out += fmt::format(", {} folder{} not listed", unlisted, unlisted == 1 ? "" : "s");
  return out;
}

}  // namespace anmkit::cli
