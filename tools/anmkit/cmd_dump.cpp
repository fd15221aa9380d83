// anmkit dump FILE [-o OUT.json]: the lossless model as JSON (docs/json-schema.md).

#include "cli_common.hpp"
#include "folder_tally.hpp"
#include "format_flags.hpp"

namespace anmkit::cli {

void add_dump(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("dump", "Write the lossless file model as JSON; `anmkit build` is its exact inverse");
  struct Options {
    std::string file;
    std::string output = "-";
    bool compact = false;
    bool force = false;
    FormatFlags format;
  };
  auto opt = std::make_shared<Options>();
  cmd->add_option("FILE", opt->file, "Animation file")->required();
  cmd->add_option("-o,--output", opt->output, "Output JSON file; - for stdout (the default)");
  cmd->add_flag("--compact", opt->compact, "Print the JSON on one line");
  cmd->add_flag("--in-place,--force", opt->force, "Allow the output to replace an input file");
  opt->format.add_to(cmd, FormatFlags::opening);
  cmd->callback([opt, &exit_code] {
    // Any file it reads: an animation's dump builds back; a mesh's or a material's is its model as
    // JSON, which nothing builds back.
    auto document = Document::open(opt->file, any_file(opt->format.open_options()));
    auto json = document ? document->to_json(!opt->compact) : Expected<std::string>(document.error());
    if (!json) {
      exit_code = report(json.error());
      return;
    }
    const std::string text = *json + "\n";
    if (auto written = write_output(opt->output, text, InputSet{opt->file, opt->format.skeleton()}, opt->force); !written) {
      exit_code = report(written.error());
    }
  });
}

}  // namespace anmkit::cli
