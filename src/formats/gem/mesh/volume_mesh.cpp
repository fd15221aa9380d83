#include "anmkit/formats/gem/mesh/volume_mesh.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include <fmt/format.h>

#include "anmkit/core/float_bits.hpp"
#include "anmkit/model/solids.hpp"

namespace anmkit::gem::mesh {
namespace {

// The .vol's vertices and triangles, counter-clockwise seen from outside (the file's turn the
// other way: every one of the 28 corpus volumes, closed, encloses a negative signed volume read
// as stored).
Expected<model::Solid> polyhedron_solid(const VolFile& file) {
  const auto* vertices = file.vertices();
  const auto* indices = file.indices();
  if (!vertices || vertices->empty()) return make_error(ErrorCode::bad_value, "its .vol has no vertices (VERT)");
  if (!indices || indices->empty()) return make_error(ErrorCode::bad_value, "its .vol has no triangles (INDX)");
  if (indices->size() % 3 != 0) {
    return make_error(ErrorCode::bad_value, fmt::format("its .vol has {} indices, which are not whole triangles", indices->size()));
  }
  model::Solid s;
  std::size_t used = 0;
  s.indices.reserve(indices->size());
  for (std::size_t k = 0; k < indices->size(); k += 3) {
    const std::uint32_t a = (*indices)[k], b = (*indices)[k + 1], c = (*indices)[k + 2];
    for (std::uint32_t i : {a, b, c}) {
      if (i >= vertices->size()) {
        return make_error(ErrorCode::bad_value,
                          fmt::format("its .vol's triangle {} names vertex {}, but it has {}", k / 3, i, vertices->size()));
      }
      used = std::max<std::size_t>(used, std::size_t(i) + 1);
    }
    s.indices.insert(s.indices.end(), {a, c, b});
  }
  // Vertices past the last one a triangle names draw nothing: left out.
  s.positions.reserve(used);
  for (std::size_t v = 0; v < used; ++v) {
    const auto& bits = (*vertices)[v];
    s.positions.push_back({float_from_bits(bits[0]), float_from_bits(bits[1]), float_from_bits(bits[2])});
  }
  return s;
}

// Each of a shape's sizes, checked: `count` of them, positive and finite.
Expected<void> check_sizes(const MdlVolume& volume, std::size_t count, std::string_view which) {
  if (volume.size.size() != count) {
    return make_error(ErrorCode::bad_value, fmt::format("a {} takes {} ({}), found {}", shape_name(volume.shape),
                                                        count == 1 ? "1 size" : fmt::format("{} sizes", count), which, volume.size.size()));
  }
  for (float s : volume.size) {
    if (!(s > 0) || !std::isfinite(s)) {
      return make_error(ErrorCode::bad_value, fmt::format("a {}'s sizes must be positive numbers, found {}", shape_name(volume.shape), s));
    }
  }
  return {};
}

Expected<model::Solid> shape_solid(const MdlVolume& volume, const VolFile* polyhedron) {
  const auto& size = volume.size;
  switch (volume.shape) {
    case MdlVolume::Shape::polyhedron:
      if (!polyhedron) return make_error(ErrorCode::bad_value, "its .vol was not given");
      return polyhedron_solid(*polyhedron);
    case MdlVolume::Shape::box:
      if (auto ok = check_sizes(volume, 3, "x y z"); !ok) return ok.error();
      return model::box_solid(size[0], size[1], size[2]);
    case MdlVolume::Shape::sphere:
      if (auto ok = check_sizes(volume, 1, "the radius"); !ok) return ok.error();
      return model::sphere_solid(size[0]);
    case MdlVolume::Shape::cylinder:
      if (auto ok = check_sizes(volume, 2, "the radius and the height"); !ok) return ok.error();
      return model::cylinder_solid(size[0], size[1]);
    case MdlVolume::Shape::none: break;
  }
  return make_error(ErrorCode::bad_value, "it has no shape ({Polyhedron}, {Box}, {Sphere} or {Cylinder})");
}

}  // namespace

Expected<model::Mesh> volume_mesh(const MdlVolume& volume, const VolFile* polyhedron, int material) {
  auto solid = shape_solid(volume, polyhedron);
  if (!solid) return solid.error();
  model::Mesh mesh;
  mesh.name = volume.name;
  mesh.joint = volume.bone_index;
  mesh.collision = true;
  // Into the bone's frame: p · R + t, rows 0-2 the volume's axes, row 3 its origin (in double,
  // rounded once).
  const auto& m = volume.transform;
  mesh.positions.reserve(solid->positions.size());
  for (const model::Vec3& p : solid->positions) {
    double q[3];
    for (std::size_t c = 0; c < 3; ++c) {
      q[c] = double(p.x) * m[0 + c] + double(p.y) * m[3 + c] + double(p.z) * m[6 + c] + double(m[9 + c]);
    }
    const model::Vec3 placed{float(q[0]), float(q[1]), float(q[2])};
    if (!std::isfinite(placed.x) || !std::isfinite(placed.y) || !std::isfinite(placed.z)) {
      return make_error(ErrorCode::bad_value, fmt::format("its vertex {} is not a finite point once placed", mesh.positions.size()));
    }
    mesh.positions.push_back(placed);
  }
  const double det = double(m[0]) * (double(m[4]) * m[8] - double(m[5]) * m[7]) - double(m[1]) * (double(m[3]) * m[8] - double(m[5]) * m[6]) +
                     double(m[2]) * (double(m[3]) * m[7] - double(m[4]) * m[6]);
  if (det < 0) {
    for (std::size_t k = 0; k + 2 < solid->indices.size(); k += 3) std::swap(solid->indices[k + 1], solid->indices[k + 2]);
  }
  mesh.used_vertices = mesh.positions.size();
  mesh.primitives.push_back({std::move(solid->indices), material});
  return mesh;
}

model::Material collision_material() {
  model::Material m;
  m.name = "collision volume";
  m.base_colour = {1.0f, 0.35f, 0.1f, 0.35f};
  m.alpha_mode = model::AlphaMode::blend;
  m.double_sided = true;
  return m;
}

}  // namespace anmkit::gem::mesh
