// anmkit convert IN -o OUT: rewrite or export a file, or import edited frames, keeping what the
// user did not change. GEM: another version (--to). LM: the canonical layout (--repack). MM2:
// PNG frames, a sprite sheet, a GIF or an IFF ILBM (by OUT's form), or a folder of edited
// raw_NNN.png frames back into a game file (--base).

#include <climits>
#include <filesystem>

#include "anmkit/formats/gem/gem_clip.hpp"
#include "anmkit/formats/gem/gem_write.hpp"
#include "anmkit/formats/lm/lm_repack.hpp"
#include "anmkit/formats/lm/lm_write.hpp"
#include "cli_common.hpp"
#include "anmkit/core/file_io.hpp"
#include "anmkit/export/gltf_import.hpp"
#include "anmkit/formats/gem/mdl.hpp"
#include "gltf_convert.hpp"
#include "mm2_convert.hpp"

namespace anmkit::cli {

void add_convert(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("convert", "Rewrite, export or import an animation, keeping every pose and every unedited byte");
  cmd->footer(
      "GEM (--to): keyed the way the game's exporter keys it: frame 0 and the last frame fully keyed, in between only what\n"
      "changed. LM (--repack): header, node groups, scale, rotation and translation arrays, identical data stored once.\n"
      "MM2: -o DIR/ writes raw_NNN.png and composed_NNN.png; -o NAME.png a sprite sheet with a .json sidecar; -o NAME.gif\n"
      "an animated GIF; -o NAME.iff an IFF ILBM. IN a folder of raw_NNN.png with --base ORIGINAL.anm writes a game file.\n"
      "GEM, LM: -o NAME.gltf or NAME.glb writes glTF 2.0 (GEM: --skeleton MODEL.mdl; LM: --bin MODEL.bin; --fps).\n"
      "IN a GEM .mdl with -o NAME.glb: the skeleton with every sequence it names.\n"
      "See docs/cli.md and docs/formats/.");
  struct Options {
    std::string input;
    std::string output;
    std::string target;
    std::string animation;
    bool repack = false;
    bool dense = false;
    double tolerance = 1e-6;
    SpriteExportOptions sprite;
    SpriteImportOptions import;
    GltfOptions gltf;
    LmOptions lm;
  };
  auto opt = std::make_shared<Options>();
  cmd->add_option("IN", opt->input, "Input animation file (or, to import MM2 frames, a folder)")->required();
  cmd->add_option("-o,--output", opt->output, "Output file or folder")->required();
  auto* to = cmd->add_option("--to", opt->target, "GEM: the target version; from glTF: a GEM version or lm")
                 ->check(CLI::IsMember({"gem-4.0", "gem-6.0", "gem-6.1", "gem-6.1-frm3", "lm"}));
  cmd->add_option("--animation", opt->animation, "From glTF: the animation to import, by name or index (default: the first)");
  cmd->add_flag("--dense", opt->dense, "From glTF to LM: one key a frame on every moving track (no key reduction)");
  cmd->add_option("--tolerance", opt->tolerance,
                  "From glTF: how far a value may move and still count as unchanged (GEM), or stray from the samples (LM; rotations in radians)")
      ->capture_default_str()
      ->check(real_number(0, true));
  auto* repack = cmd->add_flag("--repack", opt->repack, "LM: rewrite in the canonical layout, sharing identical data");
  to->excludes(repack);
  cmd->add_flag("--in-place,--force", opt->sprite.force, "Allow an output to replace an input file");
  opt->lm.add_to(cmd);
  auto* sequence = cmd->add_option("--sequence", opt->sprite.sequence, "MM2 GIF: the sequence to play (default: the longest)")
                       ->check(whole_number(INT_MAX));
  auto* flipbook = cmd->add_flag("--flipbook", opt->sprite.flipbook, "MM2 GIF: the composed states in order");
  sequence->excludes(flipbook);
  cmd->add_option("--flipbook-ticks", opt->sprite.flipbook_ticks, "MM2 GIF: ticks each state shows in a flipbook")
      ->capture_default_str()
      ->check(whole_number(UINT32_MAX, 1));
  cmd->add_option("--tick-hz", opt->sprite.tick_hz, "MM2: game ticks per second (unverified; AmigaDOS uses 50)")
      ->capture_default_str()
      ->check(real_number(0, false));
  cmd->add_flag("--raw", opt->sprite.raw, "MM2 sheet: the stored frames instead of the composed states");
  cmd->add_option("--state", opt->sprite.state, "MM2 IFF: the composed state to write")->capture_default_str()->check(whole_number(SIZE_MAX));
  cmd->add_option("--scale", opt->sprite.scale, "MM2: enlarge every image output N times (nearest neighbour)")
      ->capture_default_str()
      ->check(CLI::Range(1, 64));
  cmd->add_option("--skeleton", opt->gltf.skeleton, "glTF from GEM: the model's .mdl (bone tree and rest pose)");
  cmd->add_option("--fps", opt->gltf.fps, "glTF: frames per second (neither format stores it)")
      ->capture_default_str()
      ->check(real_number(0, false));
  cmd->add_option("--rotation-unit", opt->gltf.rotation_unit, "glTF from LM: the unit of stored rotations")
      ->capture_default_str()
      ->check(CLI::IsMember({"degrees", "turn4096", "radians"}));
  cmd->add_option("--base", opt->import.base, "MM2 import: the game file the frames came from");
  cmd->add_flag("--remap", opt->import.remap, "MM2 import: map colours not in the palette to the nearest pen");
  cmd->add_flag("--resize", opt->import.resize, "MM2 import: accept frames of a new size");
  cmd->callback([opt, &exit_code] {
    auto fail = [&](Error e) { exit_code = report(std::move(e), opt->input); };
    if (std::filesystem::is_directory(opt->input)) {
      opt->import.force = opt->sprite.force;
      exit_code = import_mm2(opt->input, opt->output, opt->import);
      return;
    }
    opt->gltf.force = opt->sprite.force;
    auto text = read_file(opt->input, limits().max_input_bytes);
    if (text && is_gltf_output(opt->output) && gem::looks_like_mdl(*text)) {
      exit_code = export_mdl(opt->input, *text, opt->output, opt->gltf);
      return;
    }
    if (text && gltf::looks_like_gltf(*text)) {
      if (opt->target.empty()) return fail(make_error(ErrorCode::unsupported, "a glTF file needs --to gem-4.0|gem-6.0|gem-6.1|gem-6.1-frm3|lm"));
      gltf::ImportOptions import_options;
      import_options.animation = opt->animation;
      import_options.fps = opt->gltf.fps;
      import_options.unit = *lm::parse_rotation_unit(opt->gltf.rotation_unit);
      import_options.dense = opt->dense;
      import_options.tolerance = float(opt->tolerance);
      Expected<std::vector<std::uint8_t>> bytes = std::vector<std::uint8_t>{};
      if (opt->target == "lm") {
        auto file = gltf::import_lm(*text, import_options);
        if (!file) return fail(file.error());
        bytes = lm::write(*file);
      } else {
        auto clip = gltf::import_clip(*text, import_options);
        if (!clip) return fail(clip.error());
        auto file = gem::from_clip(*clip, *gem::parse_target(opt->target));
        if (!file) return fail(file.error());
        bytes = gem::write(*file);
      }
      if (!bytes) return fail(bytes.error());
      if (auto written = write_output(opt->output, *bytes, {opt->input}, opt->sprite.force); !written) fail(written.error());
      return;
    }
    auto loaded = load_any(opt->input, opt->lm);
    if (!loaded) return fail(loaded.error());
    if (is_gltf_output(opt->output)) {
      exit_code = export_gltf(*loaded, opt->output, opt->gltf, opt->lm);
      return;
    }
    if (auto* sprite_file = std::get_if<LoadedMm2>(&*loaded)) {
      exit_code = export_mm2(*sprite_file, opt->output, opt->sprite);
      return;
    }
    Expected<std::vector<std::uint8_t>> bytes = std::vector<std::uint8_t>{};
    if (auto* gem_file = std::get_if<LoadedGem>(&*loaded)) {
      if (opt->target.empty() || opt->target == "lm") {
        return fail(make_error(ErrorCode::unsupported, "a GEM file needs --to gem-4.0|gem-6.0|gem-6.1|gem-6.1-frm3"));
      }
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
    if (auto written = write_output(opt->output, *bytes, {opt->input}, opt->sprite.force); !written) fail(written.error());
  });
}

}  // namespace anmkit::cli
