#include "inverse_bind.hpp"

#include <array>
#include <cmath>

namespace anmkit::gltf::detail {
namespace {

// x' = a x + t, in double so that long chains of bones lose nothing a float keeps.
struct Affine {
  std::array<std::array<double, 3>, 3> a{{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
  std::array<double, 3> t{0, 0, 0};
};

Affine operator*(const Affine& p, const Affine& c) {
  Affine out;
  for (std::size_t i = 0; i < 3; ++i) {
    out.t[i] = p.t[i];
    for (std::size_t j = 0; j < 3; ++j) {
      out.a[i][j] = 0;
      for (std::size_t k = 0; k < 3; ++k) out.a[i][j] += p.a[i][k] * c.a[k][j];
      out.t[i] += p.a[i][j] * c.t[j];
    }
  }
  return out;
}

Affine rest_transform(const Node& n) {
  const model::Mat3 r = model::matrix_from_quat(model::normalized(n.rotation));
  const std::array<double, 3> s{n.scale.x == 0 ? 1.0 : n.scale.x, n.scale.y == 0 ? 1.0 : n.scale.y,
                                n.scale.z == 0 ? 1.0 : n.scale.z};
  Affine m;
  for (std::size_t i = 0; i < 3; ++i) {
    for (std::size_t j = 0; j < 3; ++j) m.a[i][j] = double(r[i][j]) * s[j];
  }
  m.t = {n.translation.x, n.translation.y, n.translation.z};
  return m;
}

// The inverse through the adjugate; a singular matrix (only from a malformed rotation) binds at
// the identity.
Affine inverse(const Affine& m) {
  const auto& a = m.a;
  const double det = a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0]) +
                     a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]);
  if (!std::isfinite(det) || std::fabs(det) < 1e-30) return Affine{};
  Affine out;
  for (std::size_t i = 0; i < 3; ++i) {
    for (std::size_t j = 0; j < 3; ++j) {
      const std::size_t j1 = (j + 1) % 3, j2 = (j + 2) % 3, i1 = (i + 1) % 3, i2 = (i + 2) % 3;
      out.a[i][j] = (a[j1][i1] * a[j2][i2] - a[j1][i2] * a[j2][i1]) / det;  // cofactor of (j, i)
    }
  }
  for (std::size_t i = 0; i < 3; ++i) {
    out.t[i] = 0;
    for (std::size_t j = 0; j < 3; ++j) out.t[i] -= out.a[i][j] * m.t[j];
  }
  return out;
}

// Every node's rest transform composed up to the skeleton root.
std::vector<Affine> rest_world(const std::vector<Node>& nodes) {
  std::vector<Affine> world(nodes.size());
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const int parent = nodes[i].parent;
    world[i] = parent >= 0 && std::size_t(parent) < i ? world[std::size_t(parent)] * rest_transform(nodes[i]) : rest_transform(nodes[i]);
  }
  return world;
}

// Column-major, as a MAT4 accessor holds it.
void push_matrix(std::vector<float>& out, const Affine& m) {
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
