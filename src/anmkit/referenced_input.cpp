#include "referenced_input.hpp"

#include <fmt/format.h>

namespace anmkit::detail {

std::shared_ptr<const FileSource> files_of(const OpenOptions& options) { return options.files ? options.files : disk_files(); }

NameRules name_rules(const OpenOptions& options) { return NameRules{options.reference_roots, options.texture_dir}; }

OpenOptions with_files(OpenOptions options) {
  if (!options.files) options.files = disk_files();
  return options;
}

namespace {

// No file at all: what a document opened from bytes or a dump reads without a source.
class NoFiles final : public FileSource {
 public:
  Expected<std::vector<std::uint8_t>> read(const std::string& path, std::uint64_t) const override { return refused(path); }
  FileKind kind(const std::string&) const override { return FileKind::none; }
  Expected<std::string> resolve(const std::string& referrer, const std::string& name, const NameRules&) const override {
    return refused(referrer + " names " + name);
  }
  Expected<std::vector<std::uint8_t>> read_named(const std::string& referrer, const std::string& name, const NameRules&, std::uint64_t,
                                                 const OpenedFileCheck&, std::string& path) const override {
    path = name;
    return refused(referrer + " names " + name);
  }
  Expected<std::vector<std::uint8_t>> read_below(const std::string& folder, const std::string& name, std::string_view, std::uint64_t,
                                                 const OpenedFileCheck&, std::string& path) const override {
    path = folder + "/" + name;
    return refused(path);
  }

 private:
  static Error refused(const std::string& path) {
    Error e = make_error(ErrorCode::unsupported,
                         "not read: a document opened from bytes or a dump reads the files it names only through the files option");
    e.file = path;
    return e;
  }
};

}  // namespace

OpenOptions without_files_unless_given(OpenOptions options) {
  static const auto none = std::make_shared<const NoFiles>();
  if (!options.files) options.files = none;
  return options;
}

Expected<std::vector<std::uint8_t>> read_input(const std::string& path, const OpenOptions& options) {
  auto bytes = files_of(options)->read(path, options.limits.max_input_bytes);
  if (!bytes && bytes.error().file.empty()) bytes.error().file = path;
  // A source of the caller's that hands back more than it was allowed is held to the limit still.
  if (bytes && bytes->size() > options.limits.max_input_bytes) {
    Error e = make_error(ErrorCode::too_large, past_limit(fmt::format("{} bytes, more than the limit of {}", bytes->size(),
                                                           options.limits.max_input_bytes), "limits.max_input_bytes"));
    e.file = path;
    return e;
  }
  return bytes;
}

Expected<void> check_texture_dir(const OpenOptions& options) {
  if (options.texture_dir.empty()) return {};
  const FileKind kind = files_of(options)->kind(options.texture_dir);
  if (kind == FileKind::folder) return {};
  Wording message(fmt::format("the game's texture folder '{}' (", options.texture_dir));
  message += naming("texture_dir");
  message += kind != FileKind::none ? ") is not a folder" : ") does not exist";
  return make_error(ErrorCode::io, std::move(message));
}

Expected<std::string> resolve_reference(const std::string& referrer, const std::string& name, const OpenOptions& options) {
  return files_of(options)->resolve(referrer, name, name_rules(options));
}

FileKind source_file_kind(const std::string& path, const OpenOptions& options) { return files_of(options)->kind(path); }

Expected<std::vector<std::uint8_t>> read_referenced_input(const std::string& referrer, const std::string& name,
                                                          const OpenOptions& options, std::uint64_t& budget, std::string& path) {
  const auto within_budget = [&](const OpenedFile& opened) -> Expected<void> {
    if (opened.size <= budget) return {};
    Error e = make_error(ErrorCode::too_large,
                         fmt::format("{} bytes, past what is left ({}) of the input limit of {} bytes for a file and the files it names",
                                     opened.size, budget, options.limits.max_input_bytes));
    e.file = path;
    return e;
  };
  auto bytes = files_of(options)->read_named(referrer, name, name_rules(options), budget, within_budget, path);
  if (!bytes) {
    if (bytes.error().file.empty()) bytes.error().file = path;
    return bytes;
  }
  budget -= bytes->size();
  return bytes;
}

}  // namespace anmkit::detail
