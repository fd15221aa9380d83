// anmkit batch IN... -o OUTDIR --to KIND [-j N] [--fail-fast] [--quiet]: converts every animation
// found in files and folders, on every core, mirroring the input tree under OUTDIR. The output is
// the same whatever -j is: the same files, and the same messages in the same order.

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <thread>

#include <fmt/format.h>
#include <unistd.h>

#include "anmkit/core/detect.hpp"
#include "anmkit/core/file_io.hpp"
#include "anmkit/core/json_pretty.hpp"
#include "anmkit/export/sprite_outputs.hpp"
#include "anmkit/formats/gem/gem_clip.hpp"
#include "anmkit/formats/gem/gem_write.hpp"
#include "anmkit/formats/lm/lm_repack.hpp"
#include "anmkit/formats/lm/lm_write.hpp"
#include "anmkit/formats/mm2/mm2_compose.hpp"
#include "cli_common.hpp"
#include "gltf_convert.hpp"
#include "inputs.hpp"

namespace anmkit::cli {
namespace {

namespace fs = std::filesystem;
using Bytes = std::vector<std::uint8_t>;

struct Options {
  std::vector<std::string> inputs;
  std::string output;
  std::string to;
  unsigned jobs = 0;
  bool fail_fast = false;
  bool quiet = false;
};

struct Outcome {
  enum Kind { converted, skipped, failed, not_run } kind = not_run;
  std::string detail;  // the output, why it was skipped, or the first error
  std::uint64_t bytes = 0;
};

// One output file: a path suffix and its bytes.
struct Output {
  std::string suffix;
  Bytes bytes;
};

Bytes text_bytes(const std::string& text) { return Bytes(text.begin(), text.end()); }

Outcome skipped(std::string why) { return {Outcome::skipped, std::move(why), 0}; }
Outcome failed(Error e, const std::string& path) {
  if (e.file.empty()) e.file = path;
  return {Outcome::failed, format_error(e), 0};
}

// The outputs of one input, or the reason there are none.
Expected<std::vector<Output>> outputs_for(const Loaded& loaded, const std::string& path, const std::string& to, std::string& skip) {
  if (to == "json") return std::vector<Output>{{".json", text_bytes(pretty_json(dump_document(loaded)) + "\n")}};
  if (to == "glb" || to == "gltf") {
    if (std::holds_alternative<LoadedMm2>(loaded)) {
      skip = "MM2 sprites convert to png or gif, not glTF";
      return std::vector<Output>{};
    }
    std::vector<std::string> warnings;
    auto bytes = gltf_bytes(loaded, GltfOptions{}, to == "glb", warnings);
    if (!bytes) return bytes.error();
    return std::vector<Output>{{"." + to, std::move(*bytes)}};
  }
  if (to == "png" || to == "gif") {
    const auto* sprite_file = std::get_if<LoadedMm2>(&loaded);
    if (!sprite_file) {
      skip = fmt::format("{} is for MM2 sprites", to);
      return std::vector<Output>{};
    }
    auto sprite = mm2::to_sprite(sprite_file->file, 60);
    if (!sprite) return sprite.error();
    if (to == "png") {
      const std::string name = fs::path(path).stem().string();
      auto files = sprite_outputs::encode_sheet(sprite->images, sprite->palette, 1, name + ".png", fs::path(path).filename().string(), "state");
      if (!files) return files.error();
      return std::vector<Output>{{".png", std::move(files->png)}, {".json", text_bytes(files->json)}};
    }
    bool fell_back = false;
    auto steps = sprite_outputs::gif_steps(*sprite, std::nullopt, false, 10, fell_back);
    if (!steps) return steps.error();
    auto gif_bytes = sprite_outputs::encode_gif(*sprite, *steps, 1);
    if (!gif_bytes) return gif_bytes.error();
    return std::vector<Output>{{".gif", std::move(*gif_bytes)}};
  }
  if (to == "repack") {
    const auto* lm_file = std::get_if<LoadedLm>(&loaded);
    if (!lm_file) {
      skip = "--to repack is for LM files";
      return std::vector<Output>{};
    }
    auto packed = lm::repack(lm_file->file);
    if (!packed) return packed.error();
    auto out = lm::write(*packed);
    if (!out) return out.error();
    return std::vector<Output>{{".anm", std::move(*out)}};
  }
  const auto* gem_file = std::get_if<LoadedGem>(&loaded);  // a GEM version
  if (!gem_file) {
    skip = fmt::format("--to {} is for GEM files", to);
    return std::vector<Output>{};
  }
  auto converted = gem::from_clip(gem::to_clip(gem_file->file), *gem::parse_target(to));
  if (!converted) return converted.error();
  auto out = gem::write(*converted);
  if (!out) return out.error();
  return std::vector<Output>{{".anm", std::move(*out)}};
}

Outcome convert_one(const InputFile& in, const Options& opt) {
  auto bytes = read_file(in.path, limits().max_input_bytes);
  if (!bytes) return failed(bytes.error(), in.path);
  const Format format = detect_format(*bytes);
  if (format == Format::unknown) return skipped("not an animation");
  // An LM file's model, when it sits next to it under the same name, gives the node count and
  // the skeleton.
  LmOptions lm_options;
  if (format == Format::lm) {
    const fs::path bin = fs::path(in.path).replace_extension(".bin");
    std::error_code ec;
    if (fs::exists(bin, ec)) lm_options.bin = bin.string();
  }
  const std::uint64_t size = bytes->size();
  auto loaded = load_any(Input{in.path, std::move(*bytes), format}, lm_options);
  if (!loaded) return failed(loaded.error(), in.path);
  std::string skip;
  auto outputs = outputs_for(*loaded, in.path, opt.to, skip);
  if (!outputs) return failed(outputs.error(), in.path);
  if (outputs->empty()) return skipped(skip);
  const fs::path base = fs::path(opt.output) / fs::path(in.relative).replace_extension();
  std::error_code ec;
  fs::create_directories(base.parent_path(), ec);
  std::string written;
  for (const Output& o : *outputs) {
    const std::string target = base.string() + o.suffix;
    if (auto w = write_output(target, o.bytes, {in.path}, false); !w) return failed(w.error(), target);
    if (written.empty()) written = target;
  }
  return {Outcome::converted, written, size};
}

}  // namespace

void add_batch(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("batch", "Convert every animation in files and folders, on every core, into OUTDIR");
  cmd->footer(
      "Folders are walked recursively; each file's format is found by content; the input tree is mirrored under OUTDIR.\n"
      "KIND: json (lossless dumps), glb or gltf (GEM and LM; an LM file's .bin is used when it sits next to it),\n"
      "png (MM2 sprite sheets) or gif (MM2, the longest sequence), repack (LM), or a GEM version (gem-4.0 .. gem-6.1-frm3).\n"
      "Files that are not animations, or that KIND does not apply to, are skipped and counted. Exit 1 when any file failed.");
  auto opt = std::make_shared<Options>();
  cmd->add_option("IN", opt->inputs, "Files and folders")->required();
  cmd->add_option("-o,--output", opt->output, "Output folder (created if missing)")->required();
  cmd->add_option("--to", opt->to, "What to write")
      ->required()
      ->check(CLI::IsMember({"json", "glb", "gltf", "png", "gif", "repack", "gem-4.0", "gem-6.0", "gem-6.1", "gem-6.1-frm3"}));
  cmd->add_option("-j,--jobs", opt->jobs, "Workers (default: every core)")->check(CLI::Range(1u, 256u));
  cmd->add_flag("--fail-fast", opt->fail_fast, "Stop at the first file that fails");
  cmd->add_flag("-q,--quiet", opt->quiet, "Print only failures and the summary");
  cmd->callback([opt, &exit_code] {
    const auto files = expand_inputs(opt->inputs, opt->output);
    std::vector<Outcome> outcomes(files.size());
    const unsigned jobs = opt->jobs ? opt->jobs : std::max(1u, std::thread::hardware_concurrency());
    std::atomic<std::size_t> next{0}, done{0};
    std::atomic<std::uint64_t> bytes_done{0};
    std::atomic<bool> stop{false};
    auto worker = [&] {
      for (std::size_t i = next++; i < files.size() && !stop; i = next++) {
        outcomes[i] = convert_one(files[i], *opt);
        bytes_done += outcomes[i].bytes;
        if (outcomes[i].kind == Outcome::failed && opt->fail_fast) stop = true;
        ++done;
      }
    };
    const auto start = std::chrono::steady_clock::now();
    std::vector<std::thread> pool;
    for (unsigned j = 0; j < jobs; ++j) pool.emplace_back(worker);
    // A progress line on a terminal: files done of total, MB/s, time left.
    const bool terminal = ::isatty(2) && !opt->quiet;
    while (terminal && done < files.size() && !stop) {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      const std::size_t d = done;
      const double left = d ? seconds / double(d) * double(files.size() - d) : 0;
      std::fprintf(stderr, "\r%zu/%zu files, %.1f MB/s, %.0f s left   ", d, files.size(), double(bytes_done) / 1e6 / std::max(seconds, 1e-3), left);
    }
    for (auto& t : pool) t.join();
    if (terminal) std::fprintf(stderr, "\r%*s\r", 60, "");
    std::size_t converted = 0, skipped_count = 0, failed_count = 0, not_animations = 0;
    std::string failures;
    for (std::size_t i = 0; i < files.size(); ++i) {
      const Outcome& o = outcomes[i];
      if (o.kind == Outcome::converted) {
        ++converted;
        if (!opt->quiet) std::printf("converted %s -> %s\n", files[i].path.c_str(), o.detail.c_str());
      } else if (o.kind == Outcome::skipped) {
        ++skipped_count;
        if (o.detail == "not an animation") ++not_animations;
        if (!opt->quiet) std::printf("skipped %s: %s\n", files[i].path.c_str(), o.detail.c_str());
      } else if (o.kind == Outcome::failed) {
        ++failed_count;
        failures += o.detail + "\n";
      }
    }
    std::fputs(failures.c_str(), stderr);
    std::printf("%zu converted, %zu skipped (%zu not animations), %zu failed%s\n", converted, skipped_count, not_animations,
                failed_count, stop ? " (stopped at the first failure)" : "");
    if (failed_count > 0) exit_code = exit_failure;
  });
}

}  // namespace anmkit::cli
