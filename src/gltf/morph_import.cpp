#include "morph_import.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "anmkit/core/printable.hpp"

namespace anmkit::gltf::detail {
namespace {

using json = json_input::json;
using json_input::child;
using json_input::fail;

[[noreturn]] void refuse(std::string message) { throw ErrorException{make_error(ErrorCode::bad_value, std::move(message))}; }

const json* optional_member(const json& object, const char* name) {
  if (!object.is_object()) return nullptr;
  const auto it = object.find(name);
  return it == object.end() ? nullptr : &*it;
}

// A mesh's vertices over all its primitives, and each target's differences (3 floats a vertex).
struct MorphMesh {
  std::vector<float> positions, normals;
  std::vector<std::vector<float>> target_positions, target_normals;
};

MorphMesh read_mesh(const GltfFile& file, std::uint64_t mesh, const std::string& user) {
  const json* meshes = optional_member(file.root, "meshes");
  const std::size_t count = meshes && meshes->is_array() ? meshes->size() : 0;
  if (mesh >= count) fail(user, fmt::format("expected a mesh index, found {} (the file has {} meshes)", mesh, count));
  const std::string at = child("/meshes", std::size_t(mesh));
  const json& primitives = json_input::array(json_input::member((*meshes)[std::size_t(mesh)], at, "primitives"), child(at, "primitives"));
  MorphMesh out;
  std::size_t targets = 0;
  for (std::size_t p = 0; p < primitives.size(); ++p) {
    const std::string p_at = child(child(at, "primitives"), p);
    const json& attributes = json_input::member(primitives[p], p_at, "attributes");
    const std::string a_at = child(p_at, "attributes");
    const std::size_t position = std::size_t(json_input::unsigned_integer(json_input::member(attributes, a_at, "POSITION"),
                                                                          child(a_at, "POSITION"), UINT32_MAX));
    // The mesh's own positions hold their data (no sparse zeros): what every count is checked against.
    const FloatView base = file.floats(position, 3, child(a_at, "POSITION"));
    const std::size_t vertices = base.count;
    for (std::size_t v = 0; v < vertices; ++v) {
      for (std::size_t c = 0; c < 3; ++c) out.positions.push_back(base.at(v, c));
    }
    const json* normal = optional_member(attributes, "NORMAL");
    if (p == 0 || !out.normals.empty()) {
      if (normal) {
        const auto n = file.dense_floats(std::size_t(json_input::unsigned_integer(*normal, child(a_at, "NORMAL"), UINT32_MAX)), 3, vertices,
                                         child(a_at, "NORMAL"));
        out.normals.insert(out.normals.end(), n.begin(), n.end());
      } else {
        out.normals.clear();  // a primitive without normals: the mesh is read without them
      }
    }
    const json* target_list = optional_member(primitives[p], "targets");
    const std::size_t here = target_list && target_list->is_array() ? target_list->size() : 0;
    if (p == 0) {
      targets = here;
      out.target_positions.resize(targets);
      out.target_normals.resize(targets);
    } else if (here != targets) {
      fail(child(p_at, "targets"), fmt::format("expected {} morph targets, as the mesh's first primitive has, found {}", targets, here));
    }
    // Sparse targets are small in the file and whole in memory: bounded before they are made.
    if (here > 0 && out.positions.size() / 3 > max_mesh_motion_vertices / here) {
      fail(child(p_at, "targets"), fmt::format("{} morph targets of {} vertices are more than an import reads ({} vertices in all)", here,
                                               out.positions.size() / 3, max_mesh_motion_vertices));
    }
    for (std::size_t t = 0; t < here; ++t) {
      const std::string t_at = child(child(p_at, "targets"), t);
      const json& target = (*target_list)[t];
      const auto read = [&](const char* name, std::vector<float>& into) {
        const json* accessor = optional_member(target, name);
        if (!accessor) {
          into.insert(into.end(), vertices * 3, 0.0f);
          return;
        }
        const auto d = file.dense_floats(std::size_t(json_input::unsigned_integer(*accessor, child(t_at, name), UINT32_MAX)), 3, vertices,
                                         child(t_at, name));
        into.insert(into.end(), d.begin(), d.end());
      };
      read("POSITION", out.target_positions[t]);
      read("NORMAL", out.target_normals[t]);
    }
  }
  return out;
}

// The weights channel of a node: its times and targets x keys values (x 3 for CUBICSPLINE).
struct WeightCurve {
  std::string interpolation;
  FloatView times, values;  // values: scalars
  std::size_t targets = 0;
  // The weights at time t (`slack` as Curve::at); `cursor` resumes the search.
  void at(double t, double slack, std::size_t& cursor, std::vector<double>& out) const {
    std::size_t k = cursor;
    while (k + 1 < times.count && times.at(k + 1, 0) <= t + slack) ++k;
    cursor = k;
    const bool cubic = interpolation == "CUBICSPLINE";
    const std::size_t per_key = cubic ? 3 : 1, base = cubic ? 1 : 0;
    const auto value = [&](std::size_t key, std::size_t i) { return double(values.at((key * per_key + base) * targets + i, 0)); };
    out.assign(targets, 0.0);
    for (std::size_t i = 0; i < targets; ++i) out[i] = value(k, i);
    if (interpolation == "STEP" || k + 1 >= times.count || !(t > times.at(k, 0) + slack)) return;
    const double gap = double(times.at(k + 1, 0)) - times.at(k, 0);
    const double u = std::clamp((t - times.at(k, 0)) / gap, 0.0, 1.0);
    for (std::size_t i = 0; i < targets; ++i) {
      if (cubic) {
        const double out_tangent = values.at((k * 3 + 2) * targets + i, 0), in_tangent = values.at(((k + 1) * 3) * targets + i, 0);
        out[i] = model::hermite(value(k, i), out_tangent, value(k + 1, i), in_tangent, gap, u);
      } else {
        out[i] = value(k, i) + u * (value(k + 1, i) - value(k, i));
      }
    }
  }
};

WeightCurve weight_curve(const Source& s, std::size_t node, std::size_t targets) {
  const GltfAnimation& animation = *s.animation;
  const std::size_t a = std::size_t(&animation - s.file.animations.data());
  for (std::size_t c = 0; c < animation.channels.size(); ++c) {
    const GltfChannel& channel = animation.channels[c];
    if (!channel.has_node || channel.node != node || channel.path != "weights") continue;
    const std::string at = child(child(child("/animations", a), "samplers"), channel.sampler);
    const GltfSampler& sampler = animation.samplers[channel.sampler];
    WeightCurve w;
    w.interpolation = sampler.interpolation;
    w.targets = targets;
    w.times = s.file.floats(sampler.input, 1, child(at, "input"));
    w.values = s.file.floats(sampler.output, 1, child(at, "output"));
    const std::uint64_t per_key = (w.interpolation == "CUBICSPLINE" ? 3u : 1u) * targets;
    if (targets == 0 || w.values.count / per_key != w.times.count || w.values.count % per_key != 0) {
      fail(child(at, "output"), fmt::format("expected {} weights for {} keys of {} morph targets, found {}", w.times.count * per_key,
                                            w.times.count, targets, w.values.count));
    }
    return w;
  }
  refuse(fmt::format("node {} has no weights channel", node));  // the caller found one
}

model::Vec3 point(const model::Affine& m, double x, double y, double z) {
  return {float(m.a[0][0] * x + m.a[0][1] * y + m.a[0][2] * z + m.t[0]), float(m.a[1][0] * x + m.a[1][1] * y + m.a[1][2] * z + m.t[1]),
          float(m.a[2][0] * x + m.a[2][1] * y + m.a[2][2] * z + m.t[2])};
}

// A normal through the inverse transpose of `m`'s linear part (given as `n`), of unit length.
model::Vec3 direction(const model::Affine& n, double x, double y, double z) {
  const double rx = n.a[0][0] * x + n.a[1][0] * y + n.a[2][0] * z, ry = n.a[0][1] * x + n.a[1][1] * y + n.a[2][1] * z,
               rz = n.a[0][2] * x + n.a[1][2] * y + n.a[2][2] * z;
  const double length = std::sqrt(rx * rx + ry * ry + rz * rz);
  if (!(length > 0)) return {0, 0, 0};
  return {float(rx / length), float(ry / length), float(rz / length)};
}

}  // namespace

model::Affine mesh_rest_world(const GltfFile& file, std::size_t node, const std::vector<model::Affine>& node_world,
                              std::size_t& first_joint) {
  first_joint = SIZE_MAX;
  const GltfNode& n = file.nodes[node];
  if (!n.has_skin) return node_world[node];
  const std::string user = child(child("/nodes", node), "skin");
  const json* skins = optional_member(file.root, "skins");
  const std::size_t count = skins && skins->is_array() ? skins->size() : 0;
  if (n.skin >= count) fail(user, fmt::format("expected a skin index, found {} (the file has {} skins)", n.skin, count));
  const std::string at = child("/skins", std::size_t(n.skin));
  const json& skin = (*skins)[std::size_t(n.skin)];
  const json& joints = json_input::array(json_input::member(skin, at, "joints"), child(at, "joints"));
  if (joints.empty()) fail(child(at, "joints"), "expected at least one joint");
  first_joint = std::size_t(json_input::unsigned_integer(joints[0], child(child(at, "joints"), std::size_t{0}), file.nodes.size() - 1));
  model::Affine bind;  // identity when the skin gives no inverse bind matrices
  if (const json* ibm = optional_member(skin, "inverseBindMatrices")) {
    const std::string i_at = child(at, "inverseBindMatrices");
    const FloatView m = file.floats(std::size_t(json_input::unsigned_integer(*ibm, i_at, UINT32_MAX)), 16, i_at);
    if (m.count < joints.size()) fail(i_at, fmt::format("expected {} matrices, one a joint, found {}", joints.size(), m.count));
    for (std::size_t r = 0; r < 3; ++r) {
      for (std::size_t c = 0; c < 3; ++c) bind.a[r][c] = m.at(0, c * 4 + r);
      bind.t[r] = m.at(0, 12 + r);
    }
  }
  return node_world[first_joint] * bind;
}

std::vector<model::MeshMotion> read_mesh_motions(const Source& s, const std::vector<MorphedMesh>& meshes) {
  std::vector<model::MeshMotion> out;
  std::uint64_t kept = 0, work = 0;
  for (const MorphedMesh& m : meshes) {
    const GltfNode& node = s.file.nodes[m.node];
    const std::string name = node.name.empty() ? fmt::format("node {}", m.node) : fmt::format("node {} '{}'", m.node, printable(node.name));
    const MorphMesh mesh = read_mesh(s.file, node.mesh, child(child("/nodes", m.node), "mesh"));
    const std::size_t vertices = mesh.positions.size() / 3, targets = mesh.target_positions.size();
    if (targets == 0) continue;  // weights of a mesh without targets move nothing
    const WeightCurve curve = weight_curve(s, m.node, targets);
    const model::Affine normal_map = model::inverse(m.to_world);  // used transposed
    const bool normals = !mesh.normals.empty();
    model::MeshMotion motion;
    motion.bone = m.bone;
    motion.name = node.name;
    motion.source = fmt::format("the glTF's {}", name);
    const auto shape = [&](const std::vector<double>& w, std::vector<model::Vec3>& positions, std::vector<model::Vec3>& directions) {
      positions.resize(vertices);
      directions.resize(normals ? vertices : 0);
      for (std::size_t v = 0; v < vertices; ++v) {
        double p[3], n[3];
        for (std::size_t c = 0; c < 3; ++c) {
          p[c] = mesh.positions[v * 3 + c];
          n[c] = normals ? mesh.normals[v * 3 + c] : 0;
          for (std::size_t t = 0; t < w.size(); ++t) {
            if (w[t] == 0) continue;
            p[c] += w[t] * mesh.target_positions[t][v * 3 + c];
            if (normals) n[c] += w[t] * mesh.target_normals[t][v * 3 + c];
          }
        }
        positions[v] = point(m.to_world, p[0], p[1], p[2]);
        if (normals) directions[v] = direction(normal_map, n[0], n[1], n[2]);
        if (!std::isfinite(positions[v].x) || !std::isfinite(positions[v].y) || !std::isfinite(positions[v].z)) {
          refuse(fmt::format("vertex {} of {}'s mesh is not at a finite place", v, name));
        }
      }
    };
    shape(std::vector<double>(targets, 0.0), motion.rest_positions, motion.rest_normals);
    // Each frame's weights, and each kept frame's vertices, cost work the file's size does not bound.
    if (std::uint64_t(s.last + 1) * targets > max_mesh_motion_work) {
      refuse(fmt::format("{} morph targets over {} frames ({}) are more than an import reads", targets, s.last + 1, name));
    }
    std::vector<double> weights, shown(targets, 0.0);
    std::size_t cursor = 0;
    for (std::uint32_t f = 0; f <= s.last; ++f) {
      curve.at(f / s.fps, s.slack(f), cursor, weights);
      if (!std::all_of(weights.begin(), weights.end(), [](double w) { return std::isfinite(w); })) {
        refuse(fmt::format("a morph weight of {} at frame {} is not a finite number", name, f));
      }
      bool changed = false;
      for (std::size_t t = 0; t < targets; ++t) changed = changed || std::fabs(weights[t] - shown[t]) > 1e-6;
      if (!changed) continue;
      shown = weights;
      kept += vertices;
      work += std::uint64_t(vertices) * (targets + 1);
      if (kept > max_mesh_motion_vertices || work > max_mesh_motion_work) {
        refuse(fmt::format("the morph animation would keep {} vertices or more over its frames ({} at frame {}); an import stops at {}",
                           kept, name, f, max_mesh_motion_vertices));
      }
      model::MeshFrame frame;
      frame.frame = f;
      shape(weights, frame.positions, frame.normals);
      motion.frames.push_back(std::move(frame));
    }
    if (!motion.frames.empty()) out.push_back(std::move(motion));
  }
  return out;
}

}  // namespace anmkit::gltf::detail
