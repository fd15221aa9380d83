#pragma once
// What a model shows on its skeleton: meshes hung on joints, their materials and textures, and
// the shapes a mesh animation takes (morph targets). GEM's .mdl with its .ply meshes and .mtl
// materials converts to it (gem::mesh::to_mesh, to_material); glTF export writes it.
//
// Conventions: vertices in the rest frame of the joint that owns the mesh (the skeleton's
// units); triangles counter-clockwise around their front face seen from outside, as glTF wants
// them; texture coordinates with v = 0 at the top row of the picture (glTF's too).

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "anmkit/model/math.hpp"

namespace anmkit::model {

enum class AlphaMode : std::uint8_t { opaque, mask, blend };

// A picture a material names, in the file it was found in. `rgba` stays empty until a front end
// decodes the file (the model does not read files); a file found but not decoded (only looked
// for, or a picture that does not decode) is listed so, and no material draws it.
struct Texture {
  std::string name;  // as the material names it ("e25body", "$/vehicle2/puma_track_dif")
  std::string path;  // the file it was found in; "" when it was not
  std::uint32_t width = 0, height = 0;
  std::vector<std::uint8_t> rgba;  // width x height x 4, top row first; empty when not decoded
};

struct Material {
  std::string name;  // the material file's name, as the mesh names it
  std::array<float, 4> base_colour{1, 1, 1, 1};  // 0..1, multiplied with the base texture
  int base_texture = -1;    // index into Figure::textures, -1 for none
  int normal_texture = -1;  // a tangent-space normal map
  AlphaMode alpha_mode = AlphaMode::opaque;
  float alpha_cutoff = 0.5f;  // mask: texels whose alpha is below it are not drawn
  bool double_sided = false;
  friend bool operator==(const Material&, const Material&) = default;
};

struct Primitive {
  std::vector<std::uint32_t> indices;  // three a triangle, counter-clockwise around its front
  int material = -1;                   // index into Figure::materials, -1 for none
};

// One shape of a mesh: per-vertex differences from the mesh's own positions and normals (as many
// as it has vertices). A mesh animation key shows one (MorphKey).
struct MorphTarget {
  std::string name;
  std::vector<Vec3> positions;
  std::vector<Vec3> normals;  // empty when the mesh has none
};

struct Mesh {
  std::string name;  // the mesh file's name; a collision volume's own name
  int joint = -1;    // the skeleton joint whose rest frame holds the vertices
  std::vector<Vec3> positions;
  std::vector<Vec3> normals;                   // empty or one a vertex
  std::vector<std::array<float, 2>> uvs;       // empty or one a vertex
  // A skinned mesh: `skin` lists skeleton joints (skin[0] the owner), and each vertex names four of
  // them by their place in `skin`, with a weight each (summing to 1). Empty for a rigid mesh.
  std::vector<int> skin;
  std::vector<std::array<std::uint16_t, 4>> joints;
  std::vector<std::array<float, 4>> weights;
  std::vector<Primitive> primitives;
  std::vector<MorphTarget> targets;
  // Vertices past this many are used by no triangle (a file's unused tail): kept, but left out of
  // bounds. Equal to positions.size() when every vertex is used.
  std::size_t used_vertices = 0;
  bool shown = true;  // at rest; false: hidden until an animation shows it
  // A collision volume (drawn on request: GEM's {Volume}), not part of what the model shows: a
  // rigid mesh without normals, uvs or morph targets.
  bool collision = false;

  // Whether it draws anything: a used vertex and a primitive with a triangle.
  bool has_triangles() const {
    if (used_vertices == 0) return false;
    for (const Primitive& p : primitives) {
      if (p.indices.size() >= 3) return true;
    }
    return false;
  }
};

// From `frame` on (until the next key), a mesh shows morph target `target` in full, or its own
// shape for -1.
struct MorphKey {
  std::uint32_t frame = 0;
  int target = -1;
  friend bool operator==(const MorphKey&, const MorphKey&) = default;
};

struct Figure {
  std::vector<Mesh> meshes;
  std::vector<Material> materials;
  std::vector<Texture> textures;
};

}  // namespace anmkit::model
