#include "written_meshes.hpp"

#include <string_view>

namespace anmkit::gltf::detail {
namespace {

// The bytes of a vector of plain values, for hashing and comparing.
template <class T>
std::string_view bytes_of(const std::vector<T>& values) {
  return {reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T)};
}

// Everything of a mesh that its glTF mesh holds.
template <class Visit>
void each_part(const model::Mesh& mesh, Visit visit) {
  visit(std::string_view(mesh.name));
  visit(bytes_of(mesh.positions));
  visit(bytes_of(mesh.normals));
  visit(bytes_of(mesh.uvs));
  visit(bytes_of(mesh.skin));
  visit(bytes_of(mesh.joints));
  visit(bytes_of(mesh.weights));
  for (const model::Primitive& p : mesh.primitives) {
    visit(bytes_of(p.indices));
    visit(std::string_view(reinterpret_cast<const char*>(&p.material), sizeof p.material));
  }
  visit(std::string_view(reinterpret_cast<const char*>(&mesh.used_vertices), sizeof mesh.used_vertices));
}

std::size_t hash_of(const model::Mesh& mesh) {
  std::size_t h = 0;
  each_part(mesh, [&](std::string_view part) { h = h * 1000003u ^ std::hash<std::string_view>{}(part); });
  return h;
}

bool same_geometry(const model::Mesh& a, const model::Mesh& b) {
  if (a.primitives.size() != b.primitives.size()) return false;
  std::vector<std::string_view> parts;
  each_part(a, [&](std::string_view part) { parts.push_back(part); });
  std::size_t i = 0;
  bool same = true;
  each_part(b, [&](std::string_view part) { same = same && parts[i++] == part; });
  return same;
}

bool shareable(const model::Mesh& mesh) { return mesh.targets.empty() && !mesh.collision; }

}  // namespace

int WrittenMeshes::mesh_for(const model::Mesh& mesh, const std::function<int()>& write) {
  if (!shareable(mesh)) return write();
  const std::size_t hash = hash_of(mesh);
  const auto [from, to] = by_hash_.equal_range(hash);
  for (auto it = from; it != to; ++it) {
    if (same_geometry(*it->second.first, mesh)) return it->second.second;
  }
  const int index = write();
  if (index >= 0) by_hash_.emplace(hash, std::make_pair(&mesh, index));
  return index;
}

}  // namespace anmkit::gltf::detail
