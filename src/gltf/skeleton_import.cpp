#include "skeleton_import.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include <fmt/format.h>

#include "anmkit/core/json_text.hpp"
#include "anmkit/core/printable.hpp"
#include "anmkit/model/name_index.hpp"
#include "anmkit/model/rest_affine.hpp"
#include "anmkit/model/skeleton_affine.hpp"
#include "anmkit/model/tolerance.hpp"
#include "morph_import.hpp"

namespace anmkit::gltf::detail {
namespace {

using model::Affine;
using model::joint_affine;

[[noreturn]] void refuse(std::string message) { throw ErrorException{make_error(ErrorCode::bad_value, std::move(message))}; }

constexpr std::size_t none = SIZE_MAX;

// A node's `matrix` (column-major) as an affine map.
Affine matrix_affine(const std::array<float, 16>& m) {
  Affine out;
  for (std::size_t r = 0; r < 3; ++r) {
    for (std::size_t c = 0; c < 3; ++c) out.a[r][c] = m[c * 4 + r];
    out.t[r] = m[12 + r];
  }
  return out;
}

model::Decomposed split(const Affine& m) {
  model::Matrix34 rows{};
  for (std::size_t axis = 0; axis < 3; ++axis) {
    for (std::size_t c = 0; c < 3; ++c) rows[axis * 3 + c] = float(m.a[c][axis]);
  }
  for (std::size_t c = 0; c < 3; ++c) rows[9 + c] = float(m.t[c]);
  return model::decompose(rows);
}

bool same_rotation(const model::Quat& a, const model::Quat& b, double tolerance) {
  const auto within = [&](float sign) {
    return model::within_tolerance(a.x, sign * b.x, tolerance) && model::within_tolerance(a.y, sign * b.y, tolerance) &&
           model::within_tolerance(a.z, sign * b.z, tolerance) && model::within_tolerance(a.w, sign * b.w, tolerance);
  };
  return within(1) || within(-1);
}

std::array<double, 3> column_lengths(const Affine& m) {
  std::array<double, 3> out{};
  for (std::size_t c = 0; c < 3; ++c) out[c] = std::hypot(m.a[0][c], m.a[1][c], m.a[2][c]);
  return out;
}

std::string point(const std::array<double, 3>& p) { return fmt::format("({:.6g}, {:.6g}, {:.6g})", p[0], p[1], p[2]); }

// The nodes, parents before children; a cycle of parents is refused.
std::vector<std::size_t> parents_first(const GltfFile& file) {
  const std::size_t count = file.nodes.size();
  std::vector<std::size_t> order;
  order.reserve(count);
  std::vector<std::uint8_t> state(count, 0);  // 0 not seen, 1 on the walk up, 2 placed
  std::vector<std::size_t> walk;
  for (std::size_t n = 0; n < count; ++n) {
    walk.clear();
    std::size_t m = n;
    while (m != none && state[m] == 0) {
      state[m] = 1;
      walk.push_back(m);
      m = file.nodes[m].parent;
    }
    if (m != none && state[m] == 1) refuse(fmt::format("node {} is its own ancestor: the glTF's node tree has a cycle", m));
    for (auto it = walk.rbegin(); it != walk.rend(); ++it) {
      state[*it] = 2;
      order.push_back(*it);
    }
  }
  return order;
}

// One component's keys as they are found, frame by frame: a key at frame 0 and wherever the
// value moves past the tolerance from the last key; kept only if it ever leaves the rest.
template <class T>
struct Keying {
  std::vector<model::Keyframe<T>> keys;
  bool leaves_rest = false;
};

}  // namespace

model::Clip clip_on_skeleton(const Source& s, const ImportOptions& options, const model::Skeleton& skeleton,
                             std::vector<Wording>& warnings) {
  const GltfFile& file = s.file;
  const std::size_t node_count = file.nodes.size();
  const std::size_t joint_count = skeleton.joints.size();
  // Every node and every bone is worked out at every frame: a few bytes of glTF on a large model
  // could ask for billions (load_source bounds the nodes alone).
  const std::uint64_t work = std::uint64_t(s.last + 1) * (node_count + joint_count);
  if (work > (1u << 22)) {
    refuse(fmt::format("{} nodes and {} bones over {} frames are {} samples; an import onto a skeleton stops at 4194304",
                       node_count, joint_count, s.last + 1, work));
  }
  // A tool computes a bone from its parents in single precision: a rotation comes back 1e-6 off,
  // a small offset of a bone far out 4e-6 of the model's size (as a --base compares them).
  const double tolerance = std::max<double>(options.tolerance, model::base_tolerance_floor);

  // Bones by name, as the game finds them (case ignored); a node that draws a mesh is no bone.
  const model::NameIndex joints(skeleton.joints, [](const model::Joint& j) -> std::string_view { return j.name; });
  std::vector<std::size_t> node_of(joint_count, none);
  std::vector<int> joint_of(node_count, -1);
  for (std::size_t n = 0; n < node_count; ++n) {
    if (file.nodes[n].has_mesh) continue;
    const auto name = bytes_of_json_text(file.nodes[n].name);
    if (!name) continue;
    const int j = joints.find(*name);
    if (j < 0) continue;
    if (node_of[std::size_t(j)] != none) {
      refuse(fmt::format("nodes {} and {} are both named '{}', a bone of the skeleton: which one it is cannot be told",
                         node_of[std::size_t(j)], n, printable(skeleton.joints[std::size_t(j)].name)));
    }
    node_of[std::size_t(j)] = n;
    joint_of[n] = j;
  }
  const auto first_mapped = std::find_if(node_of.begin(), node_of.end(), [](std::size_t n) { return n != none; });
  if (first_mapped == node_of.end()) {
    std::string some;
    for (std::size_t j = 0; j < std::min<std::size_t>(joint_count, 5); ++j) some += fmt::format("{}'{}'", j ? ", " : "", printable(skeleton.joints[j].name));
    refuse(fmt::format("no node of the glTF is named as a bone of the skeleton (its bones are {}{})", some,
                       joint_count > 5 ? fmt::format(" and {} more", joint_count - 5) : ""));
  }

  // What the animation moves must be bones, their mesh nodes (a scale of 0 hides the bone), or
  // the nodes above the first bone (an armature object: its motion is carried onto the bones).
  // A node between bones that moves is a bone the skeleton lacks.
  std::vector<bool> above_bone(node_count, false);
  for (std::size_t m = file.nodes[*first_mapped].parent; m != none && !above_bone[m]; m = file.nodes[m].parent) above_bone[m] = true;
  std::vector<std::size_t> strangers;
  std::vector<bool> named(node_count, false);  // among the strangers already
  std::vector<std::size_t> morphed;            // nodes whose morph weights move, each once
  std::vector<bool> is_morphed(node_count, false);
  for (const GltfChannel& c : s.animation->channels) {
    if (!c.has_node) continue;
    if (c.path == "weights") {
      if (!is_morphed[c.node]) morphed.push_back(c.node);
      is_morphed[c.node] = true;
      continue;
    }
    if (c.path != "translation" && c.path != "rotation" && c.path != "scale") continue;
    const GltfNode& node = file.nodes[c.node];
    const bool bone_mesh = node.has_mesh && c.path == "scale" && node.parent != none && joint_of[node.parent] >= 0;
    if (joint_of[c.node] >= 0 || bone_mesh || above_bone[c.node]) continue;
    if (!named[c.node]) strangers.push_back(c.node);
    named[c.node] = true;
  }
  if (!strangers.empty()) {
    std::string names;
    for (std::size_t i = 0; i < std::min<std::size_t>(strangers.size(), 10); ++i) {
      const std::string& name = file.nodes[strangers[i]].name;
      names += (i ? ", " : "") + (name.empty() ? fmt::format("node {}", strangers[i]) : fmt::format("'{}'", printable(name)));
    }
    if (strangers.size() > 10) names += fmt::format(" and {} more", strangers.size() - 10);
    refuse(fmt::format("the animation moves {} that {} no bone of the skeleton: {}; a game file keys the skeleton's bones only",
                       strangers.size() == 1 ? "a node" : fmt::format("{} nodes", strangers.size()), strangers.size() == 1 ? "is" : "are",
                       names));
  }
  // The frame count, rate and loop flag are read (load_source); the events and payloads are not.
  if (s.extras.contains("visibility") || s.extras.contains("mirrored") || s.extras.contains("mesh") || s.extras.contains("comments")) {
    warnings.push_back(Wording(
        "extras.anmkit is not read on a skeleton (its visibility, mirror and mesh keys, comments): the transforms say what the "
        "bones do"));
  }

  // Rest: the skeleton's world transforms, as the game has them and as a tool whose bones hold no
  // scale in their rest has them (Blender: each bone's scale and mirror stripped from its rest,
  // not passed on to its children, and put in the pose); and the glTF's from its nodes' values.
  std::vector<Affine> game_rest(joint_count), unscaled_rest(joint_count);
  for (std::size_t j = 0; j < joint_count; ++j) {
    const model::Joint& joint = skeleton.joints[j];
    const int p = joint.parent;
    const Affine unscaled = model::rest_affine(joint.translation, joint.rotation, {1, 1, 1});
    game_rest[j] = p >= 0 ? game_rest[std::size_t(p)] * joint_affine(joint) : joint_affine(joint);
    unscaled_rest[j] = p >= 0 ? unscaled_rest[std::size_t(p)] * unscaled : unscaled;
  }
  const std::vector<std::size_t> order = parents_first(file);
  const auto local_at_rest = [&](std::size_t n) {
    const GltfNode& node = file.nodes[n];
    if (node.has_matrix) return matrix_affine(node.matrix);
    return model::rest_affine({node.translation[0], node.translation[1], node.translation[2]},
                              {node.rotation[0], node.rotation[1], node.rotation[2], node.rotation[3]},
                              {node.scale[0], node.scale[1], node.scale[2]});
  };
  std::vector<Affine> gltf_rest(node_count);
  for (std::size_t n : order) {
    const std::size_t p = file.nodes[n].parent;
    gltf_rest[n] = p != none ? gltf_rest[p] * local_at_rest(n) : local_at_rest(n);
  }

  // A: the glTF's world of the game's, from the node above the first bone the glTF has; R_b for
  // every bone, which must move nothing (the model's size sets how near). The rest as the game
  // has it is tried first, then as a tool without scaled rests has it.
  const std::size_t first_joint = std::size_t(first_mapped - node_of.begin());
  const std::size_t above = file.nodes[*first_mapped].parent;
  const int first_parent = skeleton.joints[first_joint].parent;
  double extent = 1;
  for (const Affine& w : game_rest) extent = std::max({extent, std::fabs(w.t[0]), std::fabs(w.t[1]), std::fabs(w.t[2])});
  const double near = 1e-4 * extent;
  struct Fit {
    Affine gltf_to_game;
    std::vector<Affine> frame_inverse;
    std::size_t misplaced = none;  // the first bone that rests elsewhere, scaled or mirrored
    std::optional<std::array<double, 3>> scaled;
    bool mirrored = false;
  };
  const auto fit = [&](const std::vector<Affine>& rest) {
    Fit out;
    const Affine game_to_gltf = (above != none ? gltf_rest[above] : Affine{}) *
                                (first_parent >= 0 ? model::inverse(rest[std::size_t(first_parent)]) : Affine{});
    out.gltf_to_game = model::inverse(game_to_gltf);
    out.frame_inverse.resize(joint_count);
    for (std::size_t j = 0; j < joint_count && out.misplaced == none; ++j) {
      if (node_of[j] == none) continue;
      const Affine frame = model::inverse(game_to_gltf * rest[j]) * gltf_rest[node_of[j]];
      // A bone's frame in the glTF is the game's turned: never moved, scaled or mirrored.
      const std::array<double, 3> scale = column_lengths(frame);
      if (std::any_of(scale.begin(), scale.end(), [](double v) { return !(std::fabs(v - 1) <= 1e-3); })) {
        out.misplaced = j;
        out.scaled = scale;
      } else if (std::hypot(frame.t[0], frame.t[1], frame.t[2]) > near || !model::within(frame, 1e12)) {
        out.misplaced = j;
      } else if (model::determinant(frame) < 0) {
        out.misplaced = j;
        out.mirrored = true;
      }
      out.frame_inverse[j] = model::inverse(frame);
    }
    return out;
  };
  Fit chosen = fit(game_rest);
  if (chosen.misplaced != none) {
    Fit unscaled = fit(unscaled_rest);
    if (unscaled.misplaced != none) {
      const std::size_t j = chosen.misplaced;
      const Affine in_game = chosen.gltf_to_game * gltf_rest[node_of[j]];
      if (chosen.scaled) {
        refuse(fmt::format("bone '{}' rests scaled by {} in the glTF, not in the skeleton: the glTF was made on another model, "
                           "or its rest pose was changed",
                           printable(skeleton.joints[j].name), point(*chosen.scaled)));
      }
      if (chosen.mirrored) {
        refuse(fmt::format("bone '{}' rests mirrored in the glTF and not in the skeleton, or the other way: the glTF was made on "
                           "another model, or its rest pose was moved",
                           printable(skeleton.joints[j].name)));
      }
      refuse(fmt::format("bone '{}' rests at {} in the glTF and at {} in the skeleton (in the skeleton's units): the glTF was made "
                         "on another model, or its rest pose was moved",
                         printable(skeleton.joints[j].name), point(in_game.t), point(game_rest[j].t)));
    }
    chosen = std::move(unscaled);
  }
  const Affine& gltf_to_game = chosen.gltf_to_game;
  const std::vector<Affine>& frame_inverse = chosen.frame_inverse;
  const double offset_floor = 4e-6 * extent;
  const auto same_place = [&](const model::Vec3& a, const model::Vec3& b) {
    return model::within_tolerance(a, b, tolerance) ||
           std::hypot(double(a.x) - b.x, double(a.y) - b.y, double(a.z) - b.z) <= offset_floor;
  };

  // Each frame: every node's world, then every bone's local transform in the game's terms.
  struct BoneKeys {
    Keying<model::Vec3> translation, scale;
    Keying<model::Quat> rotation;
    std::vector<model::Key<bool>> visible, mirrored;
    bool hidden_once = false, mirror_changed = false;
    bool hidden = false;
  };
  std::vector<BoneKeys> keys(joint_count);
  std::vector<std::array<std::size_t, 4>> cursors(node_count, {0, 0, 0, 0});
  std::vector<Affine> world(node_count);
  std::vector<Affine> game(joint_count);
  std::vector<bool> hidden_node(node_count, false);
  for (std::uint32_t f = 0; f <= s.last; ++f) {
    const double time = f / s.fps;
    const double slack = s.slack(f);
    for (std::size_t n : order) {
      const GltfNode& node = file.nodes[n];
      const auto& curves = s.curves[n];
      Affine local;
      if (node.has_matrix || (!curves[0] && !curves[1] && !curves[2])) {
        local = local_at_rest(n);
      } else {
        const auto value = [&](std::size_t path, const auto& rest) {
          return curves[path] ? curves[path]->at(time, slack, cursors[n][path]) : std::vector<float>(rest.begin(), rest.end());
        };
        const auto t = value(0, node.translation), r = value(1, node.rotation), sc = value(2, node.scale);
        for (const auto* v : {&t, &r, &sc}) {
          if (!std::all_of(v->begin(), v->end(), [](float x) { return std::isfinite(x); })) {
            refuse(fmt::format("node {}'s {} at frame {} is not a finite number", n,
                               v == &t ? "translation" : v == &r ? "rotation" : "scale", f));
          }
        }
        // A scale of 0 hides the bone; rest_affine takes it as 1, so what hangs below still moves.
        local = model::rest_affine({t[0], t[1], t[2]}, {r[0], r[1], r[2], r[3]}, {sc[0], sc[1], sc[2]});
        hidden_node[n] = sc[0] == 0 && sc[1] == 0 && sc[2] == 0;
      }
      if (curves[3]) {
        const auto m = curves[3]->at(time, slack, cursors[n][3]);
        hidden_node[n] = hidden_node[n] || (m[0] == 0 && m[1] == 0 && m[2] == 0);
      }
      const std::size_t p = node.parent;
      world[n] = p != none ? world[p] * local : local;
    }
    for (std::size_t j = 0; j < joint_count; ++j) {
      const int p = skeleton.joints[j].parent;
      const std::size_t n = node_of[j];
      if (n == none) {
        game[j] = p >= 0 ? game[std::size_t(p)] * joint_affine(skeleton.joints[j]) : game_rest[j];
        continue;
      }
      game[j] = gltf_to_game * world[n] * frame_inverse[j];
      const model::Joint& rest = skeleton.joints[j];
      BoneKeys& k = keys[j];
      const bool hidden = hidden_node[n];
      if (f == 0 || hidden != k.hidden) k.visible.push_back({f, !hidden});
      k.hidden_once = k.hidden_once || hidden;
      k.hidden = hidden;
      // Hidden (a scale of 0, taken as 1 above), a bone still has its place and its turn, which
      // GEM's hidden bones pass on to their children; its scale and mirror hold.
      const model::Decomposed d = split(p >= 0 ? model::inverse(game[std::size_t(p)]) * game[j] : game[j]);
      const double frame = f;
      const float values[] = {d.translation.x, d.translation.y, d.translation.z, d.rotation.x, d.rotation.y,
                              d.rotation.z,    d.rotation.w,    d.scale.x,       d.scale.y,    d.scale.z};
      if (!std::all_of(std::begin(values), std::end(values), [](float v) { return std::isfinite(v); })) {
        refuse(fmt::format("bone '{}' has no finite transform at frame {} (node {} or one above it moves to a value past a "
                           "float, or to nothing)",
                           printable(skeleton.joints[j].name), f, n));
      }
      if (k.translation.keys.empty() || !same_place(d.translation, k.translation.keys.back().value)) {
        k.translation.keys.push_back({frame, d.translation});
      }
      k.translation.leaves_rest = k.translation.leaves_rest || !same_place(d.translation, rest.translation);
      if (k.rotation.keys.empty() || !same_rotation(d.rotation, k.rotation.keys.back().value, tolerance)) {
        k.rotation.keys.push_back({frame, d.rotation});
      }
      k.rotation.leaves_rest = k.rotation.leaves_rest || !same_rotation(d.rotation, rest.rotation, tolerance);
      if (hidden) continue;
      if (k.mirrored.empty() || k.mirrored.back().value != d.mirrored) k.mirrored.push_back({f, d.mirrored});
      k.mirror_changed = k.mirror_changed || d.mirrored != rest.mirrored;
      if (k.scale.keys.empty() || !model::within_tolerance(d.scale, k.scale.keys.back().value, tolerance)) {
        k.scale.keys.push_back({frame, d.scale});
      }
      k.scale.leaves_rest = k.scale.leaves_rest || !model::within_tolerance(d.scale, rest.scale, tolerance);
    }
  }

  // Morph weights (Blender's shape keys): each mesh's vertices in the game's world at rest, and
  // the bone the glTF hangs it on where it does (a child of the bone's node, a skin's first joint).
  std::vector<MorphedMesh> meshes;
  for (std::size_t n : morphed) {
    if (!file.nodes[n].has_mesh) {
      const std::string name = file.nodes[n].name.empty() ? fmt::format("node {}", n) : fmt::format("'{}'", printable(file.nodes[n].name));
      warnings.push_back(Wording(fmt::format("the morph weights of {} are not written: it draws no mesh", name)));
      continue;
    }
    std::size_t joint_node = none;
    const Affine placed = mesh_rest_world(file, n, gltf_rest, joint_node);
    std::size_t m = joint_node != none ? joint_node : n;
    while (m != none && joint_of[m] < 0) m = file.nodes[m].parent;
    const std::string bone = m != none ? skeleton.joints[std::size_t(joint_of[m])].name : std::string();
    meshes.push_back({n, bone, gltf_to_game * placed});
  }

  model::Clip clip;
  clip.mesh_motions = read_mesh_motions(s, meshes);
  clip.frame_count = s.frame_count;
  clip.fps = s.fps;
  clip.loop = s.loop;
  for (std::size_t j = 0; j < joint_count; ++j) {
    if (node_of[j] == none) continue;
    BoneKeys& k = keys[j];
    model::BoneTrack t;
    t.name = skeleton.joints[j].name;
    if (k.translation.leaves_rest) t.translation.keys = std::move(k.translation.keys);
    if (k.rotation.leaves_rest) t.rotation.keys = std::move(k.rotation.keys);
    if (k.scale.leaves_rest) t.scale.keys = std::move(k.scale.keys);
    if (k.hidden_once) t.visible = std::move(k.visible);
    if (k.mirror_changed) t.mirrored = std::move(k.mirrored);
    if (t.translation.empty() && t.rotation.empty() && t.scale.empty() && t.visible.empty() && t.mirrored.empty()) continue;
    clip.bones.push_back(std::move(t));
  }
  return clip;
}

}  // namespace anmkit::gltf::detail
