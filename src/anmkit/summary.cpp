// summary_json: the object `anmkit info --json` prints, rendered from the summary's values.

#include "summary.hpp"

#include "anmkit/core/json_pretty.hpp"
#include "anmkit/core/json_text.hpp"

namespace anmkit {
namespace detail {

nlohmann::ordered_json summary_json(const Summary& summary) {
  const auto& joints = summary.joints;
  nlohmann::ordered_json out = {{"file", json_text(summary.file)}, {"size", summary.size}};
  if (summary.kind != "model") {
    if (summary.facts) out.update(summary.facts->fields);  // the format's fields lead with its name ("format") and version
    return out;
  }
  out["format"] = summary.format;
  out["kind"] = summary.kind;
  out["title"] = summary.title;
  out["bone_count"] = joints.size();
  out["hierarchy_depth"] = summary.hierarchy_depth;
  nlohmann::ordered_json bones = nlohmann::ordered_json::array();
  for (const SummaryJoint& joint : joints) {
    const bool root = !joint.parent || *joint.parent >= joints.size();
    bones.push_back({{"name", json_text(joint.name)},
                     {"parent", root ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(json_text(joints[*joint.parent].name))}});
  }
  out["bones"] = std::move(bones);
  nlohmann::ordered_json listed = nlohmann::ordered_json::array();
  for (const SummarySequence& sequence : summary.sequences) {
    nlohmann::ordered_json s = {{"name", json_text(sequence.name)}, {"file", json_text(sequence.file)}};
    if (!sequence.declared_by.empty()) s["declared_by"] = json_text(sequence.declared_by);
    s["file_given"] = sequence.how_named.empty();
    s["exists"] = sequence.exists;
    listed.push_back(std::move(s));
  }
  out["sequences"] = std::move(listed);
  nlohmann::ordered_json model_notes = nlohmann::ordered_json::array();
  for (const Diagnostic& n : summary.notes) model_notes.push_back({{"id", n.id},
                           {"offset", n.offset ? nlohmann::ordered_json(*n.offset) : nlohmann::ordered_json(nullptr)},
                           {"message", json_text(n.message)}});
  out["notes"] = std::move(model_notes);
  if (const auto& shows = summary.shows) {
    nlohmann::ordered_json notes = nlohmann::ordered_json::array();
    for (const auto& n : shows->notes) notes.push_back(json_text(n));
    out["shows"] = {{"meshes", shows->meshes},
                    {"meshes_missing", shows->meshes_missing},
                    {"triangles", shows->triangles},
                    {"materials", shows->materials},
                    {"textures", shows->textures},
                    {"textures_missing", shows->textures_missing},
                    {"textures_shared", shows->textures_shared},
                    {"notes", std::move(notes)}};
  }
  return out;
}

}  // namespace detail

std::string summaries_json(const std::vector<Summary>& summaries) {
  nlohmann::ordered_json all = nlohmann::ordered_json::array();
  for (const Summary& summary : summaries) all.push_back(detail::summary_json(summary));
  return pretty_json(all);
}

}  // namespace anmkit
