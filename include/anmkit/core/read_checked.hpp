#pragma once
// Reading a file whose place matters (one that another file names): opened once, and what was
// opened is checked, never the name looked at again, so that a link swapped in meanwhile (a
// rename in a shared folder) cannot lead the read elsewhere. file_io_posix.cpp and
// file_io_windows.cpp implement it beside read_file (core/file_io.hpp), whose open and read they share.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "anmkit/core/expected.hpp"
#include "anmkit/core/file_source.hpp"  // OpenedFile, OpenedFileCheck

namespace anmkit {

// read_file for such a file: only a regular file is read (a folder, a device or a pipe is "not a
// regular file"; the open never waits on a pipe), `check` is given its real path and size before
// any byte is read, and the read stops past `max_bytes`.
Expected<std::vector<std::uint8_t>> read_file_checked(const std::string& path, std::uint64_t max_bytes,
                                                      const OpenedFileCheck& check);

// The real path of an existing file or folder, resolved as read_file_checked resolves an open
// file (Windows: the name as the disk spells it, in its case, without 8.3 short names), so the
// two compare as they are; nullopt when it is not there or cannot be resolved.
std::optional<std::string> real_path(const std::string& path);

}  // namespace anmkit
