#include "referenced_input.hpp"

#include <filesystem>

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

Expected<std::vector<std::uint8_t>> read_referenced_input(const std::string& referrer, const std::string& name,
                                                          const OpenOptions& options, std::uint64_t& budget) {
  namespace fs = std::filesystem;
  const fs::path named(name);
  const std::string path = (fs::path(referrer).parent_path() / named).string();
  const auto refuse = [&](std::string message) {
    Error e = make_error(ErrorCode::io, std::move(message));
    e.file = path;
    return e;
  };
  if (named.is_absolute()) return refuse("an absolute path; files are named relative to the folder of the file that names them");
  std::error_code ec;
  const auto status = fs::status(path, ec);
  if (ec) return refuse(fmt::format("cannot open: {}", ec.message()));
  // A device or a pipe (/dev/zero) never ends: only regular files are read.
  if (!fs::is_regular_file(status)) return refuse("not a regular file");
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
