#pragma once
// What every subcommand shares: loading an input by content, printing diagnostics the way
// compilers do (on stderr), and writing outputs safely.

#include <cstdint>
#include <cstdio>
#include <set>
#include <span>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "anmkit/anmkit.hpp"
#include "anmkit/inputs.hpp"  // InputSet: every file a command reads, which no output may replace
#include "anmkit/core/file_io.hpp"
#include "anmkit/core/printable.hpp"

namespace anmkit::cli {

// Exit codes shared by every subcommand.
inline constexpr int exit_ok = 0;
inline constexpr int exit_failure = 1;  // an input is invalid or an operation failed
inline constexpr int exit_usage = 2;    // the command line is wrong

// The check every numeric option goes through (docs/SECURITY.md, "Numbers on the command
// line"): CLI11 reads unsigned options with strtoull ("-1" wraps to the largest value, digits
// past the range saturate), and its PositiveNumber and NonNegativeNumber let "nan" through (NaN
// fails every comparison). A number is plain decimal, finite and within [min, max]; anything
// else is exit 2 with "--OPTION: expected a ... from MIN to MAX, found 'TEXT'".
struct NumberRange {
  bool whole = false;            // digits only (a count, an index), else a real number
  std::uint64_t whole_min = 0, whole_max = 0;
  double real_min = 0, real_max = 0;
};
CLI::Validator number(const NumberRange& range);
// The two kinds, spelled for the option lists.
CLI::Validator whole_number(std::uint64_t max, std::uint64_t min = 0);
CLI::Validator real_number(double min, double max);

// Ranges shared by several commands (positive where zero would mean nothing, and at most a
// value past which results stop being numbers: key times, GIF delays, frame indices).
// fps, tick rate and tolerance take the library's ranges (fps_range, tick_hz_range,
// tolerance_range), which every front end shares.
CLI::Validator real_number(RealRange range);
inline constexpr double max_frame = 4294967295.0;  // frame counts are 32-bit
inline constexpr double max_seconds = 1e9;

// printable() (core/printable.hpp): a name or message as one line of text output. JSON output
// is not escaped this way (JSON has its own escapes).
using anmkit::printable;
// Prints printable_path(line) and a newline: for a line made of raw text (paths, names).
void print_line(std::FILE* stream, std::string_view line);
// Prints "FILE[:OFFSET]: SEVERITY: MESSAGE" as format_diagnostic() does, the file escaped as a path
// and the message (the library's words, printable already) escaped only where raw.
void print_message(std::FILE* stream, const std::string& file, Severity severity, std::string_view message,
                   std::optional<std::uint64_t> offset = {}, std::string_view pointer = {});

// Checks that stdout took everything written to it (a full disk, a closed pipe): on failure
// prints why and returns exit_failure, else `exit_code`.
int check_stdout(int exit_code);

// Parses `argv` and runs the command: the whole program but for its process set-up (signal
// handlers, allocator), callable in-process (the CLI fuzz target). Resets the global options.
int run(int argc, char** argv);

// The limits every read obeys, set by the global --max-* options.
ReadLimits& limits();
// The folders given with --root (OpenOptions::reference_roots).
std::vector<std::string>& reference_roots();
void add_limit_options(CLI::App& app);

// The front door's options with the limits the global --max-* options set.
OpenOptions open_options();
// Whether `list` holds `name` (format targets, as the registry lists them).
bool contains(const std::vector<std::string_view>& list, std::string_view name);
// A-Z for a-z, every other byte kept (format names as messages print them: "GEM").
std::string ascii_upper(std::string_view text);

// Names as CLI11's IsMember takes them.
std::vector<std::string> names(const std::vector<std::string_view>& list);

// The command line's words for a setting a library message names (mentioned_settings()): the
// option that sets it ("--max-frames"); none for a setting it has no option for.
std::optional<std::string> cli_words(std::string_view setting);
// A library message with each setting it names said as the command line's option.
std::string in_cli_words(std::string_view text, const std::vector<SettingMention>& settings);

// Prints the error (naming `file` when the error does not name one; printable) and returns
// exit_failure.
int report(Error error, const std::string& file = {});
void print_diagnostic(const std::string& file, const Diagnostic& diagnostic);

// A path's extension in lower case (".glb", ".png"; "" without one).
std::string lower_extension(const std::string& path);

// Refuses to overwrite one of `inputs` unless `force`; writes through a temporary file.
Expected<void> write_output(const std::string& path, std::span<const std::uint8_t> bytes, const InputSet& inputs,
                            bool force, Durability durability = Durability::each_file);
Expected<void> write_output(const std::string& path, const std::string& text, const InputSet& inputs, bool force);

// Each subcommand registers itself and stores its exit code in `exit_code` when it runs.
void add_info(CLI::App& app, int& exit_code);
void add_validate(CLI::App& app, int& exit_code);
void add_dump(CLI::App& app, int& exit_code);
void add_build(CLI::App& app, int& exit_code);
void add_sample(CLI::App& app, int& exit_code);
void add_convert(CLI::App& app, int& exit_code);
void add_edit(CLI::App& app, int& exit_code);
void add_batch(CLI::App& app, int& exit_code);

}  // namespace anmkit::cli
