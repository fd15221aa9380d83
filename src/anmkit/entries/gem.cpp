// The GEM format's registry entry: EANM animations, their .mdl skeletons, versions to convert to.

#include <memory>

#include <fmt/format.h>

#include "anmkit/formats/gem/armour_json.hpp"
#include "anmkit/formats/gem/gem_clip.hpp"
#include "anmkit/formats/gem/gem_extras.hpp"
#include "anmkit/formats/gem/gem_info.hpp"
#include "anmkit/formats/gem/gem_json.hpp"
#include "anmkit/formats/gem/gem_merge.hpp"
#include "anmkit/formats/gem/gem_read.hpp"
#include "anmkit/formats/gem/gem_time_edit.hpp"
#include "anmkit/formats/gem/gem_validate.hpp"
#include "anmkit/formats/gem/gem_write.hpp"
#include "anmkit/formats/gem/mdl.hpp"
#include "anmkit/formats/gem/mdl_edit.hpp"
#include "anmkit/formats/gem/mesh/mtl_json.hpp"
#include "anmkit/formats/gem/mesh/mtl_material.hpp"
#include "anmkit/formats/gem/mesh/mtl_read.hpp"
#include "anmkit/formats/gem/mesh/mtl_validate.hpp"
#include "anmkit/formats/gem/mesh/ply_info.hpp"
#include "anmkit/formats/gem/mesh/ply_json.hpp"
#include "anmkit/formats/gem/mesh/ply_read.hpp"
#include "anmkit/formats/gem/mesh/ply_validate.hpp"
#include "anmkit/formats/gem/mesh/vol_file.hpp"
#include "anmkit/formats/gem/mesh/vol_json.hpp"
#include "anmkit/formats/gem/mesh/vol_validate.hpp"
#include "anmkit/core/path_text.hpp"
#include "anmkit/core/printable.hpp"
#include "anmkit/gltf/clip_gltf.hpp"
#include "anmkit/gltf/gltf.hpp"
#include "../clip_export.hpp"
#include "../format_entry.hpp"
#include "../animation_names.hpp"
#include "../referenced_input.hpp"
#include "../summary.hpp"
#include "gem/gem_figure.hpp"
#include "gem/gem_mesh_motion.hpp"

namespace anmkit::detail {
namespace {


// GEM's world is left-handed (forward +X, Z up, a vehicle's right wheels at +Y), glTF's right-handed:
// negating Y puts the right wheels on the right. GEM is Z up, glTF Y up: -90 degrees about X
// takes +Z to +Y. About 20 GEM units to a metre.
constexpr model::Vec3 left_to_right_handed{1, -1, 1};
constexpr float quarter = 0.70710678f;
constexpr model::Quat z_up_to_y_up{-quarter, 0, 0, quarter};
constexpr float gem_metres_per_unit = 0.05f;

model::Skeleton in_gem_space(model::Skeleton skeleton) {
  skeleton.to_right_handed = left_to_right_handed;
  skeleton.to_y_up = z_up_to_y_up;
  skeleton.metres_per_unit = gem_metres_per_unit;
  return skeleton;
}

Expected<gem::Mdl> read_skeleton(const std::string& path, const OpenOptions& options) {
  auto text = read_input(path, options);
  if (!text) return text.error();
  if (gem::looks_like_gem(*text)) {
    Wording why("a GEM animation, not a model: ");
    why += naming("skeleton", "the skeleton option");
    why += " takes the model's .mdl";
    Error e = make_error(ErrorCode::unknown_format, std::move(why), 0);
    e.file = path;
    return e;
  }
  // Any other text says why it is no model as the .mdl reader says it, whichever front end asks;
  // a text with no {skeleton} at all, in the words of the option that named it.
  auto mdl = gem::read_mdl(*text, options.limits);
  if (!mdl && mdl.error().code == ErrorCode::bad_magic) {
    const bool armour = gem::looks_like_armour(*text);
    Wording why(armour ? "a GEM armour file, not a model: " : "not a GEM model (.mdl), which ");
    why += naming("skeleton", "the skeleton option");
    why += armour ? " takes the model's .mdl" : " takes: it has no {skeleton} block";
    Error e = make_error(ErrorCode::unknown_format, std::move(why), 0);
    e.file = path;
    return e;
  }
  if (!mdl) mdl.error().file = path;
  return mdl;
}

// The neutral clip at `fps`, with what glTF needs to bring the file back.
model::Clip clip_of(const gem::File& file, double fps, bool mesh_payloads = true) {
  model::Clip clip = gem::to_clip(file, mesh_payloads);
  clip.fps = fps;
  clip.record = gem::clip_record(file, clip);
  return clip;
}

// The .mdl the options named, read when the file was opened.
struct NamedModel {
  std::string path;
  gem::Mdl mdl;
  model::Skeleton skeleton;
};

class GemModel final : public FormatModel {
 public:
  // `named`: the .mdl the options named; null for none.
  GemModel(gem::File file, std::shared_ptr<const NamedModel> named) : file_(std::move(file)), named_(std::move(named)) {}
  std::string version() const override { return gem::version_name(file_.version); }
  std::string import_target() const override {
    const bool frm3 = !file_.frames.empty() && file_.frames[0].chunk == gem::FrameChunk::frm3;
    return "gem-" + gem::version_name(file_.version) + (frm3 ? "-frm3" : "");
  }
  const gem::File& file() const { return file_; }
  std::vector<Diagnostic> validate() const override { return gem::validate(file_); }
  Expected<Bytes> write() const override { return gem::write(file_); }
  nlohmann::ordered_json to_json() const override { return gem::to_json(file_); }
  nlohmann::ordered_json summary(const OpenOptions&) const override { return gem::summary(file_); }
  std::string summary_text(const nlohmann::ordered_json& summary) const override { return gem::summary_text(summary); }
  Expected<model::Clip> clip(const OpenOptions& options) const override { return clip_of(file_, options.fps); }
  Expected<model::Clip> sampling_clip(const OpenOptions& options) const override {
    return clip_of(file_, options.fps, false);
  }
  Expected<model::Skeleton> skeleton(const OpenOptions&) const override {
    return named_ ? named_->skeleton : in_gem_space({});
  }
  std::optional<FigureExport> figure(const OpenOptions& options, std::vector<Warning>& warnings) const override {
    if (!named_) return std::nullopt;
    std::uint64_t budget = options.limits.max_input_bytes;
    return read_gem_figure(named_->path, named_->mdl, options, budget, warnings, TextureWork::decode_and_png);
  }
  Expected<std::shared_ptr<const FormatModel>> convert(std::string_view target) const override {
    const auto to = gem::parse_target(target);
    if (!to) return FormatModel::convert(target);
    auto converted = gem::from_clip(gem::to_clip(file_), *to);
    if (!converted) return converted.error();
    return std::shared_ptr<const FormatModel>(std::make_shared<GemModel>(std::move(*converted), named_));
  }
  Expected<TimeEdited> edit_time(const model::TimeEdit& edit, const ReadLimits& limits) const override {
    auto edited = gem::edit_time(file_, edit, limits);
    if (!edited) return edited.error();
    TimeEdited out;
    if (!edited->unchanged) out.model = std::make_shared<GemModel>(std::move(edited->file), named_);
    out.notes = std::move(edited->notes);
    return out;
  }

 private:
  gem::File file_;
  std::shared_ptr<const NamedModel> named_;
};

// The model the options name, read once (null when they name none).
Expected<std::shared_ptr<const NamedModel>> skeleton_named(const OpenOptions& options) {
  if (options.skeleton.empty()) return std::shared_ptr<const NamedModel>();
  auto mdl = read_skeleton(options.skeleton, options);
  if (!mdl) return mdl.error();
  model::Skeleton skeleton = in_gem_space(gem::to_skeleton(*mdl));
  return std::make_shared<const NamedModel>(NamedModel{options.skeleton, std::move(*mdl), std::move(skeleton)});
}

Expected<model::Skeleton> import_skeleton(const OpenOptions& options) {
  auto named = skeleton_named(options);
  if (!named) return named.error();
  return (*named)->skeleton;
}

Expected<std::shared_ptr<const FormatModel>> wrap(gem::File file, const OpenOptions& options) {
  auto skeleton = skeleton_named(options);
  if (!skeleton) return skeleton.error();
  return std::shared_ptr<const FormatModel>(std::make_shared<GemModel>(std::move(file), std::move(*skeleton)));
}

Expected<std::shared_ptr<const FormatModel>> read(std::span<const std::uint8_t> bytes, const OpenOptions& options) {
  auto file = gem::read(bytes, options.limits);
  if (!file) return file.error();
  return wrap(std::move(*file), options);
}

Expected<std::shared_ptr<const FormatModel>> from_json(const nlohmann::ordered_json& document, const OpenOptions& options) {
  auto file = gem::from_json(document, options.limits);
  if (!file) return file.error();
  return wrap(std::move(*file), options);
}

// What a glTF without anmkit's record (extras.anmkit) cannot give back, said once.
Wording no_record_warning() {
  Wording out(
      "the glTF carries no record of a GEM file (extras.anmkit: Blender and most tools drop it): mesh-animation keys and comments "
      "cannot be restored, the bone order is the nodes' and the version the target's; give the original file with ");
  out += naming("base", "the base option");
  out += " to keep them";
  return out;
}

Expected<std::shared_ptr<const FormatModel>> from_clip(const model::Clip& clip, std::string_view target,
                                                       const GltfImportOptions& options, const FormatModel* base,
                                                       std::vector<Wording>& warnings) {
  if (const auto* original = dynamic_cast<const GemModel*>(base)) {
    const gem::File& file = original->file();
    // The base's own version and frame chunks win over --to.
    const std::string own = original->import_target();
    if (own != target) {
      warnings.push_back(fmt::format("the base is {} and the file is written as the base is, not as {}", own, target));
    }
    if (!clip.mesh_motions.empty()) {
      warnings.push_back("the glTF's mesh animation is not written over a base: the base's mesh keys are kept as they are");
    }
    auto merged = gem::merge_with_base(file, clip, options.tolerance);
    if (!merged) return merged.error();
    for (auto& w : merged->warnings) warnings.push_back(std::move(w));
    return wrap(std::move(merged->file), {});
  }
  // A new sequence made on the model's skeleton has no record to restore: nothing is missing.
  if (clip.record.empty() && options.skeleton.empty()) warnings.push_back(no_record_warning());
  // Shape keys read onto the model become MESH keys of its bones' own meshes.
  model::Clip with_meshes;
  if (!clip.mesh_motions.empty()) {
    OpenOptions named;
    named.limits = options.limits;
    named.skeleton = options.skeleton;
    named.files = options.files ? options.files : disk_files();
    auto model = skeleton_named(named);
    if (!model) return model.error();
    if (!*model) return make_error(ErrorCode::internal, "a mesh animation read onto a skeleton, but no skeleton named");
    with_meshes = clip;
    if (auto added = add_mesh_keys(with_meshes, (*model)->path, (*model)->mdl, (*model)->skeleton, named); !added) return added.error();
  }
  auto file = gem::from_imported_clip(clip.mesh_motions.empty() ? clip : with_meshes, *gem::parse_target(target), options.tolerance);
  if (!file) return file.error();
  return wrap(std::move(*file), {});
}

bool sniff_model(std::span<const std::uint8_t> text) { return gem::looks_like_mdl(text); }

// The .mdl at `path` read, an error naming it.
Expected<gem::Mdl> mdl_named(const std::string& path, std::span<const std::uint8_t> text, const ReadLimits& limits) {
  auto mdl = gem::read_mdl(text, limits);
  if (!mdl) mdl.error().file = path;
  return mdl;
}

// What the .mdl shows, its files found and no texture decoded (the files a run protects and a
// caller hands over), within a budget of its own; its warnings are not wanted.
FigureExport found_figure(const std::string& path, const gem::Mdl& mdl, const OpenOptions& options) {
  std::vector<Warning> warnings;
  std::uint64_t budget = options.limits.max_input_bytes;
  return read_gem_figure(path, mdl, options, budget, warnings, TextureWork::find);
}

// The skeleton with every sequence it names (files beside the .mdl) as an animation each.
Expected<GltfOutput> model_to_gltf(const std::string& path, std::span<const std::uint8_t> text, const OpenOptions& options,
                                   bool binary) {
  auto mdl = mdl_named(path, text, options.limits);
  if (!mdl) return mdl.error();
  GltfOutput out;
  const model::Skeleton skeleton = in_gem_space(gem::to_skeleton(*mdl));
  out.bones = skeleton.joints.size();
  std::uint64_t budget = options.limits.max_input_bytes - std::min<std::uint64_t>(text.size(), options.limits.max_input_bytes);
  std::optional<FigureExport> figure;
  if (options.meshes) figure = read_gem_figure(path, *mdl, options, budget, out.warnings, TextureWork::decode_and_png);
  FigureScene scene(skeleton, figure ? &*figure : nullptr);
  const auto skip = [&](const std::string& name, const Error& e) {
    ++out.sequences_skipped;
    // "FILE:OFFSET: error: MESSAGE": the message ends it, and keeps the settings it names.
    const std::string whole = e.to_string();
    Wording why(fmt::format("sequence '{}': {}", name, whole.substr(0, whole.size() - e.message.size())));
    why += wording_of(e);
    why += " (skipped)";
    out.warnings.push_back({path, std::move(why.text), std::move(why.settings)});
  };
  // The scene refers to each clip's mesh payloads until it is written.
  std::vector<std::unique_ptr<const model::Clip>> clips;
  // Every declared sequence is one animation under a name no other has ("repair (turret_r)").
  std::vector<NamedSequence> declared;
  for (const gem::MdlSequence& sequence : mdl->sequences) declared.push_back({sequence.name, sequence.file});
  const std::vector<std::string> names = animation_names(declared);
  for (std::size_t index = 0; index < mdl->sequences.size(); ++index) {
    const gem::MdlSequence& sequence = mdl->sequences[index];
    // Where the game finds it (`\` a separator, either case), else where it was looked for.
    std::string file_path;
    auto bytes = read_referenced_input(path, sequence.file, options, budget, file_path);
    if (!bytes) {
      // Which file was looked for, and why that one: the {file} says so, or the sequence's name.
      const std::string looked_for = sequence.file_given
                                         ? fmt::format("its {{file \"{}\"}} is {}", sequence.file, file_path)
                                         : fmt::format("it has no {{file}}, so it was looked for as {}", file_path);
      Wording why(fmt::format("sequence '{}': {}: ", sequence.name, looked_for));
      why += wording_of(bytes.error());
      why += " (skipped)";
      out.warnings.push_back({path, std::move(why.text), std::move(why.settings)});
      ++out.sequences_skipped;
      continue;
    }
    out.files_read.push_back(file_path);
    auto file = gem::read(*bytes, options.limits);
    if (!file) {
      file.error().file = file_path;
      skip(sequence.name, file.error());
      continue;
    }
    clips.push_back(std::make_unique<const model::Clip>(clip_of(*file, options.fps)));
    auto added = scene.add_clip(*clips.back(), names[index], file_path, out.warnings);
    if (!added) {
      skip(sequence.name, added.error());
    } else {
      ++out.animations;
    }
  }
  if (auto written = scene.finish(binary, out); !written) return written.error();
  return out;
}

Expected<std::vector<std::string>> sequence_files(std::span<const std::uint8_t> text, const ReadLimits& limits) {
  auto mdl = gem::read_mdl(text, limits);
  if (!mdl) return mdl.error();
  std::vector<std::string> files;
  for (const auto& sequence : mdl->sequences) files.push_back(sequence.file);
  return files;
}

Expected<std::vector<std::uint8_t>> add_sequence(std::span<const std::uint8_t> text, std::string_view name, std::string_view file,
                                                 const ReadLimits& limits) {
  auto mdl = gem::read_mdl(text, limits);
  if (!mdl) return mdl.error();
  auto added = gem::add_sequence(*mdl, name, file);
  if (!added) return added.error();
  return gem::write_mdl(*added);
}

// A .mdl as `info` describes it: its skeleton and the sequence files it names. A text that is no
// model is unknown_format (an armour file is read as a resource); a file named .mdl that does not
// read is this reader's error (model_extension_claims).
Expected<ModelFile> read_model(const std::string& path, std::span<const std::uint8_t> text, const ReadLimits& limits) {
  const gem::MdlKind kind = gem::mdl_kind(text);
  const bool named_so = model::ascii_lower(path_extension(path)) == ".mdl";
  if (kind == gem::MdlKind::neither && !named_so) return make_error(ErrorCode::unknown_format, "not a GEM model (.mdl)");
  auto mdl = gem::read_mdl(text, limits);
  if (!mdl) {
    mdl.error().file = path;
    if (kind == gem::MdlKind::armour) mdl.error().code = ErrorCode::unknown_format;
    return mdl.error();
  }
  ModelFile out{"GEM model (.mdl)", "bones", gem::to_skeleton(*mdl), {}, {}};
  out.notes = mdl->notes;
  for (const auto& sequence : mdl->sequences) {
    out.sequences.push_back({sequence.name, sequence.file, sequence.file_given ? "" : "no {file}: named after the sequence",
                             sequence.bone >= 0 ? mdl->bones[std::size_t(sequence.bone)].name : std::string()});
  }
  return out;
}

// Every file the figure looks for and finds (meshes and materials read where their bytes are at
// hand, textures found).
Expected<std::vector<std::string>> model_figure_files(const std::string& path, std::span<const std::uint8_t> text,
                                                      const OpenOptions& options) {
  auto mdl = mdl_named(path, text, options.limits);
  if (!mdl) return mdl.error();
  return found_figure(path, *mdl, options).files_found;
}

// Every file model_to_gltf reads beside the .mdl: its figure's files found as `info` finds them
// (meshes and materials read, textures found), and its sequences' files that are there.
Expected<std::vector<std::string>> model_files_read(const std::string& path, std::span<const std::uint8_t> text,
                                                    const OpenOptions& options) {
  auto mdl = mdl_named(path, text, options.limits);
  if (!mdl) return mdl.error();
  std::vector<std::string> out;
  if (options.meshes) out = found_figure(path, *mdl, options).files_read;
  for (const gem::MdlSequence& sequence : mdl->sequences) {
    auto found = resolve_reference(path, sequence.file, options);
    if (found && source_file_kind(*found, options) == FileKind::file) out.push_back(std::move(*found));
  }
  return out;
}

// What a .mdl shows, counted: its meshes read, their materials read, their textures looked for.
Expected<SummaryShows> model_shows(const std::string& path, std::span<const std::uint8_t> text, const OpenOptions& options) {
  auto mdl = mdl_named(path, text, options.limits);
  if (!mdl) return mdl.error();
  std::vector<Warning> warnings;
  std::uint64_t budget = options.limits.max_input_bytes;
  // What the model shows: its collision volumes are not counted among its meshes.
  OpenOptions shown = options;
  shown.volumes = false;
  const FigureExport figure = read_gem_figure(path, *mdl, shown, budget, warnings, TextureWork::find);
  SummaryShows shows;
  shows.meshes = figure.figure.meshes.size();
  shows.meshes_missing = figure.meshes_missing;
  for (const model::Mesh& mesh : figure.figure.meshes) {
    for (const model::Primitive& p : mesh.primitives) shows.triangles += p.indices.size() / 3;
  }
  shows.materials = figure.figure.materials.size();
  shows.textures = figure.figure.textures.size();
  shows.textures_missing = figure.textures_missing;
  shows.textures_shared = figure.textures_shared;
  for (const Warning& w : warnings) shows.notes.push_back(w.message);
  return shows;
}

// A .mdl's skeleton and figure, its textures decoded (the C API's figures).
Expected<ModelFigure> model_figure(const std::string& path, std::span<const std::uint8_t> text, const OpenOptions& options) {
  auto mdl = mdl_named(path, text, options.limits);
  if (!mdl) return mdl.error();
  ModelFigure out;
  out.skeleton = in_gem_space(gem::to_skeleton(*mdl));
  if (!options.meshes) return out;
  std::uint64_t budget = options.limits.max_input_bytes - std::min<std::uint64_t>(text.size(), options.limits.max_input_bytes);
  FigureExport figure = read_gem_figure(path, *mdl, options, budget, out.warnings, TextureWork::decode);
  out.figure = std::move(figure.figure);
  out.mesh_animation = std::move(figure.morphs);
  return out;
}

// The game's other files in a vehicle's folder (../shared/spec/gem-mesh.notes.md).
constexpr KnownFile known_files[] = {
    {".ply", "EPLY", "a GEM mesh", "mesh"},
    {".ply", "BPLY", "a GEM map mesh", "mesh"},
    {".mtl", "", "a GEM material", "material"},
    {".dds", "DDS ", "a DDS texture", "texture"},
    {".tga", "", "a TGA texture", "texture"},
    {".vol", "", "a GEM collision volume", "collision volume"},
    {".def", "", "a GEM entity script", "entity script"},
    {".mdl", "", "a GEM armour file", "armour file", gem::looks_like_armour},
    {".ext", "", "a GEM entity script (an extension of a .def)", "entity script"},
};

// A mesh or material file as `info`, `validate` and `dump` say it: the reader's own summary,
// rules and dump, under the heading every summary has.
ResourceReader::Read resource(const std::string& name, std::size_t size, const char* title,
                                nlohmann::ordered_json facts, std::string text, std::vector<Diagnostic> diagnostics,
                                std::function<nlohmann::ordered_json()> dump) {
  ResourceReader::Read read;
  ResourceFile& out = read.file;
  out.summary.file = name;
  out.summary.size = size;
  out.summary.format = "gem";
  out.summary.kind = "resource";
  out.summary.title = title;
  nlohmann::ordered_json fields = {{"format", "gem"}, {"kind", "resource"}, {"title", title}};
  fields.update(facts);
  out.summary.facts = std::make_shared<const SummaryFacts>(SummaryFacts{std::move(fields)});
  out.summary.text = fmt::format("{}: {}, {} bytes\n{}", printable_path(name), title, size, text);
  out.diagnostics = std::move(diagnostics);
  read.dump = std::move(dump);
  return read;
}

Expected<ResourceReader::Read> read_ply_resource(std::span<const std::uint8_t> bytes, const std::string& name, const ReadLimits& limits) {
  auto read = gem::mesh::read_ply(bytes, limits);
  if (!read) return read.error();
  auto ply = std::make_shared<const gem::mesh::PlyFile>(std::move(*read));
  const gem::mesh::PlySummary summary = gem::mesh::ply_summary(*ply);
  nlohmann::ordered_json facts = gem::mesh::ply_summary_json(summary);
  facts.erase("format");  // "gem-ply": the title says it
  return resource(name, bytes.size(), "GEM mesh (.ply, EPLY)", std::move(facts), gem::mesh::summary_text(summary),
                  gem::mesh::validate_ply(*ply), [ply] { return gem::mesh::ply_to_json(*ply); });
}

Expected<ResourceReader::Read> read_mtl_resource(std::span<const std::uint8_t> bytes, const std::string& name, const ReadLimits& limits) {
  auto read = gem::mesh::read_mtl(bytes, limits);
  if (!read) return read.error();
  auto mtl = std::make_shared<const gem::mesh::MtlFile>(std::move(*read));
  const gem::mesh::Material material = gem::mesh::mtl_material(*mtl);
  return resource(name, bytes.size(), "GEM material (.mtl)", gem::mesh::mtl_material_json(material, gem::mesh::mtl_keys_listed),
                  gem::mesh::summary_text(material), gem::mesh::validate_mtl(*mtl, material), [mtl] { return gem::mesh::mtl_to_json(*mtl); });
}

Expected<ResourceReader::Read> read_vol_resource(std::span<const std::uint8_t> bytes, const std::string& name, const ReadLimits& limits) {
  auto read = gem::mesh::read_vol(bytes, limits);
  if (!read) return read.error();
  auto vol = std::make_shared<const gem::mesh::VolFile>(std::move(*read));
  const gem::mesh::VolSummary summary = gem::mesh::vol_summary(*vol);
  nlohmann::ordered_json facts = gem::mesh::vol_summary_json(summary);
  facts.erase("format");
  return resource(name, bytes.size(), "GEM collision volume (.vol, EVLM)", std::move(facts), gem::mesh::summary_text(summary),
                  gem::mesh::validate_vol(*vol), [vol] { return gem::mesh::vol_to_json(*vol); });
}

Expected<ResourceReader::Read> read_armour_resource(std::span<const std::uint8_t> bytes, const std::string& name,
                                                    const ReadLimits& limits) {
  auto read = gem::read_armour(bytes, limits);
  if (!read) return read.error();
  auto armour = std::make_shared<const gem::Armour>(std::move(*read));
  nlohmann::ordered_json facts = {{"forms", armour->forms.size()}, {"volumes", armour->volumes.size()}};
  return resource(name, bytes.size(), "GEM armour file (.mdl): armour and durability, no skeleton", std::move(facts),
                  gem::armour_summary_text(*armour), {}, [armour] { return gem::armour_json(*armour); });
}

// The mesh and the collision volume by their signatures (a BPLY map mesh is refused by the
// reader, saying so); the material, a text, by its extension.
constexpr ResourceReader resources[] = {
    {".ply", gem::mesh::looks_like_ply, read_ply_resource},
    {".mtl", nullptr, read_mtl_resource},
    {".vol", gem::mesh::looks_like_vol, read_vol_resource},
    {".mdl", gem::looks_like_armour, read_armour_resource},
};

const FormatEntry& entry() {
  static const FormatEntry entry{
      .info = {.name = "gem",
               .title = "GEM skeletal animation (EANM)",
               .skeletal = true,
               .whole_frames_only = true,
               .time_edits = true,
               .animation_extension = ".anm",
               .skeleton_extension = ".mdl",
               .skeleton_lists_animations = true,
               .convert_targets = gem::target_names(),
               .import_targets = gem::target_names()},
      .signature = "GEM ('EANM')",
      .sniff = gem::looks_like_gem,
      .read = read,
      .from_json = from_json,
      .from_clip = from_clip,
      .import_skeleton = import_skeleton,
      .import_policy = {.rest_where_unanimated = true, .scale_carries_visibility_and_mirror = true, .drop_within_tolerance = true},
      .sniff_model = sniff_model,
      .model_extension_claims = true,
      .model_to_gltf = model_to_gltf,
      .sequence_files = sequence_files,
      .add_sequence = add_sequence,
      .model_files_read = model_files_read,
      .model_figure_files = model_figure_files,
      .read_model = read_model,
      .model_shows = model_shows,
      .model_figure = model_figure,
      .known_files = known_files,
      .resources = resources,
  };
  return entry;
}

}  // namespace

}  // namespace anmkit::detail

ANMKIT_FORMAT_ENTRY(gem, entry)
