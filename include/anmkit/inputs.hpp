#pragma once
// Files and folders a run is given (a command line's, a batch's), expanded: folders are walked recursively in
// name order (each folder's entries sorted, depth first, so the order is the same as sorting
// every relative path), so that every run sees the same files in the same order. The walk is
// lazy: memory grows with the depth and width of the tree, never with the number of files.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "anmkit/core/file_io.hpp"

namespace anmkit {

struct InputFile {
  std::string path;      // as it can be opened
  std::string relative;  // below the folder it was found in (the file name for a file argument)
  bool from_folder = false;  // found by walking a folder (not named by the user)
  // Set when `path` is a folder that could not be listed (unreadable, gone): the walk reports it
  // in its place, so that nothing is counted as "no files, no failures".
  std::string error;
};

class InputWalker {
 public:
  // `skip`: a folder not to walk into (the output folder, when it lies inside an input).
  explicit InputWalker(std::vector<std::string> arguments, const std::string& skip = {});
  std::optional<InputFile> next();

 private:
  struct Entry {
    std::string name;
    bool directory = false;
  };
  struct Folder {
    std::filesystem::path path, relative;
    std::vector<Entry> entries;  // sorted
    std::size_t next = 0;
  };
  // Lists a folder onto the stack; returns why it cannot be listed, or "".
  std::string open(const std::filesystem::path& path, const std::filesystem::path& relative);
  std::vector<std::string> arguments_;
  std::size_t next_argument_ = 0;
  std::filesystem::path skip_;
  std::vector<Folder> stack_;
};

std::vector<InputFile> expand_inputs(const std::vector<std::string>& arguments, const std::string& skip = {});

// Files by identity (two spellings of one file, a link and its target, are one): the inputs of a
// run, which its outputs must not replace.
class InputSet {
 public:
  InputSet() = default;
  InputSet(std::initializer_list<std::string> paths);
  void add(const std::string& path);  // a path that names no file adds nothing
  bool holds(const std::string& path) const;
  std::size_t size() const { return ids_.size(); }

 private:
  std::set<FileId> ids_;
};

// Named as a format's animations are (FormatInfo::animation_extension: .anm): a file named so
// that no format recognises is a broken animation (an empty file, a damaged header), not
// someone else's file.
bool named_like_an_animation(const std::string& path);

}  // namespace anmkit
