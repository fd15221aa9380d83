#include "anmkit/gltf/clip_gltf.hpp"

#include <cfloat>
#include <cmath>
#include <optional>
#include <set>

#include <fmt/format.h>

#include "anmkit/model/name_index.hpp"
#include "anmkit/model/sampler.hpp"

namespace anmkit::gltf {
namespace {

void push(std::vector<float>& out, const model::Vec3& v) { out.insert(out.end(), {v.x, v.y, v.z}); }
void push(std::vector<float>& out, const model::Quat& q) { out.insert(out.end(), {q.x, q.y, q.z, q.w}); }

model::Vec3 times(const model::Vec3& v, double k) { return {float(v.x * k), float(v.y * k), float(v.z * k)}; }
model::Quat times(const model::Quat& q, double k) { return {float(q.x * k), float(q.y * k), float(q.z * k), float(q.w * k)}; }

bool dot_negative(const model::Quat& a, const model::Quat& b) { return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w < 0; }

// A track's own keys as a channel; `rest` fills frame 0 before a step track's first key.
template <class T, class Prepare>
Channel track_channel(std::size_t node, Path path, const model::Track<T>& track, const model::Clip& clip, const T& rest,
                      Prepare prepare) {
  Channel c{node, path, Interpolation::step, {}, {}};
  const auto seconds = [&clip](double frame) { return float(frame / clip.fps); };
  if (track.keys.size() == 1 && track.interpolation != model::Interpolation::step) {
    // A constant: glTF's CUBICSPLINE needs two keys, and one STEP key holds everywhere.
    c.times.push_back(seconds(track.keys[0].frame));
    push(c.values, prepare(track.keys[0].value));
    return c;
  }
  switch (track.interpolation) {
    case model::Interpolation::step: {
      const double end = model::last_frame(clip);
      if (!track.keys.empty() && track.keys.front().frame > 0) {
        c.times.push_back(0);
        push(c.values, prepare(rest));
      }
      for (const auto& k : track.keys) {
        if (k.frame > end) break;
        c.times.push_back(seconds(k.frame));
        push(c.values, prepare(k.value));
      }
      break;
    }
    case model::Interpolation::linear:
      c.interpolation = Interpolation::linear;
      for (const auto& k : track.keys) {
        T v = prepare(k.value);
        if constexpr (std::is_same_v<T, model::Quat>) {
          const std::size_t n = c.values.size();
          if (n >= 4 && dot_negative(v, model::Quat{c.values[n - 4], c.values[n - 3], c.values[n - 2], c.values[n - 1]})) {
            v = times(v, -1);
          }
        }
        c.times.push_back(seconds(k.frame));
        push(c.values, v);
      }
      break;
    case model::Interpolation::hermite:
      c.interpolation = Interpolation::cubic_spline;
      for (const auto& k : track.keys) {
        c.times.push_back(seconds(k.frame));
        push(c.values, times(k.in_tangent, clip.fps));
        push(c.values, k.value);
        push(c.values, times(k.out_tangent, clip.fps));
      }
      break;
  }
  return c;
}

// Rotation from Euler angles: quaternions at `steps` points a frame, neighbours in one
// hemisphere so that LINEAR (slerp) takes the short way.
Channel euler_channel(std::size_t node, const model::BoneTrack& bone, const model::Clip& clip, std::size_t steps) {
  Channel c{node, Path::rotation, Interpolation::linear, {}, {}};
  const std::uint32_t end = model::last_frame(clip);
  model::Quat previous;
  for (std::size_t i = 0; i <= std::size_t(end) * steps; ++i) {
    const double frame = double(i) / double(steps);
    const model::Vec3 e = model::evaluate(bone.euler_rotation, frame);  // only the rotation is needed
    model::Quat q = model::quat_from_euler_zyx(e.x, e.y, e.z);
    if (i > 0 && dot_negative(q, previous)) q = times(q, -1);
    previous = q;
    c.times.push_back(float(frame / clip.fps));
    push(c.values, q);
  }
  return c;
}

// Scale with the mirror (z negated) and, with `hide`, hiding (0) folded in, STEP at every change.
Channel event_scale_channel(std::size_t node, std::size_t b, const model::Clip& clip, const model::Sampler& sampler,
                            model::Sampler::Cursor& cursor, const Node& rest, bool hide) {
  const model::BoneTrack& bone = clip.bones[b];
  std::set<double> frames;
  const std::uint32_t end = model::last_frame(clip);
  if (bone.scale.interpolation == model::Interpolation::step) {
    for (const auto& k : bone.scale.keys) frames.insert(k.frame);
  } else {
    for (std::uint32_t f = 0; f <= end; ++f) frames.insert(f);
  }
  for (const auto& k : bone.mirrored) frames.insert(k.frame);
  if (hide) {
    for (const auto& k : bone.visible) frames.insert(k.frame);
  }
  std::erase_if(frames, [end](double f) { return f > end; });
  if (!frames.empty() && *frames.begin() > 0) frames.insert(0);
  Channel c{node, Path::scale, Interpolation::step, {}, {}};
  for (double f : frames) {
    model::BonePose p;
    sampler.sample_bone(b, f, p, cursor);
    model::Vec3 s = p.has_scale ? p.scale : model::Vec3{rest.scale.x, rest.scale.y, std::fabs(rest.scale.z)};
    const bool mirror = bone.mirrored.empty() || bone.mirrored.front().frame > f ? rest.scale.z < 0 : p.mirrored;
    if (mirror) s.z = -s.z;
    // Before its first visibility key a bone shows as it rests.
    const bool visible = bone.visible.empty() || bone.visible.front().frame > f ? rest.shown : p.visible;
    if (hide && !visible) s = {0, 0, 0};
    c.times.push_back(float(f / clip.fps));
    push(c.values, s);
  }
  return c;
}

// A bone's visibility as the scale of its mesh's node: 1 shown, 0 hidden, STEP at every change;
// before the bone's first visibility key, as the mesh rests (`shown`).
Channel visibility_channel(std::size_t mesh, bool shown, std::size_t b, const model::Clip& clip, const model::Sampler& sampler,
                           model::Sampler::Cursor& cursor) {
  std::set<double> frames{0};
  const std::uint32_t end = model::last_frame(clip);
  for (const auto& k : clip.bones[b].visible) {
    if (k.frame <= end) frames.insert(k.frame);
  }
  Channel c{0, Path::scale, Interpolation::step, {}, {}, int(mesh)};
  for (double f : frames) {
    model::BonePose p;
    sampler.sample_bone(b, f, p, cursor);
    const float s = (clip.bones[b].visible.front().frame > f ? shown : p.visible) ? 1.0f : 0.0f;
    c.times.push_back(float(f / clip.fps));
    push(c.values, model::Vec3{s, s, s});
  }
  return c;
}

// The mesh each node shows on its own node below it (a rigid mesh that draws, not a collision
// volume, which stays shown), -1 for none.
std::vector<int> rigid_meshes(const Scene& scene) {
  std::vector<int> out(scene.nodes.size(), -1);
  for (std::size_t k = 0; k < scene.figure.meshes.size(); ++k) {
    const model::Mesh& mesh = scene.figure.meshes[k];
    if (!mesh.collision && mesh.skin.empty() && mesh.has_triangles() && mesh.joint >= 0 && std::size_t(mesh.joint) < out.size() &&
        out[std::size_t(mesh.joint)] < 0) {
      out[std::size_t(mesh.joint)] = int(k);
    }
  }
  return out;
}

}  // namespace

Scene skeleton_scene(const model::Skeleton& skeleton) {
  Scene s;
  s.root_reflection = skeleton.to_right_handed;
  s.root_rotation = skeleton.to_y_up;
  s.root_scale = skeleton.metres_per_unit;
  for (const model::Joint& j : skeleton.joints) {
    s.nodes.push_back(Node{j.name, j.parent, j.translation, j.rotation,
                           {j.scale.x, j.scale.y, j.mirrored ? -j.scale.z : j.scale.z}, j.shown});
  }
  return s;
}

std::vector<std::size_t> bind_bones(Scene& scene, const model::Clip& clip, std::vector<std::string>* missing) {
  std::vector<std::size_t> node_of(clip.bones.size());
  const std::size_t skeleton_nodes = scene.nodes.size();
  const model::NameIndex nodes(scene.nodes, [](const Node& n) -> const std::string& { return n.name; });
  for (std::size_t b = 0; b < clip.bones.size(); ++b) {
    const int named = nodes.find(clip.bones[b].name);
    std::size_t found = named < 0 ? skeleton_nodes : std::size_t(named);
    if (found == skeleton_nodes) {
      if (missing) missing->push_back(clip.bones[b].name);
      found = scene.nodes.size();
      scene.nodes.push_back(Node{clip.bones[b].name, -1, {}, {}, {1, 1, 1}});
    }
    node_of[b] = found;
  }
  return node_of;
}

Expected<Animation> clip_animation(const Scene& scene, const model::Clip& clip, const std::vector<std::size_t>& node_of,
                                   const ClipExportOptions& options) {
  const std::size_t steps = std::max<std::size_t>(1, options.rotation_samples);
  // Key times are floats, frame / fps: a frame's time must be a normal float (so that frames keep
  // apart) and the last one finite.
  const double last = std::max<double>(1, model::last_frame(clip));
  if (!(1 / clip.fps >= double(FLT_MIN)) || !(last / clip.fps <= double(FLT_MAX))) {
    return make_error(ErrorCode::bad_value, fmt::format("{:g} frames per second: the frame times (frame / fps, up to frame {}) do not fit a float",
                                                        clip.fps, model::last_frame(clip)));
  }
  // Channels of keys are as large as the clip; only resampling can grow past the input.
  std::uint64_t values = 0;
  for (const auto& bone : clip.bones) {
    if (bone.rotation.empty() && !bone.euler_rotation.empty()) values += 4 * (std::uint64_t(model::last_frame(clip)) * steps + 1);
    if (bone.scale.interpolation != model::Interpolation::step && (!bone.visible.empty() || !bone.mirrored.empty())) {
      values += 3 * (std::uint64_t(model::last_frame(clip)) + 1);
    }
  }
  if (values > (1u << 26)) {
    return make_error(ErrorCode::too_large,
                      fmt::format("{} bones over {} frames need {} resampled values; glTF export stops at 67108864", clip.bones.size(),
                                  clip.frame_count, values));
  }
  Animation anim;
  anim.name = options.animation_name;
  const std::vector<int> mesh_of = rigid_meshes(scene);
  std::optional<model::Sampler> sampler;  // made for the first bone that is sampled, not keyed
  model::Sampler::Cursor cursor;
  for (std::size_t b = 0; b < clip.bones.size(); ++b) {
    const model::BoneTrack& bone = clip.bones[b];
    const Node& rest = scene.nodes[node_of[b]];
    const std::size_t node = node_of[b];
    const auto keep = [&anim](Channel c) {
      if (!c.times.empty()) anim.channels.push_back(std::move(c));
    };
    const auto same = [](const auto& v) { return v; };
    keep(track_channel(node, Path::translation, bone.translation, clip, rest.translation, same));
    if (!bone.rotation.empty()) {
      keep(track_channel(node, Path::rotation, bone.rotation, clip, rest.rotation, [&bone](const model::Quat& q) {
        // Step and linear keys are unit rotations; hermite values are the curve's own.
        return bone.rotation.interpolation == model::Interpolation::hermite ? q : model::with_positive_w(model::normalized(q));
      }));
    } else if (!bone.euler_rotation.empty()) {
      keep(euler_channel(node, bone, clip, steps));
    }
    // Hiding a bone hides its own mesh, not its children's: on the mesh's node where it has one.
    const int mesh = node < mesh_of.size() ? mesh_of[node] : -1;
    const bool hide_bone = mesh < 0 && !bone.visible.empty();
    if (mesh >= 0 && !bone.visible.empty()) {
      if (!sampler) sampler.emplace(clip);
      keep(visibility_channel(std::size_t(mesh), scene.figure.meshes[std::size_t(mesh)].shown, b, clip, *sampler, cursor));
    }
    if (!hide_bone && bone.mirrored.empty() && !(rest.scale.z < 0)) {
      keep(track_channel(node, Path::scale, bone.scale, clip, rest.scale, same));
    } else {
      if (!sampler) sampler.emplace(clip);
      keep(event_scale_channel(node, b, clip, *sampler, cursor, rest, hide_bone));
    }
  }
  return anim;
}

Expected<void> add_animation(Scene& scene, const model::Clip& clip, const ClipExportOptions& options,
                             std::vector<std::string>* missing) {
  const auto node_of = bind_bones(scene, clip, missing);
  auto animation = clip_animation(scene, clip, node_of, options);
  if (!animation) return animation.error();
  animation->record = clip.record;
  if (!clip.record.empty()) {
    // The clip's own records beside the format's: what a trip back needs exactly.
    for (const model::BoneTrack& bone : clip.bones) animation->events.push_back({bone.name, bone.visible, bone.mirrored, bone.mesh});
    animation->comments = clip.comments;
  }
  scene.animations.push_back(std::move(*animation));
  return {};
}

}  // namespace anmkit::gltf

namespace anmkit::gltf {

Channel morph_channel(std::size_t mesh, std::size_t targets, std::span<const model::MorphKey> keys, double fps,
                      std::uint32_t last_frame) {
  Channel c{0, Path::weights, Interpolation::step, {}, {}, int(mesh)};
  const auto add = [&](double frame, int target) {
    c.times.push_back(float(frame / fps));
    for (std::size_t t = 0; t < targets; ++t) c.values.push_back(int(t) == target ? 1.0f : 0.0f);
  };
  for (const model::MorphKey& k : keys) {
    if (k.frame > last_frame) break;
    if (c.times.empty() && k.frame > 0) add(0, -1);
    add(k.frame, k.target);
  }
  return c;
}

}  // namespace anmkit::gltf
