// The file source's names (core/file_source.hpp) as a hostile caller gives them: the input is
// lines, "REFERRER", "NAME", "ROOT" (or "" for none), "SHARED" (or ""), then the names of the
// files handed over. Whatever they are: nothing crashes; a name added is found by its own
// spelling; what resolve finds lies in the referrer's folder, a root or the shared folder (no
// ".." climbs out); and read_named reads exactly what resolve found.

#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "anmkit/core/file_source.hpp"
#include "fidelity.hpp"

namespace anmkit::fuzz {
namespace {

std::vector<std::string> lines_of(Input bytes) {
  std::vector<std::string> out(1);
  for (const std::uint8_t b : bytes) {
    if (b == '\n') {
      if (out.size() == 64) break;
      out.emplace_back();
    } else {
      out.back() += char(b);
    }
  }
  return out;
}

std::string slashed(std::string s) {
  for (char& c : s) c = c == '\\' ? '/' : c;
  return s;
}

// A path with `/`, its "." parts gone and each ".." taking the one before; nullopt above the top.
std::optional<std::string> normal(const std::string& path) {
  std::vector<std::string> parts;
  std::string part;
  const std::string s = slashed(path) + "/";
  for (const char c : s) {
    if (c != '/') {
      part += c;
      continue;
    }
    if (part == "..") {
      if (parts.empty()) return std::nullopt;
      parts.pop_back();
    } else if (!part.empty() && part != ".") {
      parts.push_back(part);
    }
    part.clear();
  }
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : "/") + p;
  return out;
}

std::string lower(std::string s) {
  for (char& c : s) c = c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c;
  return s;
}

// Whether `path` is `folder` or lies below it (both with `/`; "" is the top, which holds all), in
// letters of either case: the game's lookup may find a file under another spelling of a folder.
bool below(std::string path, std::string folder) {
  path = lower(path);
  folder = lower(folder);
  return folder.empty() || path == folder || (path.size() > folder.size() && path.starts_with(folder) && path[folder.size()] == '/');
}

}  // namespace

std::optional<std::string> check_file_names(Input bytes) {
  auto lines = lines_of(bytes);
  lines.resize(std::max<std::size_t>(lines.size(), 4));
  const std::string referrer = lines[0], name = lines[1];
  NameRules rules;
  if (!lines[2].empty()) rules.roots.push_back(lines[2]);
  rules.shared = lines[3];
  MemoryFiles files;
  std::vector<std::string> added;
  for (std::size_t i = 4; i < lines.size(); ++i) {
    if (files.add(lines[i], std::vector<std::uint8_t>(lines[i].begin(), lines[i].end()))) added.push_back(lines[i]);
  }
  for (const std::string& a : added) {
    auto read = files.read(a, 1 << 20);
    // Two names differing only in case may make the other spelling ambiguous, never this one.
    if (!read) return fmt::format("file_names: '{}' was added but does not read: {}", a, read.error().to_string());
  }
  const auto found = files.resolve(referrer, name, rules);
  std::string path;
  const auto bytes_read = files.read_named(referrer, name, rules, 1 << 20, {}, path);
  if (!found) {
    if (bytes_read) return "file_names: read_named read what resolve refused";
    return std::nullopt;
  }
  // Where it was found: below the referrer's folder, a root, or the shared folder.
  const std::string at = slashed(*found);
  std::vector<std::optional<std::string>> allowed;
  if (const auto ref = normal(referrer)) {
    const auto cut = ref->rfind('/');
    allowed.push_back(cut == std::string::npos ? std::string() : ref->substr(0, cut));
  }
  for (const auto& root : rules.roots) allowed.push_back(normal(root));
  if (!rules.shared.empty()) allowed.push_back(normal(rules.shared));
  bool inside = false;
  for (const auto& folder : allowed) inside = inside || (folder && below(at, *folder));
  if (!inside) {
    return fmt::format("file_names: '{}' from {} resolved to {}, outside its folder and the roots", name, referrer, at);
  }
  if (bytes_read && path != *found) return fmt::format("file_names: read_named read {}, resolve found {}", path, *found);
  if (bytes_read && std::string(bytes_read->begin(), bytes_read->end()) != slashed(path) &&
      files.kind(path) == FileKind::file) {
    // The content of each file is its own name as added (with either separator).
    bool one_of = false;
    for (const auto& a : added) one_of = one_of || (slashed(a) == slashed(path) && std::string(bytes_read->begin(), bytes_read->end()) == a);
    if (!one_of) return fmt::format("file_names: {} read bytes that are not its own", path);
  }
  return std::nullopt;
}

}  // namespace anmkit::fuzz
