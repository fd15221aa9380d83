#include "figure_gltf.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "anmkit/core/json_text.hpp"
#include "anmkit/model/tangents.hpp"
#include "inverse_bind.hpp"
#include "written_meshes.hpp"

namespace anmkit::gltf::detail {
namespace {

constexpr int linear = 9729, linear_mipmap_linear = 9987;

// Each texture with a picture as an image and a texture (repeating: real uvs tile); -1 for one
// without.
std::vector<int> add_textures(tinygltf::Model& m, const Scene& scene) {
  std::vector<int> index(scene.figure.textures.size(), -1);
  for (std::size_t t = 0; t < scene.figure.textures.size() && t < scene.texture_png.size(); ++t) {
    const auto& png = scene.texture_png[t];
    if (png.empty()) continue;
    if (m.samplers.empty()) {
      tinygltf::Sampler sampler;
      sampler.magFilter = linear;
      sampler.minFilter = linear_mipmap_linear;
      m.samplers.push_back(sampler);
    }
    tinygltf::Image image;
    image.name = json_text(scene.figure.textures[t].name);
    image.mimeType = "image/png";
    image.bufferView = add_view(m, png.data(), png.size());
    m.images.push_back(std::move(image));
    tinygltf::Texture texture;
    texture.sampler = 0;
    texture.source = int(m.images.size() - 1);
    m.textures.push_back(texture);
    index[t] = int(m.textures.size() - 1);
  }
  return index;
}

void add_materials(tinygltf::Model& m, const Scene& scene, const std::vector<int>& texture) {
  const auto texture_of = [&texture](int t) { return t >= 0 && std::size_t(t) < texture.size() ? texture[std::size_t(t)] : -1; };
  for (const model::Material& source : scene.figure.materials) {
    tinygltf::Material out;
    out.name = json_text(source.name);
    auto& pbr = out.pbrMetallicRoughness;
    pbr.baseColorFactor.assign(source.base_colour.begin(), source.base_colour.end());
    // GEM's materials are not physical: a plain, rough dielectric shows the texture as painted.
    pbr.metallicFactor = 0;
    pbr.roughnessFactor = 0.8;
    pbr.baseColorTexture.index = texture_of(source.base_texture);
    out.normalTexture.index = texture_of(source.normal_texture);
    if (source.alpha_mode == model::AlphaMode::mask) {
      out.alphaMode = "MASK";
      out.alphaCutoff = source.alpha_cutoff;
    } else if (source.alpha_mode == model::AlphaMode::blend) {
      out.alphaMode = "BLEND";
    }
    out.doubleSided = source.double_sided;
    m.materials.push_back(std::move(out));
  }
}

std::vector<float> flat(std::span<const model::Vec3> v, std::size_t n) {
  std::vector<float> out;
  out.reserve(n * 3);
  for (std::size_t i = 0; i < n; ++i) out.insert(out.end(), {v[i].x, v[i].y, v[i].z});
  return out;
}

// Weights as glTF's validator wants them: within 0..1, each joint once among the weighted slots,
// a joint of 0 where the weight is 0, and summing to 1 (a vertex with no weight rests on joint 0).
void normalise_weights(std::array<std::uint16_t, 4>& joints, std::array<float, 4>& weights) {
  for (std::size_t s = 0; s < 4; ++s) {
    weights[s] = std::isfinite(weights[s]) ? std::clamp(weights[s], 0.0f, 1.0f) : 0.0f;
    for (std::size_t r = 0; r < s && weights[s] != 0; ++r) {
      if (weights[r] != 0 && joints[r] == joints[s]) {
        weights[r] += weights[s];
        weights[s] = 0;
      }
    }
  }
  float sum = 0;
  for (std::size_t s = 0; s < 4; ++s) {
    if (weights[s] == 0) joints[s] = 0;
    sum += weights[s];
  }
  if (sum == 0) {
    weights = {1, 0, 0, 0};
    return;
  }
  for (float& w : weights) w /= sum;
}

// A skin as glTF takes it: each joint once (a skin that names a bone twice, the bone it hangs
// from, or bones the model lacks, which the reader puts on that bone, names one node twice, and
// `skins[].joints` must not repeat). `joints`: the scene's joint of each distinct entry, in the
// order met; `slot`: where each of the mesh's skin entries went.
struct SkinJoints {
  std::vector<int> joints;
  std::vector<std::uint16_t> slot;
};

SkinJoints skin_joints(const model::Mesh& mesh, std::size_t scene_joints) {
  SkinJoints out;
  std::map<int, std::uint16_t> seen;
  for (int j : mesh.skin) {
    const int joint = j >= 0 && std::size_t(j) < scene_joints ? j : -1;
    const auto [at, fresh] = seen.emplace(joint, std::uint16_t(out.joints.size()));
    if (fresh) out.joints.push_back(joint);
    out.slot.push_back(at->second);
  }
  return out;
}

// A mesh's node and glTF mesh are named as its file ("body.ply"), a collision volume's as "volume
// NAME", which says what it is in Blender's outliner and three.js's scene.
std::string node_name(const model::Mesh& mesh) { return mesh.collision ? "volume " + mesh.name : mesh.name; }

// The mesh's attributes, primitives and morph targets; -1 when it has no triangle. Tangents go
// with it where a primitive's material has a normal map (`normal_mapped`, by material).
int add_mesh(tinygltf::Model& m, const model::Mesh& mesh, const SkinJoints& skin, const std::vector<bool>& normal_mapped) {
  if (!mesh.has_triangles()) return -1;
  // The vertices written: the used ones, and any a triangle names past them.
  std::size_t n = mesh.used_vertices;
  for (const model::Primitive& p : mesh.primitives) {
    for (std::uint32_t i : p.indices) n = std::max<std::size_t>(n, std::size_t(i) + 1);
  }
  if (n > mesh.positions.size()) return -1;  // a triangle names a vertex the mesh lacks: nothing sound to draw
  tinygltf::Mesh out;
  out.name = json_text(node_name(mesh));
  std::map<std::string, int> attributes;
  for (const model::Primitive& p : mesh.primitives) {
    if (p.indices.size() < 3 || n == 0) continue;
    if (attributes.empty()) {
      attributes["POSITION"] = add_accessor(m, flat(mesh.positions, n), TINYGLTF_TYPE_VEC3, 3, true, TINYGLTF_TARGET_ARRAY_BUFFER);
      if (mesh.normals.size() >= n) {
        attributes["NORMAL"] = add_accessor(m, flat(mesh.normals, n), TINYGLTF_TYPE_VEC3, 3, false, TINYGLTF_TARGET_ARRAY_BUFFER);
      }
      if (mesh.uvs.size() >= n) {
        std::vector<float> uv;
        uv.reserve(n * 2);
        for (std::size_t i = 0; i < n; ++i) uv.insert(uv.end(), {mesh.uvs[i][0], mesh.uvs[i][1]});
        attributes["TEXCOORD_0"] = add_accessor(m, uv, TINYGLTF_TYPE_VEC2, 2, false, TINYGLTF_TARGET_ARRAY_BUFFER);
      }
      bool tangents = false;
      for (const model::Primitive& q : mesh.primitives) {
        tangents = tangents || (q.material >= 0 && std::size_t(q.material) < normal_mapped.size() && normal_mapped[std::size_t(q.material)]);
      }
      if (tangents) {
        const auto frames = model::tangent_frames(mesh);
        if (frames.size() >= n) {
          std::vector<float> flat_frames;
          flat_frames.reserve(n * 4);
          for (std::size_t i = 0; i < n; ++i) flat_frames.insert(flat_frames.end(), frames[i].begin(), frames[i].end());
          attributes["TANGENT"] = add_accessor(m, flat_frames, TINYGLTF_TYPE_VEC4, 4, false, TINYGLTF_TARGET_ARRAY_BUFFER);
        }
      }
      if (!mesh.skin.empty() && mesh.joints.size() >= n && mesh.weights.size() >= n) {
        std::vector<std::uint16_t> joints;
        std::vector<float> weights;
        joints.reserve(n * 4);
        weights.reserve(n * 4);
        for (std::size_t i = 0; i < n; ++i) {
          auto j = mesh.joints[i];
          auto w = mesh.weights[i];
          for (auto& slot : j) slot = slot < skin.slot.size() ? skin.slot[slot] : 0;
          normalise_weights(j, w);
          joints.insert(joints.end(), j.begin(), j.end());
          weights.insert(weights.end(), w.begin(), w.end());
        }
        attributes["JOINTS_0"] = add_joints_accessor(m, joints);
        attributes["WEIGHTS_0"] = add_accessor(m, weights, TINYGLTF_TYPE_VEC4, 4, false, TINYGLTF_TARGET_ARRAY_BUFFER);
      }
    }
    tinygltf::Primitive primitive;
    primitive.attributes = attributes;
    primitive.indices = add_index_accessor(m, p.indices);
    primitive.material = p.material;
    primitive.mode = TINYGLTF_MODE_TRIANGLES;
    out.primitives.push_back(std::move(primitive));
  }
  if (out.primitives.empty()) return -1;
  if (!mesh.targets.empty()) {
    std::vector<std::map<std::string, int>> targets;
    tinygltf::Value::Array names;
    for (const model::MorphTarget& t : mesh.targets) {
      std::map<std::string, int> target;
      target["POSITION"] = add_accessor(m, flat(t.positions, std::min(n, t.positions.size())), TINYGLTF_TYPE_VEC3, 3, true,
                                        TINYGLTF_TARGET_ARRAY_BUFFER);
      if (attributes.contains("NORMAL") && t.normals.size() >= n) {
        target["NORMAL"] = add_accessor(m, flat(t.normals, n), TINYGLTF_TYPE_VEC3, 3, false, TINYGLTF_TARGET_ARRAY_BUFFER);
      }
      targets.push_back(std::move(target));
      names.push_back(tinygltf::Value(json_text(t.name)));
    }
    for (auto& p : out.primitives) p.targets = targets;
    out.weights.assign(mesh.targets.size(), 0.0);
    // Blender and three.js name shape keys after extras.targetNames.
    tinygltf::Value::Object extras;
    extras["targetNames"] = tinygltf::Value(std::move(names));
    out.extras = tinygltf::Value(std::move(extras));
  }
  m.meshes.push_back(std::move(out));
  return int(m.meshes.size() - 1);
}

}  // namespace

std::vector<int> add_figure(tinygltf::Model& m, const Scene& scene, std::vector<int>& scene_nodes) {
  const model::Figure& figure = scene.figure;
  std::vector<int> node_of(figure.meshes.size(), -1);
  if (figure.meshes.empty()) return node_of;
  const std::vector<int> texture = add_textures(m, scene);
  add_materials(m, scene, texture);
  std::vector<bool> normal_mapped;
  for (const tinygltf::Material& material : m.materials) normal_mapped.push_back(material.normalTexture.index >= 0);
  WrittenMeshes written;
  for (std::size_t k = 0; k < figure.meshes.size(); ++k) {
    const model::Mesh& mesh = figure.meshes[k];
    const SkinJoints skin_of_mesh = skin_joints(mesh, scene.nodes.size());
    const int index = written.mesh_for(mesh, [&] { return add_mesh(m, mesh, skin_of_mesh, normal_mapped); });
    if (index < 0) continue;
    tinygltf::Node node;
    node.name = json_text(node_name(mesh));
    node.mesh = index;
    if (mesh.collision) {
      // What marks it for importers (anmkit's, the add-on's): not a part of the model's shape.
      tinygltf::Value::Object marks;
      marks["collision_volume"] = tinygltf::Value(true);
      tinygltf::Value::Object extras;
      extras["anmkit"] = tinygltf::Value(std::move(marks));
      node.extras = tinygltf::Value(std::move(extras));
    }
    if (!mesh.shown) node.scale = {0, 0, 0};
    const int self = int(m.nodes.size());
    const bool has_joint = mesh.joint >= 0 && std::size_t(mesh.joint) < scene.nodes.size();
    if (!mesh.skin.empty()) {
      tinygltf::Skin skin;
      skin.name = node.name;
      for (int j : skin_of_mesh.joints) skin.joints.push_back(j + 1);  // -1 (no joint): the root node
      skin.inverseBindMatrices =
          add_accessor(m, mesh_inverse_bind_matrices(scene.nodes, skin_of_mesh.joints), TINYGLTF_TYPE_MAT4, 16, false);
      skin.skeleton = 0;
      m.skins.push_back(std::move(skin));
      node.skin = int(m.skins.size() - 1);
      scene_nodes.push_back(self);
    } else {
      m.nodes[has_joint ? std::size_t(mesh.joint + 1) : 0].children.push_back(self);
    }
    m.nodes.push_back(std::move(node));
    node_of[k] = self;
  }
  return node_of;
}

}  // namespace anmkit::gltf::detail
