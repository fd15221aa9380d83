#include "anmkit/model/mesh_numbers.hpp"

#include <algorithm>
#include <cmath>

namespace anmkit::model {
namespace {

// Normalised in double, where 1e30 squared still fits.
enum class NormalFix { none, scaled, replaced };
double length(const Vec3& n) { return std::sqrt(double(n.x) * n.x + double(n.y) * n.y + double(n.z) * n.z); }

NormalFix fix_normal(Vec3& n) {
  if (unit_normal(n)) return NormalFix::none;
  if (finite(n)) {
    const double length = model::length(n);
    if (length > 0) {
      const Vec3 unit{float(n.x / length), float(n.y / length), float(n.z / length)};
      if (finite(unit)) {
        n = unit;
        return NormalFix::scaled;
      }
    }
  }
  n = {0, 0, 1};
  return NormalFix::replaced;
}

}  // namespace

bool finite(const Vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

bool unit_normal(const Vec3& n) { return finite(n) && std::fabs(length(n) - 1) <= 0.005; }

MeshNumberRepairs keep_finite(Mesh& mesh) {
  MeshNumberRepairs out;
  // The unused tail is never written (real files hold zero normals there): left as it is.
  const std::size_t used = std::min(mesh.used_vertices, mesh.positions.size());
  std::vector<bool> dropped(mesh.positions.size(), false);
  for (std::size_t v = 0; v < used; ++v) {
    if (finite(mesh.positions[v])) continue;
    mesh.positions[v] = {};
    dropped[v] = true;
    ++out.positions;
  }
  if (out.positions > 0) {
    for (Primitive& p : mesh.primitives) {
      std::vector<std::uint32_t> kept;
      kept.reserve(p.indices.size());
      for (std::size_t i = 0; i + 2 < p.indices.size(); i += 3) {
        const auto bad = [&](std::uint32_t v) { return v < dropped.size() && dropped[v]; };
        if (bad(p.indices[i]) || bad(p.indices[i + 1]) || bad(p.indices[i + 2])) {
          ++out.triangles;
          continue;
        }
        kept.insert(kept.end(), {p.indices[i], p.indices[i + 1], p.indices[i + 2]});
      }
      p.indices = std::move(kept);
    }
  }
  for (std::size_t v = 0; v < std::min(used, mesh.normals.size()); ++v) {
    switch (fix_normal(mesh.normals[v])) {
      case NormalFix::none: break;
      case NormalFix::scaled: ++out.normals_scaled; break;
      case NormalFix::replaced: ++out.normals_replaced; break;
    }
  }
  for (std::size_t v = 0; v < std::min(used, mesh.uvs.size()); ++v) {
    auto& uv = mesh.uvs[v];
    if (std::isfinite(uv[0]) && std::isfinite(uv[1])) continue;
    uv = {0, 0};
    ++out.uvs;
  }
  return out;
}

}  // namespace anmkit::model
