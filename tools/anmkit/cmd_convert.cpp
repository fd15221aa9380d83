// anmkit convert IN -o OUT (--to TARGET | --repack): rewrite a file, keeping the pose at every
// frame. GEM: another version. LM: the canonical layout with shared data.

#include "anmkit/formats/gem/gem_clip.hpp"
#include "anmkit/formats/gem/gem_write.hpp"
#include "anmkit/formats/lm/lm_repack.hpp"
#include "anmkit/formats/lm/lm_write.hpp"
#include "cli_common.hpp"

namespace anmkit::cli {

void add_convert(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("convert", "Rewrite an animation (another GEM version, or a repacked LM file), keeping every pose");
  cmd->footer(
      "GEM (--to): keyed the way the game's exporter keys it: frame 0 and the last frame fully keyed, in between\n"
      "only what changed. LM (--repack): header, node groups, scale, rotation and translation arrays, with identical\n"
      "constants and key runs stored once. See docs/formats/ for what each target can store.");
  struct Options {
    std::string input;
    std::string output;
    std::string target;
    bool repack = false;
    bool force = false;
    LmOptions lm;
  };
  auto opt = std::make_shared<Options>();
  cmd->add_option("IN", opt->input, "Input animation file")->required();
  cmd->add_option("-o,--output", opt->output, "Output animation file")->required();
  auto* to = cmd->add_option("--to", opt->target, "GEM: the target version")
                 ->check(CLI::IsMember({"gem-4.0", "gem-6.0", "gem-6.1", "gem-6.1-frm3"}));
  auto* repack = cmd->add_flag("--repack", opt->repack, "LM: rewrite in the canonical layout, sharing identical data");
  to->excludes(repack);
  cmd->add_flag("--force", opt->force, "Allow the output to replace the input file");
  opt->lm.add_to(cmd);
  cmd->callback([opt, &exit_code] {
    auto fail = [&](Error e) { exit_code = report(std::move(e), opt->input); };
    auto loaded = load_any(opt->input, opt->lm);
    if (!loaded) return fail(loaded.error());
    Expected<std::vector<std::uint8_t>> bytes = std::vector<std::uint8_t>{};
    if (auto* gem_file = std::get_if<LoadedGem>(&*loaded)) {
      if (opt->target.empty()) return fail(make_error(ErrorCode::unsupported, "a GEM file needs --to gem-4.0|gem-6.0|gem-6.1|gem-6.1-frm3"));
      auto converted = gem::from_clip(gem::to_clip(gem_file->file), *gem::parse_target(opt->target));
      if (!converted) return fail(converted.error());
      bytes = gem::write(*converted);
    } else {
      if (!opt->repack) return fail(make_error(ErrorCode::unsupported, "an LM file is rewritten with --repack"));
      auto repacked = lm::repack(std::get<LoadedLm>(*loaded).file);
      if (!repacked) return fail(repacked.error());
      bytes = lm::write(*repacked);
    }
    if (!bytes) return fail(bytes.error());
    if (auto written = write_output(opt->output, *bytes, {opt->input}, opt->force); !written) fail(written.error());
  });
}

}  // namespace anmkit::cli
