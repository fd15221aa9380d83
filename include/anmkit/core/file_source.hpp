#pragma once
// Where the library's files come from: one interface every file goes through (an input, the
// skeleton it names, a model's sequences, meshes, materials, volumes and textures, a glTF's
// external buffers), so that the entries and the glTF layer never touch the disk themselves. A
// name one file gives another is resolved as the game on Windows resolves it: `\` a separator
// like `/`, letters in either case when no file is spelt exactly so, "$/..." in the game's
// shared folder, and never out of the naming file's folder but into a root the user allows.
//
//   disk_files()      the file system (core/file_source_disk.cpp), each folder listed once
//   MemoryFiles       files handed over as bytes (a browser's picked folder, a test's)
//
// Next to come: a game's .pak archives. Paths are UTF-8 text in one representation from the
// front ends down; what a path means is the source's business.

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "anmkit/core/expected.hpp"

namespace anmkit {

// What a checked read knows of the file it opened, before it reads a byte of it.
struct OpenedFile {
  // Where the open file is, from the open file itself: on disk absolute, every link resolved; in
  // memory, its name.
  std::string real_path;
  std::uint64_t size = 0;
};
// A caller's word on an opened file: an error refuses it, and is returned as it is.
using OpenedFileCheck = std::function<Expected<void>(const OpenedFile& opened)>;

// Which folders a name that another file gives may lead to, besides the naming file's own.
struct NameRules {
  // Folders under which a named file may lie ("../../x.anm" into the game's resource folder):
  // the reference_roots option.
  std::vector<std::string> roots;
  // The game's shared folder, where a name "$/..." is looked for (GEM: resource/texture, the
  // texture_dir option); "": such a name is refused.
  std::string shared;
};

// What is at a path (links followed): nothing, a regular file, a folder, or something else (a
// device, a pipe), which is never read.
enum class FileKind { none, file, folder, other };

class FileSource {
 public:
  virtual ~FileSource() = default;

  // A file the user named by its path (an input, a skeleton, a model): its bytes, at most
  // `max_bytes` of them (too_large past that, naming the file). Only a regular file is read.
  virtual Expected<std::vector<std::uint8_t>> read(const std::string& path, std::uint64_t max_bytes) const = 0;
  // What is at `path` (a path this source gave, or the user's).
  virtual FileKind kind(const std::string& path) const = 0;

  // Where `name`, as the file at `referrer` names it, is: found as the game finds it, or (when it
  // is not there) the place it was looked for. Refused, naming the place: an absolute name, and
  // one that leads out of the referrer's folder under none of `rules.roots` (rules.shared
  // counts as one for a "$/" name); two files differing only in case (an error of bad_value).
  virtual Expected<std::string> resolve(const std::string& referrer, const std::string& name, const NameRules& rules) const = 0;
  // resolve, then the file read: opened once and checked where it is open (a link swapped in
  // meanwhile cannot lead out), `check` given its place and size before a byte is read (an
  // error of check's is returned as it is), at most `max_bytes` read. `path` is set to where it
  // was looked for, found or not, for messages.
  virtual Expected<std::vector<std::uint8_t>> read_named(const std::string& referrer, const std::string& name,
                                                         const NameRules& rules, std::uint64_t max_bytes,
                                                         const OpenedFileCheck& check, std::string& path) const = 0;
  // A file below `folder` by a relative name with `/` for its separator and no ".." (a glTF's
  // external buffer), without the game's rules: exactly so named, a regular file, not leading
  // out of `folder` through a link. Errors say "no such file", "expected a regular file", and
  // "leads out of {folder_words} {folder} (to {where})"; `path` is set to the file's place.
  virtual Expected<std::vector<std::uint8_t>> read_below(const std::string& folder, const std::string& name,
                                                         std::string_view folder_words, std::uint64_t max_bytes,
                                                         const OpenedFileCheck& check, std::string& path) const = 0;
  // Whether the bytes of the file at `path` (a path this source gave) are at hand: false for a
  // file known by its name alone (MemoryFiles::declare), which a caller hands over once the
  // library says it wants it (Document::files_wanted).
  virtual bool has_bytes(const std::string& /*path*/) const { return true; }
};

// The file system. A fresh one lists each folder at most once (a name not spelt as its file is
// found in the listing), so that a model's thousands of names cost a listing a folder: files
// added to a folder after it was listed are not found by another spelling. Thread-safe.
std::shared_ptr<const FileSource> disk_files();

// Files given as bytes, by name. Names are paths with `/` or `\` between folders and no "."
// or ".." part; they are relative to one top (a picked folder), so nothing leads out of it but
// where the rules forbid. Not thread-safe while files are added; safe to read from many threads.
class MemoryFiles final : public FileSource {
 public:
  // Adds (or replaces) the file `name`; bad_value for a name that is empty, absolute, has an
  // empty, "." or ".." part, or a NUL.
  Expected<void> add(std::string_view name, std::vector<std::uint8_t> bytes);
  // Names the file `name` without its bytes (a browser's picked file, not read yet): it is found
  // as any other, and reading it is an io error saying it was not handed over, until add() gives
  // its bytes. A name given already keeps its bytes. Errors as add's.
  Expected<void> declare(std::string_view name);
  std::size_t size() const { return files_.size(); }

  Expected<std::vector<std::uint8_t>> read(const std::string& path, std::uint64_t max_bytes) const override;
  FileKind kind(const std::string& path) const override;
  Expected<std::string> resolve(const std::string& referrer, const std::string& name, const NameRules& rules) const override;
  Expected<std::vector<std::uint8_t>> read_named(const std::string& referrer, const std::string& name, const NameRules& rules,
                                                 std::uint64_t max_bytes, const OpenedFileCheck& check,
                                                 std::string& path) const override;
  Expected<std::vector<std::uint8_t>> read_below(const std::string& folder, const std::string& name, std::string_view folder_words,
                                                 std::uint64_t max_bytes, const OpenedFileCheck& check,
                                                 std::string& path) const override;
  bool has_bytes(const std::string& path) const override;

 private:
  Expected<std::string> checked_name(std::string_view name) const;
  // By the name with `/` separators (null bytes: declared, not given); and by that name in lower
  // case (ASCII), for the game's lookup.
  std::map<std::string, std::shared_ptr<const std::vector<std::uint8_t>>, std::less<>> files_;
  std::multimap<std::string, std::string, std::less<>> by_lower_;
};

}  // namespace anmkit
