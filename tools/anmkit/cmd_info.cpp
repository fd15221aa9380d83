// anmkit info FILE... [--json]: what each file is and what it holds.

#include <cstdio>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "anmkit/core/json_pretty.hpp"
#include "cli_common.hpp"
#include "inputs.hpp"

namespace anmkit::cli {

void add_info(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("info", "Show what each file is: format, version, frames, bones or nodes, keys");
  struct Options {
    std::vector<std::string> files;
    bool json = false;
    double fps = model::default_fps;
    double tick_hz = model::default_tick_hz;
    LmOptions lm;
  };
  auto opt = std::make_shared<Options>();
  cmd->add_option("FILE", opt->files, "Animation files or folders (walked recursively; format detected by content)")->required();
  cmd->add_flag("--json", opt->json, "Print JSON: an object for one file, an array for several");
  cmd->add_option("--fps", opt->fps, "LM: frames per second, for the duration")
      ->capture_default_str()
      ->check(real_number(min_fps, max_fps));
  cmd->add_option("--tick-hz", opt->tick_hz, "MM2: game ticks per second, for sequence durations")
      ->capture_default_str()
      ->check(real_number(min_tick_hz, max_tick_hz));
  opt->lm.add_to(cmd);
  cmd->callback([opt, &exit_code] {
    nlohmann::ordered_json all = nlohmann::ordered_json::array();
    OpenOptions options = open_options(opt->lm);
    options.fps = opt->fps;
    options.tick_hz = opt->tick_hz;
    const auto inputs = expand_inputs(opt->files);
    for (const auto& in : inputs) {
      if (!in.error.empty()) {
        exit_code = report(make_error(ErrorCode::io, in.error), in.path);
        continue;
      }
      auto document = Document::open(in.path, options);
      if (!document) {
        // Inside a folder, files that are not animations are passed over quietly.
        if (in.from_folder && document.error().code == ErrorCode::unknown_format) continue;
        exit_code = report(document.error());
        continue;
      }
      const auto summary = document->summary();
      if (!summary) {
        exit_code = report(summary.error());
        continue;
      }
      if (opt->json) {
        all.push_back(nlohmann::ordered_json::parse(summary->json));
      } else {
        // The heading names the file: printable, so that a newline in the name is not a line.
        std::string text = summary->text;
        if (text.starts_with(in.path)) text.replace(0, in.path.size(), printable(in.path));
        std::fputs(text.c_str(), stdout);
      }
    }
    if (opt->json) {
      const auto& out = all.size() == 1 && inputs.size() == 1 && !inputs[0].from_folder ? all[0] : all;
      std::fputs((pretty_json(out) + "\n").c_str(), stdout);
    }
  });
}

}  // namespace anmkit::cli
