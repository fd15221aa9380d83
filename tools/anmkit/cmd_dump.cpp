// anmkit dump FILE [-o OUT.json]: the lossless model as JSON (docs/json-schema.md).

#include "cli_common.hpp"
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
    auto document = Document::open(opt->file, opt->format.open_options());
    std::string text;
    if (!document && document.error().code == ErrorCode::unknown_format) {
      // A mesh or material (GEM .ply, .mtl): its model as JSON, which nothing builds back.
      auto resource = open_resource(opt->file, opt->format.open_options());
      if (!resource) {
        exit_code = report(resource.error().code == ErrorCode::unknown_format ? document.error() : resource.error());
        return;
      }
      text = resource->dump(!opt->compact) + "\n";
    } else if (!document) {
      exit_code = report(document.error());
      return;
    } else {
      auto json = document->to_json(!opt->compact);
      if (!json) {
        exit_code = report(json.error());
        return;
      }
      text = *json + "\n";
    }
    if (auto written = write_output(opt->output, text, InputSet{opt->file, opt->format.skeleton()}, opt->force); !written) {
      exit_code = report(written.error());
    }
  });
}

}  // namespace anmkit::cli
