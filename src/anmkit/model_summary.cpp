// model_summary(): what `anmkit info` says about a model file (GEM .mdl, LM .bin): its skeleton
// and the animation files that go with it, each checked on disk, in one layout for every format.

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "anmkit/core/guard.hpp"
#include "anmkit/core/json_pretty.hpp"
#include "anmkit/core/json_text.hpp"
#include "referenced_input.hpp"
#include "registry.hpp"

namespace anmkit {
namespace {

namespace fs = std::filesystem;

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

Summary describe(const std::string& path, std::uint64_t size, std::string_view format, const detail::ModelFile& model) {
  const auto& joints = model.skeleton.joints;
  nlohmann::ordered_json json = {{"file", json_text(path)}, {"size", size}, {"format", format}, {"kind", "model"}};
  json["title"] = model.title;
  json["bone_count"] = joints.size();
  json["hierarchy_depth"] = hierarchy_depth(model.skeleton);
  nlohmann::ordered_json bones = nlohmann::ordered_json::array();
  std::vector<std::string> names, roots;
  for (const auto& joint : joints) {
    const bool root = joint.parent < 0 || std::size_t(joint.parent) >= joints.size();
    bones.push_back({{"name", json_text(joint.name)},
                     {"parent", root ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(json_text(joints[std::size_t(joint.parent)].name))}});
    names.push_back(joint.name);
    if (root) roots.push_back(joint.name);
  }
  json["bones"] = std::move(bones);
  std::string text = fmt::format("{}: {}, {} bytes\n", path, model.title, size);
  const auto line = [&text](std::string_view label, const std::string& value) { text += fmt::format("  {:<12}{}\n", label, value); };
  line(model.joint_word, fmt::format("{}{}{}", names.size(), names.empty() ? "" : ": ", fmt::join(names, ", ")));
  line("depth", fmt::format("{} (the most {} on a path from a root)", json["hierarchy_depth"].get<std::size_t>(), model.joint_word));
  line("roots", roots.empty() ? std::string("none") : fmt::format("{}", fmt::join(roots, ", ")));
  nlohmann::ordered_json sequences = nlohmann::ordered_json::array();
  std::size_t present = 0;
  std::string listed;
  for (const auto& sequence : model.sequences) {
    std::error_code ec;
    const fs::path named(sequence.file);
    const bool exists = !named.is_absolute() && fs::is_regular_file(fs::path(path).parent_path() / named, ec);
    present += exists ? 1 : 0;
    sequences.push_back({{"name", json_text(sequence.name)},
                         {"file", json_text(sequence.file)},
                         {"file_given", sequence.how_named.empty()},
                         {"exists", exists}});
    listed += fmt::format("    {:<11} {} ({}{})\n", sequence.name, sequence.file,
                          sequence.how_named.empty() ? "" : sequence.how_named + "; ", exists ? "present" : "missing");
  }
  json["sequences"] = std::move(sequences);
  line("sequences", model.sequences.empty() ? std::string("none")
                                            : fmt::format("{}, {} of their files present", model.sequences.size(), present));
  return Summary{text + listed, pretty_json(json)};
}

}  // namespace

Expected<Summary> model_summary(const std::string& path, const OpenOptions& options) {
  auto summary = guard([&]() -> Expected<Summary> {
    auto bytes = detail::read_input(path, options);
    if (!bytes) return bytes.error();
    for (const detail::FormatEntry* entry : detail::entries()) {
      if (!entry->read_model) continue;
      auto model = entry->read_model(path, *bytes);
      if (!model && model.error().code == ErrorCode::unknown_format) continue;
      if (!model) return model.error();
      return describe(path, bytes->size(), entry->info.name, *model);
    }
    return make_error(ErrorCode::unknown_format, "not a model file (.mdl or .bin) either");
  });
  if (!summary && summary.error().file.empty()) summary.error().file = path;
  return summary;
}

}  // namespace anmkit
