#pragma once
// glTF 2.0 output (tinygltf): a node tree under one root that carries the change of handedness,
// axes and units, the nodes below it as the joints of one skin (so that Blender and other DCC
// tools build one armature, which every animation acts on), and animations of TRS channels.
// clip_gltf.hpp fills the scene; this writes it as .gltf (one file, buffer embedded) or .glb.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "anmkit/core/expected.hpp"
#include "anmkit/model/clip.hpp"
#include "anmkit/model/figure.hpp"
#include "anmkit/model/math.hpp"

namespace anmkit::gltf {

struct Node {
  std::string name;
  int parent = -1;  // index into Scene::nodes, or -1 for a child of the root
  model::Vec3 translation;
  model::Quat rotation;
  model::Vec3 scale{1, 1, 1};
  // False: hidden at rest (model::Joint::shown). Not written as a scale of 0, which would leave
  // the joint no inverse bind matrix: its animations hide it until their first visibility key.
  bool shown = true;
};

enum class Path { translation, rotation, scale, weights };
enum class Interpolation { step, linear, cubic_spline };

struct Channel {
  std::size_t node = 0;
  Path path = Path::translation;
  Interpolation interpolation = Interpolation::step;
  std::vector<float> times;   // seconds, ascending
  // 3 (translation, scale) or 4 (rotation x y z w) per time; cubic_spline: in-tangent, value,
  // out-tangent per time (tangents per second).
  std::vector<float> values;
  // The channel animates the node of Scene::figure.meshes[mesh] instead of `node`: its scale (a
  // bone's visibility, which hides the bone's own mesh and not its children) or its morph
  // weights (one value a morph target per time).
  int mesh = -1;
};

// A bone's events that glTF's channels carry only approximately (hidden as scale 0, the mirror as
// a negative z scale), where they change, and its mesh payloads (bytes, each a buffer view). The
// payloads are not copied: `mesh` points into the clip the animation was made from, which must
// outlive write() (a payload can be hundreds of megabytes).
struct BoneEvents {
  std::string bone;
  std::vector<model::Key<bool>> visible, mirrored;
  std::span<const model::MeshKey> mesh;
};

struct Animation {
  std::string name;
  std::vector<Channel> channels;
  // The format's record (its version, bone order, ...), written as extras.anmkit; with it, the
  // clip's own records: events and mesh payloads per bone and comments, the bytes in the buffer
  // (extras.anmkit's visibility, mirrored, mesh, comments).
  model::FormatRecord record;
  std::vector<BoneEvents> events;  // every bone of the clip, in its order
  std::vector<std::vector<std::uint8_t>> comments;
};

struct Scene {
  std::string root_name = "anmkit_root";
  std::string skin_name = "anmkit_skeleton";  // Blender names the armature after it
  model::Vec3 root_reflection{1, 1, 1};  // the change of handedness: signs of the root's scale per axis
  model::Quat root_rotation;  // the change of axes into glTF's Y up
  float root_scale = 1;       // the change of units into metres
  // The joints of the skin, all of them; its skeleton root is the root, and the inverse bind
  // matrices are the nodes' rest transforms below the root, inverted.
  std::vector<Node> nodes;    // parents before children
  std::vector<Animation> animations;
  // What the model shows. Each mesh is a node of its own named after it: a rigid mesh under its
  // joint's node (so that hiding the joint's mesh hides none of its children's), a skinned one
  // at the top of the scene with a skin of its own (glTF ignores a skinned mesh's parents).
  // Vertices past used_vertices are left out.
  model::Figure figure;
  // Each figure texture's picture as PNG; a texture without one (not found) is not written, and
  // its materials draw without it.
  std::vector<std::vector<std::uint8_t>> texture_png;
};

// `binary`: GLB; otherwise glTF JSON with the buffer embedded as a data URI.
Expected<std::vector<std::uint8_t>> write(const Scene& scene, bool binary);

}  // namespace anmkit::gltf
