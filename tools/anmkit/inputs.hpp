#pragma once
// Files and folders given on the command line, expanded: folders are walked recursively in
// name order, so that every run sees the same files in the same order.

#include <string>
#include <vector>

namespace anmkit::cli {

struct InputFile {
  std::string path;      // as it can be opened
  std::string relative;  // below the folder it was found in (the file name for a file argument)
  bool from_folder = false;  // found by walking a folder (not named by the user)
};

// `skip`: a folder not to walk into (the output folder, when it lies inside an input).
std::vector<InputFile> expand_inputs(const std::vector<std::string>& arguments, const std::string& skip = {});

}  // namespace anmkit::cli
