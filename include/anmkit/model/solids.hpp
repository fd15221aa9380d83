#pragma once
// Closed solids as triangle meshes, for shapes a model gives by their sizes (GEM's collision
// volumes: {Box}, {Sphere}, {Cylinder}). Centred on the origin, triangles counter-clockwise seen
// from outside (glTF's front faces). Round ones have a fixed number of segments and take their
// sines and cosines from the portable functions (src/model/portable_math.hpp), so every platform
// writes the same bits.

#include <cstdint>
#include <vector>

#include "anmkit/model/math.hpp"

namespace anmkit::model {

struct Solid {
  std::vector<Vec3> positions;
  std::vector<std::uint32_t> indices;  // three a triangle
};

// Segments around a sphere's or a cylinder's axis; a sphere has half as many bands pole to pole.
inline constexpr int solid_segments = 16;

// The box from -size/2 to +size/2 on each axis: 8 corners, 12 triangles.
Solid box_solid(double size_x, double size_y, double size_z);
// 2 poles and (solid_segments / 2 - 1) rings of solid_segments vertices.
Solid sphere_solid(double radius);
// Its axis along z, from -height/2 to +height/2: two rings of solid_segments vertices and the
// two caps' centres.
Solid cylinder_solid(double radius, double height);

}  // namespace anmkit::model
