#pragma once
// What every subcommand shares: loading an input by content, printing diagnostics the way
// compilers do (on stderr), and writing outputs safely.

#include <cstdint>
#include <span>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "anmkit/anmkit.hpp"

namespace anmkit::cli {

// Exit codes shared by every subcommand.
inline constexpr int exit_ok = 0;
inline constexpr int exit_failure = 1;  // an input is invalid or an operation failed
inline constexpr int exit_usage = 2;    // the command line is wrong

// Checks for numeric options. CLI11 reads unsigned options with strtoull ("-1" wraps to the
// largest value, digits past the range saturate), and its PositiveNumber and NonNegativeNumber
// let "nan" through (NaN fails every comparison).
// Plain decimal digits, from `min` to `max`.
CLI::Validator whole_number(std::uint64_t max, std::uint64_t min = 0);
// A finite number above `min` (or from `min`, when `inclusive`).
CLI::Validator real_number(double min, bool inclusive);

// The limits every read obeys, set by the global --max-* options.
ReadLimits& limits();
void add_limit_options(CLI::App& app);

// Where an LM file's node count comes from (it is not stored in the file).
struct LmOptions {
  std::string bin;             // --bin MODEL.bin
  std::uint32_t nodes = 0;     // --nodes N
  CLI::Option* nodes_option = nullptr;
  void add_to(CLI::App* command);
};

// The front door's options for a command: the limits, and the LM node count (named as the
// command line gives it).
OpenOptions open_options(const LmOptions& lm);
// Whether `list` holds `name` (format targets, as the registry lists them).
bool contains(const std::vector<std::string_view>& list, std::string_view name);
// A-Z for a-z, every other byte kept (format names as messages print them: "GEM").
std::string ascii_upper(std::string_view text);

// Names as CLI11's IsMember takes them.
std::vector<std::string> names(const std::vector<std::string_view>& list);

// A library message in the command line's words: where it names a setting of the library
// (limits.max_frames, the remap option, ...) it names the option that sets it.
std::string in_cli_words(std::string message);

// Prints the error (naming `file` when the error does not name one) and returns exit_failure.
int report(Error error, const std::string& file = {});
void print_diagnostic(const std::string& file, const Diagnostic& diagnostic);

// Refuses to overwrite one of `inputs` unless `force`; writes through a temporary file.
// A path's extension in lower case (".glb", ".png"; "" without one).
std::string lower_extension(const std::string& path);

Expected<void> write_output(const std::string& path, std::span<const std::uint8_t> bytes,
                            const std::vector<std::string>& inputs, bool force,
                            Durability durability = Durability::each_file);
Expected<void> write_output(const std::string& path, const std::string& text,
                            const std::vector<std::string>& inputs, bool force);

// Each subcommand registers itself and stores its exit code in `exit_code` when it runs.
void add_info(CLI::App& app, int& exit_code);
void add_validate(CLI::App& app, int& exit_code);
void add_dump(CLI::App& app, int& exit_code);
void add_build(CLI::App& app, int& exit_code);
void add_sample(CLI::App& app, int& exit_code);
void add_convert(CLI::App& app, int& exit_code);
void add_batch(CLI::App& app, int& exit_code);

}  // namespace anmkit::cli
