// anmkit build IN.json -o OUT.anm: the exact inverse of dump. Errors name the JSON pointer.

#include "anmkit/core/file_io.hpp"
#include "anmkit/core/json_input.hpp"
#include "anmkit/formats/gem/gem_json.hpp"
#include "anmkit/formats/gem/gem_validate.hpp"
#include "anmkit/formats/gem/gem_write.hpp"
#include "cli_common.hpp"

namespace anmkit::cli {

void add_build(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("build", "Build an animation file from a JSON dump (edited or not)");
  struct Options {
    std::string json;
    std::string output;
    bool force = false;
    bool no_validate = false;
  };
  auto opt = std::make_shared<Options>();
  cmd->add_option("IN", opt->json, "JSON dump (see docs/json-schema.md)")->required();
  cmd->add_option("-o,--output", opt->output, "Output animation file")->required();
  cmd->add_flag("--force", opt->force, "Allow the output to replace the input file");
  cmd->add_flag("--no-validate", opt->no_validate, "Write even when the result breaks the format's rules");
  cmd->callback([opt, &exit_code] {
    auto fail = [&](Error e) { exit_code = report(std::move(e), opt->json); };
    auto text = read_file(opt->json);
    if (!text) return fail(text.error());
    Expected<gem::File> file = [&]() -> Expected<gem::File> {
      try {
        return gem::from_json(json_input::parse(*text));
      } catch (ErrorException& e) {
        return std::move(e.error);
      }
    }();
    if (!file) return fail(file.error());
    if (!opt->no_validate) {
      auto diagnostics = gem::validate(*file);
      for (auto& d : diagnostics) {
        d.offset.reset();  // the input is JSON: point into it
        print_diagnostic(opt->json, d);
      }
      if (has_errors(diagnostics)) {
        exit_code = exit_failure;
        return;
      }
    }
    auto bytes = gem::write(*file);
    if (!bytes) return fail(bytes.error());
    if (auto written = write_output(opt->output, *bytes, {opt->json}, opt->force); !written) fail(written.error());
  });
}

}  // namespace anmkit::cli
