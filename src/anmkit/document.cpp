// Document: the front door's one opened file, on the format registry.

#include <algorithm>
#include <filesystem>
#include <mutex>
#include <optional>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "anmkit/core/guard.hpp"
#include "anmkit/core/json_input.hpp"
#include "anmkit/core/json_pretty.hpp"
#include "anmkit/core/json_text.hpp"
#include "anmkit/core/path_text.hpp"
#include "anmkit/core/path_utf8.hpp"
#include "anmkit/core/printable.hpp"
#include "anmkit/gltf/gltf_import.hpp"
#include "figure_export.hpp"
#include "file_documents.hpp"
#include "model_file.hpp"
#include "referenced_input.hpp"
#include "registry.hpp"
#include "summary.hpp"

namespace anmkit {
namespace {

Error naming(Error e, const std::string& name) {
  if (e.file.empty()) e.file = name;
  return e;
}

// Every call of the door runs in the library's one guard (core/guard.hpp): errors it returns
// name the document (unless they name a file already), and anything thrown below (an allocation
// that fails, a bug) becomes an error here rather than crossing the door.
template <class Body>
auto guarded(const std::string& name, Body&& body) -> decltype(body()) {
  auto result = guard(std::forward<Body>(body));
  if (!result && result.error().file.empty()) result.error().file = name;
  return result;
}

// What a file of a game is when it is one of the files a format knows lies beside its animations
// (by its first bytes, else by its extension); nullopt when none says.
std::optional<std::string> known_game_file(std::span<const std::uint8_t> bytes, const std::string& name) {
  const std::string extension = model::ascii_lower(utf8(fs_path(name).extension()));
  const detail::KnownFile* by_extension = nullptr;
  for (const detail::FormatEntry* e : detail::entries()) {
    for (const detail::KnownFile& known : e->known_files) {
      const bool starts_so = !known.magic.empty() && bytes.size() >= known.magic.size() &&
                             std::equal(known.magic.begin(), known.magic.end(), bytes.begin());
      if (starts_so) return std::string(known.what) + " (" + std::string(known.extension) + ")";
      if (known.magic.empty() && known.extension == extension && by_extension == nullptr) by_extension = &known;
    }
  }
  if (by_extension == nullptr) return std::nullopt;
  return std::string(by_extension->what) + " (" + std::string(by_extension->extension) + ")";
}

// What no entry recognised, in the entries' words: "no GEM ('EANM') or MM2 (...) signature, and
// not a plausible LM header".
std::string not_recognised() {
  std::vector<std::string_view> signatures, heuristics;
  for (const detail::FormatEntry* e : detail::entries()) {
    if (!e->signature.empty()) signatures.push_back(e->signature);
    if (!e->heuristic.empty()) heuristics.push_back(e->heuristic);
  }
  const auto either = [](const std::vector<std::string_view>& words) {
    std::string out;
    for (std::size_t i = 0; i < words.size(); ++i) out += fmt::format("{}{}", i == 0 ? "" : i + 1 == words.size() ? " or " : ", ", words[i]);
    return out;
  };
  std::string out = "not a recognised animation: ";
  if (!signatures.empty()) out += fmt::format("no {} signature", either(signatures));
  if (!heuristics.empty()) out += fmt::format("{}not {}", signatures.empty() ? "" : ", and ", either(heuristics));
  return out;
}

// Whether a model reader may look at these bytes: a model by its content (GEM's .mdl), or by a
// model extension (LM's .bin, which has no signature: any bytes its reader takes would do).
bool may_be_model(std::span<const std::uint8_t> bytes, const std::string& name) {
  if (detail::model_entry(name, bytes)) return true;
  const std::string extension = model::ascii_lower(std::string(path_extension(name)));
  for (const detail::FormatEntry* e : detail::entries()) {
    if (e->read_model && !e->info.skeleton_extension.empty() && e->info.skeleton_extension == extension) return true;
  }
  return false;
}

}  // namespace

std::string_view kind_name(DocumentKind kind) {
  switch (kind) {
    case DocumentKind::model:
      return "model";
    case DocumentKind::resource:
      return "resource";
    case DocumentKind::animation:
      break;
  }
  return "animation";
}

namespace detail {
// A document's clip, built by the first call that wants it (any thread), kept for the rest.
struct ClipCache {
  std::mutex mutex;
  std::shared_ptr<const model::Clip> clip;
  std::shared_ptr<const model::Clip> sampling;  // without mesh keys; unused once `clip` is built
};
}  // namespace detail

Document::Document(const detail::FormatEntry* entry, std::shared_ptr<const detail::FormatModel> model, std::string name,
                   OpenOptions options)
    : entry_(entry),
      model_(std::move(model)),
      name_(std::move(name)),
      options_(std::move(options)),
      clip_cache_(std::make_shared<detail::ClipCache>()) {}

Expected<std::shared_ptr<const model::Clip>> Document::built_clip() const {
  std::lock_guard lock(clip_cache_->mutex);
  if (!clip_cache_->clip) {
    auto built = model_->clip(options_);
    if (!built) return built.error();
    clip_cache_->clip = std::make_shared<const model::Clip>(std::move(*built));
  }
  return clip_cache_->clip;
}

Expected<std::shared_ptr<const model::Clip>> Document::built_sampling_clip() const {
  std::lock_guard lock(clip_cache_->mutex);
  if (clip_cache_->clip) return clip_cache_->clip;
  if (!clip_cache_->sampling) {
    auto built = model_->sampling_clip(options_);
    if (!built) return built.error();
    clip_cache_->sampling = std::make_shared<const model::Clip>(std::move(*built));
  }
  return clip_cache_->sampling;
}

Expected<Document> Document::open(const std::string& path, const OpenOptions& options) {
  // A file opened from disk reads its skeleton, and what they name, from disk too: one source
  // for all of them, which lists each folder once.
  const OpenOptions with_files = detail::with_files(options);
  auto bytes = detail::read_input(path, with_files);
  if (!bytes) return bytes.error();
  auto document = open(*bytes, with_files, path);
  if (document) document->source_path_ = path;
  return document;
}

Expected<Document> Document::open(std::span<const std::uint8_t> bytes, const OpenOptions& given, std::string name) {
  return guarded(name, [&]() -> Expected<Document> {
    const OpenOptions options = detail::without_files_unless_given(given);
    if (auto checked = check_format_options(options.format_options, false); !checked) return checked.error();
    if (bytes.size() > options.limits.max_input_bytes) {
      return make_error(ErrorCode::too_large,
                        fmt::format("the input is {} bytes, more than the limit of {}", bytes.size(), options.limits.max_input_bytes));
    }
    const detail::FormatEntry* entry = options.kinds.animations ? detail::detect_entry(bytes) : nullptr;
    std::shared_ptr<const detail::FormatModel> model;
    if (entry) {
      auto read = entry->read(bytes, options);
      if (!read) return read.error();
      model = std::move(*read);
    } else {
      // Not an animation: a model, else a resource; a file that one of them claims and refuses
      // is its error, a file none knows the animations' words.
      using Read = Expected<detail::OpenedFile> (*)(std::span<const std::uint8_t>, const std::string&, const OpenOptions&);
      const std::pair<bool, Read> others[] = {{options.kinds.models && may_be_model(bytes, name), detail::read_model_document},
                                              {options.kinds.resources, detail::read_resource_document}};
      // Asked for no animation, a file no reader takes is in the words of the first reader asked.
      std::optional<Error> first_refusal;
      if (options.kinds.models && !others[0].first) {
        first_refusal = detail::not_a_model(name, bytes, "not a model file (.mdl or .bin) either");
      }
      for (const auto& [wanted, read_other] : others) {
        if (!wanted) continue;
        auto read = read_other(bytes, name, options);
        if (!read && read.error().code != ErrorCode::unknown_format) return read.error();
        if (read) {
          entry = read->entry;
          model = std::move(read->model);
          break;
        }
        if (!first_refusal) first_refusal = read.error();
      }
      if (!model && !options.kinds.animations && first_refusal) return *first_refusal;
    }
    if (model) {
      Document document(entry, std::move(model), std::move(name), options);
      document.source_size_ = bytes.size();
      return document;
    }
    if (bytes.empty()) return make_error(ErrorCode::unknown_format, "not a recognised animation: the file is empty", 0);
    if (auto known = known_game_file(bytes, name)) {
      return make_error(ErrorCode::unknown_format,
                        fmt::format("not an animation but {}, one of the game's files that anmkit does not convert", *known), 0);
    }
    return make_error(ErrorCode::unknown_format, not_recognised(), 0);
  });
}

Expected<Document> Document::from_json(std::string_view json, const OpenOptions& given, std::string name) {
  return guarded(name, [&]() -> Expected<Document> {
    const OpenOptions options = detail::without_files_unless_given(given);
    const auto document = json_input::parse(
        std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(json.data()), json.size()),
        options.limits.max_json_depth);
    if (auto checked = check_format_options(options.format_options, false); !checked) return checked.error();
    // The dump names its format; its entry's schema reads the rest.
    if (!document.is_object()) json_input::fail("", fmt::format("expected an object, found {}", document.type_name()));
    const auto format = document.find("format");
    const detail::FormatEntry* entry =
        format != document.end() && format->is_string() ? detail::find_entry(format->get<std::string>()) : nullptr;
    if (!entry) {
      std::string known;
      const auto all = detail::entries();
      for (std::size_t i = 0; i < all.size(); ++i) {
        known += fmt::format("{}\"{}\"", i == 0 ? "" : i + 1 == all.size() ? " or " : ", ", all[i]->info.name);
      }
      if (format == document.end()) json_input::fail("", fmt::format("missing member 'format' (expected {})", known));
      json_input::fail("/format", fmt::format("expected {}, found {}", known, format->dump()));
    }
    auto model = entry->from_json(document, options);
    if (!model) return model.error();
    // What build writes, anmkit reads: the file these bytes make must pass the reader under the
    // same limits (its size, and any rule of the format the dump alone cannot show).
    auto bytes = (*model)->write();
    if (!bytes) return bytes.error();
    // ... and recognises it as this format: detection must pick this entry, not another or none
    // (an LM header with a version detection does not know would make a file nothing opens).
    if (const detail::FormatEntry* seen = detail::detect_entry(*bytes); seen != entry) {
      return make_error(ErrorCode::bad_value,
                        seen ? fmt::format("the document makes a file that anmkit would read as {}, not {}", seen->info.title,
                                           entry->info.title)
                             : fmt::format("the document makes a file that anmkit would not recognise as {}: its bytes are not {}",
                                           entry->info.title, entry->signature.empty() ? entry->heuristic : entry->signature));
    }
    if (auto back = entry->read(*bytes, options); !back) {
      Error e = back.error();
      prepend(e, "the document makes a file that anmkit would refuse to read: ");
      if (e.offset) e.message += fmt::format(" (at byte {} of the written file)", *e.offset);
      e.offset.reset();
      return e;
    }
    return Document(entry, std::move(*model), std::move(name), options);
  });
}

Expected<Document> Document::from_gltf(std::span<const std::uint8_t> gltf, std::string_view target,
                                       const GltfImportOptions& options, std::string name) {
  auto imported = import_gltf(gltf, target, options, std::move(name));
  if (!imported) return imported.error();
  return std::move(imported->document);
}

Expected<Document::GltfImport> Document::import_gltf(std::span<const std::uint8_t> gltf, std::string_view target,
                                                     const GltfImportOptions& options, std::string name) {
  return guarded(name, [&]() -> Expected<GltfImport> {
    const detail::FormatEntry* entry = nullptr;
    for (const detail::FormatEntry* e : detail::entries()) {
      for (auto t : e->info.import_targets) {
        if (t == target && e->from_clip) entry = e;
      }
    }
    if (!entry) return make_error(ErrorCode::unsupported, fmt::format("a glTF animation cannot be written as '{}'", target));
    if (options.base && options.base->entry_ != entry) {
      return make_error(ErrorCode::bad_value, fmt::format("the base {} is a {} file, but the target '{}' is not", options.base->name(),
                                                          options.base->format().name, target));
    }
    if (auto checked = check_format_options(options.format_options, true); !checked) return checked.error();
    gltf::ImportOptions import;
    import.animation = options.animation;
    import.fps = options.fps;
    import.tolerance = options.tolerance;
    import.limits = options.limits;
    import.folder = options.folder;
    import.files = options.files ? options.files : disk_files();
    import.policy = entry->import_policy;
    // The record of whichever format wrote the glTF says what its frame_count counts.
    import.recorded_frames = [](std::string_view record_format, double frame_count, bool loop) {
      const detail::FormatEntry* writer = detail::find_entry(record_format);
      return writer && writer->record_frame_count_excludes_last && !loop ? frame_count + 1 : frame_count;
    };
    model::Skeleton skeleton;
    if (!options.skeleton.empty()) {
      if (!entry->import_skeleton) {
        return make_error(ErrorCode::unsupported, fmt::format("a glTF animation is not read onto a skeleton for '{}'", target));
      }
      OpenOptions named;
      named.limits = options.limits;
      named.skeleton = options.skeleton;
      named.files = options.files ? options.files : disk_files();
      auto read = entry->import_skeleton(named);
      if (!read) return read.error();
      skeleton = std::move(*read);
      import.skeleton = &skeleton;
    }
    std::vector<Wording> messages;
    auto clip = gltf::import_clip(gltf, import, messages);
    if (!clip) return clip.error();
    auto model = entry->from_clip(*clip, target, options, options.base ? options.base->model_.get() : nullptr, messages);
    if (!model) return model.error();
    OpenOptions open;
    open.fps = clip->fps;
    GltfImport out{Document(entry, std::move(*model), name, open), {}};
    for (auto& m : messages) out.warnings.push_back({name, std::move(m.text), std::move(m.settings)});
    return out;
  });
}

FormatInfo Document::format() const { return entry_->info; }
std::string Document::version() const { return model_->version(); }
std::string Document::import_target() const { return model_->import_target(); }
const std::string& Document::name() const { return name_; }

const std::string& Document::source_path() const { return source_path_; }
const OpenOptions& Document::options() const { return options_; }

std::vector<Diagnostic> Document::validate() const {
  try {
    return model_->validate();
  } catch (...) {
    const Error e = caught_error();
    return {Diagnostic{Severity::error, std::string(error_code_name(e.code)), e.message, std::nullopt, ""}};
  }
}

Expected<std::vector<std::uint8_t>> Document::write() const {
  return guarded(name_, [&] { return model_->write(); });
}

Expected<void> Document::save(const std::string& path, const SaveOptions& options) const {
  if (!options.overwrite_source && path != "-" && !source_path_.empty() && same_file(path, source_path_)) {
    return naming(make_error(ErrorCode::io, "refusing to overwrite the file the document was opened from"), path);
  }
  auto bytes = write();
  if (!bytes) return bytes.error();
  return write_file_atomic(path, *bytes, options.durability);
}

Expected<std::string> Document::to_json(bool pretty) const {
  return guarded(name_, [&]() -> Expected<std::string> {
    const auto document = model_->to_json();
    return pretty ? pretty_json(document) : compact_json(document);
  });
}

Expected<Summary> Document::summary() const {
  return guarded(name_, [&]() -> Expected<Summary> {
    if (kind() != DocumentKind::animation) return model_->file_summary(name_, options_);
    return summary_unguarded();
  });
}

DocumentKind Document::kind() const { return model_->kind(); }

Expected<ModelFigure> Document::figure() const {
  return guarded(name_, [&] { return model_->model_figure(options_); });
}

Expected<std::vector<std::string>> Document::files_read() const {
  return guarded(name_, [&] { return model_->files_read(options_); });
}

Expected<std::vector<std::string>> Document::files_wanted() const {
  return guarded(name_, [&]() -> Expected<std::vector<std::string>> {
    auto found = model_->figure_files(options_);
    if (!found) return found.error();
    const auto source = detail::files_of(options_);
    std::set<std::string> seen;
    std::vector<std::string> out;
    for (std::string& path : *found) {
      if (!source->has_bytes(path) && seen.insert(path).second) out.push_back(std::move(path));
    }
    return out;
  });
}

Expected<std::vector<SummarySequence>> Document::sequences() const {
  return guarded(name_, [&] { return model_->sequences(options_); });
}

Expected<std::vector<std::string>> Document::sequence_files() const {
  return guarded(name_, [&] { return model_->sequence_files(options_.limits); });
}

Summary Document::summary_unguarded() const {
  Summary summary;
  summary.file = name_;
  summary.size = source_size_;
  summary.format = entry_->info.name;
  summary.kind = "animation";
  summary.title = entry_->info.title;
  summary.version = model_->version();
  summary.facts = std::make_shared<const detail::SummaryFacts>(detail::SummaryFacts{model_->summary(options_)});
  const nlohmann::ordered_json json = detail::summary_json(summary);
  // The heading says what the file is: GEM names its version after the title ("6.0"), LM as a
  // number ("version 2"), sprites have none.
  std::string heading = fmt::format("{}: {}", printable_path(name_), summary.title);
  const auto recorded = json.find("version");  // (a const object: a missing member is no member)
  const bool named = recorded != json.end() && recorded->is_string();
  if (!summary.version.empty()) heading += named ? " " + summary.version : ", version " + summary.version;
  heading += fmt::format(", {} bytes\n", summary.size);
  summary.text = heading + model_->summary_text(json);
  summary.json = pretty_json(json);
  return summary;
}

Expected<model::Clip> Document::clip() const {
  return guarded(name_, [&]() -> Expected<model::Clip> {
    auto clip = built_clip();
    if (!clip) return clip.error();
    return **clip;
  });
}

Expected<std::shared_ptr<const model::Clip>> Document::shared_clip() const {
  return guarded(name_, [&] { return built_clip(); });
}

Expected<std::shared_ptr<const model::Clip>> Document::sampling_clip() const {
  return guarded(name_, [&] { return built_sampling_clip(); });
}

Expected<model::Skeleton> Document::skeleton() const {
  return guarded(name_, [&] { return model_->skeleton(options_); });
}

Expected<model::SpriteAnimation> Document::sprite() const {
  return guarded(name_, [&] { return model_->sprite(options_); });
}

Expected<Document> Document::convert(std::string_view target) const {
  return guarded(name_, [&]() -> Expected<Document> {
    auto converted = model_->convert(target);
    if (!converted) return converted.error();
    Document out(entry_, std::move(*converted), name_, options_);
    out.source_path_ = source_path_;
    return out;
  });
}

Expected<Document::TimeEdited> Document::edit_time(const model::TimeEdit& edit) const {
  return guarded(name_, [&]() -> Expected<TimeEdited> {
    auto edited = model_->edit_time(edit, options_.limits);
    if (!edited) return edited.error();
    TimeEdited out{*this, edited->model == nullptr, {}};
    if (edited->model) {
      out.document = Document(entry_, std::move(edited->model), name_, options_);
      out.document.source_path_ = source_path_;
    }
    for (auto& note : edited->notes) {
      out.warnings.push_back({name_, fmt::format("{}: {}", model::time_edit_text(edit), note), {}});
    }
    return out;
  });
}

Expected<Document> Document::replace_frames(const std::vector<std::pair<std::size_t, FramePicture>>& frames,
                                          const FrameImportOptions& options) const {
  return guarded(name_, [&]() -> Expected<Document> {
    for (const auto& [index, frame] : frames) {
      // No sprite format stores a frame without pixels (and none reads one back).
      if (frame.picture.width == 0 || frame.picture.height == 0) {
        return make_error(ErrorCode::bad_value, fmt::format("{}: a picture of {} x {} pixels; a frame is at least 1 x 1", frame.name,
                                                            frame.picture.width, frame.picture.height));
      }
    }
    auto replaced = model_->replace_frames(frames, options);
    if (!replaced) return replaced.error();
    Document out(entry_, std::move(*replaced), name_, options_);
    out.source_path_ = source_path_;
    return out;
  });
}

Expected<GltfOutput> Document::to_gltf(const GltfExportOptions& options) const {
  return guarded(name_, [&]() -> Expected<GltfOutput> {
    if (kind() == DocumentKind::model) return model_->model_gltf(options_, options.binary);
    if (!entry_->info.skeletal) {
      return make_error(ErrorCode::unsupported, fmt::format("{} has no skeletal animation for glTF", entry_->info.title));
    }
    const auto clip = built_clip();
    if (!clip) return clip.error();
    auto skeleton = model_->skeleton(options_);
    if (!skeleton) return skeleton.error();
    const std::string animation =
        options.animation_name.empty() ? utf8(fs_path(name_).stem()) : options.animation_name;
    GltfOutput out;
    std::optional<detail::FigureExport> figure;
    if (options_.meshes) figure = model_->figure(options_, out.warnings);
    detail::FigureScene scene(*skeleton, figure ? &*figure : nullptr);
    if (auto added = scene.add_clip(**clip, animation, options_.skeleton.empty() ? "" : name_, out.warnings); !added) return added.error();
    if (auto written = scene.finish(options.binary, out); !written) return written.error();
    return out;
  });
}

namespace {
// A model file opened through the one door; a file that is none says what it is instead.
Expected<Document> open_model(const std::string& path, const OpenOptions& given) {
  OpenOptions options = given;
  options.kinds = OpenKinds::all();
  auto document = Document::open(path, options);
  if (document && document->kind() == DocumentKind::model) return document;
  if (document || document.error().code == ErrorCode::unknown_format) {
    auto bytes = document ? document->write() : detail::read_input(path, detail::with_files(options));
    if (bytes) return naming(detail::not_a_model(path, *bytes, "not a model file that names animations"), path);
  }
  return document;
}

// `file_path` as a model at `model_path` names it: relative to the model's folder, with '/'.
Expected<std::string> name_in_model_folder(const std::string& model_path, const std::string& file_path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path folder = fs::weakly_canonical(fs::absolute(fs_path(model_path), ec).parent_path(), ec);
  const fs::path file = ec ? fs::path() : fs::weakly_canonical(fs::absolute(fs_path(file_path), ec), ec);
  if (ec) return naming(make_error(ErrorCode::io, ec.message()), file_path);
  const fs::path relative = file.lexically_relative(folder);
  if (relative.empty() || *relative.begin() == "..") {
    return naming(make_error(ErrorCode::bad_value, fmt::format("a sequence's file must lie in its model's folder ({}) or below "
                                                               "it, where the game looks for it",
                                                               printable_path(utf8(folder)))),
                  file_path);
  }
  std::string name = utf8(relative);
  std::replace(name.begin(), name.end(), '\\', '/');
  return name;
}

}  // namespace

Expected<std::vector<std::uint8_t>> Document::with_sequence(std::string_view sequence, const std::string& file_path) const {
  return guarded(name_, [&]() -> Expected<std::vector<std::uint8_t>> {
    if (kind() != DocumentKind::model) return model_->with_sequence(sequence, "", options_.limits);  // (its refusal)
    auto file = name_in_model_folder(name_, file_path);
    if (!file) return file.error();
    return model_->with_sequence(sequence, *file, options_.limits);
  });
}

bool looks_like_model(std::span<const std::uint8_t> bytes, const std::string& path) {
  return detail::model_entry(path, bytes) != nullptr;
}

Expected<GltfOutput> model_to_gltf(const std::string& path, const OpenOptions& options, bool binary) {
  auto model = open_model(path, options);
  if (!model) return model.error();
  return model->to_gltf({.binary = binary});
}

Expected<std::vector<std::uint8_t>> model_with_sequence(const std::string& path, std::string_view name, const std::string& file_path,
                                                        const OpenOptions& options) {
  auto model = open_model(path, options);
  if (!model) return model.error();
  return model->with_sequence(name, file_path);
}

bool looks_like_gltf(std::span<const std::uint8_t> bytes) { return gltf::looks_like_gltf(bytes); }

}  // namespace anmkit
