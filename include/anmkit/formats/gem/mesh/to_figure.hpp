#pragma once
// GEM's meshes, materials and mesh animation as the neutral figure (model/figure.hpp), after
// ../shared/spec/gem-mesh.notes.md: §4-§6 (vertices, skins, winding), §8 (materials), §11 (mesh
// animation).

#include <span>
#include <string>

#include "anmkit/core/expected.hpp"
#include "anmkit/formats/gem/mesh/mtl_material.hpp"
#include "anmkit/formats/gem/mesh/ply_file.hpp"
#include "anmkit/model/figure.hpp"

namespace anmkit::gem::mesh {

// The .ply as a mesh in the rest frame of skeleton joint `owner`: positions, normals, the first uv
// set, each subset a primitive with two indices of every triangle swapped (the file's triangles
// are clockwise, glTF's counter-clockwise; notes §6) and material subset_materials[k].
// A skinned mesh's skin is [owner, skin_joints...] (skin_joints[k]: the skeleton joint of SKIN
// name k), each vertex's joints mapped through its subset's palette and weighted w, 1 - w (§5);
// one whose every vertex rests on the owner alone is rigid. Fails as decode_vertices,
// subset_triangles and subset_joints do.
Expected<model::Mesh> to_mesh(const PlyFile& file, std::string name, int owner, std::span<const int> skin_joints,
                              std::span<const int> subset_materials);

// What a mesh-animation payload (a MESH key of a .anm, §11) shows of the mesh made from `file`,
// as a morph target of `mesh`: the differences of positions and normals over the payload's
// vertex range, zero elsewhere. Fails (bad_value) when the payload is not whole records of the
// mesh's layout or its range passes the mesh's vertices.
Expected<model::MorphTarget> morph_target(const PlyFile& file, const model::Mesh& mesh, std::span<const std::uint8_t> payload,
                                          std::string name);

// A .mtl as a material (§8): {blend test} masks at {alpharef}/255 (127 when absent), blend and add
// blend, anything else is opaque; double-sided from the subset's two_sided flag. The base colour
// is white under a texture; without one (none named, or not found: base_texture -1) it is the
// {color}'s red, green and blue (alpha 1: the alpha byte disagrees with the meshes' own, §3).
model::Material to_material(const Material& material, std::string name, bool two_sided, int base_texture,
                            int normal_texture);

}  // namespace anmkit::gem::mesh
