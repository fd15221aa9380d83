// A model file as a document (GEM .mdl, LM .bin): its summary (skeleton, sequences looked for,
// what it shows), its reader's notes as its diagnostics, its bytes as they were, and glTF of the
// whole figure with every sequence, through its entry.

#include <algorithm>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "anmkit/core/json_pretty.hpp"
#include "anmkit/core/printable.hpp"
#include "file_documents.hpp"
#include "model_file.hpp"
#include "referenced_input.hpp"
#include "summary.hpp"

namespace anmkit::detail {
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

// The model's sequences, each looked for as the game finds it, and why a name was refused ("" for
// none), a line each.
std::vector<SummarySequence> looked_for(const std::string& path, const ModelFile& model, const OpenOptions& options,
                                        std::vector<std::string>& refusals) {
  std::vector<SummarySequence> out;
  for (const auto& sequence : model.sequences) {
    // A file outside the model's folder (and the roots given) is not looked at: it is not there;
    // nor is one whose name, in either case, is two files.
    const auto resolved = resolve_reference(path, sequence.file, options);
    const bool exists = resolved && source_file_kind(*resolved, options) == FileKind::file;
    out.push_back({sequence.name, sequence.file, sequence.declared_by, sequence.how_named, exists, resolved ? *resolved : std::string()});
    refusals.push_back(resolved                                           ? std::string()
                       : resolved.error().code == ErrorCode::bad_value ? printable(resolved.error().message)
                                                                        : "outside the model's folder and the roots given");
  }
  return out;
}

Summary describe(const std::string& path, std::uint64_t size, const FormatEntry& entry, const ModelFile& model,
                 const OpenOptions& options, std::optional<SummaryShows> shows) {
  Summary summary;
  summary.shows = std::move(shows);
  summary.file = path;
  summary.size = size;
  summary.format = entry.info.name;
  summary.kind = kind_name(DocumentKind::model);
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
  std::vector<std::string> refusals;
  summary.sequences = looked_for(path, model, options, refusals);
  for (std::size_t i = 0; i < summary.sequences.size(); ++i) {
    const SummarySequence& sequence = summary.sequences[i];
    present += sequence.exists ? 1 : 0;
    std::string how = sequence.declared_by.empty() ? "" : "on " + printable(sequence.declared_by) + "; ";
    if (!sequence.how_named.empty()) how += sequence.how_named + "; ";
    if (!refusals[i].empty()) how += "refused: " + refusals[i] + "; ";
    listed += fmt::format("    {:<11} {} ({}{})\n", printable(sequence.name), printable(sequence.file), how,
                          sequence.exists ? "present" : "missing");
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
  summary.json = pretty_json(summary_json(summary));
  return summary;
}

class ModelDocument final : public FormatModel {
 public:
  ModelDocument(const FormatEntry& entry, ModelFile model, std::span<const std::uint8_t> bytes, std::string path)
      : entry_(entry), model_(std::move(model)), bytes_(bytes.begin(), bytes.end()), path_(std::move(path)) {}

  DocumentKind kind() const override { return DocumentKind::model; }
  // A model validates as it reads: what its reader did not read are its warnings.
  std::vector<Diagnostic> validate() const override { return model_.notes; }
  Expected<Bytes> write() const override { return bytes_; }
  nlohmann::ordered_json to_json() const override {
    throw ErrorException{make_error(ErrorCode::unsupported, fmt::format("a {} has no JSON dump: its text is its lossless form", model_.title))};
  }
  nlohmann::ordered_json summary(const OpenOptions&) const override { return {}; }
  std::string summary_text(const nlohmann::ordered_json&) const override { return {}; }

  Expected<model::Skeleton> skeleton(const OpenOptions& options) const override {
    // In the axes its animations' clips are in (the figure's), as the animation's skeleton() gives it.
    if (!entry_.model_figure) return model_.skeleton;
    OpenOptions bare = options;
    bare.meshes = false;
    auto figure = entry_.model_figure(path_, bytes_, bare);
    if (!figure) return figure.error();
    return std::move(figure->skeleton);
  }

  Expected<Summary> file_summary(const std::string& name, const OpenOptions& options) const override {
    std::optional<SummaryShows> shows;
    if (entry_.model_shows && options.meshes) {
      auto counted = entry_.model_shows(path_, bytes_, options);
      if (!counted) return counted.error();
      // A model that names no mesh shows nothing to count.
      if (counted->meshes + counted->meshes_missing > 0) shows = std::move(*counted);
    }
    return describe(name, bytes_.size(), entry_, model_, options, std::move(shows));
  }

  Expected<std::vector<SummarySequence>> sequences(const OpenOptions& options) const override {
    std::vector<std::string> refusals;
    return looked_for(path_, model_, options, refusals);
  }

  Expected<GltfOutput> model_gltf(const OpenOptions& options, bool binary) const override {
    if (!entry_.model_to_gltf) return not_a_model();
    return entry_.model_to_gltf(path_, bytes_, options, binary);
  }

  Expected<ModelFigure> model_figure(const OpenOptions& options) const override {
    if (entry_.model_figure) return entry_.model_figure(path_, bytes_, options);
    ModelFigure out;
    out.skeleton = model_.skeleton;
    return out;
  }

  Expected<std::vector<std::string>> files_read(const OpenOptions& options) const override {
    if (!entry_.model_files_read) return std::vector<std::string>();
    return entry_.model_files_read(path_, bytes_, options);
  }

  Expected<std::vector<std::string>> figure_files(const OpenOptions& options) const override {
    if (!entry_.model_figure_files || !options.meshes) return std::vector<std::string>();
    return entry_.model_figure_files(path_, bytes_, options);
  }

  Expected<std::vector<std::string>> sequence_files(const ReadLimits& limits) const override {
    if (!entry_.sequence_files) return not_a_model();
    return entry_.sequence_files(bytes_, limits);
  }

  Expected<Bytes> with_sequence(std::string_view name, std::string_view file, const ReadLimits& limits) const override {
    if (!entry_.add_sequence) return make_error(ErrorCode::unsupported, "this format's model files declare no sequences");
    return entry_.add_sequence(bytes_, name, file, limits);
  }

 protected:
  // A model that its format reads by pairing (LM .bin) and that names no animations.
  Error not_a_model() const override {
    return make_error(ErrorCode::unsupported, fmt::format("a {} names no animations to convert with it", model_.title));
  }

 private:
  const FormatEntry& entry_;
  ModelFile model_;
  Bytes bytes_;
  std::string path_;  // where its references are resolved from
};

}  // namespace

Expected<OpenedFile> read_model_document(std::span<const std::uint8_t> bytes, const std::string& name, const OpenOptions& options) {
  auto read = read_model_bytes(name, bytes, options.limits);
  if (!read) return read.error();
  auto model = std::make_shared<const ModelDocument>(*read->entry, std::move(read->model), bytes, name);
  return OpenedFile{read->entry, std::move(model)};
}

}  // namespace anmkit::detail
