#pragma once
// GEM mesh animation keys (MESH payloads, gem.md "Mesh animation") for a mesh's vertex animation
// as an interchange file gives it (model::MeshMotion: Blender's shape keys through glTF), on the
// bone's own `.ply`.
//
// Every vertex of the `.ply` is found among the motion's rest vertices by its place (within 1e-4
// of the mesh's size), and by its normal where several lie there (a tool splits a vertex where
// its faces' normals or uv differ); each frame's payload then holds all of the `.ply`'s records
// (first vertex 0, no bounding box), each with that frame's position and normal and every other
// field (blend weights, bone indices, uv, tangents) as the `.ply` has it, then the two trailing
// floats as 0 (their meaning is unknown; every real key has 0, 0).

#include <string>
#include <vector>

#include "anmkit/core/expected.hpp"
#include "anmkit/formats/gem/mesh/ply_file.hpp"
#include "anmkit/model/clip.hpp"
#include "anmkit/model/mesh_motion.hpp"

namespace anmkit::gem::mesh {

// Refused (unsupported), naming `ply_name` and the vertex: a `.ply` vertex that no rest vertex lies
// on, a rest vertex on no `.ply` vertex (the mesh was edited: anmkit writes animations, not
// meshes), a `.ply` of more than 65535 vertices (a payload counts them in 16 bits), records whose
// layout is unknown.
Expected<std::vector<model::MeshKey>> mesh_keys(const PlyFile& ply, const model::MeshMotion& motion, const std::string& ply_name);

}  // namespace anmkit::gem::mesh
