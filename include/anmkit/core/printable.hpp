#pragma once
// Text from a file (a bone's name, a comment, a path) made safe for a terminal or a log line:
// control bytes and backslashes are escaped ("\n", "\x1b", "\\"), so that a name can neither
// end a line, move the cursor nor hide what follows it (a NUL). Other bytes pass unchanged.

#include <string>
#include <string_view>

namespace anmkit {

std::string printable(std::string_view text);

// A path, or a message that holds paths, for the platform's reader: as printable(), but on
// Windows a backslash (the separator there) is kept as typed, not doubled.
std::string printable_path(std::string_view text);

}  // namespace anmkit
