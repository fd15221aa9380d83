#include "model_folders.hpp"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "anmkit/core/folders.hpp"
#include "anmkit/core/guard.hpp"
#include "anmkit/core/path_utf8.hpp"

namespace anmkit::detail {

namespace fs = std::filesystem;

namespace {

std::string lower_extension(const std::string& path) { return model::ascii_lower(utf8(fs_path(path).extension())); }

// The folder `path` is in ("." for a bare name).
std::string folder_of(const fs::path& path) {
  return path.has_parent_path() ? utf8(path.parent_path()) : std::string(".");
}

KnownModel known(const std::string& path, FileId id, const FormatEntry* entry, const ModelFile& file, const OpenOptions& given) {
  const OpenOptions options = with_files(given);  // one source, which lists the model's folder once
  KnownModel out{path, id, entry, {}, {}};
  for (const auto& joint : file.skeleton.joints) out.lower_joints.push_back(model::ascii_lower(joint.name));
  std::sort(out.lower_joints.begin(), out.lower_joints.end());
  for (const auto& sequence : file.sequences) {
    KnownSequence s{sequence.name, sequence.file, sequence.how_named, std::nullopt, std::nullopt, {}};
    const fs::path named = fs_path(sequence.file);
    // A name the front door refuses when reading the sequence (absolute, or out of the model's
    // folder and the roots) lists no file.
    const auto found = !sequence.file.empty() && named.has_filename() ? resolve_reference(path, sequence.file, options)
                                                                      : Expected<std::string>(std::string());
    if (found && !found->empty()) {
      const fs::path resolved = fs_path(*found);  // as the game finds it: `\` a separator, any case
      s.file_id = file_id(utf8(resolved));
      s.folder_id = file_id(folder_of(resolved));
      s.lower_file_name = model::ascii_lower(utf8(resolved.filename()));
    }
    out.sequences.push_back(std::move(s));
  }
  return out;
}

}  // namespace

bool has_model_extension(const std::string& path) {
  const std::string extension = lower_extension(path);
  if (extension.empty()) return false;
  for (const FormatEntry* entry : entries()) {
    if (entry->read_model && entry->info.skeleton_extension == extension) return true;
  }
  return false;
}

std::optional<KnownModel> read_known_model(const std::string& path, const OpenOptions& options,
                                           std::vector<Error>& unreadable) {
  const auto fail = [&](Error e) -> std::optional<KnownModel> {
    if (e.file.empty()) e.file = path;
    unreadable.push_back(std::move(e));
    return std::nullopt;
  };
  try {
    const std::string extension = lower_extension(path);
    const auto id = file_id(path);
    if (!id) return fail(make_error(ErrorCode::io, "cannot look at the file"));
    std::optional<Bytes> bytes;  // read when a format's extension matches
    for (const FormatEntry* entry : entries()) {
      if (!entry->read_model || entry->info.skeleton_extension != extension) continue;
      if (!bytes) {
        auto read = read_input(path, options);
        if (!read) return fail(read.error());
        bytes = std::move(*read);
      }
      auto file = entry->read_model(path, *bytes, options.limits);
      if (!file && file.error().code == ErrorCode::unknown_format) continue;
      if (!file) return fail(file.error());
      return known(path, *id, entry, *file, options);
    }
    return std::nullopt;
  } catch (...) {
    return fail(caught_error());  // the library's one guard: out_of_memory, or internal for a bug
  }
}

FolderModels read_folder_models(const std::string& folder, const OpenOptions& options) {
  FolderModels out;
  std::vector<fs::path> candidates;
  std::error_code ec;
  for (const FolderEntry& entry : list_folder(folder, ec)) {
    if (entry.regular && has_model_extension(entry.name)) candidates.push_back(fs_path(folder) / fs_path(entry.name));
  }
  std::sort(candidates.begin(), candidates.end());
  for (const auto& path : candidates) {
    if (auto model = read_known_model(utf8(path), options, out.unreadable)) out.models.push_back(std::move(*model));
  }
  return out;
}

std::shared_ptr<const FolderModels> ModelFolders::get(const std::string& folder) const {
  const auto id = file_id(folder);
  if (!id) return nullptr;
  std::shared_ptr<Slot> slot;
  {
    std::lock_guard lock(mutex_);
    auto& found = slots_[*id];
    if (!found) found = std::make_shared<Slot>();
    slot = found;
  }
  std::call_once(slot->once, [&] {
    try {
      slot->models = std::make_shared<const FolderModels>(read_folder_models(folder, options_));
    } catch (...) {
      FolderModels failed;
      Error error = caught_error();
      prepend(error, "cannot list its model files: ");
      error.file = folder;
      failed.unreadable.push_back(std::move(error));
      slot->models = std::make_shared<const FolderModels>(std::move(failed));
    }
  });
  return slot->models;
}

}  // namespace anmkit::detail
