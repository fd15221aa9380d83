// Files given as bytes (core/file_source.hpp): the game's names resolved on the names alone,
// as the disk source resolves them on a folder's listing.
#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "anmkit/core/error.hpp"
#include "anmkit/core/file_source.hpp"
#include "file_source_names.hpp"

namespace anmkit {
namespace {

using Bytes = std::vector<std::uint8_t>;

Error io_error(const std::string& path, std::string what, ErrorCode code = ErrorCode::io) {
  Error e = make_error(code, std::move(what));
  e.file = path;
  return e;
}

// A declared file's read: its name was given, its bytes not (yet).
Error not_handed_over(const std::string& path) {
  return io_error(path, "its name was handed over, not its bytes");
}

// A name with `/` for its separators, its "." parts gone and each ".." taking the part before
// it away; nullopt when a ".." climbs above the top. `absolute` is set for a name that begins
// with a separator or a drive letter.
std::optional<std::string> normal(std::string_view name, bool& absolute) {
  const std::string slashed = files::with_slashes(std::string(name));
  absolute = slashed.starts_with('/') || (slashed.size() >= 2 && slashed[1] == ':');
  std::vector<std::string_view> parts;
  std::string_view rest = slashed;
  while (!rest.empty()) {
    const auto cut = rest.find('/');
    const std::string_view part = rest.substr(0, cut);
    rest = cut == std::string_view::npos ? std::string_view() : rest.substr(cut + 1);
    if (part.empty() || part == ".") continue;
    if (part == "..") {
      if (parts.empty()) return std::nullopt;
      parts.pop_back();
      continue;
    }
    parts.push_back(part);
  }
  std::string out;
  for (const auto part : parts) out += (out.empty() ? "" : "/") + std::string(part);
  return out;
}

// The folder part of a normal name ("" at the top).
std::string folder_of(const std::string& name) {
  const auto cut = name.rfind('/');
  return cut == std::string::npos ? std::string() : name.substr(0, cut);
}

std::string joined(const std::string& folder, std::string_view name) {
  return folder.empty() ? std::string(name) : folder + "/" + std::string(name);
}

// Whether the normal name `name` is `folder` or lies under it.
bool within(const std::string& name, const std::string& folder) {
  return folder.empty() || name == folder || (name.starts_with(folder) && name[folder.size()] == '/');
}

}  // namespace

Expected<std::string> MemoryFiles::checked_name(std::string_view name) const {
  bool absolute = false;
  const auto normal_name = normal(name, absolute);
  const std::string slashed = files::with_slashes(std::string(name));
  const bool odd_part = slashed.find("//") != std::string::npos || slashed.ends_with('/') || slashed == "." ||
                        slashed.starts_with("./") || slashed.find("/./") != std::string::npos || slashed.ends_with("/.") ||
                        slashed.find("..") != std::string::npos;
  if (name.empty() || absolute || !normal_name || normal_name->empty() || odd_part || name.find('\0') != std::string_view::npos) {
    return make_error(ErrorCode::bad_value,
                      fmt::format("'{}' is no file name: expected folders and a file, relative, with no empty, '.' or '..' part", name));
  }
  return *normal_name;
}

Expected<void> MemoryFiles::add(std::string_view name, Bytes bytes) {
  auto normal_name = checked_name(name);
  if (!normal_name) return normal_name.error();
  const auto [at, fresh] = files_.insert_or_assign(*normal_name, std::make_shared<const Bytes>(std::move(bytes)));
  if (fresh) by_lower_.emplace(files::ascii_lower(*normal_name), *normal_name);
  (void)at;
  return {};
}

Expected<void> MemoryFiles::declare(std::string_view name) {
  auto normal_name = checked_name(name);
  if (!normal_name) return normal_name.error();
  if (files_.emplace(*normal_name, nullptr).second) by_lower_.emplace(files::ascii_lower(*normal_name), *normal_name);
  return {};
}

bool MemoryFiles::has_bytes(const std::string& path) const {
  bool absolute = false;
  const auto name = normal(path, absolute);
  const auto at = name ? files_.find(*name) : files_.end();
  return at != files_.end() && at->second != nullptr;
}

// The file a normal name finds: spelt so, or else the one file spelt so in letters of either
// case; two that differ only in case are an error naming both.
static Expected<std::optional<std::string>> found_as_game_finds(
    const std::map<std::string, std::shared_ptr<const Bytes>, std::less<>>& files,
    const std::multimap<std::string, std::string, std::less<>>& by_lower, const std::string& name, const std::string& looked_for) {
  if (files.contains(name)) return std::optional<std::string>(name);
  const auto [first, last] = by_lower.equal_range(files::ascii_lower(name));
  std::vector<std::string> found;
  for (auto it = first; it != last; ++it) found.push_back(it->second);
  std::sort(found.begin(), found.end());
  if (found.empty()) return std::optional<std::string>();
  if (found.size() > 1) {
    return io_error(looked_for,
                    fmt::format("'{}' is ambiguous: the files '{}' and '{}' differ only in case (the game, on Windows, would not tell them apart)",
                                name, found[0], found[1]),
                    ErrorCode::bad_value);
  }
  return std::optional<std::string>(found[0]);
}

// Where a normal name that finds no file was looked for: each folder of it that holds files spelt
// as it is held (the game finds a folder in either case, and the disk source says the folder as it
// is on disk), the rest as given.
static std::string spelt_as_held(const std::map<std::string, std::shared_ptr<const Bytes>, std::less<>>& files,
                                 const std::multimap<std::string, std::string, std::less<>>& by_lower, const std::string& name) {
  std::string out = name;
  for (std::size_t cut = name.find('/'); cut != std::string::npos; cut = name.find('/', cut + 1)) {
    const std::string folder = out.substr(0, cut + 1);  // "a/b/", its parts before spelt as held
    if (const auto exact = files.lower_bound(folder); exact != files.end() && exact->first.starts_with(folder)) continue;
    const std::string lower = files::ascii_lower(folder);
    const auto other = by_lower.lower_bound(lower);
    if (other == by_lower.end() || !other->first.starts_with(lower)) break;
    out.replace(0, cut + 1, other->second.substr(0, cut + 1));
  }
  return out;
}

Expected<Bytes> MemoryFiles::read(const std::string& path, std::uint64_t max_bytes) const {
  bool absolute = false;
  const auto name = normal(path, absolute);
  auto found = name ? found_as_game_finds(files_, by_lower_, *name, path) : Expected<std::optional<std::string>>(std::nullopt);
  if (!found) return found.error();
  if (!*found) return io_error(path, "cannot open: No such file or directory");
  const auto& held = files_.find(**found)->second;
  if (!held) return not_handed_over(**found);
  const Bytes& bytes = *held;
  if (bytes.size() > max_bytes) {
    return io_error(path, fmt::format("larger than the input limit of {} bytes", max_bytes), ErrorCode::too_large);
  }
  return bytes;
}

FileKind MemoryFiles::kind(const std::string& path) const {
  bool absolute = false;
  const auto name = normal(path, absolute);
  if (!name) return FileKind::none;
  if (files_.contains(*name)) return FileKind::file;
  if (name->empty()) return FileKind::folder;  // the top
  const std::string prefix = *name + "/";
  const auto next = files_.lower_bound(prefix);
  return next != files_.end() && next->first.starts_with(prefix) ? FileKind::folder : FileKind::none;
}

Expected<std::string> MemoryFiles::resolve(const std::string& referrer, const std::string& name, const NameRules& rules) const {
  const bool shared = files::shared_name(name);
  if (shared && rules.shared.empty()) {
    const Wording why = files::no_shared_folder();
    Error e = io_error(name, why.text);
    e.settings = why.settings;
    return e;
  }
  const std::string given = files::with_slashes(shared ? name.substr(2) : name);
  // The folder the name is looked for from: the shared folder, or the referrer's; none when that
  // climbs above the top (then only a root may hold what it names).
  bool absolute = false;
  const auto base = normal(shared ? rules.shared : referrer, absolute);
  const std::optional<std::string> folder = !base ? std::nullopt : shared ? base : std::optional<std::string>(folder_of(*base));
  const std::string looked_for = joined(folder.value_or(folder_of(files::with_slashes(referrer))), given);
  normal(given, absolute);
  if (absolute) return io_error(looked_for, "an absolute path; files are named relative to the folder of the file that names them");
  const auto at = folder ? normal(joined(*folder, given), absolute) : std::nullopt;
  bool allowed = at && within(*at, *folder);
  for (const std::string& root : rules.roots) {
    bool root_absolute = false;
    const auto r = normal(root, root_absolute);
    allowed = allowed || (at && r && within(*at, *r));
  }
  if (!allowed) {
    const Wording why = files::leads_out(name, referrer, rules);
    Error e = io_error(looked_for, why.text);
    e.settings = why.settings;
    return e;
  }
  auto found = found_as_game_finds(files_, by_lower_, *at, looked_for);
  if (!found) return found.error();
  if (!*found) return spelt_as_held(files_, by_lower_, *at);
  return **found;
}

Expected<Bytes> MemoryFiles::read_named(const std::string& referrer, const std::string& name, const NameRules& rules,
                                        std::uint64_t max_bytes, const OpenedFileCheck& check, std::string& path) const {
  auto where = resolve(referrer, name, rules);
  if (!where) {
    path = where.error().file;
    return where.error();
  }
  path = *where;
  const auto file = files_.find(path);
  if (file == files_.end()) return io_error(path, "cannot open: No such file or directory");
  if (!file->second) return not_handed_over(path);
  if (check) {
    if (auto ok = check(OpenedFile{path, file->second->size()}); !ok) return ok.error();
  }
  if (file->second->size() > max_bytes) {
    return io_error(path, fmt::format("larger than the input limit of {} bytes", max_bytes), ErrorCode::too_large);
  }
  return *file->second;
}

Expected<Bytes> MemoryFiles::read_below(const std::string& folder, const std::string& name, std::string_view folder_words,
                                        std::uint64_t max_bytes, const OpenedFileCheck& check, std::string& path) const {
  bool absolute = false;
  const std::string top = normal(folder, absolute).value_or("");
  const auto at = normal(joined(top, name), absolute);
  path = joined(folder, name);
  if (!at || !within(*at, top)) return make_error(ErrorCode::io, fmt::format("leads out of {} {} (to {})", folder_words, folder, path));
  const auto file = files_.find(*at);
  if (file == files_.end()) return make_error(ErrorCode::io, "no such file");
  if (!file->second) return not_handed_over(*at);
  if (check) {
    if (auto ok = check(OpenedFile{*at, file->second->size()}); !ok) return ok.error();
  }
  if (file->second->size() > max_bytes) return make_error(ErrorCode::too_large, fmt::format("larger than the input limit of {} bytes", max_bytes));
  return *file->second;
}

}  // namespace anmkit
