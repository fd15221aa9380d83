#pragma once
// The scene's figure (meshes, materials, textures) into the glTF being written.

#include <vector>

#include "anmkit/gltf/gltf.hpp"
#include "gltf_buffer.hpp"

namespace anmkit::gltf::detail {

// Adds the figure's textures, materials, meshes and their nodes (m.nodes holds the root and then
// one node per Scene::nodes, in order). Returns the node of each figure mesh, -1 for one not
// written (no triangle); skinned meshes' nodes are added to `scene_nodes`, the scene's top level.
std::vector<int> add_figure(tinygltf::Model& m, const Scene& scene, std::vector<int>& scene_nodes);

}  // namespace anmkit::gltf::detail
