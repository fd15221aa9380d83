#pragma once
// Per-vertex tangent frames for normal mapping, from a mesh's positions, normals and texture
// coordinates (Lengyel's method: each triangle's dP/du and dP/dv, summed at its corners).

#include <array>
#include <vector>

#include "anmkit/model/figure.hpp"

namespace anmkit::model {

// One x y z w a vertex (as many as the mesh's positions; empty without normals or uvs): xyz the
// unit tangent along +u made perpendicular to the normal, w = +1 or -1 so that
// cross(normal, tangent) * w points along +v, down the picture (the Direct3D convention of the
// games' normal maps: their green channel grows with v). A vertex no triangle gives a direction
// gets any unit vector perpendicular to its normal, and w = 1.
std::vector<std::array<float, 4>> tangent_frames(const Mesh& mesh);

}  // namespace anmkit::model
