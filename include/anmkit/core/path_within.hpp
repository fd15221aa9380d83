#pragma once
// Whether one path lies in a folder, for the checks that keep a file another file names in its
// folder (core/file_io.hpp's read_file_checked gives the real path of what it opened).

#include <filesystem>

namespace anmkit {

// Whether `path` is `folder` or lies under it, both absolute and resolved alike (real_path, or
// weakly_canonical for a file only looked for), compared part by part: never as text, where
// /game/tank2 would begin with /game/tank.
bool path_within(const std::filesystem::path& path, const std::filesystem::path& folder);

}  // namespace anmkit
