#include "folder_tally.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "anmkit/anmkit.hpp"
#include "anmkit/core/folders.hpp"
#include "cli_common.hpp"

namespace anmkit::cli {

bool walks_a_folder(const std::vector<std::string>& arguments) {
  return std::any_of(arguments.begin(), arguments.end(), [](const std::string& argument) { return is_folder(argument); });
}

bool passed_over(const InputFile& in, const Error& error) {
  return in.from_folder && error.code == ErrorCode::unknown_format && !named_like_an_animation(in.path);
}

OpenOptions folder_walk(const OpenOptions& options) {
  OpenOptions walk = options;
  walk.kinds = {.animations = true, .models = true, .resources = false};
  return walk;
}

OpenOptions any_file(const OpenOptions& options) {
  OpenOptions any = options;
  any.kinds = OpenKinds::all();
  return any;
}

void FolderTally::skip(const std::string& path) {
  ++skipped;
  ++skipped_kinds[game_file_kind(path)];
}

std::string FolderTally::skipped_text() const {
  std::string out = skipped == 0 ? "0 skipped" : fmt::format("{} skipped (not {})", skipped, skipped == 1 ? "an animation" : "animations");
  const auto others = skipped_kinds.find("");
  if (skipped > 0 && (others == skipped_kinds.end() || others->second < skipped)) {
    // What they are, where the formats know (a vehicle's meshes, materials, textures).
    std::string kinds;
    const auto plural = [](std::size_t n, const std::string& kind) {
      return fmt::format("{} {}{}", n, kind, n == 1 ? "" : kind.ends_with("sh") ? "es" : "s");
    };
    // The kinds in the order the formats register them (a vehicle's files in the order a model
    // names them), then any other.
    std::vector<std::string> order;
    for (const GameFileKind& kind : game_file_kinds()) {
      if (kind.opens_as != DocumentKind::animation && std::find(order.begin(), order.end(), kind.name) == order.end()) {
        order.emplace_back(kind.name);
      }
    }
    for (const auto& entry : skipped_kinds) {
      if (!entry.first.empty() && std::find(order.begin(), order.end(), entry.first) == order.end()) order.push_back(entry.first);
    }
    for (const std::string& kind : order) {
      const auto found = skipped_kinds.find(kind);
      if (found != skipped_kinds.end()) kinds += (kinds.empty() ? "" : ", ") + plural(found->second, kind);
    }
    if (others != skipped_kinds.end()) kinds += ", " + plural(others->second, "other file");
    out = fmt::format("{} skipped (not {}: {})", skipped, skipped == 1 ? "an animation" : "animations", kinds);
  }
  if (unlisted > 0) out += fmt::format(", {} folder{} not listed", unlisted, unlisted == 1 ? "" : "s");
  return out;
}

}  // namespace anmkit::cli
