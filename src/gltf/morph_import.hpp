#pragma once
// Morph target animation (Blender's shape keys) of the meshes a glTF hangs on a skeleton's bones,
// read for an import onto that skeleton (skeleton_import.hpp) as model::MeshMotion: each mesh's
// vertices (every primitive's, in order) at rest and wherever its weights change, in the game's
// world at the skeleton's rest.
//
// A frame's vertices are the mesh's plus each target's differences times its weight, as glTF
// says; weights are read at whole frames as their channel interpolates them (STEP, LINEAR,
// CUBICSPLINE), and a frame is kept at the first whose weights are not all 0 and wherever they
// change after (by more than 1e-6). Normals are renormalised. Targets may be sparse accessors
// (Blender writes them so). Throws ErrorException naming the glTF's JSON pointer.

#include <cstdint>
#include <vector>

#include "anmkit/model/mesh_motion.hpp"
#include "anmkit/model/rest_affine.hpp"
#include "gltf_import_source.hpp"

namespace anmkit::gltf::detail {

struct MorphedMesh {
  std::size_t node = 0;    // the node that draws the mesh, whose weights the animation moves
  std::string bone;        // the skeleton's bone the glTF hangs it on, or ""
  model::Affine to_world;  // the mesh's coordinates to the game's world at rest
};

// Where a mesh's coordinates are at rest, in the glTF's world: a skinned mesh's where its skin's
// first joint and inverse bind matrix put them (glTF ignores a skinned mesh's node), else its
// node's rest world (`node_world`). `first_joint` is set to the skin's first joint node, or SIZE_MAX.
model::Affine mesh_rest_world(const GltfFile& file, std::size_t node, const std::vector<model::Affine>& node_world,
                              std::size_t& first_joint);

// At most this many vertices over all frames kept, all meshes together (about 100 MB).
inline constexpr std::uint64_t max_mesh_motion_vertices = 1u << 22;
// And at most this many vertex-and-target sums, weights read included (a second or two).
inline constexpr std::uint64_t max_mesh_motion_work = 1u << 28;

std::vector<model::MeshMotion> read_mesh_motions(const Source& s, const std::vector<MorphedMesh>& meshes);

}  // namespace anmkit::gltf::detail
