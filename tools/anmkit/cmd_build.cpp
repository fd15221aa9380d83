// anmkit build IN.json -o OUT.anm: the exact inverse of dump. Errors name the JSON pointer.

#include "anmkit/core/file_io.hpp"
#include "cli_common.hpp"

namespace anmkit::cli {
namespace {

struct Options {
  std::string json;
  std::string output;
  bool force = false;
  bool no_validate = false;
};

}  // namespace

void add_build(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("build", "Build an animation file from a JSON dump (edited or not)");
  auto opt = std::make_shared<Options>();
  cmd->add_option("IN", opt->json, "JSON dump (see docs/json-schema.md)")->required();
  cmd->add_option("-o,--output", opt->output, "Output animation file")->required();
  cmd->add_flag("--in-place,--force", opt->force, "Allow the output to replace an input file");
  cmd->add_flag("--no-validate", opt->no_validate, "Write even when the result breaks the format's rules");
  cmd->callback([opt, &exit_code] {
    auto fail = [&](Error e) { exit_code = report(std::move(e), opt->json); };
    auto text = read_file(opt->json, limits().max_input_bytes);
    if (!text) return fail(text.error());
    const OpenOptions options = open_options();
    auto document = Document::from_json({reinterpret_cast<const char*>(text->data()), text->size()}, options);
    if (!document) return fail(document.error());
    if (!opt->no_validate) {
      auto diagnostics = document->validate();
      for (auto& d : diagnostics) {
        d.offset.reset();  // the input is JSON: point into it
        print_diagnostic(opt->json, d);
      }
      if (has_errors(diagnostics)) {
        exit_code = exit_failure;
        return;
      }
    }
    auto bytes = document->write();
    if (!bytes) return fail(bytes.error());
    if (auto written = write_output(opt->output, *bytes, InputSet{opt->json}, opt->force); !written) fail(written.error());
  });
}

}  // namespace anmkit::cli
