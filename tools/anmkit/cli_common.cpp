#include "cli_common.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include <fmt/format.h>

#include "anmkit/core/file_io.hpp"
#include "anmkit/formats/gem/gem_json.hpp"
#include "anmkit/formats/gem/gem_read.hpp"
#include "anmkit/formats/lm/lm_json.hpp"
#include "anmkit/model/clip.hpp"
#include "anmkit/formats/mm2/mm2_json.hpp"
#include "anmkit/formats/lm/lm_read.hpp"
#include "anmkit/formats/mm2/mm2_read.hpp"

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
}

Expected<Input> load(const std::string& path) {
  auto bytes = read_file(path, limits().max_input_bytes);
  if (!bytes) return bytes.error();
  Input input{path, std::move(*bytes), Format::unknown};
  input.format = detect_format(input.bytes);
  if (input.format == Format::unknown) {
    Error e = make_error(ErrorCode::unknown_format,
                         "not a recognised animation: no GEM ('EANM') or MM2 ('00 00 54 56') signature, and not a plausible LM header", 0);
    e.file = path;
    return e;
  }
  return input;
}

Expected<LoadedGem> load_gem(Input input) {
  auto file = gem::read(input.bytes, limits());
  if (!file) {
    file.error().file = input.path;
    return file.error();
  }
  return LoadedGem{std::move(input), std::move(*file)};
}

void LmOptions::add_to(CLI::App* command) {
  auto* bin_option = command->add_option("--bin", bin, "LM: the paired .bin model (gives the node count)");
  nodes_option = command->add_option("--nodes", nodes, "LM: the node count, when there is no .bin")->check(whole_number(UINT32_MAX));
  bin_option->excludes(nodes_option);
}

Expected<LoadedLm> load_lm(Input input, const LmOptions& options) {
  LoadedLm loaded;
  std::optional<std::uint32_t> count;
  if (!options.bin.empty()) {
    auto bin_bytes = read_file(options.bin, limits().max_input_bytes);
    if (!bin_bytes) return bin_bytes.error();
    auto scene = lm::read_bin(*bin_bytes);
    if (!scene) {
      scene.error().file = options.bin;
      return scene.error();
    }
    count = std::uint32_t(scene->nodes.size());
    loaded.node_count_source = "--bin " + options.bin;
    loaded.scene = std::move(*scene);
  } else if (options.nodes_option && options.nodes_option->count() > 0) {
    count = options.nodes;
    loaded.node_count_source = "--nodes";
  } else {
    loaded.node_count_source = "inferred from the layout";
  }
  auto result = lm::read(input.bytes, count, limits());
  if (!result) {
    result.error().file = input.path;
    return result.error();
  }
  loaded.file = std::move(result->file);
  loaded.input = std::move(input);
  return loaded;
}

Expected<Loaded> load_any(const std::string& path, const LmOptions& options) {
  auto input = load(path);
  if (!input) return input.error();
  return load_any(std::move(*input), options);
}

Expected<Loaded> load_any(Input input, const LmOptions& options) {
  if (input.format == Format::lm) {
    auto lm = load_lm(std::move(input), options);
    if (!lm) return lm.error();
    return Loaded{std::move(*lm)};
  }
  if (input.format == Format::mm2) {
    auto file = mm2::read(input.bytes, limits());
    if (!file) {
      file.error().file = input.path;
      return file.error();
    }
    return Loaded{LoadedMm2{std::move(input), std::move(*file)}};
  }
  auto gem = load_gem(std::move(input));
  if (!gem) return gem.error();
  return Loaded{std::move(*gem)};
}

nlohmann::ordered_json dump_document(const Loaded& loaded) {
  return std::visit(
      [](const auto& l) {
        using T = std::decay_t<decltype(l)>;
        if constexpr (std::is_same_v<T, LoadedGem>) return gem::to_json(l.file);
        else if constexpr (std::is_same_v<T, LoadedLm>) return lm::to_json(l.file);
        else return mm2::to_json(l.file);
      },
      loaded);
}

int report(Error error, const std::string& file) {
  if (error.file.empty()) error.file = file;
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
