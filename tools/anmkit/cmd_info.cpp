// anmkit info FILE... [--json]: what each file is and what it holds.

#include <cstdio>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "anmkit/core/json_pretty.hpp"
#include "anmkit/formats/gem/gem_info.hpp"
#include "anmkit/formats/lm/lm_info.hpp"
#include "anmkit/formats/mm2/mm2_info.hpp"
#include "cli_common.hpp"
#include "inputs.hpp"

namespace anmkit::cli {

void add_info(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("info", "Show what each file is: format, version, frames, bones or nodes, keys");
  struct Options {
    std::vector<std::string> files;
    bool json = false;
    double fps = 30;
    double tick_hz = 60;
    LmOptions lm;
  };
  auto opt = std::make_shared<Options>();
  cmd->add_option("FILE", opt->files, "Animation files or folders (walked recursively; format detected by content)")->required();
  cmd->add_flag("--json", opt->json, "Print JSON: an object for one file, an array for several");
  cmd->add_option("--fps", opt->fps, "LM: frames per second, for the duration")->capture_default_str()->check(real_number(0, false));
  cmd->add_option("--tick-hz", opt->tick_hz, "MM2: game ticks per second, for sequence durations")
      ->capture_default_str()
      ->check(real_number(0, false));
  opt->lm.add_to(cmd);
  cmd->callback([opt, &exit_code] {
    nlohmann::ordered_json all = nlohmann::ordered_json::array();
    const auto inputs = expand_inputs(opt->files);
    for (const auto& in : inputs) {
      const std::string& path = in.path;
      auto loaded = load_any(path, opt->lm);
      if (!loaded) {
        // Inside a folder, files that are not animations are passed over quietly.
        if (in.from_folder && loaded.error().code == ErrorCode::unknown_format) continue;
        exit_code = report(loaded.error());
        continue;
      }
      const Input& input = std::visit([](const auto& l) -> const Input& { return l.input; }, *loaded);
      nlohmann::ordered_json summary = {{"file", path}, {"size", input.bytes.size()}};
      std::string text;
      if (auto* gem_file = std::get_if<LoadedGem>(&*loaded)) {
        summary.update(gem::summary(gem_file->file));
        text = fmt::format("{}: {} {}, {} bytes\n{}", path, format_title(input.format),
                           summary["version"].get<std::string>(), input.bytes.size(), gem::summary_text(summary));
      } else if (auto* mm2_file = std::get_if<LoadedMm2>(&*loaded)) {
        summary.update(mm2::summary(mm2_file->file, opt->tick_hz));
        text = fmt::format("{}: {}, {} bytes\n{}", path, format_title(input.format), input.bytes.size(),
                           mm2::summary_text(summary));
      } else {
        const auto& lm_file = std::get<LoadedLm>(*loaded);
        summary.update(lm::summary(lm_file.file, lm_file.node_count_source, opt->fps));
        text = fmt::format("{}: {}, version {}, {} bytes\n{}", path, format_title(input.format),
                           summary["version"].get<int>(), input.bytes.size(), lm::summary_text(summary));
      }
      if (opt->json) {
        all.push_back(std::move(summary));
      } else {
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
