#include "cli_common.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include <fmt/format.h>

#include "anmkit/core/file_io.hpp"
#include "anmkit/model/clip.hpp"

namespace anmkit::cli {

CLI::Validator whole_number(std::uint64_t max, std::uint64_t min) {
  return CLI::Validator(
      [max, min](std::string& text) {
        std::uint64_t value = 0;
        const char* end = text.data() + text.size();
        const auto [ptr, ec] = std::from_chars(text.data(), end, value);
        const bool digits = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
        if (!digits || ec != std::errc() || ptr != end || value < min || value > max) {
          return fmt::format("expected a whole number from {} to {}, found '{}'", min, max, text);
        }
        return std::string();
      },
      fmt::format("{}..{}", min, max));
}

CLI::Validator real_number(double min, bool inclusive) {
  return CLI::Validator(
      [min, inclusive](std::string& text) {
        double value = 0;
        const bool parsed = CLI::detail::lexical_cast(text, value);
        if (!parsed || !std::isfinite(value) || (inclusive ? !(value >= min) : !(value > min))) {
          return fmt::format("expected a finite number {} {:g}, found '{}'", inclusive ? "of at least" : "above", min, text);
        }
        return std::string();
      },
      inclusive ? "NONNEGATIVE" : "POSITIVE");
}

ReadLimits& limits() {
  static ReadLimits current;
  return current;
}

void add_limit_options(CLI::App& app) {
  ReadLimits& l = limits();
  const char* group = "Limits (for untrusted files; see docs/SECURITY.md)";
  app.add_option("--max-bytes", l.max_input_bytes, "Largest input file")->capture_default_str()->group(group)->check(whole_number(UINT64_MAX));
  app.add_option("--max-frames", l.max_frames, "Largest frame count")->capture_default_str()->group(group)->check(whole_number(UINT32_MAX));
  app.add_option("--max-bones", l.max_bones, "Most GEM bones or LM nodes")->capture_default_str()->group(group)->check(whole_number(UINT32_MAX));
  app.add_option("--max-keys", l.max_keys, "Most GEM key records")->capture_default_str()->group(group)->check(whole_number(UINT64_MAX));
  app.add_option("--max-pixels", l.max_pixels, "Most pixels in one sprite frame or PNG")->capture_default_str()->group(group)->check(whole_number(UINT64_MAX));
  app.add_option("--max-sequences", l.max_sequences, "Most MM2 sequence blocks")->capture_default_str()->group(group)->check(whole_number(UINT32_MAX));
  app.add_option("--max-json-depth", l.max_json_depth, "Deepest nesting of JSON input (dumps, glTF)")->capture_default_str()->group(group)->check(whole_number(UINT32_MAX));
  app.add_option("--max-output-pixels", l.max_output_pixels, "Most pixels an animated GIF encodes over all its frames")->capture_default_str()->group(group)->check(whole_number(UINT64_MAX));
}

void LmOptions::add_to(CLI::App* command) {
  auto* bin_option = command->add_option("--bin", bin, "LM: the paired .bin model (gives the node count)");
  nodes_option = command->add_option("--nodes", nodes, "LM: the node count, when there is no .bin")->check(whole_number(UINT32_MAX));
  bin_option->excludes(nodes_option);
}

OpenOptions open_options(const LmOptions& lm) {
  OpenOptions options;
  options.limits = limits();
  options.skeleton = lm.bin;
  if (!lm.bin.empty()) {
    options.lm_node_count_label = "--bin " + lm.bin;
  } else if (lm.nodes_option && lm.nodes_option->count() > 0) {
    options.lm_nodes = lm.nodes;
    options.lm_node_count_label = "--nodes";
  }
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

std::string in_cli_words(std::string message) {
  static const std::pair<std::string_view, std::string_view> words[] = {
      {"(limits.max_frames)", "(--max-frames)"},
      {"(limits.max_bones)", "(--max-bones)"},
      {"(limits.max_keys)", "(--max-keys)"},
      {"(limits.max_pixels)", "(--max-pixels)"},
      {"(limits.max_sequences)", "(--max-sequences)"},
      {"(limits.max_json_depth)", "(--max-json-depth)"},
      {"(limits.max_output_pixels)", "(--max-output-pixels)"},
      {"give the node count or the .bin model", "give it with --nodes N or --bin MODEL.bin"},
      {"the remap option maps it", "--remap maps it"},
      {"the resize option accepts", "--resize accepts"},
  };
  for (const auto& [library, cli] : words) {
    if (const auto at = message.find(library); at != std::string::npos) message.replace(at, library.size(), cli);
  }
  return message;
}

int report(Error error, const std::string& file) {
  if (error.file.empty()) error.file = file;
  error.message = in_cli_words(std::move(error.message));
  std::fprintf(stderr, "%s\n", format_error(error).c_str());
  return exit_failure;
}

void print_diagnostic(const std::string& file, const Diagnostic& diagnostic) {
  std::fprintf(stderr, "%s\n", format_diagnostic(file, diagnostic).c_str());
}

std::string lower_extension(const std::string& path) {
  return model::ascii_lower(std::filesystem::path(path).extension().string());
}

Expected<void> write_output(const std::string& path, std::span<const std::uint8_t> bytes,
                            const std::vector<std::string>& inputs, bool force, Durability durability) {
  if (!force) {
    for (const auto& input : inputs) {
      if (path != "-" && same_file(path, input)) {
        Error e = make_error(ErrorCode::io, "refusing to overwrite the input file; pass --in-place to replace it");
        e.file = path;
        return e;
      }
    }
  }
  return write_file_atomic(path, bytes, durability);
}

Expected<void> write_output(const std::string& path, const std::string& text,
                            const std::vector<std::string>& inputs, bool force) {
  return write_output(path, {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()}, inputs, force);
}

}  // namespace anmkit::cli
