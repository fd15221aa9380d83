#pragma once
// A .mdl's collision volume ({Volume}, ../shared/spec/gem-mesh.notes.md §10) as a mesh of the
// neutral figure, drawn on request (docs/gltf.md, "Collision volumes"): in the rest frame of its
// bone, the volume's own transform applied to the vertices (p · R + t, its Matrix34 rows as a
// bone's), triangles counter-clockwise seen from outside, no normals (glTF then shades flat).
//
// Shapes, as measured on the corpus vehicles (docs/gltf.md says how):
//   {Polyhedron "x.vol"}  the .vol's vertices and triangles; its triangles turn clockwise seen from
//                         outside, as the .ply's do, so two indices of each are swapped
//   {Box x y z}           full extents along the volume's x, y and z, centred on its origin
//   {Sphere r}            centred on its origin
//   {Cylinder r h}        radius r, its axis along the volume's z, h long, centred on its origin
// A transform that mirrors (determinant < 0) turns the triangles once more.

#include <string>

#include "anmkit/core/expected.hpp"
#include "anmkit/formats/gem/mdl.hpp"
#include "anmkit/formats/gem/mesh/vol_file.hpp"
#include "anmkit/model/figure.hpp"

namespace anmkit::gem::mesh {

// The volume as a mesh on joint volume.bone_index, its primitive drawn with material `material`,
// `collision` set. `polyhedron`: the .vol a {Polyhedron} names (ignored for the other shapes).
// Fails (bad_value) on a shape without its sizes, a size that is not a positive finite number, a
// .vol without vertices or indices, an index past its vertices, an index count that is not whole
// triangles, and a vertex that the transform takes past the floats.
Expected<model::Mesh> volume_mesh(const MdlVolume& volume, const VolFile* polyhedron, int material);

// The one material every collision volume is drawn with: translucent orange, blended, both faces.
model::Material collision_material();

}  // namespace anmkit::gem::mesh
