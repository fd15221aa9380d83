#include "anmkit/export/gem_gltf.hpp"

#include <cmath>
#include <set>

#include <fmt/format.h>

#include "anmkit/core/json_input.hpp"
#include "anmkit/formats/gem/gem_clip.hpp"
#include "anmkit/model/clip.hpp"

namespace anmkit::gltf {
namespace {

// GEM is Z up, glTF Y up: -90 degrees about X takes +Z to +Y. About 20 GEM units to a metre.
constexpr float quarter = 0.70710678f;
constexpr model::Quat z_up_to_y_up{-quarter, 0, 0, quarter};
constexpr float gem_units_to_metres = 0.05f;

Node rest_node(const gem::MdlBone& bone) {
  const model::Decomposed d = model::decompose(bone.rest);
  Node n;
  n.name = bone.name;
  n.parent = bone.parent;
  n.translation = d.translation;
  n.rotation = d.rotation;
  n.scale = {d.scale.x, d.scale.y, d.mirrored ? -d.scale.z : d.scale.z};
  return n;
}

template <class K>
std::vector<std::uint32_t> frames_of(const std::vector<K>& keys) {
  std::vector<std::uint32_t> out;
  for (const auto& k : keys) out.push_back(k.frame);
  return out;
}

// The frames a channel keys: the track's own keys within the clip, and frame 0 (holding the rest
// value) when the first key comes later, as glTF holds the first value before it.
std::vector<std::uint32_t> channel_frames(std::vector<std::uint32_t> frames, std::uint32_t frame_count) {
  std::erase_if(frames, [frame_count](std::uint32_t f) { return f >= frame_count; });
  if (!frames.empty() && frames.front() > 0) frames.insert(frames.begin(), 0);
  return frames;
}

}  // namespace

Scene skeleton_scene(const gem::Mdl& skeleton) {
  Scene s;
  s.root_rotation = z_up_to_y_up;
  s.root_scale = gem_units_to_metres;
  for (const gem::MdlBone& bone : skeleton.bones) s.nodes.push_back(rest_node(bone));
  return s;
}

std::vector<std::string> add_gem_animation(Scene& scene, const gem::File& file, const GemOptions& options) {
  std::vector<std::string> warnings;
  const model::Clip clip = gem::to_clip(file);
  // Each BMAP bone's node: the skeleton's bone of that name, or a new node under the root.
  std::vector<std::size_t> node_of(clip.bones.size());
  for (std::size_t b = 0; b < clip.bones.size(); ++b) {
    std::size_t found = scene.nodes.size();
    for (std::size_t n = 0; n < scene.nodes.size(); ++n) {
      if (model::names_equal(scene.nodes[n].name, clip.bones[b].name)) {
        found = n;
        break;
      }
    }
    if (found == scene.nodes.size()) {
      if (options.skeleton) {
        warnings.push_back(fmt::format("bone '{}' is not in the skeleton; it is exported under the root", clip.bones[b].name));
      }
      scene.nodes.push_back(Node{clip.bones[b].name, -1, {}, {}, {1, 1, 1}});
    }
    node_of[b] = found;
  }
  Animation anim;
  anim.name = options.animation_name;
  const auto seconds = [&options](std::uint32_t frame) { return float(double(frame) / options.fps); };
  nlohmann::ordered_json visibility = nlohmann::ordered_json::object(), mirrored = nlohmann::ordered_json::object(),
                         mesh = nlohmann::ordered_json::object();
  for (std::size_t b = 0; b < clip.bones.size(); ++b) {
    const model::BoneTrack& track = clip.bones[b];
    const Node& rest = scene.nodes[node_of[b]];
    const auto make = [&](Path path, const std::vector<std::uint32_t>& frames, auto value_at) {
      Channel c{node_of[b], path, Interpolation::step, {}, {}};
      for (std::uint32_t f : frames) {
        c.times.push_back(seconds(f));
        for (float v : value_at(f)) c.values.push_back(v);
      }
      if (!c.times.empty()) anim.channels.push_back(std::move(c));
    };
    make(Path::translation, channel_frames(frames_of(track.translation), clip.frame_count), [&](std::uint32_t f) {
      const auto p = model::sample(clip, f)[b];
      const model::Vec3 t = p.has_translation ? p.translation : rest.translation;
      return std::vector<float>{t.x, t.y, t.z};
    });
    make(Path::rotation, channel_frames(frames_of(track.rotation), clip.frame_count), [&](std::uint32_t f) {
      const auto p = model::sample(clip, f)[b];
      const model::Quat q = model::with_positive_w(p.has_rotation ? model::normalized(p.rotation) : rest.rotation);
      return std::vector<float>{q.x, q.y, q.z, q.w};
    });
    // Scale carries mirroring (z negated) and visibility (0 while hidden): keyed wherever any of
    // the three changes.
    std::set<std::uint32_t> scale_frames;
    for (auto f : frames_of(track.scale)) scale_frames.insert(f);
    for (auto f : frames_of(track.mirrored)) scale_frames.insert(f);
    for (auto f : frames_of(track.visible)) scale_frames.insert(f);
    make(Path::scale, channel_frames({scale_frames.begin(), scale_frames.end()}, clip.frame_count), [&](std::uint32_t f) {
      const auto p = model::sample(clip, f)[b];
      model::Vec3 s = p.has_scale ? p.scale : model::Vec3{rest.scale.x, rest.scale.y, std::fabs(rest.scale.z)};
      const bool mirror = track.mirrored.empty() || track.mirrored.front().frame > f ? rest.scale.z < 0 : p.mirrored;
      if (mirror) s.z = -s.z;
      if (!p.visible) s = {0, 0, 0};
      return std::vector<float>{s.x, s.y, s.z};
    });
    auto keys_json = [](const auto& keys) {
      nlohmann::ordered_json out = nlohmann::ordered_json::array();
      for (const auto& k : keys) out.push_back({k.frame, bool(k.value)});
      return out;
    };
    if (!track.visible.empty()) visibility[track.name] = keys_json(track.visible);
    if (!track.mirrored.empty()) mirrored[track.name] = keys_json(track.mirrored);
    if (!track.mesh.empty()) {
      nlohmann::ordered_json payloads = nlohmann::ordered_json::array();
      for (const auto& k : track.mesh) payloads.push_back({k.frame, json_input::hex(k.payload)});
      mesh[track.name] = std::move(payloads);
    }
  }
  nlohmann::ordered_json bone_map = nlohmann::ordered_json::array();
  for (const auto& t : clip.bones) bone_map.push_back(t.name);
  nlohmann::ordered_json comments = nlohmann::ordered_json::array();
  for (const auto& c : clip.comments) comments.push_back(json_input::hex(c));
  anim.extras = {{"anmkit", {{"format", "gem"}, {"version", gem::version_name(file.version)}, {"frame_count", clip.frame_count},
                             {"fps", options.fps}, {"bone_map", std::move(bone_map)}, {"visibility", std::move(visibility)},
                             {"mirrored", std::move(mirrored)}, {"mesh", std::move(mesh)}, {"comments", std::move(comments)}}}};
  scene.animations.push_back(std::move(anim));
  return warnings;
}

GemScene gem_scene(const gem::File& file, const GemOptions& options) {
  GemScene out;
  if (options.skeleton) {
    out.scene = skeleton_scene(*options.skeleton);
  } else {
    out.scene.root_rotation = z_up_to_y_up;
    out.scene.root_scale = gem_units_to_metres;
  }
  out.warnings = add_gem_animation(out.scene, file, options);
  return out;
}

}  // namespace anmkit::gltf
