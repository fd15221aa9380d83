// The file system as a FileSource: names resolved as the game on Windows resolves them, each
// folder listed once, and a file another names opened once and checked where it is open.
#include <algorithm>
#include <filesystem>
#include <mutex>
#include <optional>
#include <unordered_map>

#include <fmt/format.h>

#include "anmkit/core/error.hpp"
#include "anmkit/core/file_io.hpp"
#include "anmkit/core/file_source.hpp"
#include "anmkit/core/folders.hpp"
#include "anmkit/core/path_utf8.hpp"
#include "anmkit/core/path_within.hpp"
#include "anmkit/core/read_checked.hpp"
#include "file_source_names.hpp"

namespace anmkit {
namespace {

namespace fs = std::filesystem;
using Bytes = std::vector<std::uint8_t>;

// A path as the name says now: absolute, with every link that exists resolved (for a file that
// is only looked for, not read).
std::optional<fs::path> by_name(const fs::path& path) {
  std::error_code ec;
  const fs::path p = fs::weakly_canonical(fs::absolute(path, ec), ec);
  if (ec) return std::nullopt;
  return p;
}

// A folder resolved as read_file_checked resolves the file it opened, so the two compare part by
// part as they are. On Windows both come from a handle (GetFinalPathNameByHandleW): each name in
// the disk's own case and never an 8.3 short name, where comparing without case would still
// miss a short name (PROGRA~1) and would be wrong in a folder that tells case apart.
std::optional<fs::path> as_opened(const fs::path& folder) {
  const auto real = real_path(utf8(folder));
  if (!real) return std::nullopt;
  return fs_path(*real);
}

// An io error about the file at `path`.
Error refused(const std::string& path, std::string message) {
  Error e = make_error(ErrorCode::io, std::move(message));
  e.file = path;
  return e;
}

// A name that is a path of its own (not one relative to the naming file's folder), with either
// separator.
std::optional<Error> absolute_name(const std::string& name, const std::string& path) {
  const fs::path named = fs_path(files::with_slashes(name));
  if (!named.is_absolute() && !named.has_root_name()) return std::nullopt;
  return refused(path, "an absolute path; files are named relative to the folder of the file that names them");
}

class DiskFiles final : public FileSource {
 public:
  Expected<Bytes> read(const std::string& path, std::uint64_t max_bytes) const override {
    auto bytes = read_file(path, max_bytes);
    if (!bytes && bytes.error().file.empty()) bytes.error().file = path;
    return bytes;
  }

  FileKind kind(const std::string& path) const override {
    std::error_code ec;
    const auto status = fs::status(fs_path(path), ec);
    if (!fs::exists(status)) return FileKind::none;
    return fs::is_regular_file(status) ? FileKind::file : fs::is_directory(status) ? FileKind::folder : FileKind::other;
  }

  Expected<std::string> resolve(const std::string& referrer, const std::string& name, const NameRules& rules) const override {
    auto named = where_named(referrer, name, rules);
    if (!named) return named.error();
    auto found = look_up(named->folder, named->name);
    if (!found) return found.error();
    if (auto within = within_roots(*found, by_name(fs_path(*found)), *named, rules, by_name); !within) return within.error();
    return found;
  }

  Expected<Bytes> read_named(const std::string& referrer, const std::string& name, const NameRules& rules, std::uint64_t max_bytes,
                             const OpenedFileCheck& check, std::string& path) const override {
    auto named = where_named(referrer, name, rules);
    path = named ? utf8(named->folder / fs_path(named->name)) : utf8(fs_path(referrer).parent_path() / fs_path(name));
    if (!named) return named.error();
    auto found = look_up(named->folder, named->name);
    if (!found) return found.error();
    path = std::move(*found);
    // Opened once and checked where it is open: a link swapped in after look_up cannot lead out.
    const auto allowed = [&](const OpenedFile& opened) -> Expected<void> {
      if (auto within = within_roots(path, fs_path(opened.real_path), *named, rules, as_opened); !within) return within.error();
      return check ? check(opened) : Expected<void>();
    };
    auto bytes = read_file_checked(path, max_bytes, allowed);
    if (!bytes && bytes.error().file.empty()) bytes.error().file = path;
    return bytes;
  }

  Expected<Bytes> read_below(const std::string& folder, const std::string& name, std::string_view folder_words, std::uint64_t max_bytes,
                             const OpenedFileCheck& check, std::string& path) const override {
    const fs::path at = fs_path(folder) / fs_path(name);
    path = utf8(at);
    std::error_code ec;
    const auto status = fs::status(at, ec);
    if (!fs::exists(status)) return make_error(ErrorCode::io, "no such file");
    if (!fs::is_regular_file(status)) return make_error(ErrorCode::io, "expected a regular file");
    // Read through one open, checked where it is open: a link in the folder (or one swapped in
    // since the look above) that leads out of it is refused, never read.
    const auto allowed = [&](const OpenedFile& opened) -> Expected<void> {
      const auto real_folder = real_path(folder);
      if (!real_folder || !path_within(fs_path(opened.real_path), fs_path(*real_folder))) {
        return make_error(ErrorCode::io, fmt::format("leads out of {} {} (to {})", folder_words, folder, opened.real_path));
      }
      return check ? check(opened) : Expected<void>();
    };
    return read_file_checked(path, max_bytes, allowed);
  }

 private:
  // The folder a name is looked for from, and the name from there.
  struct Named {
    fs::path folder;
    std::string name;
    std::string referrer;  // for messages: the file that gave the name
    std::string given;     // the name as given
  };

  Expected<Named> where_named(const std::string& referrer, const std::string& name, const NameRules& rules) const {
    if (files::shared_name(name)) {
      const std::string rest = name.substr(2);
      if (rules.shared.empty()) {
        const Wording why = files::no_shared_folder();
        Error e = refused(name, why.text);
        e.settings = why.settings;
        return e;
      }
      if (auto absolute = absolute_name(rest, utf8(fs_path(rules.shared) / fs_path(rest)))) return *absolute;
      return Named{fs_path(rules.shared), rest, referrer, name};
    }
    const fs::path folder = fs_path(referrer).parent_path();
    if (auto absolute = absolute_name(name, utf8(folder / fs_path(name)))) return *absolute;
    return Named{folder, name, referrer, name};
  }

  // The entry of `folder` whose name is `name` in letters of either case (ASCII, as the game's
  // names are), if exactly one is; two that differ only in case are an error naming both.
  Expected<std::optional<std::string>> entry_in_any_case(const fs::path& folder, const std::string& name,
                                                         const std::string& looked_for) const {
    const std::string listed = folder.empty() ? std::string(".") : utf8(folder);
    const std::vector<std::string> found = in_any_case(listed, name);
    if (found.size() > 1) {
      Error e = refused(looked_for, fmt::format("'{}' is ambiguous: the folder {} holds both '{}' and '{}', which differ only in case "
                                                "(the game, on Windows, would not tell them apart)",
                                                name, listed, found[0], found[1]));
      e.code = ErrorCode::bad_value;  // not a file that cannot be read: a name that says no one file
      return e;
    }
    if (found.empty()) return std::optional<std::string>();
    return std::optional<std::string>(found[0]);
  }

  // Where `name` is from `folder` as the game on Windows finds it: `\` a separator like `/`, and
  // each part in letters of either case when no entry is spelt exactly so. A part found nowhere
  // is kept as written, with the rest (the file is then missing, under the name given).
  Expected<std::string> look_up(const fs::path& folder, const std::string& name) const {
    const std::string exact = utf8(folder / fs_path(name));
    std::error_code ec;
    if (fs::exists(fs::symlink_status(fs_path(exact), ec))) return exact;
    const fs::path named = fs_path(files::with_slashes(name));
    fs::path at = folder;
    bool lost = false;  // a part was found nowhere: the rest is kept as written
    for (const fs::path& part : named) {
      const std::string text = utf8(part);
      if (lost || text.empty() || text == "." || text == ".." || fs::exists(fs::symlink_status(at / part, ec))) {
        at /= part;
        continue;
      }
      auto entry = entry_in_any_case(at, text, utf8(folder / named));
      if (!entry) return entry.error();
      lost = !entry->has_value();
      at /= lost ? part : fs_path(**entry);
    }
    return utf8(at);
  }

  // Whether the file look_up found at `path`, resolved as `where`, stays in the naming file's
  // folder or under a root given, each folder resolved by `resolve` as `where` was.
  static Expected<void> within_roots(const std::string& path, const std::optional<fs::path>& where, const Named& named,
                                     const NameRules& rules, std::optional<fs::path> (*resolve)(const fs::path&)) {
    const auto in = [&](const fs::path& f) {
      const auto resolved = resolve(f);
      return where && resolved && path_within(*where, *resolved);
    };
    if (in(named.folder.empty() ? fs_path(".") : named.folder)) return {};
    for (const std::string& root : rules.roots) {
      if (in(fs_path(root))) return {};
    }
    Error e = refused(path, "");
    const Wording why = files::leads_out(named.given, named.referrer, rules);
    e.message = why.text;
    e.settings = why.settings;
    return e;
  }

  // The entries of `folder` whose names are `name` in ASCII letters of either case, sorted, from
  // one listing of the folder.
  std::vector<std::string> in_any_case(const std::string& folder, const std::string& name) const {
    std::lock_guard lock(mutex_);
    auto [at, fresh] = folders_.try_emplace(folder);
    if (fresh) {
      std::error_code ec;
      for (FolderEntry& entry : list_folder(folder, ec)) at->second[files::ascii_lower(entry.name)].push_back(std::move(entry.name));
      for (auto& [lower, names] : at->second) std::sort(names.begin(), names.end());
    }
    const auto found = at->second.find(files::ascii_lower(name));
    return found == at->second.end() ? std::vector<std::string>() : found->second;
  }

  using ByLowerName = std::unordered_map<std::string, std::vector<std::string>>;
  mutable std::mutex mutex_;
  mutable std::unordered_map<std::string, ByLowerName> folders_;
};

}  // namespace

std::shared_ptr<const FileSource> disk_files() { return std::make_shared<const DiskFiles>(); }

}  // namespace anmkit
