#pragma once
// What a command that walks folders (info, validate) says last: how many files it saw and what
// became of each, so that a file left out of the per-file lines is still counted somewhere.

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "anmkit/anmkit.hpp"
#include "anmkit/core/error.hpp"
#include "anmkit/inputs.hpp"

namespace anmkit::cli {

// Whether any argument is a folder (the summary line is printed only then: a list of named
// files gets a line each and nothing more).
bool walks_a_folder(const std::vector<std::string>& arguments);

// Whether a file found in a folder that no format recognises (`error`, from Document::open) is
// passed over: yes, unless it is named like an animation (`*.anm`), which is then an invalid
// file with the reason. A file named on the command line is never passed over.
bool passed_over(const InputFile& in, const Error& error);

// What a walk opens a file found in a folder with: animations, and models, which it passes over
// but whose failure to read is a failure, never a quiet skip; no mesh or material is read.
OpenOptions folder_walk(const OpenOptions& options);
// What a command opens a file named on its command line with: whatever the file is.
OpenOptions any_file(const OpenOptions& options);

struct FolderTally {
  std::size_t files = 0;           // every file the walk gave
  std::size_t skipped = 0;         // passed over: not animations
  std::size_t unlisted = 0;        // folders that could not be listed
  std::map<std::string, std::size_t> skipped_kinds;  // by game_file_kind(); "" for files no format knows
  // Counts a file passed over, by what it is.
  void skip(const std::string& path);
  // "1 skipped (not an animation)", "0 skipped", "86 skipped (not animations: 1 model, 47
  // meshes, 3 materials, 2 textures, 20 other files)", and the unlisted folders when there are any.
  std::string skipped_text() const;
};

}  // namespace anmkit::cli
