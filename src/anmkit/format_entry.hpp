#pragma once
// What a format gives the front door: one FormatEntry, registered by the format's own entry file
// with ANMKIT_FORMAT_ENTRY. Everything that differs between formats lives in its entry; the
// front door, the C API and the clients only read entries.
//
//   const FormatEntry& entry() {
//     static const FormatEntry e{.info = {.name = "xyz", ...}, .sniff = ..., .read = ...};
//     return e;
//   }
//   ANMKIT_FORMAT_ENTRY(xyz, entry)

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "anmkit/anmkit.hpp"
#include "anmkit/gltf/gltf_import.hpp"
#include "figure_export.hpp"

namespace anmkit::detail {

using Bytes = std::vector<std::uint8_t>;

// A model file (GEM .mdl, LM .bin) as `info` describes it: the skeleton, and the animation files
// it names or is paired with, as written (the front door resolves and checks them).
struct ModelFile {
  std::string title;        // "GEM model (.mdl)"
  std::string joint_word;   // what the format calls a joint: "bones", "nodes"
  model::Skeleton skeleton;
  struct Sequence {
    std::string name;
    std::string file;         // relative to the model's folder
    std::string how_named;    // "" when the model names the file; else how it was found ("no {file}: ...")
    std::string declared_by;  // the joint whose block declares it; "" when the format does not say
  };
  std::vector<Sequence> sequences;
  std::vector<Diagnostic> notes;  // warnings: what the reader met and did not read, or doubts ("line 12: ...")
};

// One opened file of one format. Calls are per document, never per field.
class FormatModel {
 public:
  virtual ~FormatModel() = default;
  virtual std::string version() const { return {}; }
  // The glTF import target (FormatInfo::import_targets) that writes a file as this one is: its
  // version and layout ("gem-6.1-frm3"); "" when none does.
  virtual std::string import_target() const { return {}; }
  virtual std::vector<Diagnostic> validate() const = 0;
  virtual Expected<Bytes> write() const = 0;
  virtual nlohmann::ordered_json to_json() const = 0;
  // The summary's JSON fields after file and size, and its text after the heading line.
  virtual nlohmann::ordered_json summary(const OpenOptions& options) const = 0;
  virtual std::string summary_text(const nlohmann::ordered_json& summary) const = 0;
  virtual Expected<model::Clip> clip(const OpenOptions&) const { return unsupported("skeletal clip"); }
  // The clip without what sampling never reads (mesh payloads): see Document::sampling_clip.
  virtual Expected<model::Clip> sampling_clip(const OpenOptions& options) const { return clip(options); }
  virtual Expected<model::Skeleton> skeleton(const OpenOptions&) const { return unsupported("skeleton"); }
  // What the skeleton file the options named shows on it (GEM: the .mdl's meshes), for glTF;
  // nullopt when it names none or the format's models show nothing. What is missing is a warning.
  virtual std::optional<FigureExport> figure(const OpenOptions&, std::vector<Warning>&) const { return std::nullopt; }
  virtual Expected<model::SpriteAnimation> sprite(const OpenOptions&) const { return unsupported("sprite frames"); }
  virtual Expected<std::shared_ptr<const FormatModel>> convert(std::string_view target) const;
  // Time edits (model/time_edit.hpp; FormatInfo::time_edits): the file with `edit` applied.
  struct TimeEdited {
    std::shared_ptr<const FormatModel> model;  // null when the edit changes nothing
    std::vector<std::string> notes;            // what the edit left out or could not keep as it was
  };
  virtual Expected<TimeEdited> edit_time(const model::TimeEdit&, const ReadLimits&) const {
    return make_error(ErrorCode::unsupported, "this format has no time edits yet");
  }
  virtual Expected<std::shared_ptr<const FormatModel>> replace_frames(
      const std::vector<std::pair<std::size_t, Document::FramePicture>>&, const Document::FrameImportOptions&) const {
    return unsupported("sprite frames");
  }

  // What the file is. A model or a resource (file_documents.hpp) answers the calls below; an
  // animation answers those above, and its summary is built by the door from summary().
  virtual DocumentKind kind() const { return DocumentKind::animation; }
  virtual Expected<Summary> file_summary(const std::string& /*name*/, const OpenOptions&) const {
    return make_error(ErrorCode::unsupported, "an animation's summary is the door's");
  }
  virtual Expected<GltfOutput> model_gltf(const OpenOptions&, bool /*binary*/) const { return not_a_model(); }
  virtual Expected<ModelFigure> model_figure(const OpenOptions&) const { return not_a_model(); }
  virtual Expected<std::vector<std::string>> files_read(const OpenOptions&) const { return not_a_model(); }
  virtual Expected<std::vector<std::string>> figure_files(const OpenOptions&) const { return not_a_model(); }
  virtual Expected<std::vector<std::string>> sequence_files(const ReadLimits&) const { return not_a_model(); }
  virtual Expected<std::vector<SummarySequence>> sequences(const OpenOptions&) const { return not_a_model(); }
  virtual Expected<Bytes> with_sequence(std::string_view /*name*/, std::string_view /*file*/, const ReadLimits&) const {
    return not_a_model();
  }

 protected:
  Error unsupported(std::string_view what) const;
  // unsupported: the call is a model file's ("not a model file that names animations").
  virtual Error not_a_model() const;
};

using ReadModel = Expected<std::shared_ptr<const FormatModel>>;

// A file of the game that lies beside the format's animations and that anmkit does not convert
// (a mesh, a material, a texture): known by its first bytes, or where it has no signature by its
// extension, so that opening one says what it is instead of "not a recognised animation".
struct KnownFile {
  std::string_view extension;  // lower case, with the dot
  std::string_view magic;      // its first bytes; empty: known by the extension alone
  std::string_view what;       // "a GEM mesh"
  std::string_view kind;       // what a folder's count calls it: "mesh", "material", "texture", ...
  // Its content says it is one (a text whose extension other files share: GEM's armour .mdl);
  // nullptr: the magic or the extension decide.
  bool (*sniff)(std::span<const std::uint8_t> bytes) = nullptr;
};

// What a resource's reader says of it: the summary (kind "resource"), headed by the file's name,
// and its diagnostics against the format's rules, with byte offsets.
struct ResourceFile {
  Summary summary;
  std::vector<Diagnostic> diagnostics;
};

// A file of the game that the format reads beside its animations but does not animate (GEM: a
// .ply mesh, a .mtl material): what `info`, `validate` and `dump` say of it (a Document of kind
// resource: file_documents.hpp).
struct ResourceReader {
  std::string_view extension;  // lower case, with the dot
  // Its first bytes say it is one; nullptr: a text known by its extension alone.
  bool (*sniff)(std::span<const std::uint8_t> bytes) = nullptr;
  struct Read {
    ResourceFile file;  // the summary's title, text (headed by the name) and facts; the diagnostics
    // The lossless dump, made when asked for from the model it keeps (a dump is tens of times
    // its file's size: `info` and `validate` never make one).
    std::function<nlohmann::ordered_json()> dump;
  };
  Expected<Read> (*read)(std::span<const std::uint8_t> bytes, const std::string& name, const ReadLimits& limits) = nullptr;
};

struct FormatEntry {
  // Its strings are string literals: the C API hands them out as C strings.
  FormatInfo info;
  // How detection knows the format, in the words of the message for bytes no format knows:
  // a signature ("GEM ('EANM')"; formats with one are tried first) or, for a format without
  // one, what its bytes must look like ("a plausible LM header"; tried last).
  std::string_view signature;
  std::string_view heuristic;
  bool (*sniff)(std::span<const std::uint8_t> bytes) = nullptr;
  ReadModel (*read)(std::span<const std::uint8_t> bytes, const OpenOptions& options) = nullptr;
  // Checks the reader's limits, so that what it builds reads back. Both read what the options
  // name (a skeleton file) here, once: an opened file's accessors read no file.
  ReadModel (*from_json)(const nlohmann::ordered_json& document, const OpenOptions& options) = nullptr;
  // A clip imported from glTF, written as `target` (one of info.import_targets); nullptr when
  // the format is not skeletal. `base`, when not null, is the original file (a model of this
  // format) to keep what the clip did not change; what is left out goes into `warnings`.
  ReadModel (*from_clip)(const model::Clip& clip, std::string_view target, const GltfImportOptions& options,
                         const FormatModel* base, std::vector<Wording>& warnings) = nullptr;
  // The skeleton a glTF import reads its animation onto (GltfImportOptions::skeleton, read as
  // options.skeleton through options.files), in the format's axes; nullptr when the format
  // takes none.
  Expected<model::Skeleton> (*import_skeleton)(const OpenOptions& options) = nullptr;
  // glTF import: how the clip is read from the glTF's channels, and whether the frame_count this
  // format records in extras.anmkit leaves out the last frame of a file that does not loop.
  gltf::ImportPolicy import_policy;
  bool record_frame_count_excludes_last = false;
  // A model file naming animations (GEM .mdl); nullptr when the format has none.
  bool (*sniff_model)(std::span<const std::uint8_t> text) = nullptr;
  // The game reads every file of info.skeleton_extension as a model (GEM's .mdl): one that does not
  // read is a broken model, reported with read_model's error, not a file of no known kind.
  bool model_extension_claims = false;
  Expected<GltfOutput> (*model_to_gltf)(const std::string& path, std::span<const std::uint8_t> text,
                                        const OpenOptions& options, bool binary) = nullptr;
  Expected<std::vector<std::string>> (*sequence_files)(std::span<const std::uint8_t> text, const ReadLimits& limits) = nullptr;
  // The model's text with a sequence `name` playing `file` declared, the rest byte for byte
  // (model_with_sequence); nullptr when the format's models declare none.
  Expected<std::vector<std::uint8_t>> (*add_sequence)(std::span<const std::uint8_t> text, std::string_view name, std::string_view file,
                                                      const ReadLimits& limits) = nullptr;
  // Every file besides the model that model_to_gltf reads (Document::files_read).
  Expected<std::vector<std::string>> (*model_files_read)(const std::string& path, std::span<const std::uint8_t> text,
                                                         const OpenOptions& options) = nullptr;
  // Every file the model's figure looks for and finds there, read or not (meshes, materials,
  // volumes, textures found, none decoded): Document::files_wanted. nullptr: its models show nothing.
  Expected<std::vector<std::string>> (*model_figure_files)(const std::string& path, std::span<const std::uint8_t> text,
                                                           const OpenOptions& options) = nullptr;
  // A model file of this format read by content (`path` gives an LM .bin its paired name);
  // unknown_format when these bytes are not one; nullptr when the format has no model file.
  Expected<ModelFile> (*read_model)(const std::string& path, std::span<const std::uint8_t> bytes, const ReadLimits& limits) = nullptr;
  // What a model file of this format shows on its skeleton (GEM: meshes, materials, textures),
  // counted for `info` without decoding anything; nullptr when its models show nothing.
  Expected<SummaryShows> (*model_shows)(const std::string& path, std::span<const std::uint8_t> text,
                                        const OpenOptions& options) = nullptr;
  // A model file's skeleton and what it shows, its textures decoded (Document::figure()); nullptr
  // when the format's models show nothing (the front door then gives the skeleton alone).
  Expected<ModelFigure> (*model_figure)(const std::string& path, std::span<const std::uint8_t> text,
                                        const OpenOptions& options) = nullptr;
  std::span<const KnownFile> known_files;
  std::span<const ResourceReader> resources;
};

// A format option's setting, or null when it was not given (checked already: the front door
// calls check_format_options before it reaches an entry).
inline const FormatSetting* find_setting(const FormatSettings& settings, std::string_view name) {
  const auto it = settings.find(name);
  return it == settings.end() ? nullptr : &it->second;
}

// Adds an entry to the registry before main() runs; ANMKIT_FORMAT_ENTRY declares one.
struct FormatRegistration {
  explicit FormatRegistration(const FormatEntry& (*entry)());
};

}  // namespace anmkit::detail

// Registers `entry` (a function returning the format's FormatEntry) under the C++ name `id`.
// The registration's symbol is what the library's generated list of entries refers to, so that
// a static library keeps every entry file it holds.
#define ANMKIT_FORMAT_ENTRY(id, entry) \
  namespace anmkit::detail::registered { extern const FormatRegistration id; const FormatRegistration id{entry}; }
