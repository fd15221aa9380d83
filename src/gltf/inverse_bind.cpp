#include "inverse_bind.hpp"

#include <cfloat>

#include "anmkit/model/rest_affine.hpp"

namespace anmkit::gltf::detail {
namespace {

using model::Affine;

Affine rest_transform(const Node& n) { return model::rest_affine(n.translation, n.rotation, n.scale); }

// Every node's rest transform composed up to the skeleton root.
std::vector<Affine> rest_world(const std::vector<Node>& nodes) {
  std::vector<Affine> world(nodes.size());
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const int parent = nodes[i].parent;
    world[i] = parent >= 0 && std::size_t(parent) < i ? world[std::size_t(parent)] * rest_transform(nodes[i]) : rest_transform(nodes[i]);
  }
  return world;
}

// Column-major, as a MAT4 accessor holds it. A matrix past a float is the identity: the model
// readers repair (and say so) the bones whose rest transforms would give one (gem.mdl-rest-overflow),
// so this only keeps Infinity out of the file whatever made the skeleton.
void push_matrix(std::vector<float>& out, const Affine& matrix) {
  const Affine& m = model::within(matrix, double(FLT_MAX)) ? matrix : Affine{};
  for (std::size_t col = 0; col < 3; ++col) out.insert(out.end(), {float(m.a[0][col]), float(m.a[1][col]), float(m.a[2][col]), 0.0f});
  out.insert(out.end(), {float(m.t[0]), float(m.t[1]), float(m.t[2]), 1.0f});
}

}  // namespace

std::vector<float> inverse_bind_matrices(const std::vector<Node>& nodes) {
  std::vector<float> out;
  out.reserve(nodes.size() * 16);
  for (const Affine& world : rest_world(nodes)) push_matrix(out, inverse(world));
  return out;
}

std::vector<float> mesh_inverse_bind_matrices(const std::vector<Node>& nodes, std::span<const int> joints) {
  const std::vector<Affine> world = rest_world(nodes);
  const auto at = [&](int j) { return j >= 0 && std::size_t(j) < world.size() ? world[std::size_t(j)] : Affine{}; };
  const Affine owner = joints.empty() ? Affine{} : at(joints[0]);
  std::vector<float> out;
  out.reserve(joints.size() * 16);
  for (int j : joints) push_matrix(out, inverse(at(j)) * owner);
  return out;
}

}  // namespace anmkit::gltf::detail
