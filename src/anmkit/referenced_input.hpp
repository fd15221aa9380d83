#pragma once
// Files the front door and the entries read, all through the options' file source
// (core/file_source.hpp): an input under the caller's limits, and a file that another file names
// (a .mdl's sequences), within one budget for them all.

#include <cstdint>
#include <string>
#include <vector>

#include "anmkit/anmkit.hpp"
#include "anmkit/core/file_source.hpp"

namespace anmkit::detail {

// The options' file source; without one, the disk (a fresh source, which lists its folders anew).
std::shared_ptr<const FileSource> files_of(const OpenOptions& options);
// How names that files give are looked for under these options (reference_roots, texture_dir).
NameRules name_rules(const OpenOptions& options);
// The options with their file source set (the disk, when none is): what an operation that reads
// many files passes on, so that each folder is listed once for all of them.
OpenOptions with_files(OpenOptions options);
// The options with their file source set to none, when none is (opening bytes or a dump reads no
// file unless given a source): each read refused, naming the `files` option.
OpenOptions without_files_unless_given(OpenOptions options);

// A file named by its path (an input, the skeleton it names), read through the options' file
// source with the caller's limits, naming the file on failure.
Expected<std::vector<std::uint8_t>> read_input(const std::string& path, const OpenOptions& options);
// The game's texture folder (options.texture_dir), when one is given, is a folder that exists:
// else an io error naming it and the setting ("the game's texture folder 'X' (texture_dir) does
// not exist", "... is not a folder"), so that a mistyped folder is said once rather than every
// "$/..." texture being reported missing from it.
Expected<void> check_texture_dir(const OpenOptions& options);
// Where a file another file names is (FileSource::resolve under name_rules(options)): as the game
// on Windows finds it, refused when it leads out of the naming file's folder and every root.
Expected<std::string> resolve_reference(const std::string& referrer, const std::string& name, const OpenOptions& options);
// What is at `path` in the options' file source.
FileKind source_file_kind(const std::string& path, const OpenOptions& options);
// A file another file names: resolved as resolve_reference does, a regular file, and read within
// `budget` bytes, which it uses up. The budget starts at the limit less the naming file's size,
// so that all together count once against limits.max_input_bytes. `path` is set to where the
// file was looked for (found or not), for messages.
Expected<std::vector<std::uint8_t>> read_referenced_input(const std::string& referrer, const std::string& name,
                                                          const OpenOptions& options, std::uint64_t& budget, std::string& path);

}  // namespace anmkit::detail
