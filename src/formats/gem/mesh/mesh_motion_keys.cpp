#include "anmkit/formats/gem/mesh/mesh_motion_keys.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <unordered_map>

#include <fmt/format.h>

#include "anmkit/core/byte_writer.hpp"
#include "anmkit/core/float_bits.hpp"
#include "anmkit/formats/gem/mesh/ply_vertices.hpp"

namespace anmkit::gem::mesh {
namespace {

// Points by the cell of a grid they fall in: the neighbours of a point are in its cell and the 26
// around it, so finding each of n points costs a few comparisons, not n.
class PointGrid {
 public:
  PointGrid(const std::vector<model::Vec3>& points, double cell) : points_(points), cell_(cell) {
    cells_.reserve(points.size());
    for (std::size_t i = 0; i < points.size(); ++i) cells_[key(cell_of(points[i]))].push_back(i);
  }
  // Every point within `tolerance` (in each coordinate) of p; tolerance <= the cell's size.
  template <class Visit>
  void near(const model::Vec3& p, double tolerance, Visit&& visit) const {
    const auto c = cell_of(p);
    for (std::int64_t dx = -1; dx <= 1; ++dx) {
      for (std::int64_t dy = -1; dy <= 1; ++dy) {
        for (std::int64_t dz = -1; dz <= 1; ++dz) {
          const auto it = cells_.find(key({c[0] + dx, c[1] + dy, c[2] + dz}));
          if (it == cells_.end()) continue;
          for (std::size_t i : it->second) {
            const model::Vec3& q = points_[i];
            if (std::fabs(double(q.x) - p.x) <= tolerance && std::fabs(double(q.y) - p.y) <= tolerance &&
                std::fabs(double(q.z) - p.z) <= tolerance) {
              visit(i);
            }
          }
        }
      }
    }
  }

 private:
  const std::vector<model::Vec3>& points_;
  double cell_;
  std::unordered_map<std::uint64_t, std::vector<std::size_t>> cells_;

  std::array<std::int64_t, 3> cell_of(const model::Vec3& p) const {
    // Finite points within a float's range over a cell of at least 1e-4: within 2^60.
    return {std::int64_t(std::floor(p.x / cell_)), std::int64_t(std::floor(p.y / cell_)), std::int64_t(std::floor(p.z / cell_))};
  }
  static std::uint64_t key(const std::array<std::int64_t, 3>& c) {
    std::uint64_t h = 1469598103934665603ull;
    for (std::int64_t v : c) h = (h ^ std::uint64_t(v)) * 1099511628211ull;
    return h;
  }
};

// Three floats into a record, little endian as the file stores them.
void put(std::uint8_t* at, const model::Vec3& v) {
  const float values[3] = {v.x, v.y, v.z};
  for (std::size_t i = 0; i < 3; ++i) {
    const std::uint32_t bits = bits_from_float(values[i]);
    for (std::size_t b = 0; b < 4; ++b) at[i * 4 + b] = std::uint8_t(bits >> (8 * b));
  }
}

double dot(const model::Vec3& a, const model::Vec3& b) { return double(a.x) * b.x + double(a.y) * b.y + double(a.z) * b.z; }

std::string where(const model::Vec3& p) { return fmt::format("({:.6g}, {:.6g}, {:.6g})", p.x, p.y, p.z); }

}  // namespace

Expected<std::vector<model::MeshKey>> mesh_keys(const PlyFile& ply, const model::MeshMotion& motion, const std::string& ply_name) {
  auto decoded = decode_vertices(ply);
  if (!decoded) return decoded.error();
  const VertexLayout& layout = decoded->layout;
  const PlyVertices& records = *ply.vertices();  // decode_vertices found them
  const std::size_t count = decoded->positions.size();
  if (count > 0xffff) {
    return make_error(ErrorCode::unsupported, fmt::format("{} has {} vertices; a mesh animation key counts at most 65535", ply_name, count));
  }
  std::vector<model::Vec3> places(count);
  double extent = 1;
  for (std::size_t v = 0; v < count; ++v) {
    const auto& p = decoded->positions[v];
    places[v] = {p[0], p[1], p[2]};
    for (float c : p) extent = std::max(extent, std::fabs(double(c)));
  }
  const double tolerance = 1e-4 * extent;
  const std::size_t rest_count = motion.rest_positions.size();
  const bool normals = !motion.rest_normals.empty() && !decoded->normals.empty();
  const PointGrid rest(motion.rest_positions, tolerance);
  const PointGrid own(places, tolerance);
  // The motion's vertex for each of the .ply's: the one there whose normal is nearest the .ply's.
  std::vector<std::size_t> source(count);
  for (std::size_t v = 0; v < count; ++v) {
    std::size_t best = SIZE_MAX;
    double best_dot = -2;
    // Several there (a vertex split, or two that share a place): the nearest normal, then the
    // one of the same number (a tool that kept the order), then the first.
    rest.near(places[v], tolerance, [&](std::size_t r) {
      const double d = normals ? dot(motion.rest_normals[r], {decoded->normals[v][0], decoded->normals[v][1], decoded->normals[v][2]}) : 0;
      const bool better = best == SIZE_MAX || d > best_dot + 1e-6 ||
                          (d >= best_dot - 1e-6 && (r == v ? best != v : best != v && r < best));
      if (better) best = r, best_dot = d;
    });
    if (best == SIZE_MAX) {
      return make_error(ErrorCode::unsupported,
                        fmt::format("vertex {} of {} at {} has no vertex of {} there: the mesh was edited, or it is another "
                                    "mesh (anmkit writes animations, not meshes)",
                                    v, ply_name, where(places[v]), motion.source));
    }
    source[v] = best;
  }
  for (std::size_t r = 0; r < rest_count; ++r) {
    bool found = false;
    own.near(motion.rest_positions[r], tolerance, [&](std::size_t) { found = true; });
    if (!found) {
      return make_error(ErrorCode::unsupported,
                        fmt::format("vertex {} of {} at {} is on no vertex of {}: the mesh was edited (anmkit writes animations, "
                                    "not meshes)",
                                    r, motion.source, where(motion.rest_positions[r]), ply_name));
    }
  }
  std::vector<model::MeshKey> keys;
  keys.reserve(motion.frames.size());
  const std::size_t stride = records.stride;
  for (const model::MeshFrame& frame : motion.frames) {
    ByteWriter w;
    w.u32(0);                         // first vertex
    w.u16(std::uint16_t(count));      // vertex count
    w.u16(0);                         // no bounding box
    std::vector<std::uint8_t> record(stride);
    for (std::size_t v = 0; v < count; ++v) {
      std::memcpy(record.data(), records.data.data() + v * stride, stride);
      put(record.data() + layout.position, frame.positions[source[v]]);
      if (normals && layout.normal && source[v] < frame.normals.size()) put(record.data() + *layout.normal, frame.normals[source[v]]);
      w.bytes(record);
    }
    w.f32_bits(0);  // the trailer: (0, 0) in every real key
    w.f32_bits(0);
    keys.push_back({frame.frame, w.take()});
  }
  return keys;
}

}  // namespace anmkit::gem::mesh
