#pragma once
// The parts of a path, on its UTF-8 text alone, as std::filesystem::path gives them: for the
// layers above the file source, which name files but never touch the file system. Separators
// are `/`, and on Windows `\` too, as the platform's own paths have them.

#include <string>
#include <string_view>

namespace anmkit {

// "b.mdl" of "a/b.mdl"; "" for a path ending in a separator.
std::string_view path_file_name(std::string_view path);
// "b" of "a/b.mdl"; ".bashrc" of ".bashrc"; ".." of "..".
std::string_view path_stem(std::string_view path);
// ".mdl" of "a/b.mdl"; "" for "a/b", ".bashrc" and "..".
std::string_view path_extension(std::string_view path);

}  // namespace anmkit
