// model_summary(): what `anmkit info` says about a model file (GEM .mdl, LM .bin): its skeleton
// and the animation files that go with it, each checked on disk, in one layout for every format.

#include <algorithm>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "anmkit/core/guard.hpp"
#include "anmkit/core/json_pretty.hpp"
#include "anmkit/core/printable.hpp"
#include "model_file.hpp"
#include "referenced_input.hpp"
#include "summary.hpp"

namespace anmkit {
namespace {


// The most joints on a path from a root down (parents come before their children).
std::size_t hierarchy_depth(const model::Skeleton& skeleton) {
  std::vector<std::size_t> depth(skeleton.joints.size(), 1);
  std::size_t deepest = 0;
  for (std::size_t i = 0; i < skeleton.joints.size(); ++i) {
    const int parent = skeleton.joints[i].parent;
    if (parent >= 0 && std::size_t(parent) < i) depth[i] = depth[std::size_t(parent)] + 1;
    deepest = std::max(deepest, depth[i]);
  }
  return deepest;
}

Summary describe(const std::string& path, std::uint64_t size, const detail::FormatEntry& entry, const detail::ModelFile& model,
                 const OpenOptions& options, std::optional<SummaryShows> shows = std::nullopt) {
  Summary summary;
  summary.shows = std::move(shows);
  summary.file = path;
  summary.size = size;
  summary.format = entry.info.name;
  summary.kind = "model";
  summary.title = model.title;
  summary.joint_word = model.joint_word;
  const auto& joints = model.skeleton.joints;
  std::vector<std::string> names, roots;
  for (const auto& joint : joints) {
    const bool root = joint.parent < 0 || std::size_t(joint.parent) >= joints.size();
    summary.joints.push_back({joint.name, root ? std::nullopt : std::optional<std::size_t>(std::size_t(joint.parent))});
    names.push_back(printable(joint.name));
    if (root) roots.push_back(printable(joint.name));
  }
  summary.hierarchy_depth = hierarchy_depth(model.skeleton);
  summary.notes = model.notes;
  std::string text = fmt::format("{}: {}, {} bytes\n", printable_path(path), model.title, size);
  const auto line = [&text](std::string_view label, const std::string& value) { text += fmt::format("  {:<12}{}\n", label, value); };
  line(model.joint_word, fmt::format("{}{}{}", names.size(), names.empty() ? "" : ": ", fmt::join(names, ", ")));
  line("depth", fmt::format("{} (the most {} on a path from a root)", summary.hierarchy_depth, model.joint_word));
  line("roots", roots.empty() ? std::string("none") : fmt::format("{}", fmt::join(roots, ", ")));
  if (!model.notes.empty()) {
    line("notes", fmt::format("{} (what the reader met and did not read)", model.notes.size()));
    for (const Diagnostic& note : model.notes) text += fmt::format("    {}\n", printable_line(note.message));
  }
  std::size_t present = 0;
  std::string listed;
  for (const auto& sequence : model.sequences) {
    // A file outside the model's folder (and the roots given) is not looked at: it is not there;
    // nor is one whose name, in either case, is two files.
    const auto resolved = detail::resolve_reference(path, sequence.file, options);
    const bool exists = resolved && detail::source_file_kind(*resolved, options) == FileKind::file;
    present += exists ? 1 : 0;
    summary.sequences.push_back({sequence.name, sequence.file, sequence.declared_by, sequence.how_named, exists,
                                 resolved ? *resolved : std::string()});
    std::string how = sequence.declared_by.empty() ? "" : "on " + printable(sequence.declared_by) + "; ";
    if (!sequence.how_named.empty()) how += sequence.how_named + "; ";
    if (!resolved) {
      how += resolved.error().code == ErrorCode::bad_value ? "refused: " + printable(resolved.error().message) + "; "
                                                           : "refused: outside the model's folder and the roots given; ";
    }
    listed += fmt::format("    {:<11} {} ({}{})\n", printable(sequence.name), printable(sequence.file), how,
                          exists ? "present" : "missing");
  }
  line("sequences", model.sequences.empty() ? std::string("none")
                                            : fmt::format("{}, {} of their files present", model.sequences.size(), present));
  text += listed;
  if (summary.shows) {
    const SummaryShows& counted = *summary.shows;
    line("meshes", fmt::format("{} ({} triangles){}", counted.meshes, counted.triangles,
                               counted.meshes_missing ? fmt::format(", {} not found or not read", counted.meshes_missing) : ""));
    line("materials", fmt::format("{}", counted.materials));
    line("textures", fmt::format("{} found, {} missing{}", counted.textures, counted.textures_missing,
                                 counted.textures_shared ? fmt::format(" ({} in the game's shared textures)", counted.textures_shared) : ""));
    for (const std::string& note : counted.notes) text += fmt::format("    {}\n", printable_line(note));
  }
  summary.text = std::move(text);
  summary.json = pretty_json(detail::summary_json(summary));
  return summary;
}

}  // namespace

Expected<Summary> model_summary(const std::string& path, const OpenOptions& given) {
  auto summary = guard([&]() -> Expected<Summary> {
    const OpenOptions options = detail::with_files(given);
    auto opened = detail::open_model_file(path, options);
    if (!opened) return opened.error();
    const detail::FormatEntry& entry = *opened->entry;
    std::optional<SummaryShows> shows;
    if (entry.model_shows && options.meshes) {
      auto counted = entry.model_shows(path, opened->bytes, options);
      if (!counted) return counted.error();
      // A model that names no mesh shows nothing to count.
      if (counted->meshes + counted->meshes_missing > 0) shows = std::move(*counted);
    }
    return describe(path, opened->bytes.size(), entry, opened->model, options, std::move(shows));
  });
  if (!summary && summary.error().file.empty()) summary.error().file = path;
  return summary;
}

}  // namespace anmkit
