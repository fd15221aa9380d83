#pragma once
// What every subcommand shares: loading an input by content, printing diagnostics the way
// compilers do (on stderr), and writing outputs safely.

#include <cstdint>
#include <span>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "anmkit/core/detect.hpp"
#include "anmkit/core/diagnostic.hpp"
#include "anmkit/core/file_io.hpp"
#include "anmkit/core/expected.hpp"
#include "anmkit/core/limits.hpp"
#include "anmkit/formats/gem/gem_file.hpp"
#include "anmkit/formats/lm/lm_bin.hpp"
#include "anmkit/formats/lm/lm_file.hpp"
#include "anmkit/formats/mm2/mm2_file.hpp"

namespace anmkit::cli {

// Exit codes shared by every subcommand.
inline constexpr int exit_ok = 0;
inline constexpr int exit_failure = 1;  // an input is invalid or an operation failed
inline constexpr int exit_usage = 2;    // the command line is wrong

struct Input {
  std::string path;
  std::vector<std::uint8_t> bytes;
  Format format = Format::unknown;
};

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

// Reads a file and detects its format; an unrecognised format is an error.
Expected<Input> load(const std::string& path);

struct LoadedGem {
  Input input;
  gem::File file;
};
// Parses a GEM file; errors name the file and the offset.
Expected<LoadedGem> load_gem(Input input);

// Where an LM file's node count comes from (it is not stored in the file).
struct LmOptions {
  std::string bin;             // --bin MODEL.bin
  std::uint32_t nodes = 0;     // --nodes N
  CLI::Option* nodes_option = nullptr;
  void add_to(CLI::App* command);
};

struct LoadedLm {
  Input input;
  lm::File file;
  std::string node_count_source;  // "inferred from the layout", "--nodes", "--bin MODEL.bin"
  std::optional<lm::SceneGraph> scene;
};
Expected<LoadedLm> load_lm(Input input, const LmOptions& options);

struct LoadedMm2 {
  Input input;
  mm2::File file;
};

// Reads a file of any format (or parses one already read).
using Loaded = std::variant<LoadedGem, LoadedLm, LoadedMm2>;
Expected<Loaded> load_any(const std::string& path, const LmOptions& options);
Expected<Loaded> load_any(Input input, const LmOptions& options);

// The lossless JSON dump of a file of any format.
nlohmann::ordered_json dump_document(const Loaded& loaded);

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
