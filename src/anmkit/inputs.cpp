#include "anmkit/inputs.hpp"

#include <algorithm>

#include "anmkit/anmkit.hpp"
#include "anmkit/core/folders.hpp"
#include "anmkit/core/path_text.hpp"
#include "anmkit/core/path_utf8.hpp"
#include "anmkit/model/clip.hpp"

namespace anmkit {

namespace fs = std::filesystem;

InputWalker::InputWalker(std::vector<std::string> arguments, const std::string& skip) : arguments_(std::move(arguments)) {
  std::error_code ec;
  if (!skip.empty()) skip_ = fs::weakly_canonical(fs_path(skip), ec);
}

std::string InputWalker::open(const fs::path& path, const fs::path& relative) {
  Folder folder{path, relative, {}, 0};
  std::error_code ec;
  // core's listing, not std::filesystem's: on Windows it reaches past MAX_PATH (core/folders.hpp).
  for (const FolderEntry& entry : list_folder(utf8(path), ec)) {
    // Links to folders are not followed (they could loop); links to files are read.
    const bool directory = entry.directory && !entry.link;
    std::error_code entry_ec;
    if (directory && !skip_.empty() && fs::weakly_canonical(path / fs_path(entry.name), entry_ec) == skip_) continue;
    if (directory || entry.regular) folder.entries.push_back({entry.name, directory});
  }
  if (ec) return "cannot list the folder: " + ec.message();
  // A folder sorts as its name plus '/', so the walk visits paths in the order of the sorted
  // relative paths ("a.txt" before "a/b").
  const auto key = [](const Entry& e) { return e.directory ? e.name + '/' : e.name; };
  std::sort(folder.entries.begin(), folder.entries.end(), [&key](const Entry& a, const Entry& b) { return key(a) < key(b); });
  stack_.push_back(std::move(folder));
  return {};
}

std::optional<InputFile> InputWalker::next() {
  while (true) {
    if (stack_.empty()) {
      if (next_argument_ == arguments_.size()) return std::nullopt;
      const std::string& argument = arguments_[next_argument_++];
      if (!is_folder(argument)) return InputFile{argument, utf8(fs_path(argument).filename()), false, {}};
      if (auto error = open(fs_path(argument), {}); !error.empty()) return InputFile{argument, {}, false, std::move(error)};
      continue;
    }
    Folder& top = stack_.back();
    if (top.next == top.entries.size()) {
      stack_.pop_back();
      continue;
    }
    const Entry entry = top.entries[top.next++];
    const fs::path path = top.path / fs_path(entry.name), relative = top.relative / fs_path(entry.name);
    if (entry.directory) {
      if (auto error = open(path, relative); !error.empty()) return InputFile{utf8(path), utf8(relative), true, std::move(error)};
      continue;
    }
    return InputFile{utf8(path), utf8(relative), true, {}};
  }
}

std::vector<InputFile> expand_inputs(const std::vector<std::string>& arguments, const std::string& skip) {
  std::vector<InputFile> out;
  InputWalker walker(arguments, skip);
  while (auto in = walker.next()) out.push_back(std::move(*in));
  return out;
}

InputSet::InputSet(std::initializer_list<std::string> paths) {
  for (const auto& path : paths) add(path);
}

void InputSet::add(const std::string& path) {
  if (auto id = file_id(path)) ids_.insert(*id);
}

bool InputSet::holds(const std::string& path) const {
  if (path == "-") return false;
  const auto id = file_id(path);
  return id && ids_.count(*id) > 0;
}

bool named_like_an_animation(const std::string& path) {
  // The registry is complete before main() runs, and never changes after.
  static const std::vector<GameFileKind> kinds = game_file_kinds();
  const std::string extension = model::ascii_lower(path_extension(path));
  return std::any_of(kinds.begin(), kinds.end(),
                     [&extension](const GameFileKind& k) { return k.opens_as == DocumentKind::animation && k.extension == extension; });
}

}  // namespace anmkit
