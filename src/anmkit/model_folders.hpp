#pragma once
// The model files (GEM .mdl, LM .bin) of folders, read once each and kept for the skeleton
// search: a batch asks about thousands of animations, most of them in a handful of folders.

#include <compare>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "anmkit/core/file_io.hpp"
#include "referenced_input.hpp"
#include "registry.hpp"

namespace anmkit::detail {


// A sequence of a model, resolved against the model's folder.
struct KnownSequence {
  std::string name;
  std::string file;                 // as the model names it
  std::string how_named;            // "" when the model names the file (ModelFile::Sequence)
  std::optional<FileId> file_id;    // the file it names, when it exists
  std::optional<FileId> folder_id;  // the folder that file is (or would be) in
  std::string lower_file_name;      // its file name, lower case (ASCII)
};

struct KnownModel {
  std::string path;
  FileId id;
  const FormatEntry* entry = nullptr;  // the format whose model it is
  std::vector<std::string> lower_joints;  // sorted
  std::vector<KnownSequence> sequences;
};

struct FolderModels {
  std::vector<KnownModel> models;  // by file name
  std::vector<Error> unreadable;   // model files that could not be read (skipped)
};

// Whether a file's extension (case-insensitive) is some format's model extension.
bool has_model_extension(const std::string& path);
// The model file at `path`, by the formats whose model extension it has. nullopt and nothing in
// `unreadable` when no format takes it as a model (a .bin that is not an LM model); nullopt and
// the error when it is one but cannot be read.
std::optional<KnownModel> read_known_model(const std::string& path, const OpenOptions& options,
                                           std::vector<Error>& unreadable);
// The model files directly in `folder` (not below it), in name order.
FolderModels read_folder_models(const std::string& folder, const OpenOptions& options);

// Folders' models, each folder read once whichever thread asks first (by the folder's
// identity, so that two spellings of one folder share it). Thread-safe.
class ModelFolders {
 public:
  explicit ModelFolders(OpenOptions options) : options_(std::move(options)) {}
  // nullptr when `folder` is not a folder that can be looked at.
  std::shared_ptr<const FolderModels> get(const std::string& folder) const;

 private:
  struct Slot {
    std::once_flag once;
    std::shared_ptr<const FolderModels> models;
  };
  OpenOptions options_;
  mutable std::mutex mutex_;  // guards slots_ (not the reading, which each slot's once_flag runs)
  mutable std::map<FileId, std::shared_ptr<Slot>> slots_;
};

}  // namespace anmkit::detail
