// anmkit dump FILE [-o OUT.json]: the lossless model as JSON (docs/json-schema.md).

#include "anmkit/formats/gem/gem_json.hpp"
#include "cli_common.hpp"

namespace anmkit::cli {

void add_dump(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("dump", "Write the lossless file model as JSON; `anmkit build` is its exact inverse");
  struct Options {
    std::string file;
    std::string output = "-";
    int indent = 1;
    bool force = false;
  };
  auto opt = std::make_shared<Options>();
  cmd->add_option("FILE", opt->file, "Animation file")->required();
  cmd->add_option("-o,--output", opt->output, "Output JSON file; - for stdout (the default)");
  cmd->add_option("--indent", opt->indent, "Spaces per indentation level; -1 for one line")->capture_default_str();
  cmd->add_flag("--force", opt->force, "Allow the output to replace the input file");
  cmd->callback([opt, &exit_code] {
    auto input = load(opt->file);
    if (!input) { print_error(input.error()); exit_code = exit_failure; return; }
    auto file = load_gem(*input);
    if (!file) { print_error(file.error()); exit_code = exit_failure; return; }
    const std::string text = gem::to_json(*file).dump(opt->indent) + "\n";
    if (auto written = write_output(opt->output, text, {opt->file}, opt->force); !written) {
      print_error(written.error());
      exit_code = exit_failure;
    }
  });
}

}  // namespace anmkit::cli
