// anmkit sample FILE --frame F [--json]: every bone's (or node's) pose at one frame.

#include <cmath>
#include <cstdio>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "anmkit/core/float_bits.hpp"
#include "anmkit/core/json_float.hpp"
#include "anmkit/core/json_pretty.hpp"
#include "anmkit/core/json_text.hpp"
#include "cli_common.hpp"
#include "format_flags.hpp"

namespace anmkit::cli {
namespace {

using json = nlohmann::ordered_json;

// A pose is a result, not stored data: -0 (a rotation's x after w was made positive, say) means
// nothing and prints as 0.
float unsigned_zero(float v) { return v == 0 ? 0.0f : v; }
// A value for a fixed-point column: what would print as -0.000000 prints as 0.000000.
float for_fixed6(float v) { return std::fabs(v) < 0.5e-6f ? 0.0f : v; }
model::Quat for_fixed6(const model::Quat& q) { return {for_fixed6(q.x), for_fixed6(q.y), for_fixed6(q.z), for_fixed6(q.w)}; }
model::Vec3 unsigned_zero(const model::Vec3& v) { return {unsigned_zero(v.x), unsigned_zero(v.y), unsigned_zero(v.z)}; }

json floats(std::initializer_list<float> values) {
  json out = json::array();
  for (float v : values) out.push_back(json_from_float_bits(bits_from_float(unsigned_zero(v))));
  return out;
}

json vec(const model::Vec3& v) { return floats({v.x, v.y, v.z}); }
json quat(const model::Quat& q) { return floats({q.x, q.y, q.z, q.w}); }

struct Options {
  std::string file;
  double frame = 0;
  double time = 0;
  double fps = model::default_fps;
  bool json = false;
  FormatFlags format;
  std::string format_name;  // the opened file's, upper case, for messages
};

json frame_json(double frame) {
  return frame == std::floor(frame) && frame < 0x1p53 ? json(std::uint64_t(frame)) : json(frame);
}

// The hold rule is defined at whole frames only; the frame must be one the file shows.
Expected<double> whole_frame(const Options& opt, const model::Clip& clip) {
  if (opt.frame != std::floor(opt.frame)) {
    return make_error(ErrorCode::bad_value, fmt::format("{} poses are defined at whole frames; {:g} is not one", opt.format_name, opt.frame));
  }
  if (opt.frame >= clip.frame_count) {
    return make_error(ErrorCode::bad_value,
                      clip.frame_count == 0
                          ? fmt::format("frame {:g} requested, but the file has no frames", opt.frame)
                          : fmt::format("frame {:g} is past the last frame {} (frame count {})", opt.frame,
                                        clip.frame_count - 1, clip.frame_count));
  }
  return opt.frame;
}

// One evaluator for every format: the neutral clip's (model::sample).
int print_quaternion(const Options& opt, const model::Clip& clip, const std::vector<model::BonePose>& poses) {
  if (opt.json) {
    json bones = json::array();
    for (std::size_t b = 0; b < poses.size(); ++b) {
      const auto& p = poses[b];
      bones.push_back({{"name", json_text(clip.bones[b].name)}, {"translation", vec(p.translation)},
                       {"rotation", quat(model::with_positive_w(p.rotation))}, {"scale", vec(p.scale)},
                       {"visible", p.visible}, {"mirrored", p.mirrored}});
    }
    std::fputs((pretty_json(json{{"frame", frame_json(opt.frame)}, {"bones", std::move(bones)}}) + "\n").c_str(), stdout);
    return exit_ok;
  }
  std::string table = fmt::format("{}: frame {:g} of {}\n{:<16} {:>32}  {:>39}  {:>26}  {:<7} {}\n", printable_path(opt.file),
                                  opt.frame, clip.frame_count, "bone", "translation", "rotation (x y z w)", "scale",
                                  "visible", "mirrored");
  for (std::size_t b = 0; b < poses.size(); ++b) {
    const auto& p = poses[b];
    const model::Quat q = for_fixed6(model::with_positive_w(p.rotation));
    const model::Vec3 t = unsigned_zero(p.translation), sc = unsigned_zero(p.scale);
    table += fmt::format("{:<16} {:>10.4g} {:>10.4g} {:>10.4g}  {:>9.6f} {:>9.6f} {:>9.6f} {:>9.6f}  {:>8.4g} {:>8.4g} {:>8.4g}  {:<7} {}\n",
                         printable(clip.bones[b].name), t.x, t.y, t.z, q.x, q.y, q.z, q.w, sc.x, sc.y, sc.z,
                         p.visible ? "yes" : "no", p.mirrored ? "yes" : "no");
  }
  std::fputs(table.c_str(), stdout);
  return exit_ok;
}

int print_euler(const Options& opt, const model::Clip& clip, double shown, const std::vector<model::BonePose>& poses) {
  // Euler angles print in the unit the file stores them in, as the clip says.
  const std::string& unit = clip.euler_unit;
  const double per_unit = clip.euler_unit_radians;
  const auto euler = [per_unit](const model::BonePose& p) {
    return model::Vec3{float(p.euler.x / per_unit), float(p.euler.y / per_unit), float(p.euler.z / per_unit)};
  };
  if (opt.json) {
    json bones = json::array();
    for (std::size_t n = 0; n < poses.size(); ++n) {
      const auto& p = poses[n];
      bones.push_back({{"name", json_text(clip.bones[n].name)}, {"translation", vec(p.translation)},
                       {"rotation", quat(p.rotation)}, {"rotation_euler", vec(euler(p))}, {"scale", vec(p.scale)}});
    }
    std::fputs((pretty_json(json{{"frame", frame_json(opt.frame)}, {"bones", std::move(bones)}}) + "\n").c_str(), stdout);
    return exit_ok;
  }
  std::string table = fmt::format("{}: frame {:g} (shown: {:g}) of {}, rotations in {}\n{:<10} {:>32}  {:>39}  {:>32}  {}\n",
                                  printable_path(opt.file), opt.frame, shown, clip.frame_count, unit, "node", "translation",
                                  "rotation (x y z w)", "rotation (x y z, as stored)", "scale");
  for (std::size_t n = 0; n < poses.size(); ++n) {
    const auto& p = poses[n];
    const model::Vec3 e = unsigned_zero(euler(p)), t = unsigned_zero(p.translation), sc = unsigned_zero(p.scale);
    const model::Quat q = for_fixed6(p.rotation);
    table += fmt::format("{:<10} {:>10.4g} {:>10.4g} {:>10.4g}  {:>9.6f} {:>9.6f} {:>9.6f} {:>9.6f}  {:>10.4g} {:>10.4g} {:>10.4g}  {:.4g} {:.4g} {:.4g}\n",
                         printable(clip.bones[n].name), t.x, t.y, t.z, q.x, q.y, q.z, q.w, e.x, e.y, e.z, sc.x, sc.y, sc.z);
  }
  std::fputs(table.c_str(), stdout);
  return exit_ok;
}

}  // namespace

void add_sample(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("sample", "Print every bone's (or node's) pose at a frame");
  cmd->footer(
      "GEM: whole frames; bones in bone-map order; each component holds its last key at or before the frame;\n"
      "components a file never keys print as identity (the skeleton's rest value is not known here).\n"
      "LM: any real frame (looping files wrap at the frame count, others stop there); nodes named node_<index>;\n"
      "rotation is the quaternion of Rz * Ry * Rx from the evaluated Euler angles (rotation_euler, in the file's unit).\n"
      "Rotations are quaternions x, y, z, w in the column-vector convention with w >= 0.");
  auto opt = std::make_shared<Options>();
  cmd->add_option("FILE", opt->file, "Animation file")->required();
  auto* frame = cmd->add_option("--frame", opt->frame, "Frame number (whole for GEM, any real number >= 0 for LM)")
                    ->check(real_number(0, max_frame));
  auto* time = cmd->add_option("--time", opt->time, "Time in seconds instead of a frame (frame = time * fps)")
                   ->check(real_number(0, max_seconds));
  frame->excludes(time);
  cmd->add_option("--fps", opt->fps, "Frames per second for --time (neither format stores it)")
      ->capture_default_str()
      ->check(real_number(fps_range));
  cmd->add_flag("--json", opt->json, "Print JSON instead of a table");
  opt->format.add_to(cmd, FormatFlags::opening);
  cmd->callback([opt, frame, time, &exit_code] {
    if (frame->count() == 0 && time->count() == 0) throw CLI::RequiredError("--frame or --time");
    if (time->count() > 0) opt->frame = opt->time * opt->fps;
    if (!(opt->frame <= max_frame)) {
      throw CLI::ValidationError("--time", fmt::format("{} s at {} fps is frame {}, past the largest frame {}", opt->time,
                                                       opt->fps, opt->frame, max_frame));
    }
    OpenOptions options = opt->format.open_options();
    options.fps = opt->fps;
    auto document = Document::open(opt->file, options);
    if (!document) {
      exit_code = report(document.error());
      return;
    }
    const FormatInfo format = document->format();
    opt->format_name = ascii_upper(format.name);
    if (!format.skeletal) {
      exit_code = report(make_error(ErrorCode::unsupported, fmt::format("sample prints skeletal poses; {} sprites are shown with "
                                                                        "`anmkit convert FILE -o DIR/`", opt->format_name)),
                         opt->file);
      return;
    }
    // Poses only: the clip without mesh payloads, shared with the document (no copy).
    auto shared = document->sampling_clip();
    if (!shared) {
      exit_code = report(shared.error(), opt->file);
      return;
    }
    const model::Clip& clip = **shared;
    if (format.whole_frames_only) {
      auto whole = whole_frame(*opt, clip);
      if (!whole) {
        exit_code = report(whole.error(), opt->file);
        return;
      }
      exit_code = print_quaternion(*opt, clip, model::sample(clip, *whole));
      return;
    }
    const double shown = model::playback_frame(clip, opt->frame);
    exit_code = format.euler_rotations ? print_euler(*opt, clip, shown, model::sample(clip, shown))
                                       : print_quaternion(*opt, clip, model::sample(clip, shown));
  });
}

}  // namespace anmkit::cli
