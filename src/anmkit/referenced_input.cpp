#include "referenced_input.hpp"

#include <filesystem>
#include <optional>

#include <fmt/format.h>

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

namespace {

namespace fs = std::filesystem;

// Whether `path` lies in `folder`, both made absolute with every link that exists resolved.
bool inside(const fs::path& path, const fs::path& folder) {
  std::error_code ec;
  const fs::path p = fs::weakly_canonical(fs::absolute(path, ec), ec);
  if (ec) return false;
  const fs::path f = fs::weakly_canonical(fs::absolute(folder, ec), ec);
  if (ec) return false;
  auto fi = f.begin(), pi = p.begin();
  for (; fi != f.end(); ++fi, ++pi) {
    if (fi->empty()) continue;  // a trailing separator
    if (pi == p.end() || *fi != *pi) return false;
  }
  return true;
}

// An io error about the referenced file at `path`.
Error refused(const std::string& path, std::string message) {
  Error e = make_error(ErrorCode::io, std::move(message));
  e.file = path;
  return e;
}

// A name that is a path of its own (not one relative to the naming file's folder).
std::optional<Error> absolute_name(const fs::path& named, const std::string& path) {
  if (!named.is_absolute() && !named.has_root_name()) return std::nullopt;
  return refused(path, "an absolute path; files are named relative to the folder of the file that names them");
}

}  // namespace

Expected<std::string> resolve_reference(const std::string& referrer, const std::string& name, const OpenOptions& options) {
  const fs::path named(name);
  const fs::path folder = fs::path(referrer).parent_path();
  const std::string path = (folder / named).string();
  if (auto absolute = absolute_name(named, path)) return *absolute;
  if (inside(path, folder.empty() ? fs::path(".") : folder)) return path;
  for (const std::string& root : options.reference_roots) {
    if (inside(path, root)) return path;
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

Expected<std::vector<std::uint8_t>> read_referenced_input(const std::string& referrer, const std::string& name,
                                                          const OpenOptions& options, std::uint64_t& budget) {
  const fs::path named(name);
  const std::string path = (fs::path(referrer).parent_path() / named).string();
  const auto refuse = [&](std::string message) { return refused(path, std::move(message)); };
  if (auto absolute = absolute_name(named, path)) return *absolute;
  std::error_code ec;
  const auto status = fs::status(path, ec);
  if (ec) return refuse(fmt::format("cannot open: {}", ec.message()));
  // A device or a pipe (/dev/zero) never ends: only regular files are read.
  if (!fs::is_regular_file(status)) return refuse("not a regular file");
  if (auto resolved = resolve_reference(referrer, name, options); !resolved) return resolved.error();
  const auto size = fs::file_size(path, ec);
  if (!ec && size > budget) {
    Error e = refuse(fmt::format("{} bytes, past what is left ({}) of the input limit of {} bytes for a file and the files it names",
                                 size, budget, options.limits.max_input_bytes));
    e.code = ErrorCode::too_large;
    return e;
  }
  auto bytes = read_file(path, budget);
  if (!bytes) {
    if (bytes.error().file.empty()) bytes.error().file = path;
    return bytes;
  }
  budget -= bytes->size();
  return bytes;
}

}  // namespace anmkit::detail
