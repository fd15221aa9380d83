#include "anmkit/gltf/gltf.hpp"

#include <algorithm>
#include <cstring>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "anmkit/core/json_text.hpp"
#include "figure_gltf.hpp"
#include "gltf_buffer.hpp"
#include "inverse_bind.hpp"
#include "record_json.hpp"

namespace anmkit::gltf {
namespace {

using detail::add_accessor;

// Appends bytes to the one buffer as a view of their own (padded to 4 bytes, so that the floats
// after them stay aligned) and returns it; an empty one is "" (a view holds at least one byte).
nlohmann::ordered_json add_bytes(tinygltf::Model& m, const std::vector<std::uint8_t>& bytes) {
  if (bytes.empty()) return "";
  auto& buffer = m.buffers[0].data;
  const std::size_t offset = buffer.size();
  buffer.insert(buffer.end(), bytes.begin(), bytes.end());
  buffer.resize((buffer.size() + 3) / 4 * 4, 0);
  tinygltf::BufferView view;
  view.buffer = 0;
  view.byteOffset = offset;
  view.byteLength = bytes.size();
  m.bufferViews.push_back(std::move(view));
  return m.bufferViews.size() - 1;
}

// The clip's own records beside the format's in extras.anmkit: visibility and mirror events where
// they change (a file may state a value again with every key; a repeat changes no pose), each
// [frame, value], by bone (its node's name); mesh payloads as [frame, buffer view] by bone; and
// comments as buffer views. Members with nothing to say are left out.
void add_records(tinygltf::Model& m, const Animation& a, nlohmann::ordered_json& record) {
  using json = nlohmann::ordered_json;
  const auto changes = [](const std::vector<model::Key<bool>>& keys) {
    json out = json::array();
    for (std::size_t i = 0; i < keys.size(); ++i) {
      if (i == 0 || keys[i].value != keys[i - 1].value) out.push_back({keys[i].frame, keys[i].value});
    }
    return out;
  };
  json visibility = json::object(), mirrored = json::object(), mesh = json::object(), comments = json::array();
  for (const BoneEvents& e : a.events) {
    const std::string name = json_text(e.bone);
    if (!e.visible.empty()) visibility[name] = changes(e.visible);
    if (!e.mirrored.empty()) mirrored[name] = changes(e.mirrored);
    if (!e.mesh.empty()) {
      json payloads = json::array();
      for (const model::MeshKey& k : e.mesh) payloads.push_back({k.frame, add_bytes(m, k.payload)});
      mesh[name] = std::move(payloads);
    }
  }
  for (const auto& c : a.comments) comments.push_back(add_bytes(m, c));
  if (!visibility.empty()) record["visibility"] = std::move(visibility);
  if (!mirrored.empty()) record["mirrored"] = std::move(mirrored);
  if (!mesh.empty()) record["mesh"] = std::move(mesh);
  if (!comments.empty()) record["comments"] = std::move(comments);
}

tinygltf::Value to_value(const nlohmann::ordered_json& j) {
  switch (j.type()) {
    case nlohmann::ordered_json::value_t::object: {
      tinygltf::Value::Object o;
      for (const auto& [k, v] : j.items()) o[k] = to_value(v);
      return tinygltf::Value(std::move(o));
    }
    case nlohmann::ordered_json::value_t::array: {
      tinygltf::Value::Array a;
      for (const auto& v : j) a.push_back(to_value(v));
      return tinygltf::Value(std::move(a));
    }
    case nlohmann::ordered_json::value_t::string: return tinygltf::Value(j.get<std::string>());
    case nlohmann::ordered_json::value_t::boolean: return tinygltf::Value(j.get<bool>());
    case nlohmann::ordered_json::value_t::number_integer:
    case nlohmann::ordered_json::value_t::number_unsigned: return tinygltf::Value(j.get<int>());
    case nlohmann::ordered_json::value_t::number_float: return tinygltf::Value(j.get<double>());
    default: return tinygltf::Value();
  }
}

// GLB (glTF 2.0, section 4.4): tinygltf writes the JSON, the container is put together here, the
// buffer moved into its BIN chunk: tinygltf's own GLB writer copies the whole buffer once more and
// then the stream once more, and a buffer can be hundreds of megabytes of mesh payloads.
Expected<std::vector<std::uint8_t>> glb(tinygltf::Model& m) {
  std::vector<unsigned char> bin;
  if (!m.buffers.empty()) {
    bin = std::move(m.buffers[0].data);
    m.buffers.clear();
  }
  std::ostringstream out;
  tinygltf::TinyGLTF writer;
  if (!writer.WriteGltfSceneToStream(&m, out, false, false)) return make_error(ErrorCode::io, "glTF writing failed");
  std::string json = std::move(out).str();
  if (json.empty() || json[0] != '{') return make_error(ErrorCode::io, "glTF writing failed: its JSON is not an object");
  // The one buffer, the BIN chunk (a GLB buffer has no uri).
  if (!bin.empty()) json.insert(1, fmt::format("\"buffers\":[{{\"byteLength\":{}}}]{}", bin.size(), json.size() > 2 ? "," : ""));
  json.resize((json.size() + 3) / 4 * 4, ' ');
  const std::size_t bin_padded = (bin.size() + 3) / 4 * 4;
  const std::uint64_t total = 12 + 8 + std::uint64_t(json.size()) + (bin.empty() ? 0 : 8 + std::uint64_t(bin_padded));
  if (total > UINT32_MAX) return make_error(ErrorCode::too_large, fmt::format("the GLB would be {} bytes; a GLB holds at most 4 GiB", total));
  std::vector<std::uint8_t> glb;
  glb.reserve(std::size_t(total));
  const auto u32 = [&glb](std::uint64_t v) {
    for (int i = 0; i < 4; ++i) glb.push_back(std::uint8_t(v >> (8 * i)));
  };
  const auto text = [&glb](std::string_view s) { glb.insert(glb.end(), s.begin(), s.end()); };
  text("glTF");
  u32(2);
  u32(total);
  u32(json.size());
  text("JSON");
  text(json);
  if (!bin.empty()) {
    u32(bin_padded);
    text(std::string_view("BIN\0", 4));
    glb.insert(glb.end(), bin.begin(), bin.end());
    glb.resize(std::size_t(total), 0);
  }
  return glb;
}

void set_trs(tinygltf::Node& n, const model::Vec3& t, const model::Quat& r, const model::Vec3& s) {
  if (!(t == model::Vec3{})) n.translation = {t.x, t.y, t.z};
  if (!(r == model::Quat{})) n.rotation = {r.x, r.y, r.z, r.w};
  if (!(s == model::Vec3{1, 1, 1})) n.scale = {s.x, s.y, s.z};
}

}  // namespace

Expected<std::vector<std::uint8_t>> write(const Scene& scene, bool binary) {
  // glTF is JSON: its names must be UTF-8, while a GEM bone name or a file name is bytes. They go
  // through json_text's escape ("hex:..."), which import reverses.
  tinygltf::Model m;
  m.asset.version = "2.0";
  m.asset.generator = "anmkit";
  m.buffers.resize(1);
  tinygltf::Node root;
  root.name = json_text(scene.root_name);
  const model::Vec3& sign = scene.root_reflection;
  set_trs(root, {}, scene.root_rotation, {sign.x * scene.root_scale, sign.y * scene.root_scale, sign.z * scene.root_scale});
  m.nodes.push_back(root);
  for (const Node& n : scene.nodes) {
    tinygltf::Node node;
    node.name = json_text(n.name);
    set_trs(node, n.translation, n.rotation, n.scale);
    m.nodes.push_back(node);
  }
  for (std::size_t i = 0; i < scene.nodes.size(); ++i) {
    const int parent = scene.nodes[i].parent;
    if (parent >= int(i)) return make_error(ErrorCode::invalid_model, fmt::format("node {}'s parent {} does not come before it", i, parent));
    m.nodes[std::size_t(parent + 1)].children.push_back(int(i + 1));
  }
  // tinygltf's records are large and copy their extras: reserve them all, and move them in.
  std::size_t channels = 0, values = 0;
  for (const Animation& a : scene.animations) {
    channels += a.channels.size();
    for (const Channel& c : a.channels) values += c.times.size() + c.values.size();
  }
  m.accessors.reserve(2 * channels + 1);
  m.bufferViews.reserve(2 * channels + 1);
  m.buffers[0].data.reserve(4 * (values + 16 * scene.nodes.size()));
  if (!scene.nodes.empty()) {
    // Every node below the root is a joint of one skin, which no mesh uses: Blender builds one
    // armature from it (at the root, the joints' common ancestor), so that each animation is one
    // action; the validator notes the unused skin as information, never a warning.
    tinygltf::Skin skin;
    skin.name = json_text(scene.skin_name);
    skin.skeleton = 0;
    for (std::size_t i = 0; i < scene.nodes.size(); ++i) skin.joints.push_back(int(i + 1));
    skin.inverseBindMatrices = add_accessor(m, detail::inverse_bind_matrices(scene.nodes), TINYGLTF_TYPE_MAT4, 16, false);
    m.skins.push_back(std::move(skin));
  }
  std::vector<int> scene_nodes{0};
  const std::vector<int> mesh_node = detail::add_figure(m, scene, scene_nodes);
  for (const Animation& a : scene.animations) {
    tinygltf::Animation anim;
    anim.samplers.reserve(a.channels.size());
    anim.channels.reserve(a.channels.size());
    anim.name = json_text(a.name);
    for (const Channel& c : a.channels) {
      int target = int(c.node + 1);
      std::size_t width = c.path == Path::rotation ? 4 : 3;
      if (c.mesh >= 0) {
        // A mesh's node: one not written (no triangle) has nothing to animate.
        if (std::size_t(c.mesh) >= mesh_node.size() || mesh_node[std::size_t(c.mesh)] < 0) continue;
        target = mesh_node[std::size_t(c.mesh)];
        if (c.path == Path::weights) width = scene.figure.meshes[std::size_t(c.mesh)].targets.size();
      }
      if (c.path == Path::weights && (c.mesh < 0 || width == 0)) {
        return make_error(ErrorCode::invalid_model, fmt::format("animation '{}' has a weights channel on a mesh without morph targets", a.name));
      }
      const std::size_t per_time = c.interpolation == Interpolation::cubic_spline ? 3 : 1;
      if (c.times.empty() || c.values.size() != c.times.size() * width * per_time) {
        return make_error(ErrorCode::invalid_model, fmt::format("animation '{}' has a channel whose times and values disagree", a.name));
      }
      tinygltf::AnimationSampler sampler;
      sampler.input = add_accessor(m, c.times, TINYGLTF_TYPE_SCALAR, 1, true);
      const int type = c.path == Path::weights ? TINYGLTF_TYPE_SCALAR : width == 4 ? TINYGLTF_TYPE_VEC4 : TINYGLTF_TYPE_VEC3;
      sampler.output = add_accessor(m, c.values, type, c.path == Path::weights ? 1 : width, false);
      sampler.interpolation = c.interpolation == Interpolation::step     ? "STEP"
                              : c.interpolation == Interpolation::linear ? "LINEAR"
                                                                         : "CUBICSPLINE";
      anim.samplers.push_back(std::move(sampler));
      tinygltf::AnimationChannel channel;
      channel.sampler = int(anim.samplers.size() - 1);
      channel.target_node = target;
      channel.target_path = c.path == Path::translation ? "translation"
                            : c.path == Path::rotation  ? "rotation"
                            : c.path == Path::scale     ? "scale"
                                                        : "weights";
      anim.channels.push_back(std::move(channel));
    }
    if (!a.record.empty()) {
      nlohmann::ordered_json record = record_json(a.record);
      add_records(m, a, record);
      anim.extras = to_value(nlohmann::ordered_json{{"anmkit", std::move(record)}});
    }
    if (!anim.channels.empty()) m.animations.push_back(std::move(anim));
  }
  tinygltf::Scene s;
  s.nodes = scene_nodes;
  m.scenes.push_back(s);
  m.defaultScene = 0;
  if (m.buffers[0].data.empty()) m.buffers.clear();
  if (binary) return glb(m);
  std::ostringstream out;
  tinygltf::TinyGLTF writer;
  if (!writer.WriteGltfSceneToStream(&m, out, true, false)) return make_error(ErrorCode::io, "glTF writing failed");
  const std::string text = std::move(out).str();
  return std::vector<std::uint8_t>(text.begin(), text.end());
}

}  // namespace anmkit::gltf
