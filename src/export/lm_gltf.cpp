#include "anmkit/export/lm_gltf.hpp"

#include <fmt/format.h>

namespace anmkit::gltf {

Expected<Scene> lm_scene(const lm::File& file, const LmOptions& options) {
  auto curves = lm::decode_curves(file);
  if (!curves) return curves.error();
  Scene scene;
  for (std::size_t n = 0; n < file.groups.size(); ++n) {
    Node node{fmt::format("node_{}", n), -1, {}, {}, {1, 1, 1}};
    if (options.scene_graph && n < options.scene_graph->nodes.size()) {
      const lm::BinNode& rest = options.scene_graph->nodes[n];
      node.parent = rest.parent < int(n) ? rest.parent : -1;
      node.translation = rest.translation;
      node.scale = rest.scale;
      node.rotation = lm::quat_from_euler_zyx(lm::to_radians(rest.rotation_degrees.x, lm::RotationUnit::degrees),
                                              lm::to_radians(rest.rotation_degrees.y, lm::RotationUnit::degrees),
                                              lm::to_radians(rest.rotation_degrees.z, lm::RotationUnit::degrees));
    }
    scene.nodes.push_back(node);
  }
  Animation anim;
  anim.name = options.animation_name;
  const std::uint32_t last = file.frame_count;
  const std::size_t steps = std::max<std::size_t>(1, options.rotation_samples);
  const std::uint64_t samples = (std::uint64_t(last) + 1) * (steps + 2) * std::max<std::size_t>(1, file.groups.size());
  if (samples > (1u << 26)) {
    return make_error(ErrorCode::too_large,
                      fmt::format("{} nodes over {} frames need {} samples; glTF export stops at 67108864", file.groups.size(), last, samples));
  }
  for (std::size_t n = 0; n < curves->size(); ++n) {
    const auto& c = (*curves)[n].curves;
    Channel translation{n, Path::translation, Interpolation::linear, {}, {}};
    Channel scale{n, Path::scale, Interpolation::linear, {}, {}};
    Channel rotation{n, Path::rotation, Interpolation::linear, {}, {}};
    for (std::uint32_t f = 0; f <= last; ++f) {
      translation.times.push_back(float(f / options.fps));
      scale.times.push_back(float(f / options.fps));
      for (std::size_t axis = 0; axis < 3; ++axis) {
        scale.values.push_back(float(lm::evaluate(c[axis], f, lm::default_value(axis))));
        translation.values.push_back(float(lm::evaluate(c[6 + axis], f, lm::default_value(6 + axis))));
      }
    }
    model::Quat previous;
    for (std::size_t i = 0; i <= std::size_t(last) * steps; ++i) {
      const double frame = double(i) / double(steps);
      model::Quat q = lm::quat_from_euler_zyx(lm::to_radians(lm::evaluate(c[3], frame, 0), options.unit),
                                              lm::to_radians(lm::evaluate(c[4], frame, 0), options.unit),
                                              lm::to_radians(lm::evaluate(c[5], frame, 0), options.unit));
      // Keep neighbours in one hemisphere, so that LINEAR (slerp) takes the short way.
      if (i > 0 && q.x * previous.x + q.y * previous.y + q.z * previous.z + q.w * previous.w < 0) {
        q = {-q.x, -q.y, -q.z, -q.w};
      }
      previous = q;
      rotation.times.push_back(float(frame / options.fps));
      for (float v : {q.x, q.y, q.z, q.w}) rotation.values.push_back(v);
    }
    anim.channels.push_back(std::move(translation));
    anim.channels.push_back(std::move(rotation));
    anim.channels.push_back(std::move(scale));
  }
  anim.extras = {{"anmkit", {{"format", "lm"}, {"version", file.version}, {"frame_count", file.frame_count},
                             {"fps", options.fps}, {"loop", file.loop == 1}, {"node_count", file.groups.size()}}}};
  scene.animations.push_back(std::move(anim));
  return scene;
}

}  // namespace anmkit::gltf
