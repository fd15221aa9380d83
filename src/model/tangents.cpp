#include "anmkit/model/tangents.hpp"

#include <cmath>

namespace anmkit::model {
namespace {

struct V {
  double x = 0, y = 0, z = 0;
};
V operator-(const V& a, const V& b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
V operator+(const V& a, const V& b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
V operator*(const V& a, double k) { return {a.x * k, a.y * k, a.z * k}; }
double dot(const V& a, const V& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
V cross(const V& a, const V& b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
V of(const Vec3& v) { return {v.x, v.y, v.z}; }

// A unit vector perpendicular to n (n unit or zero).
V perpendicular(const V& n) {
  const V axis = std::fabs(n.x) < 0.9 ? V{1, 0, 0} : V{0, 1, 0};
  V t = axis - n * dot(n, axis);
  const double length = std::sqrt(dot(t, t));
  return length > 0 ? t * (1 / length) : V{1, 0, 0};
}

}  // namespace

std::vector<std::array<float, 4>> tangent_frames(const Mesh& mesh) {
  const std::size_t n = mesh.positions.size();
  if (mesh.normals.size() != n || mesh.uvs.size() != n) return {};
  std::vector<V> du(n), dv(n);
  for (const Primitive& p : mesh.primitives) {
    for (std::size_t t = 0; t + 2 < p.indices.size(); t += 3) {
      const std::uint32_t a = p.indices[t], b = p.indices[t + 1], c = p.indices[t + 2];
      if (a >= n || b >= n || c >= n) continue;
      const V e1 = of(mesh.positions[b]) - of(mesh.positions[a]), e2 = of(mesh.positions[c]) - of(mesh.positions[a]);
      const double u1 = double(mesh.uvs[b][0]) - mesh.uvs[a][0], v1 = double(mesh.uvs[b][1]) - mesh.uvs[a][1];
      const double u2 = double(mesh.uvs[c][0]) - mesh.uvs[a][0], v2 = double(mesh.uvs[c][1]) - mesh.uvs[a][1];
      const double det = u1 * v2 - u2 * v1;
      if (!std::isfinite(det) || det == 0) continue;
      const V pu = (e1 * v2 - e2 * v1) * (1 / det), pv = (e2 * u1 - e1 * u2) * (1 / det);
      if (!std::isfinite(dot(pu, pu)) || !std::isfinite(dot(pv, pv))) continue;
      for (std::uint32_t i : {a, b, c}) {
        du[i] = du[i] + pu;
        dv[i] = dv[i] + pv;
      }
    }
  }
  std::vector<std::array<float, 4>> out(n);
  for (std::size_t i = 0; i < n; ++i) {
    V normal = of(mesh.normals[i]);
    const double nl = std::sqrt(dot(normal, normal));
    normal = std::isfinite(nl) && nl > 0 ? normal * (1 / nl) : V{0, 0, 1};
    V t = du[i] - normal * dot(normal, du[i]);
    const double tl = std::sqrt(dot(t, t));
    t = std::isfinite(tl) && tl > 1e-12 ? t * (1 / tl) : perpendicular(normal);
    const double w = dot(cross(normal, t), dv[i]) < 0 ? -1.0 : 1.0;
    out[i] = {float(t.x), float(t.y), float(t.z), float(w)};
  }
  return out;
}

}  // namespace anmkit::model
