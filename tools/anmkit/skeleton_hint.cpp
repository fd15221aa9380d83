#include "skeleton_hint.hpp"

#include <fmt/format.h>

#include "anmkit/skeleton_search.hpp"
#include "cli_common.hpp"

namespace anmkit::cli {

void note_skeleton_beside(const Document& document, const std::string& animation, const OpenOptions& options) {
  if (!options.skeleton.empty()) return;
  const FormatInfo format = document.format();
  if (format.skeleton_extension.empty()) return;
  // No search roots: only the animation's own folder is looked at.
  const SkeletonFinder finder({}, options);
  const SkeletonMatch match = finder.find(animation, document);
  if (!match) return;
  // The skeleton is given with --skeleton, or with the format's own name for it (--bin).
  const std::string option = format.skeleton_option.empty() ? "--skeleton" : "--" + std::string(format.skeleton_option);
  std::string why = "has every bone it animates";
  if (match.reason == SkeletonReason::lists_it) {
    why = format.skeleton_lists_animations ? "lists this file as a sequence" : "sits beside it under its name";
  }
  print_line(stderr, fmt::format("{}: note: exported without a skeleton (every bone under the root), but {} {}; "
                                 "{} {} exports it on that skeleton",
                                 animation, match.model, why, option, match.model));
}

}  // namespace anmkit::cli
