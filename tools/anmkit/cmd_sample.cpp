// anmkit sample FILE --frame F [--json]: every bone's pose at one whole frame.

#include <cstdio>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "anmkit/core/float_bits.hpp"
#include "anmkit/core/json_float.hpp"
#include "anmkit/formats/gem/gem_clip.hpp"
#include "anmkit/core/json_pretty.hpp"
#include "cli_common.hpp"

namespace anmkit::cli {
namespace {

nlohmann::ordered_json floats(std::initializer_list<float> values) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (float v : values) out.push_back(json_from_float_bits(bits_from_float(v)));
  return out;
}

}  // namespace

void add_sample(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("sample", "Print every bone's pose at a whole frame");
  cmd->footer(
      "Bones come in bone-map order; each component holds its last key at or before the frame.\n"
      "Rotations are quaternions x, y, z, w in the column-vector convention with w >= 0.\n"
      "Components a file never keys print as identity (the skeleton's rest value is not known here).");
  struct Options {
    std::string file;
    std::uint32_t frame = 0;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  cmd->add_option("FILE", opt->file, "Animation file")->required();
  cmd->add_option("--frame", opt->frame, "Frame number, from 0 to the frame count - 1")->required();
  cmd->add_flag("--json", opt->json, "Print JSON instead of a table");
  cmd->callback([opt, &exit_code] {
    auto loaded = load_gem(opt->file);
    if (!loaded) {
      exit_code = report(loaded.error());
      return;
    }
    const model::Clip clip = gem::to_clip(loaded->file);
    if (opt->frame >= clip.frame_count) {
      exit_code = report(make_error(ErrorCode::bad_value,
                                    clip.frame_count == 0
                                        ? fmt::format("frame {} requested, but the file has no frames", opt->frame)
                                        : fmt::format("frame {} is past the last frame {} (frame count {})",
                                                      opt->frame, clip.frame_count - 1, clip.frame_count)),
                         opt->file);
      return;
    }
    const auto poses = model::sample(clip, opt->frame);
    if (opt->json) {
      nlohmann::ordered_json bones = nlohmann::ordered_json::array();
      for (std::size_t b = 0; b < poses.size(); ++b) {
        const auto& p = poses[b];
        const model::Quat q = model::with_positive_w(p.rotation);
        bones.push_back({{"name", clip.bones[b].name},
                         {"translation", floats({p.translation.x, p.translation.y, p.translation.z})},
                         {"rotation", floats({q.x, q.y, q.z, q.w})},
                         {"scale", floats({p.scale.x, p.scale.y, p.scale.z})},
                         {"visible", p.visible},
                         {"mirrored", p.mirrored}});
      }
      nlohmann::ordered_json out = {{"frame", opt->frame}, {"bones", std::move(bones)}};
      std::fputs((pretty_json(out) + "\n").c_str(), stdout);
      return;
    }
    std::string table = fmt::format("{}: frame {} of {}\n{:<16} {:>32}  {:>39}  {:>26}  {:<7} {}\n", opt->file,
                                    opt->frame, clip.frame_count, "bone", "translation", "rotation (x y z w)",
                                    "scale", "visible", "mirrored");
    for (std::size_t b = 0; b < poses.size(); ++b) {
      const auto& p = poses[b];
      const model::Quat q = model::with_positive_w(p.rotation);
      table += fmt::format("{:<16} {:>10.4g} {:>10.4g} {:>10.4g}  {:>9.6f} {:>9.6f} {:>9.6f} {:>9.6f}  {:>8.4g} {:>8.4g} {:>8.4g}  {:<7} {}\n",
                           clip.bones[b].name, p.translation.x, p.translation.y, p.translation.z, q.x, q.y, q.z,
                           q.w, p.scale.x, p.scale.y, p.scale.z, p.visible ? "yes" : "no", p.mirrored ? "yes" : "no");
    }
    std::fputs(table.c_str(), stdout);
  });
}

}  // namespace anmkit::cli
