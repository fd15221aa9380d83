#include "anmkit/formats/gem/mesh/to_figure.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "anmkit/formats/gem/gem_mesh.hpp"
#include "anmkit/formats/gem/mesh/ply_vertices.hpp"
#include "anmkit/model/mesh_numbers.hpp"

namespace anmkit::gem::mesh {
namespace {

model::Vec3 vec3(const std::array<float, 3>& a) { return {a[0], a[1], a[2]}; }
model::Vec3 minus(const model::Vec3& a, const model::Vec3& b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }

// 0..1 from 0..255; what is not a number is `otherwise`.
float unit(float byte_value, float otherwise) {
  return std::isfinite(byte_value) ? std::clamp(byte_value / 255.0f, 0.0f, 1.0f) : otherwise;
}

// Every vertex's skin joints from the subsets' palettes (a vertex takes the first subset that
// draws it), as places in [owner, skin...].
Expected<std::vector<std::array<std::uint16_t, 4>>> skin_joints_of(const PlyFile& file, const DecodedVertices& vertices) {
  const std::size_t n = vertices.positions.size();
  std::vector<std::array<std::uint16_t, 4>> joints(n, {0, 0, 0, 0});
  std::vector<bool> set(n, false);
  for (std::size_t k = 0; k < file.subsets.size(); ++k) {
    if (!file.subsets[k].palette) continue;
    auto mapped = subset_joints(file, vertices, k);
    if (!mapped) return mapped.error();
    auto triangles = subset_triangles(file, k);
    if (!triangles) return triangles.error();
    for (const auto& t : *triangles) {
      for (std::uint32_t v : t) {
        if (set[v]) continue;
        set[v] = true;
        joints[v] = (*mapped)[v];
      }
    }
  }
  return joints;
}

}  // namespace

Expected<model::Mesh> to_mesh(const PlyFile& file, std::string name, int owner, std::span<const int> skin_joints,
                              std::span<const int> subset_materials) {
  auto vertices = decode_vertices(file);
  if (!vertices) return vertices.error();
  model::Mesh mesh;
  mesh.name = std::move(name);
  mesh.joint = owner;
  const std::size_t n = vertices->positions.size();
  mesh.positions.reserve(n);
  for (const auto& p : vertices->positions) mesh.positions.push_back(vec3(p));
  mesh.normals.reserve(vertices->normals.size());
  for (const auto& p : vertices->normals) mesh.normals.push_back(vec3(p));
  if (!vertices->uvs.empty()) mesh.uvs = vertices->uvs.front();
  mesh.used_vertices = std::min<std::size_t>(n, used_vertex_count(file));
  for (std::size_t k = 0; k < file.subsets.size(); ++k) {
    auto triangles = subset_triangles(file, k);
    if (!triangles) return triangles.error();
    model::Primitive p;
    p.material = k < subset_materials.size() ? subset_materials[k] : -1;
    p.indices.reserve(triangles->size() * 3);
    for (const auto& t : *triangles) p.indices.insert(p.indices.end(), {t[0], t[2], t[1]});
    mesh.primitives.push_back(std::move(p));
  }
  if (vertices->bone_slots.empty()) return mesh;
  auto joints = skin_joints_of(file, *vertices);
  if (!joints) return joints.error();
  const std::size_t skin_size = 1 + (file.skin() ? file.skin()->bones.size() : 0);
  bool rigid = true;
  for (std::size_t v = 0; v < n; ++v) {
    for (std::size_t slot = 0; slot < 4; ++slot) {
      if ((*joints)[v][slot] != 0 && vertices->weights[v][slot] != 0.0f) rigid = false;
      if ((*joints)[v][slot] >= skin_size) {
        return make_error(ErrorCode::bad_value, fmt::format("vertex {} is bound to skin place {}, but the skin has {} bones", v,
                                                            (*joints)[v][slot], skin_size));
      }
    }
  }
  if (rigid) return mesh;
  mesh.skin.push_back(owner);
  for (std::size_t k = 0; k + 1 < skin_size; ++k) mesh.skin.push_back(k < skin_joints.size() ? skin_joints[k] : owner);
  mesh.joints = std::move(*joints);
  mesh.weights = vertices->weights;
  return mesh;
}

Expected<model::MorphTarget> morph_target(const PlyFile& file, const model::Mesh& mesh, std::span<const std::uint8_t> payload,
                                          std::string name) {
  const auto header = parse_mesh_header(payload);
  if (!header || !header->vertex_stride) {
    return make_error(ErrorCode::bad_value, "the mesh payload is not whole vertex records");
  }
  const VertexLayout layout = vertex_layout(file);
  if (*header->vertex_stride != layout.stride) {
    return make_error(ErrorCode::bad_value, fmt::format("the mesh payload's records are {} bytes, the mesh's {}",
                                                        *header->vertex_stride, layout.stride));
  }
  const std::uint64_t end = std::uint64_t(header->first_vertex) + header->vertex_count;
  if (end > mesh.positions.size()) {
    return make_error(ErrorCode::bad_value, fmt::format("the mesh payload sets vertices {}..{}, but the mesh has {}", header->first_vertex,
                                                        end, mesh.positions.size()));
  }
  constexpr std::size_t header_size = 8;
  auto records = decode_records(layout, payload.subspan(header_size, std::size_t(header->vertex_count) * layout.stride),
                                header->vertex_count);
  if (!records) return records.error();
  model::MorphTarget target;
  target.name = std::move(name);
  target.positions.assign(mesh.positions.size(), {});
  if (!mesh.normals.empty()) target.normals.assign(mesh.normals.size(), {});
  for (std::size_t i = 0; i < header->vertex_count; ++i) {
    const std::size_t v = header->first_vertex + i;
    target.positions[v] = minus(vec3(records->positions[i]), mesh.positions[v]);
    if (!mesh.normals.empty() && !records->normals.empty()) target.normals[v] = minus(vec3(records->normals[i]), mesh.normals[v]);
    // glTF holds no NaN or Infinity: a record that is not finite, or whose offset from the mesh
    // overflows a float, leaves the key out.
    const model::Vec3& p = target.positions[v];
    const model::Vec3& n = target.normals.empty() ? model::Vec3{} : target.normals[v];
    if (!model::finite(p) || !model::finite(n)) {
      return make_error(ErrorCode::bad_value, fmt::format("the mesh payload moves vertex {} to a position or normal that is not finite "
                                                          "(or whose offset from the mesh passes a float)", v));
    }
  }
  return target;
}

model::Material to_material(const Material& material, std::string name, bool two_sided, int base_texture, int normal_texture) {
  model::Material out;
  out.name = std::move(name);
  out.base_texture = base_texture;
  out.normal_texture = normal_texture;
  out.double_sided = two_sided;
  if (base_texture < 0 && material.color) {
    for (std::size_t c = 0; c < 3; ++c) out.base_colour[c] = unit((*material.color)[c], 1);
  }
  switch (material.blend.value_or(MtlBlend::none)) {
    case MtlBlend::test:
      out.alpha_mode = model::AlphaMode::mask;
      out.alpha_cutoff = unit(material.alpharef.value_or(127.0f), 127.0f / 255.0f);
      break;
    case MtlBlend::blend:
    case MtlBlend::add: out.alpha_mode = model::AlphaMode::blend; break;
    default: break;
  }
  return out;
}

}  // namespace anmkit::gem::mesh
