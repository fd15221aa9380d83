// anmkit convert IN -o OUT --to TARGET: rewrite a GEM file in another version, keeping the
// pose at every frame.

#include "anmkit/formats/gem/gem_clip.hpp"
#include "anmkit/formats/gem/gem_write.hpp"
#include "cli_common.hpp"

namespace anmkit::cli {

void add_convert(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("convert", "Rewrite an animation in another version, keeping the pose at every frame");
  cmd->footer(
      "The result is keyed the way the game's exporter keys it: frame 0 and the last frame fully keyed,\n"
      "in between only what changed. See docs/formats/gem.md for what each target can store.");
  struct Options {
    std::string input;
    std::string output;
    std::string target;
    bool force = false;
  };
  auto opt = std::make_shared<Options>();
  cmd->add_option("IN", opt->input, "Input animation file")->required();
  cmd->add_option("-o,--output", opt->output, "Output animation file")->required();
  cmd->add_option("--to", opt->target, "Target format and version")
      ->required()
      ->check(CLI::IsMember({"gem-4.0", "gem-6.0", "gem-6.1", "gem-6.1-frm3"}));
  cmd->add_flag("--force", opt->force, "Allow the output to replace the input file");
  cmd->callback([opt, &exit_code] {
    auto fail = [&](Error e) { exit_code = report(std::move(e), opt->input); };
    auto loaded = load_gem(opt->input);
    if (!loaded) return fail(loaded.error());
    auto converted = gem::from_clip(gem::to_clip(loaded->file), *gem::parse_target(opt->target));
    if (!converted) return fail(converted.error());
    auto bytes = gem::write(*converted);
    if (!bytes) return fail(bytes.error());
    if (auto written = write_output(opt->output, *bytes, {opt->input}, opt->force); !written) fail(written.error());
  });
}

}  // namespace anmkit::cli
