// anmkit info FILE... [--json]: what each file is and what it holds.

#include <cstdio>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "anmkit/formats/gem/gem_info.hpp"
#include "anmkit/core/json_pretty.hpp"
#include "cli_common.hpp"

namespace anmkit::cli {

void add_info(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("info", "Show each file's format, version, frames, bones, keys, flags, mesh keys and comments");
  struct Options {
    std::vector<std::string> files;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  cmd->add_option("FILE", opt->files, "Animation files (format detected by content)")->required();
  cmd->add_flag("--json", opt->json, "Print JSON: an object for one file, an array for several");
  cmd->callback([opt, &exit_code] {
    nlohmann::ordered_json all = nlohmann::ordered_json::array();
    for (const auto& path : opt->files) {
      auto loaded = load_gem(path);
      if (!loaded) {
        exit_code = report(loaded.error());
        continue;
      }
      const Input& input = loaded->input;
      nlohmann::ordered_json summary = {{"file", path}, {"size", input.bytes.size()}};
      summary.update(gem::summary(loaded->file));
      if (opt->json) {
        all.push_back(std::move(summary));
      } else {
        std::fputs(fmt::format("{}: {} {}, {} bytes\n{}", path, format_title(input.format),
                               summary["version"].get<std::string>(), input.bytes.size(),
                               gem::summary_text(summary)).c_str(), stdout);
      }
    }
    if (opt->json) {
      const auto& out = all.size() == 1 && opt->files.size() == 1 ? all[0] : all;
      std::fputs((pretty_json(out) + "\n").c_str(), stdout);
    }
  });
}

}  // namespace anmkit::cli
