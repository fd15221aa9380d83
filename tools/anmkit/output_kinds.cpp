#include "output_kinds.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "gltf_convert.hpp"

namespace anmkit::cli {

namespace {
// "a GEM file", "an LM file": the letters whose names begin with a vowel sound take "an".
std::string with_article(const std::string& name) {
  const bool vowel_sound = !name.empty() && std::string_view("AEFHILMNORSX").find(name.front()) != std::string_view::npos;
  return (vowel_sound ? "an " : "a ") + name;
}
}  // namespace

std::optional<std::string> unhandled_output(const FormatInfo& format, const std::string& output, bool rewrites) {
  if (format.sprite || rewrites || is_gltf_output(output)) return std::nullopt;
  const std::string extension = lower_extension(output);
  // A game file's name without --to is answered by the format's own "needs --to" message.
  if (extension.empty() || extension == ".anm") return std::nullopt;
  std::string forms;
  if (format.skeletal) forms = "NAME.glb or NAME.gltf (glTF 2.0)";
  const auto& targets = format.convert_targets;
  if (!targets.empty()) {
    // Its versions with --to, its layouts with their own switches (--repack).
    std::string how, versions;
    for (auto target : targets) {
      const auto layout = std::find_if(format.layout_targets.begin(), format.layout_targets.end(),
                                       [&](const FormatInfo::LayoutTarget& t) { return t.target == target; });
      if (layout == format.layout_targets.end()) versions += (versions.empty() ? "--to " : "|") + std::string(target);
    }
    for (const auto& layout : format.layout_targets) how += (how.empty() ? "--" : " or --") + std::string(layout.target);
    if (!versions.empty()) how = how.empty() ? versions : versions + " or " + how;
    forms += fmt::format("{}NAME.anm (with {})", forms.empty() ? "" : ", or ", how);
  }
  return fmt::format("anmkit writes no '{}' files; from {} file it writes {}", extension, with_article(ascii_upper(format.name)), forms);
}

}  // namespace anmkit::cli
