#include "anmkit/core/path_utf8.hpp"

#if defined(_WIN32)
#include "anmkit/core/windows_api.hpp"
#endif

namespace anmkit {

#if defined(_WIN32)

std::filesystem::path fs_path(std::string_view utf8) {
  if (utf8.empty() || utf8.size() > 0x7fffffff) return {};
  const int size = static_cast<int>(utf8.size());
  const int wide_size = ::MultiByteToWideChar(CP_UTF8, 0, utf8.data(), size, nullptr, 0);
  std::wstring wide(static_cast<std::size_t>(wide_size), L'\0');
  ::MultiByteToWideChar(CP_UTF8, 0, utf8.data(), size, wide.data(), wide_size);
  return std::filesystem::path(std::move(wide));
}

std::string utf8(const std::filesystem::path& path) {
  const std::wstring& wide = path.native();
  if (wide.empty() || wide.size() > 0x7fffffff) return {};
  const int size = static_cast<int>(wide.size());
  const int narrow_size = ::WideCharToMultiByte(CP_UTF8, 0, wide.data(), size, nullptr, 0, nullptr, nullptr);
  std::string out(static_cast<std::size_t>(narrow_size), '\0');
  ::WideCharToMultiByte(CP_UTF8, 0, wide.data(), size, out.data(), narrow_size, nullptr, nullptr);
  return out;
}

#else

std::filesystem::path fs_path(std::string_view utf8) { return std::filesystem::path(std::string(utf8)); }

std::string utf8(const std::filesystem::path& path) { return path.string(); }

#endif

}  // namespace anmkit
