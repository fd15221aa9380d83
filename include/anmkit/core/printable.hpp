#pragma once
// Text from a file (a bone's name, a comment, a path) made safe for a terminal or a log line:
// control bytes and backslashes are escaped ("\n", "\x1b", "\\"), the C1 controls too (U+009B,
// CSI, as "\u009b"; a lone byte 0x9b, not part of UTF-8, as "\x9b"), so that a name can neither end
// a line, move the cursor nor hide what follows it (a NUL). Other bytes pass unchanged.

#include <string>
#include <string_view>

namespace anmkit {

std::string printable(std::string_view text);

// A path, or a message that holds paths, for the platform's reader: as printable(), but on
// Windows a backslash (the separator there) is kept as typed, not doubled.
std::string printable_path(std::string_view text);

// A line that may already hold printable() text (a library message naming a bone) and text that
// is not (a path): control bytes escaped as printable() does, backslashes kept as they are, so
// that what is escaped already is not escaped twice ("\x1b" stays "\x1b").
std::string printable_line(std::string_view line);

}  // namespace anmkit
