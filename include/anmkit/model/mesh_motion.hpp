#pragma once
// Vertex animation as an interchange file gives it (glTF morph targets, Blender's shape keys) for
// a mesh of a model: the mesh's vertices at rest and at each frame where they change, in the
// game's world as the skeleton's rest pose places the mesh, and in the game's units. A format that
// animates its meshes (GEM MESH keys) finds the bone whose own mesh these vertices are, matches
// them to its mesh file's and writes them its way; no game file reader makes one.

#include <cstdint>
#include <string>
#include <vector>

#include "anmkit/model/math.hpp"

namespace anmkit::model {

struct MeshFrame {
  std::uint32_t frame = 0;
  std::vector<Vec3> positions, normals;  // as many as the rest's; normals of unit length
  friend bool operator==(const MeshFrame&, const MeshFrame&) = default;
};

struct MeshMotion {
  std::string bone;    // the skeleton's bone the source hangs the mesh on, where it says so; else ""
  std::string name;    // the source's name for the mesh (its node's), by which its file may be found
  std::string source;  // where it came from, for messages ("the glTF's node 12 'trackl'")
  std::vector<Vec3> rest_positions, rest_normals;  // normals empty when the source has none
  std::vector<MeshFrame> frames;                   // ascending; each holds until the next
  friend bool operator==(const MeshMotion&, const MeshMotion&) = default;
};

}  // namespace anmkit::model
