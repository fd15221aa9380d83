// anmkit batch IN... -o OUTDIR --to KIND [-j N] [--skeleton-dir DIR] [--fail-fast] [--quiet]:
// converts every animation found in files and folders, on every core, mirroring the input tree
// under OUTDIR: the library's batch (anmkit/batch.hpp), which plans, works and writes; this file
// prints what became of each file, in input order, and the run's summary.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <set>
#include <string_view>

#include <fmt/format.h>
#if defined(_WIN32)
#include <io.h>
#else
#include <unistd.h>
#endif

#include "anmkit/batch.hpp"
#include "anmkit/export.hpp"
#include "cli_common.hpp"
#include "gltf_convert.hpp"

namespace anmkit::cli {
namespace {

struct Options {
  std::vector<std::string> inputs;
  std::string output;
  std::string to;
  unsigned jobs = 0;
  std::string skeleton_dir;
  bool fail_fast = false;
  bool quiet = false;
  bool explain_skeletons = false;
};

// A file's error in the command line's words, as its line says it.
std::string failure_line(Error e) {
  e.message = in_cli_words(e.message, e.settings);
  e.settings.clear();  // said in the command line's words now
  return format_error(e);
}

}  // namespace

void add_batch(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("batch", "Convert every animation in files and folders, on every core, into OUTDIR");
  cmd->footer(
      "Folders are walked recursively; each file's format is found by content; the input tree is mirrored under OUTDIR.\n"
      "KIND: json (lossless dumps), glb or gltf (GEM and LM, on the skeleton of the model file in the animation's folder that\n"
      "lists it or has its bones: a GEM .mdl, an LM file's .bin beside it),\n"
      "png (MM2 sprite sheets), gif (MM2, the longest sequence), ilbm or iff (MM2, the first composed state), repack (LM),\n"
      "or a GEM version (gem-4.0 .. gem-6.1-frm3): the library's export kinds (export_as).\n"
      "Files that are not animations, or that KIND does not apply to, are skipped and counted. Exit 1 when any file failed.");
  auto opt = std::make_shared<Options>();
  cmd->add_option("IN", opt->inputs, "Files and folders")->required();
  cmd->add_option("-o,--output", opt->output, "Output folder (created if missing)")->required();
  cmd->add_option("--to", opt->to, "What to write")
      ->required()
      ->check(CLI::IsMember(export_kinds()));
  cmd->add_option("-j,--jobs", opt->jobs, "Workers (default: every core)")->check(whole_number(256, 1));
  cmd->add_option("--skeleton-dir", opt->skeleton_dir,
                  "glTF: more skeletons, for animations whose own folder has no model file of their format: a GEM "
                  ".mdl or LM .bin under DIR naming a file of the animation's name (one with every bone it animates "
                  "first). A model in the animation's own folder that lists it, or has every bone it animates, comes first")
      ->check(CLI::ExistingDirectory);
  cmd->add_flag("--explain-skeletons", opt->explain_skeletons,
                "Say on each line why that skeleton was chosen, or why none was");
  cmd->add_flag("--fail-fast", opt->fail_fast, "Stop at the first file that fails");
  cmd->add_flag("-q,--quiet", opt->quiet, "Print only failures and the summary");
  cmd->callback([opt, &exit_code] {
    // Each model file that cannot be read is named once, the first time a file meets it.
    std::set<std::string> unreadable_named;
    const auto name_unreadable = [&unreadable_named](const std::vector<Error>& errors) {
      for (const auto& e : errors) {
        Error worded = e;
        worded.message = in_cli_words(e.message, e.settings);
        std::string line = format_error(worded) + " (skeleton not used)";
        if (unreadable_named.insert(line).second) print_line(stderr, line);
      }
    };
    // On a terminal a progress line stands in for the per-file lines, which go out plain when
    // stdout is a file or a pipe.
    const bool terminal = ::isatty(1) && !opt->quiet;
    const bool lines = !terminal && !opt->quiet;
    std::size_t converted = 0, skipped_count = 0, failed_count = 0, not_animations = 0, without_skeleton = 0;
    std::map<std::string, std::size_t> other_skips;  // why -> how many, for the summary
    std::string failures;
    BatchOptions options;
    options.inputs = opt->inputs;
    options.output = opt->output;
    options.to = opt->to;
    options.jobs = opt->jobs;
    if (!opt->skeleton_dir.empty()) options.skeleton_roots = {opt->skeleton_dir};
    options.fail_fast = opt->fail_fast;
    options.open = open_options();
    options.export_options.limits = limits();
    BatchSink sink;
    sink.unreadable_roots = name_unreadable;
    sink.result = [&](BatchResult&& o) {
      if (o.kind == BatchResult::Kind::converted) {
        ++converted;
        // Which skeleton each glTF was made on, and which got none.
        name_unreadable(o.skeleton_unreadable);
        std::string skeleton;
        if (o.skeleton_looked_for) {
          const std::string why = opt->explain_skeletons ? ": " + in_cli_words(o.skeleton_why, o.skeleton_why_settings) : "";
          skeleton = o.skeleton.empty() ? " (no skeleton found" + why + ")" : " (skeleton " + o.skeleton + why + ")";
        }
        if (o.skeleton_looked_for && o.skeleton.empty()) ++without_skeleton;
        if (lines) print_line(stdout, fmt::format("converted {} -> {}{}", o.input, o.output, skeleton));
        print_warnings(o.warnings);
      } else if (o.kind == BatchResult::Kind::skipped) {
        ++skipped_count;
        const std::string why = in_cli_words(o.skipped_why, o.skipped_settings);
        if (why == "not an animation") {
          ++not_animations;
        } else {
          ++other_skips[why];
        }
        if (lines) print_line(stdout, fmt::format("skipped {}: {}", o.input, why));
      } else {
        ++failed_count;
        failures += printable_path(failure_line(std::move(o.error))) + "\n";
      }
      return true;
    };
    if (terminal) {
      // The progress line: files done of total, MB/s, time left (from the bytes still to read).
      const auto start = std::chrono::steady_clock::now();
      sink.progress = [start](const BatchProgress& p) {
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const double rate = double(p.bytes_done) / std::max(seconds, 1e-3);
        const double left = rate > 0 ? double(p.bytes - std::min(p.bytes_done, p.bytes)) / rate : 0;
        std::printf("\r%llu/%llu files, %.1f MB/s, %.0f s left   ", static_cast<unsigned long long>(p.files_done),
                    static_cast<unsigned long long>(p.files), rate / 1e6, left);
        std::fflush(stdout);
      };
    }
    auto summary = batch(options, sink);
    if (!summary) {
      exit_code = report(summary.error());
      return;
    }
    if (terminal) std::printf("\r%*s\r", 60, "");
    std::fputs(failures.c_str(), stderr);
    // Every file counted once, every skip with its reason.
    const std::size_t files = converted + skipped_count + failed_count;
    std::string skips = fmt::format("{} not {}", not_animations, not_animations == 1 ? "an animation" : "animations");
    for (const auto& [why, count] : other_skips) skips += fmt::format(", {} {}", count, why);
    const std::string bare = opt->skeleton_dir.empty() ? "" : fmt::format("; {} converted without a skeleton", without_skeleton);
    print_line(stdout, fmt::format("{} file{}: {} converted, {} skipped ({}), {} failed{}{}", files, files == 1 ? "" : "s", converted,
                                   skipped_count, skips, failed_count, summary->stopped ? " (stopped at the first failure)" : "", bare));
    if (failed_count > 0) exit_code = exit_failure;
  });
}

}  // namespace anmkit::cli
