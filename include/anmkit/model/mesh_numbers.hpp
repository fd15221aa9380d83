#pragma once
// A mesh's numbers made writable: glTF holds no NaN or Infinity, and its normals are unit vectors
// (the Khronos validator's error past 0.674 % off). What a file gives otherwise is repaired here,
// counted for the reader's warning; only the used vertices (Mesh::used_vertices), which are the
// ones written.

#include <cstddef>

#include "anmkit/model/figure.hpp"

namespace anmkit::model {

struct MeshNumberRepairs {
  std::size_t positions = 0;         // vertices whose position is not finite: set to 0, and
  std::size_t triangles = 0;         //   the triangles that use them left out
  std::size_t normals_scaled = 0;    // finite normals off unit length by more than 0.5 %: normalised
  std::size_t normals_replaced = 0;  // normals not finite, or of length 0: (0, 0, 1)
  std::size_t uvs = 0;               // vertices whose uv is not finite: (0, 0)
  bool any() const { return positions + normals_scaled + normals_replaced + uvs > 0; }
};

MeshNumberRepairs keep_finite(Mesh& mesh);

bool finite(const Vec3& v);
// Finite and within 0.5 % of unit length (what keep_finite leaves as it is).
bool unit_normal(const Vec3& n);

}  // namespace anmkit::model
