#pragma once
// The glTF file an animation import reads, parsed once: the chosen animation's channels as curves
// by node, what extras.anmkit recorded, and the frames to sample. import_clip reads bones from it
// by name; a skeleton-relative import (skeleton_import.hpp) reads every node's world transform.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "anmkit/core/expected.hpp"
#include "anmkit/gltf/gltf_import.hpp"
#include "anmkit/model/math.hpp"
#include "gltf_read.hpp"

namespace anmkit::gltf::detail {

// One channel's keys: checked views into the file's buffers (channels may share accessors).
struct Curve {
  std::string interpolation;
  FloatView times;
  FloatView values;  // CUBICSPLINE: in-tangent, value, out-tangent per key
  std::size_t width = 3;
  // `slack`: how far past t a key time may be and still count as reached. Times are floats, so
  // frame f at some rate is stored as float(f / rate), which can lie just above f / rate.
  // Interpolates as glTF says: STEP holds, LINEAR lerps (rotations slerp), CUBICSPLINE is the
  // Hermite curve of the values and tangents (rotations normalised). `cursor` is the key found
  // last: frames are sampled in order and t + slack never decreases, so the search resumes
  // there and a pass over every frame walks the keys once (a 16 MB file has millions).
  std::vector<float> at(double t, double slack, std::size_t& cursor) const {
    std::size_t k = cursor;
    while (k + 1 < times.count && times.at(k + 1, 0) <= t + slack) ++k;
    cursor = k;
    const bool cubic = interpolation == "CUBICSPLINE";
    const std::size_t per_key = cubic ? 3 : 1;
    const std::size_t base = cubic ? 1 : 0;  // skip the in-tangent
    const auto value = [&](std::size_t key, std::size_t i) { return double(values.at(key * per_key + base, i)); };
    std::vector<float> out(width);
    for (std::size_t i = 0; i < width; ++i) out[i] = float(value(k, i));
    if (interpolation == "STEP" || k + 1 >= times.count || !(t > times.at(k, 0) + slack)) return out;
    const double gap = double(times.at(k + 1, 0)) - times.at(k, 0);
    const double u = std::clamp((t - times.at(k, 0)) / gap, 0.0, 1.0);
    if (cubic) {
      for (std::size_t i = 0; i < width; ++i) {
        const double out_tangent = values.at(k * 3 + 2, i), in_tangent = values.at((k + 1) * 3, i);
        out[i] = float(model::hermite(value(k, i), out_tangent, value(k + 1, i), in_tangent, gap, u));
      }
      if (width == 4) {
        const auto q = model::normalized(model::Quat{out[0], out[1], out[2], out[3]});
        out = {q.x, q.y, q.z, q.w};
      }
    } else if (width == 4) {
      const auto q = model::slerp(model::Quat{out[0], out[1], out[2], out[3]},
                                  model::Quat{float(value(k + 1, 0)), float(value(k + 1, 1)), float(value(k + 1, 2)), float(value(k + 1, 3))}, u);
      out = {q.x, q.y, q.z, q.w};
    } else {
      for (std::size_t i = 0; i < width; ++i) out[i] = float(value(k, i) + u * (value(k + 1, i) - value(k, i)));
    }
    return out;
  }
};

// The parsed file: the chosen animation's channels by node, and what anmkit recorded.
struct Source {
  GltfFile file;
  const GltfAnimation* animation = nullptr;
  std::vector<std::size_t> nodes;  // the animated nodes in bone order
  // translation, rotation, scale by node position, and the scale of the node's own mesh (a node
  // with a mesh below the bone's: anmkit hides a bone's mesh there, not the bone and its children).
  std::vector<std::array<const Curve*, 4>> curves;
  std::vector<Curve> storage;
  nlohmann::ordered_json extras;
  std::string pointer;  // extras.anmkit's JSON pointer, for errors
  double fps = model::default_fps;
  std::uint32_t frame_count = 0;  // as model::Clip counts them
  bool loop = false;
  std::uint32_t last = 0;  // the last whole frame sampled (a loop's wrap frame included)
  // A thousandth of a frame, or the float rounding of the frame's time if that is larger.
  double slack(std::uint32_t frame) const { return std::max(1e-3 / fps, 4e-7 * (frame / fps)); }
};

// Reads the file and the chosen animation. The nodes read as bones: the recorded bone map, else
// every node that draws no mesh but anmkit_root; `every_node`: every node, in the file's order.
Expected<Source> load_source(std::span<const std::uint8_t> bytes, const ImportOptions& options, bool every_node);

}  // namespace anmkit::gltf::detail
