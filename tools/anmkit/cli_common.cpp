#include "cli_common.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>

#include <fmt/format.h>

#include "anmkit/core/file_io.hpp"
#include "anmkit/core/path_utf8.hpp"
#include "anmkit/model/clip.hpp"

namespace anmkit::cli {

namespace {

// Plain decimal: digits, at most one point, an exponent; no sign, no hex, no "nan" or "inf".
std::optional<double> plain_real(const std::string& text) {
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value, std::chars_format::general);
  const bool decimal = !text.empty() && ((text[0] >= '0' && text[0] <= '9') || text[0] == '.');
  if (!decimal || ec != std::errc() || ptr != end || !std::isfinite(value)) return std::nullopt;
  return value;
}

std::optional<std::uint64_t> plain_whole(const std::string& text) {
  std::uint64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  const bool digits = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (!digits || ec != std::errc() || ptr != end) return std::nullopt;
  return value;
}

}  // namespace

CLI::Validator number(const NumberRange& range) {
  const std::string bounds = range.whole ? fmt::format("{}..{}", range.whole_min, range.whole_max)
                                         : fmt::format("{}..{}", range.real_min, range.real_max);
  return CLI::Validator(
      [range](std::string& text) {
        if (range.whole) {
          const auto value = plain_whole(text);
          if (value && *value >= range.whole_min && *value <= range.whole_max) return std::string();
          return fmt::format("expected a whole number from {} to {}, found '{}'", range.whole_min, range.whole_max,
                             printable(text));
        }
        const auto value = plain_real(text);
        if (value && *value >= range.real_min && *value <= range.real_max) return std::string();
        return fmt::format("expected a finite number from {} to {}, found '{}'", range.real_min, range.real_max,
                           printable(text));
      },
      bounds);
}

CLI::Validator whole_number(std::uint64_t max, std::uint64_t min) {
  NumberRange range;
  range.whole = true;
  range.whole_min = min;
  range.whole_max = max;
  return number(range);
}

CLI::Validator real_number(double min, double max) {
  NumberRange range;
  range.real_min = min;
  range.real_max = max;
  return number(range);
}

CLI::Validator real_number(RealRange range) { return real_number(range.min, range.max); }

void print_line(std::FILE* stream, std::string_view line) {
  const std::string text = printable_path(line) + "\n";
  std::fputs(text.c_str(), stream);
}

void print_message(std::FILE* stream, const std::string& file, Severity severity, std::string_view message,
                   std::optional<std::uint64_t> offset, std::string_view pointer) {
  // The file as printable_path() says any path; the message in the library's words, which name
  // bones and values printable already: only what is left raw is escaped, nothing twice.
  const std::string text = format_diagnostic(printable_path(file), severity, printable_line(message), offset, printable_line(pointer)) + "\n";
  std::fputs(text.c_str(), stream);
}

int check_stdout(int exit_code) {
  if (std::fflush(stdout) == 0 && !std::ferror(stdout)) return exit_code;
  const int saved = errno;
  std::fprintf(stderr, "<stdout>: error: write failed: %s\n", std::strerror(saved));
  std::clearerr(stdout);  // reported (run() may be called again in one process)
  return exit_failure;
}

ReadLimits& limits() {
  static ReadLimits current;
  return current;
}

namespace {
// What a model shows, for glTF (add_limit_options).
struct MeshOptions {
  bool no_meshes = false;
  std::string texture_dir;
  bool volumes = false;
};
MeshOptions& mesh_options() {
  static MeshOptions options;
  return options;
}
}  // namespace

void add_limit_options(CLI::App& app) {
  ReadLimits& l = limits();
  const char* group = "Limits (for untrusted files; see docs/SECURITY.md)";
  l = ReadLimits{};  // (run() may be called again in one process)
  app.add_option("--max-bytes", l.max_input_bytes, "Largest input file")->capture_default_str()->group(group)->check(whole_number(UINT64_MAX));
  app.add_option("--max-frames", l.max_frames, "Largest frame count")->capture_default_str()->group(group)->check(whole_number(UINT32_MAX));
  app.add_option("--max-bones", l.max_bones, "Most GEM bones or LM nodes")->capture_default_str()->group(group)->check(whole_number(UINT32_MAX));
  app.add_option("--max-keys", l.max_keys, "Most GEM key records")->capture_default_str()->group(group)->check(whole_number(UINT64_MAX));
  app.add_option("--max-pixels", l.max_pixels, "Most pixels in one sprite frame or PNG")->capture_default_str()->group(group)->check(whole_number(UINT64_MAX));
  app.add_option("--max-sequences", l.max_sequences, "Most MM2 sequence blocks, or sequences a GEM .mdl declares")->capture_default_str()->group(group)->check(whole_number(UINT32_MAX));
  app.add_option("--max-json-depth", l.max_json_depth, "Deepest nesting of JSON input (dumps, glTF)")->capture_default_str()->group(group)->check(whole_number(UINT32_MAX));
  reference_roots().clear();
  app.add_option("--root", reference_roots(),
                 "A folder the files a model names may lie under, besides the model's own (the game's resource folder); repeatable")
      ->group(group);
  app.add_option("--max-output-pixels", l.max_output_pixels, "Most pixels an animated GIF encodes over all its frames")->capture_default_str()->group(group)->check(whole_number(UINT64_MAX));
  MeshOptions& m = mesh_options();
  m = MeshOptions{};
  const char* models = "Models (a GEM .mdl's meshes, materials and textures in glTF)";
  app.add_flag("--no-meshes", m.no_meshes, "glTF of a model: its skeleton and animations alone, without the meshes")->group(models);
  app.add_option("--texture-dir", m.texture_dir,
                 "The game's shared texture folder (resource/texture), where textures named \"$/...\" are looked for")
      ->group(models);
  app.add_flag("--volumes", m.volumes,
               "glTF of a model: its collision volumes too, each a translucent mesh under its bone (with the meshes)")
      ->group(models);
}

std::vector<std::string>& reference_roots() {
  static std::vector<std::string> roots;
  return roots;
}


OpenOptions open_options() {
  OpenOptions options;
  options.limits = limits();
  options.reference_roots = reference_roots();
  options.meshes = !mesh_options().no_meshes;
  options.texture_dir = mesh_options().texture_dir;
  options.volumes = mesh_options().volumes;
  options.files = disk_files();  // the command line opens bytes it read; their skeleton is on disk too, and what they name
  return options;
}

bool contains(const std::vector<std::string_view>& list, std::string_view name) {
  return std::find(list.begin(), list.end(), name) != list.end();
}

std::string ascii_upper(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = (c >= 'a' && c <= 'z') ? char(c - 'a' + 'A') : c;
  return out;
}

std::vector<std::string> names(const std::vector<std::string_view>& list) {
  return {list.begin(), list.end()};
}

std::optional<std::string> cli_words(std::string_view setting) {
  // The options that set what the library calls by these names (add_limit_options, the commands).
  static const std::pair<std::string_view, std::string_view> options[] = {
      {"limits.max_input_bytes", "--max-bytes"},
      {"limits.max_frames", "--max-frames"},
      {"limits.max_bones", "--max-bones"},
      {"limits.max_keys", "--max-keys"},
      {"limits.max_pixels", "--max-pixels"},
      {"limits.max_sequences", "--max-sequences"},
      {"limits.max_json_depth", "--max-json-depth"},
      {"limits.max_output_pixels", "--max-output-pixels"},
      {"skeleton", "--skeleton"},
      {"reference_roots", "--root DIR"},
      {"meshes", "--no-meshes"},
      {"texture_dir", "--texture-dir DIR"},
      {"volumes", "--volumes"},
      {"fps", "--fps"},
      {"base", "--base ORIGINAL.anm"},
      {"remap", "--remap"},
      {"resize", "--resize"},
      {"scale", "--scale N"},
      {"sequence", "--sequence"},
      {"state", "--state"},
      {"flipbook", "--flipbook"},
      {"export_kind", "--to"},
      {"search_roots", "--skeleton-dir"},
  };
  for (const auto& [name, option] : options) {
    if (name == setting) return std::string(option);
  }
  // The formats' own options are --NAME (FormatFlags), a whole number's with its N; a format's
  // own name for its skeleton option, --NAME MODEL.EXT.
  for (const FormatOption& option : format_options()) {
    if (option.name == setting) return fmt::format("--{}{}", option.name, option.kind == FormatOption::Kind::whole ? " N" : "");
  }
  for (const FormatInfo& format : formats()) {
    if (!format.skeleton_option.empty() && format.skeleton_option == setting) {
      return fmt::format("--{} MODEL{}", format.skeleton_option, format.skeleton_extension);
    }
  }
  return std::nullopt;
}

std::string in_cli_words(std::string_view text, const std::vector<SettingMention>& settings) {
  return reworded(text, settings, cli_words);
}

int report(Error error, const std::string& file) {
  if (error.file.empty()) error.file = file;
  error.message = in_cli_words(error.message, error.settings);
  error.settings.clear();
  print_message(stderr, error.file, Severity::error, error.message, error.offset, error.pointer);
  return exit_failure;
}

void print_diagnostic(const std::string& file, const Diagnostic& diagnostic) {
  print_message(stderr, file, diagnostic.severity, diagnostic.message, diagnostic.offset, diagnostic.pointer);
}

std::string lower_extension(const std::string& path) {
  return model::ascii_lower(utf8(fs_path(path).extension()));
}

Expected<void> write_output(const std::string& path, std::span<const std::uint8_t> bytes, const InputSet& inputs,
                            bool force, Durability durability) {
  if (!force && inputs.holds(path)) {
    Error e = make_error(ErrorCode::io, "refusing to overwrite the input file; pass --in-place to replace it");
    e.file = path;
    return e;
  }
  return write_file_atomic(path, bytes, durability);
}

Expected<void> write_output(const std::string& path, const std::string& text, const InputSet& inputs, bool force) {
  return write_output(path, {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()}, inputs, force);
}

}  // namespace anmkit::cli
