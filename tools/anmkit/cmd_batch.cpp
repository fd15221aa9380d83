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
#include "anmkit/export/gem_gltf.hpp"
#include "anmkit/export/gif.hpp"
#include "anmkit/export/lm_gltf.hpp"
#include "anmkit/export/png.hpp"
#include "anmkit/export/sheet.hpp"
#include "anmkit/formats/gem/gem_clip.hpp"
#include "anmkit/formats/gem/gem_json.hpp"
#include "anmkit/formats/gem/gem_read.hpp"
#include "anmkit/formats/gem/gem_write.hpp"
#include "anmkit/formats/lm/lm_bin.hpp"
#include "anmkit/formats/lm/lm_json.hpp"
#include "anmkit/formats/lm/lm_read.hpp"
#include "anmkit/formats/lm/lm_repack.hpp"
#include "anmkit/formats/lm/lm_write.hpp"
#include "anmkit/formats/mm2/mm2_compose.hpp"
#include "anmkit/formats/mm2/mm2_json.hpp"
#include "anmkit/formats/mm2/mm2_read.hpp"
#include "cli_common.hpp"
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
Expected<std::vector<Output>> outputs_for(const std::string& path, const Bytes& bytes, Format format, const std::string& to,
                                          std::string& skip) {
  if (to == "json") {
    nlohmann::ordered_json doc;
    if (format == Format::gem) {
      auto f = gem::read(bytes, limits());
      if (!f) return f.error();
      doc = gem::to_json(*f);
    } else if (format == Format::lm) {
      auto f = lm::read(bytes, std::nullopt, limits());
      if (!f) return f.error();
      doc = lm::to_json(f->file);
    } else {
      auto f = mm2::read(bytes, limits());
      if (!f) return f.error();
      doc = mm2::to_json(*f);
    }
    return std::vector<Output>{{".json", text_bytes(pretty_json(doc) + "\n")}};
  }
  if (to == "glb" || to == "gltf") {
    const bool binary = to == "glb";
    if (format == Format::gem) {
      auto f = gem::read(bytes, limits());
      if (!f) return f.error();
      auto scene = gltf::gem_scene(*f, {30, nullptr, fs::path(path).stem().string()});
      auto out = gltf::write(scene.scene, binary);
      if (!out) return out.error();
      return std::vector<Output>{{"." + to, std::move(*out)}};
    }
    if (format == Format::lm) {
      // The paired model, when it sits next to the animation under the same name.
      std::optional<lm::SceneGraph> graph;
      std::optional<std::uint32_t> count;
      const fs::path bin = fs::path(path).replace_extension(".bin");
      if (fs::exists(bin)) {
        auto bin_bytes = read_file(bin.string(), limits().max_input_bytes);
        if (bin_bytes) {
          if (auto g = lm::read_bin(*bin_bytes)) {
            count = std::uint32_t(g->nodes.size());
            graph = std::move(*g);
          }
        }
      }
      auto f = lm::read(bytes, count, limits());
      if (!f) return f.error();
      gltf::LmOptions options;
      options.scene_graph = graph ? &*graph : nullptr;
      options.animation_name = fs::path(path).stem().string();
      auto scene = gltf::lm_scene(f->file, options);
      if (!scene) return scene.error();
      auto out = gltf::write(*scene, binary);
      if (!out) return out.error();
      return std::vector<Output>{{"." + to, std::move(*out)}};
    }
    skip = "MM2 sprites convert to png or gif, not glTF";
    return std::vector<Output>{};
  }
  if (to == "png" || to == "gif") {
    if (format != Format::mm2) {
      skip = fmt::format("{} is for MM2 sprites", to);
      return std::vector<Output>{};
    }
    auto f = mm2::read(bytes, limits());
    if (!f) return f.error();
    auto sprite = mm2::to_sprite(*f, 60);
    if (!sprite) return sprite.error();
    if (to == "png") {
      const sheet::Sheet s = sheet::layout(sprite->images);
      auto png_bytes = png::encode_indexed(s.image, sprite->palette);
      if (!png_bytes) return png_bytes.error();
      nlohmann::ordered_json cells = nlohmann::ordered_json::array();
      for (std::size_t i = 0; i < s.cells.size(); ++i) {
        cells.push_back({{"state", i}, {"x", s.cells[i].x}, {"y", s.cells[i].y}, {"width", s.cells[i].width}, {"height", s.cells[i].height}});
      }
      return std::vector<Output>{{".png", std::move(*png_bytes)}, {".json", text_bytes(pretty_json({{"cells", cells}}) + "\n")}};
    }
    std::vector<model::SpriteStep> longest;
    std::uint64_t best = 0;
    for (const auto& seq : sprite->sequences) {
      std::uint64_t ticks = 0;
      for (const auto& st : seq) ticks += st.ticks;
      if (ticks > best) best = ticks, longest = seq;
    }
    if (longest.empty()) {
      for (std::size_t k = 0; k < sprite->images.size(); ++k) longest.push_back({k, 10});
    }
    std::vector<model::IndexedImage> frames;
    std::vector<std::uint32_t> ticks;
    for (const auto& st : longest) {
      frames.push_back(sprite->images[st.image]);
      ticks.push_back(st.ticks);
    }
    auto gif_bytes = gif::encode(frames, gif::centisecond_delays(ticks, 60), sprite->palette, 0);
    if (!gif_bytes) return gif_bytes.error();
    return std::vector<Output>{{".gif", std::move(*gif_bytes)}};
  }
  if (to == "repack") {
    if (format != Format::lm) {
      skip = "--to repack is for LM files";
      return std::vector<Output>{};
    }
    auto f = lm::read(bytes, std::nullopt, limits());
    if (!f) return f.error();
    auto packed = lm::repack(f->file);
    if (!packed) return packed.error();
    auto out = lm::write(*packed);
    if (!out) return out.error();
    return std::vector<Output>{{".anm", std::move(*out)}};
  }
  // A GEM version.
  if (format != Format::gem) {
    skip = fmt::format("--to {} is for GEM files", to);
    return std::vector<Output>{};
  }
  auto f = gem::read(bytes, limits());
  if (!f) return f.error();
  auto converted = gem::from_clip(gem::to_clip(*f), *gem::parse_target(to));
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
  std::string skip;
  auto outputs = outputs_for(in.path, *bytes, format, opt.to, skip);
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
  return {Outcome::converted, written, bytes->size()};
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
