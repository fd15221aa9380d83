#include "referenced_input.hpp"

#include <algorithm>
#include <filesystem>
#include <optional>

#include <fmt/format.h>

#include "anmkit/core/file_io.hpp"
#include "anmkit/core/path_utf8.hpp"
#include "anmkit/core/path_within.hpp"
#include "anmkit/core/read_checked.hpp"

namespace anmkit::detail {

Expected<std::vector<std::uint8_t>> read_input(const std::string& path, const OpenOptions& options) {
  auto bytes = read_file(path, options.limits.max_input_bytes);
  if (!bytes && bytes.error().file.empty()) bytes.error().file = path;
  return bytes;
}

Expected<std::vector<std::uint8_t>> read_named_file(const std::string& path, const OpenOptions& options) {
  if (!options.read_file) {
    Error e = make_error(ErrorCode::unsupported,
                         "not read: a document opened from bytes or a dump reads the files it names only through the read_file option");
    e.file = path;
    return e;
  }
  auto bytes = options.read_file(path, options.limits.max_input_bytes);
  if (!bytes && bytes.error().file.empty()) bytes.error().file = path;
  // A reader of the caller's that takes more than it was allowed is held to the limit still.
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
  std::error_code ec;
  const auto status = std::filesystem::status(fs_path(options.texture_dir), ec);
  if (std::filesystem::is_directory(status)) return {};
  Wording message(fmt::format("the game's texture folder '{}' (", options.texture_dir));
  message += naming("texture_dir");
  message += std::filesystem::exists(status) ? ") is not a folder" : ") does not exist";
  return make_error(ErrorCode::io, std::move(message));
}

namespace {

namespace fs = std::filesystem;

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

// An io error about the referenced file at `path`.
Error refused(const std::string& path, std::string message) {
  Error e = make_error(ErrorCode::io, std::move(message));
  e.file = path;
  return e;
}

// `\` as `/`: the game runs on Windows, where both separate folders.
std::string with_slashes(std::string name) {
  std::replace(name.begin(), name.end(), '\\', '/');
  return name;
}

// A name that is a path of its own (not one relative to the naming file's folder), with either
// separator.
std::optional<Error> absolute_name(const std::string& name, const std::string& path) {
  const fs::path named = fs_path(with_slashes(name));
  if (!named.is_absolute() && !named.has_root_name()) return std::nullopt;
  return refused(path, "an absolute path; files are named relative to the folder of the file that names them");
}

// The entry of `folder` whose name is `name` in letters of either case (ASCII, as the game's
// names are), if exactly one is; two that differ only in case are an error naming both.
Expected<std::optional<std::string>> entry_in_any_case(const fs::path& folder, const std::string& name, const std::string& looked_for,
                                                       FolderListings& listings) {
  const std::string listed = folder.empty() ? std::string(".") : utf8(folder);
  const std::vector<std::string>& found = listings.in_any_case(listed, name);
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
Expected<std::string> look_up(const fs::path& folder, const std::string& name, FolderListings& listings) {
  const std::string exact = utf8(folder / fs_path(name));
  std::error_code ec;
  if (fs::exists(fs::symlink_status(fs_path(exact), ec))) return exact;
  const fs::path named = fs_path(with_slashes(name));
  fs::path at = folder;
  bool lost = false;  // a part was found nowhere: the rest is kept as written
  for (const fs::path& part : named) {
    const std::string text = utf8(part);
    if (lost || text.empty() || text == "." || text == ".." || fs::exists(fs::symlink_status(at / part, ec))) {
      at /= part;
      continue;
    }
    auto entry = entry_in_any_case(at, text, utf8(folder / named), listings);
    if (!entry) return entry.error();
    lost = !entry->has_value();
    at /= lost ? part : fs_path(**entry);
  }
  return utf8(at);
}

// Whether the file look_up found at `path`, resolved as `where`, stays in the naming file's
// folder or under a root given, each folder resolved by `resolve` as `where` was.
Expected<void> within_roots(const std::string& path, const std::optional<fs::path>& where, const std::string& referrer,
                            const std::string& name, const fs::path& folder, const OpenOptions& options,
                            std::optional<fs::path> (*resolve)(const fs::path&)) {
  const auto in = [&](const fs::path& f) {
    const auto resolved = resolve(f);
    return where && resolved && path_within(*where, *resolved);
  };
  if (in(folder.empty() ? fs_path(".") : folder)) return {};
  for (const std::string& root : options.reference_roots) {
    if (in(fs_path(root))) return {};
  }
  Wording why(fmt::format("'{}' leads out of the folder of {}", name, referrer));
  why += options.reference_roots.empty() ? " (give a root it may lead to, the game's resource folder, with "
                                         : ", and under none of the roots given (";
  why += naming("reference_roots", "the reference_roots option");
  why += ")";
  Error e = refused(path, std::move(why.text));
  e.settings = std::move(why.settings);
  return e;
}

}  // namespace

Expected<std::string> resolve_reference(const std::string& referrer, const std::string& name, const OpenOptions& options,
                                        FolderListings& listings) {
  const fs::path folder = fs_path(referrer).parent_path();
  if (auto absolute = absolute_name(name, utf8(folder / fs_path(name)))) return *absolute;
  auto found = look_up(folder, name, listings);
  if (!found) return found.error();
  if (auto within = within_roots(*found, by_name(fs_path(*found)), referrer, name, folder, options, by_name); !within) {
    return within.error();
  }
  return found;
}

Expected<std::vector<std::uint8_t>> read_referenced_input(const std::string& referrer, const std::string& name,
                                                          const OpenOptions& options, FolderListings& listings,
                                                          std::uint64_t& budget, std::string& path) {
  const fs::path folder = fs_path(referrer).parent_path();
  path = utf8(folder / fs_path(name));
  if (auto absolute = absolute_name(name, path)) return *absolute;
  auto found = look_up(folder, name, listings);
  if (!found) return found.error();
  path = std::move(*found);
  // Opened once and checked where it is open: a link swapped in after look_up cannot lead out.
  const auto allowed = [&](const OpenedFile& opened) -> Expected<void> {
    if (auto within = within_roots(path, fs_path(opened.real_path), referrer, name, folder, options, as_opened); !within) {
      return within.error();
    }
    if (opened.size <= budget) return {};
    Error e = refused(path, fmt::format("{} bytes, past what is left ({}) of the input limit of {} bytes for a file and the files it names",
                                        opened.size, budget, options.limits.max_input_bytes));
    e.code = ErrorCode::too_large;
    return e;
  };
  auto bytes = read_file_checked(path, budget, allowed);
  if (!bytes) {
    if (bytes.error().file.empty()) bytes.error().file = path;
    return bytes;
  }
  budget -= bytes->size();
  return bytes;
}

}  // namespace anmkit::detail
