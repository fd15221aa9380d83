#include "anmkit/core/path_text.hpp"

namespace anmkit {

namespace {
#if defined(_WIN32)
constexpr std::string_view separators = "/\\";
#else
constexpr std::string_view separators = "/";
#endif

// Where the file name's extension begins in it (its size when it has none).
std::size_t extension_at(std::string_view name) {
  if (name == "." || name == "..") return name.size();
  const auto dot = name.rfind('.');
  return dot == std::string_view::npos || dot == 0 ? name.size() : dot;
}
}  // namespace

std::string_view path_file_name(std::string_view path) {
  const auto cut = path.find_last_of(separators);
  std::string_view name = cut == std::string_view::npos ? path : path.substr(cut + 1);
#if defined(_WIN32)
  if (cut == std::string_view::npos && name.size() >= 2 && name[1] == ':') name.remove_prefix(2);  // "C:x"
#endif
  return name;
}

std::string_view path_stem(std::string_view path) {
  const std::string_view name = path_file_name(path);
  return name.substr(0, extension_at(name));
}

std::string_view path_extension(std::string_view path) {
  const std::string_view name = path_file_name(path);
  return name.substr(extension_at(name));
}

}  // namespace anmkit
