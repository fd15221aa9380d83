#include "windows_name.hpp"

#include "anmkit/core/path_utf8.hpp"
#include "anmkit/core/windows_api.hpp"

namespace anmkit::detail {

std::wstring windows_name(const std::string& path) {
  std::wstring wide = fs_path(path).native();
  if (wide.size() < 240 || wide.rfind(L"\\\\", 0) == 0) return wide;
  const DWORD size = ::GetFullPathNameW(wide.c_str(), 0, nullptr, nullptr);
  if (size == 0) return wide;
  std::wstring full(size, L'\0');
  const DWORD written = ::GetFullPathNameW(wide.c_str(), size, full.data(), nullptr);
  if (written == 0 || written >= size) return wide;
  full.resize(written);
  return L"\\\\?\\" + full;
}

}  // namespace anmkit::detail
