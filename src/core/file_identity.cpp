// A file's identity, on every platform, from what stat_file() tells (file_io_posix.cpp and
// file_io_windows.cpp each give it their way).
#include "anmkit/core/file_io.hpp"

namespace anmkit {

std::optional<FileId> file_id(const std::string& path) {
  const auto st = stat_file(path);
  return st ? std::optional<FileId>(st->id) : std::nullopt;
}

bool same_file(const std::string& a, const std::string& b) {
  const auto x = file_id(a);
  return x && x == file_id(b);
}

}  // namespace anmkit
