#pragma once
// The glTF meshes written for a figure's meshes, found again by their geometry: a model that shows
// one mesh file on many bones (every wheel, or a file named 2 000 times) writes its vertices once,
// as one glTF mesh that each bone's node uses.

#include <cstddef>
#include <functional>
#include <unordered_map>
#include <vector>

#include "anmkit/model/figure.hpp"

namespace anmkit::gltf::detail {

class WrittenMeshes {
 public:
  // The glTF mesh of `mesh`: the one written for a mesh of the same geometry (name, vertices,
  // skin, triangles and their materials, bit for bit), else the one `write` writes now (-1: none
  // written). A mesh with morph targets or a collision volume is never shared (a mesh's weights
  // are animated for its node alone). `mesh` outlives this.
  int mesh_for(const model::Mesh& mesh, const std::function<int()>& write);

 private:
  std::unordered_multimap<std::size_t, std::pair<const model::Mesh*, int>> by_hash_;
};

}  // namespace anmkit::gltf::detail
