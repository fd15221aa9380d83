#pragma once
// Files the front door and the entries read: an input under the caller's limits, and a file that
// another file names (a .mdl's sequences), within one budget for them all.

#include <cstdint>
#include <string>
#include <vector>

#include "anmkit/anmkit.hpp"
#include "folder_listings.hpp"

namespace anmkit::detail {

// A file read with the caller's limits, naming the file on failure.
Expected<std::vector<std::uint8_t>> read_input(const std::string& path, const OpenOptions& options);
// The file an input names by path (its skeleton), read through options.read_file under the
// caller's limits; with no reader given, an error naming the file (nothing touches the disk).
Expected<std::vector<std::uint8_t>> read_named_file(const std::string& path, const OpenOptions& options);
// The game's texture folder (options.texture_dir), when one is given, is a folder that exists:
// else an io error naming it and the setting ("the game's texture folder 'X' (texture_dir) does
// not exist", "... is not a folder"), so that a mistyped folder is said once rather than every
// "$/..." texture being reported missing from it.
Expected<void> check_texture_dir(const OpenOptions& options);
// Where a file another file names is: `name` resolved against the naming file's folder as the
// game on Windows finds it (`\` a separator, letters in either case when no file is spelt
// exactly so, each folder listed once in `listings`; two files differing only in case are an
// error naming both). An
// absolute name, or one that leads out of that folder (through "..", or a link) and under none of
// options.reference_roots, is refused, naming itself: a .mdl from the internet must not read
// ../../secret files.
Expected<std::string> resolve_reference(const std::string& referrer, const std::string& name, const OpenOptions& options,
                                        FolderListings& listings);
// A file another file names: resolved as resolve_reference does, a regular file, and read within
// `budget` bytes, which it uses up. The budget starts at the limit less the naming file's size,
// so that all together count once against limits.max_input_bytes. `path` is set to where the
// file was looked for (found or not), for messages.
Expected<std::vector<std::uint8_t>> read_referenced_input(const std::string& referrer, const std::string& name,
                                                          const OpenOptions& options, FolderListings& listings,
                                                          std::uint64_t& budget, std::string& path);

}  // namespace anmkit::detail
