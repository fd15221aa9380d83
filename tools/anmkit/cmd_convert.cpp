// anmkit convert IN -o OUT: rewrite or export a file, or import edited frames, keeping what the
// user did not change. GEM: another version (--to). LM: the canonical layout (--repack). MM2:
// PNG frames, a sprite sheet, a GIF or an IFF ILBM (by OUT's form), or a folder of edited
// raw_NNN.png frames back into a game file (--base).

#include <algorithm>
#include <climits>
#include <map>

#include <fmt/format.h>

#include "anmkit/core/file_io.hpp"
#include "anmkit/core/folders.hpp"
#include "anmkit/core/path_utf8.hpp"
#include "anmkit/export.hpp"
#include "cli_common.hpp"
#include "format_flags.hpp"
#include "gltf_convert.hpp"
#include "sprite_io.hpp"
#include "output_kinds.hpp"
#include "skeleton_hint.hpp"

namespace anmkit::cli {
namespace {

std::string joined(const std::vector<std::string_view>& list) {
  std::string out;
  for (auto name : list) out += (out.empty() ? "" : "|") + std::string(name);
  return out;
}

// The formats' layout targets, each once: each is a switch of its own (--repack).
std::vector<FormatInfo::LayoutTarget> layout_targets() {
  std::vector<FormatInfo::LayoutTarget> out;
  for (const FormatInfo& format : formats()) {
    for (const auto& layout : format.layout_targets) {
      const auto same = [&](const FormatInfo::LayoutTarget& t) { return t.target == layout.target; };
      if (std::find_if(out.begin(), out.end(), same) == out.end()) out.push_back(layout);
    }
  }
  return out;
}

// --to: a version to convert to, or a format to import glTF as (a layout has its own switch).
std::vector<std::string> target_names() {
  std::vector<std::string> out = names(convert_targets());
  for (auto t : import_targets()) {
    if (std::find(out.begin(), out.end(), t) == out.end()) out.emplace_back(t);
  }
  for (const auto& layout : layout_targets()) out.erase(std::remove(out.begin(), out.end(), layout.target), out.end());
  return out;
}

}  // namespace

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
    std::map<std::string, bool> layouts;  // --TARGET of each layout target: given or not
    double tolerance = 1e-6;
    SpriteExportOptions sprite;
    SpriteImportOptions import;
    double fps = model::default_fps;
    std::string skeleton;
    std::string add_sequence;
    FormatFlags format;
  };
  auto opt = std::make_shared<Options>();
  cmd->add_option("IN", opt->input, "Input animation file (or, to import MM2 frames, a folder)")->required();
  cmd->add_option("-o,--output", opt->output, "Output file or folder")->required();
  auto* to = cmd->add_option("--to", opt->target, "GEM: the target version; from glTF: a GEM version or lm")
                 ->check(CLI::IsMember(target_names()));
  cmd->add_option("--animation", opt->animation, "From glTF: the animation to import, by name or index (default: the first)");
  cmd->add_option("--tolerance", opt->tolerance,
                  "From glTF: how far a value may move and still count as unchanged (GEM), or stray from the samples (LM; rotations in radians)")
      ->capture_default_str()
      ->check(real_number(tolerance_range));
  for (const auto& layout : layout_targets()) {
    auto* flag = cmd->add_flag("--" + std::string(layout.target), opt->layouts[std::string(layout.target)], std::string(layout.help));
    to->excludes(flag);
  }
  cmd->add_flag("--in-place,--force", opt->sprite.force, "Allow an output to replace an input file");
  opt->format.add_to(cmd, FormatFlags::opening | FormatFlags::importing);
  auto* sequence = cmd->add_option("--sequence", opt->sprite.sequence, "MM2 GIF: the sequence to play (default: the longest)")
                       ->check(whole_number(INT_MAX));
  auto* flipbook = cmd->add_flag("--flipbook", opt->sprite.flipbook, "MM2 GIF: the composed states in order");
  sequence->excludes(flipbook);
  cmd->add_option("--flipbook-ticks", opt->sprite.flipbook_ticks, "MM2 GIF: ticks each state shows in a flipbook")
      ->capture_default_str()
      ->check(whole_number(flipbook_ticks_range.max, flipbook_ticks_range.min));
  cmd->add_option("--tick-hz", opt->sprite.tick_hz, "MM2: game ticks per second (unverified; AmigaDOS uses 50)")
      ->capture_default_str()
      ->check(real_number(tick_hz_range));
  cmd->add_flag("--raw", opt->sprite.raw, "MM2 sheet: the stored frames instead of the composed states");
  cmd->add_option("--state", opt->sprite.state, "MM2 IFF: the composed state to write")->capture_default_str()->check(whole_number(SIZE_MAX));
  auto* scale = cmd->add_option("--scale", opt->sprite.scale,
                                "MM2: enlarge every image output N times (nearest neighbour); import: the scale the frames "
                                "were exported at (default: found from them)")
      ->capture_default_str()
      ->check(whole_number(scale_range.max, scale_range.min));
  auto* skeleton = cmd->add_option("--skeleton", opt->skeleton,
                                   "glTF from GEM: the model's .mdl (bone tree and rest pose); from glTF: the .mdl to read the "
                                   "animation onto");
  cmd->add_option("--add-sequence", opt->add_sequence,
                  "From glTF with --skeleton: also declare the new file in the .mdl as sequence NAME (the .mdl is rewritten, "
                  "every other byte kept)")
      ->type_name("NAME")
      ->needs(skeleton);
  cmd->add_option("--fps", opt->fps, "glTF: frames per second (neither format stores it)")
      ->capture_default_str()
      ->check(real_number(fps_range));
  cmd->add_option("--base", opt->import.base,
                  "MM2 import: the game file the frames came from; glTF import (GEM, LM): the original file, whose bytes are kept "
                  "wherever the glTF did not change it");
  cmd->add_flag("--remap", opt->import.remap, "MM2 import: map colours not in the palette to the nearest pen");
  cmd->add_flag("--resize", opt->import.resize, "MM2 import: accept frames of a new size");
  cmd->callback([opt, scale, &exit_code] {
    auto fail = [&](Error e) { exit_code = report(std::move(e), opt->input); };
    if (is_folder(opt->input)) {
      if (is_gltf_output(opt->output)) {
        // A folder is one thing to convert only as a sprite's edited frames (never a glTF); a
        // game's folder of animations is batch's.
        fail(make_error(ErrorCode::unsupported,
                        fmt::format("is a folder: convert reads a folder only as a sprite's edited frames (raw_NNN.png, with "
                                    "--base ORIGINAL.anm); to convert every animation in it, use `anmkit batch {} -o OUTDIR --to {}`",
                                    opt->input, lower_extension(opt->output).substr(1))));
        exit_code = exit_usage;
        return;
      }
      opt->import.force = opt->sprite.force;
      opt->import.scale = scale->count() > 0 ? opt->sprite.scale : 0;
      exit_code = import_sprite_frames(opt->input, opt->output, opt->import);
      return;
    }
    const bool force = opt->sprite.force;
    // Every file this command reads: no output may replace one unless --in-place.
    const InputSet inputs{opt->input, opt->format.skeleton(), opt->skeleton};
    OpenOptions options = opt->format.open_options();
    options.fps = opt->fps;
    if (!opt->skeleton.empty()) options.skeleton = opt->skeleton;  // else a format's own (--bin), from open_options
    options.tick_hz = opt->sprite.tick_hz;
    auto text = read_file(opt->input, limits().max_input_bytes);
    if (text && is_gltf_output(opt->output) && looks_like_model(*text, opt->input)) {
      exit_code = export_model(opt->input, opt->output, options, force);
      return;
    }
    if (text && looks_like_gltf(*text)) {
      // The targets a glTF import can be written as, for the message.
      if (opt->target.empty()) {
        fail(make_error(ErrorCode::unsupported, "a glTF file needs --to " + joined(import_targets())));
        exit_code = exit_usage;  // a missing option, as the docs say
        return;
      }
      GltfImportOptions import;
      import.animation = opt->animation;
      import.fps = opt->fps;
      import.format_options = opt->format.settings(FormatFlags::importing);
      import.tolerance = float(opt->tolerance);
      import.limits = limits();
      // External buffers are beside the glTF file, wherever the command runs.
      const auto folder = fs_path(opt->input).parent_path();
      import.folder = folder.empty() ? "." : utf8(folder);
      // --skeleton: the game's model, read onto its bones (docs/gltf.md, "Onto a skeleton"), from disk.
      import.skeleton = opt->skeleton;
      // --base: the original game file (LM: opened with --bin or --nodes, as any LM file).
      InputSet read{opt->input, opt->format.skeleton(), opt->import.base, opt->skeleton};
      if (!opt->import.base.empty()) {
        auto base = Document::open(opt->import.base, options);
        if (!base) return fail(base.error());
        import.base = std::make_shared<const Document>(std::move(*base));
      }
      auto imported = Document::import_gltf(*text, opt->target, import, opt->input);
      if (!imported) return fail(imported.error());
      print_warnings(imported->warnings);
      auto bytes = imported->document.write();
      if (!bytes) return fail(bytes.error());
      // --add-sequence: the model's new text is made first, so that a refusal writes nothing.
      std::optional<std::vector<std::uint8_t>> model;
      if (!opt->add_sequence.empty()) {
        auto added = model_with_sequence(opt->skeleton, opt->add_sequence, opt->output, options);
        if (!added) return (void)(exit_code = report(std::move(added.error()), opt->skeleton));
        model = std::move(*added);
      }
      if (auto written = write_output(opt->output, *bytes, read, force); !written) return fail(written.error());
      if (model) {
        // The user asked for the model to change: it is the one input this may replace.
        if (auto written = write_output(opt->skeleton, *model, InputSet{opt->input, opt->output}, false); !written) {
          exit_code = report(std::move(written.error()), opt->skeleton);
        }
      }
      return;
    }
    if (!text) return fail(text.error());
    auto document = Document::open(*text, options, opt->input);
    if (!document) return fail(document.error());
    std::vector<std::uint8_t>().swap(*text);  // the document holds what it needs: the input's bytes go
    // The target asked for: --to, or a layout's own switch.
    std::string target = opt->target;
    for (const auto& [layout, given] : opt->layouts) {
      if (given) target = layout;
    }
    if (auto unhandled = unhandled_output(document->format(), opt->output, !target.empty())) {
      report(make_error(ErrorCode::unsupported, *unhandled), opt->output);
      exit_code = exit_usage;
      return;
    }
    if (is_gltf_output(opt->output)) {
      note_skeleton_beside(*document, opt->input, options);
      exit_code = export_gltf(*document, opt->output, inputs, force);
      return;
    }
    const FormatInfo format = document->format();
    if (format.sprite) {
      exit_code = export_sprite(*document, opt->output, inputs, opt->sprite);
      return;
    }
    // Another version (--to) or layout (its switch) of the same format.
    const auto& targets = format.convert_targets;
    if (!contains(targets, target)) {
      return fail(make_error(ErrorCode::unsupported,
                             !format.layout_targets.empty()
                                 ? fmt::format("an {} file is rewritten with --{}", ascii_upper(format.name), format.layout_targets[0].target)
                                 : fmt::format("a {} file needs --to {}", ascii_upper(format.name), joined(targets))));
    }
    ExportOptions export_options;
    export_options.limits = limits();
    auto converted = export_as(*document, target, export_options);
    if (!converted) return fail(converted.error());
    if (auto written = write_output(opt->output, converted->files.front().bytes, inputs, force); !written) fail(written.error());
  });
}

}  // namespace anmkit::cli
