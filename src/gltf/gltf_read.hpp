#pragma once
// The parts of a glTF file an animation import reads, checked as hostile input: every index,
// offset, stride and count is compared with what it points into (without sums or products that
// could wrap) before anything is read through it, and every failure names the JSON pointer (or,
// in a GLB's header, the byte offset) and what was expected there. Accessor data is not copied:
// an accessor is a checked view into its buffer, however many channels share it.

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <vector>

#include "anmkit/core/json_input.hpp"
#include "anmkit/core/limits.hpp"
#include "anmkit/core/file_source.hpp"

namespace anmkit::gltf::detail {

struct GltfNode {
  std::string name;
  std::array<float, 3> translation{0, 0, 0};
  std::array<float, 4> rotation{0, 0, 0, 1};
  std::array<float, 3> scale{1, 1, 1};
  // A node given by its `matrix` (column-major) instead of translation, rotation and scale;
  // glTF lets no animation target such a node.
  bool has_matrix = false;
  std::array<float, 16> matrix{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
  bool has_mesh = false;           // it draws a mesh: never a bone (anmkit hangs a bone's mesh on a node of its own)
  std::uint64_t mesh = 0;          // which (unchecked: a morph import checks it against the meshes)
  bool has_skin = false;           // its mesh is skinned
  std::uint64_t skin = 0;          // which (unchecked, as `mesh`)
  std::size_t parent = SIZE_MAX;   // the node whose children list names it, SIZE_MAX for none
};

// Float elements of `width` components, `stride` bytes apart, all within their buffer.
struct FloatView {
  const std::uint8_t* data = nullptr;
  std::size_t count = 0;
  std::size_t stride = 0;
  std::size_t width = 0;
  float at(std::size_t element, std::size_t component) const {
    float f;
    std::memcpy(&f, data + element * stride + component * 4, 4);
    return f;
  }
};

struct GltfSampler {
  std::size_t input = 0, output = 0;  // accessor indices, checked when read
  std::string interpolation;          // LINEAR, STEP or CUBICSPLINE
};

struct GltfChannel {
  std::size_t sampler = 0;  // within the animation's samplers
  bool has_node = false;    // glTF lets an extension name the target instead
  std::size_t node = 0;     // within the nodes
  std::string path;         // translation, rotation, scale, weights, ...
};

struct GltfAnimation {
  std::string name;
  std::vector<GltfSampler> samplers;
  std::vector<GltfChannel> channels;
  const json_input::json* extras = nullptr;  // within GltfFile::root, or null
};

struct GltfFile {
  json_input::json root;
  std::vector<GltfNode> nodes;
  std::vector<GltfAnimation> animations;
  std::vector<std::vector<std::uint8_t>> storage;  // decoded data URIs and external files
  std::vector<std::span<const std::uint8_t>> buffers;  // each exactly its byteLength

  // Accessor `accessor` as floats of `width` components (SCALAR 1, VEC3 3, VEC4 4, MAT4 16); `user` is the
  // JSON pointer of the member that named it.
  FloatView floats(std::size_t accessor, std::size_t width, const std::string& user) const;
  // The same, copied, for an accessor that may be sparse (morph targets): `expected_count`
  // elements (the attribute's it goes with), zeros where neither its buffer view nor its sparse
  // values give one.
  std::vector<float> dense_floats(std::size_t accessor, std::size_t width, std::uint64_t expected_count,
                                  const std::string& user) const;
  // The bytes of buffer view `view` (a record's payload); `user` is the JSON pointer that named it.
  std::span<const std::uint8_t> view_bytes(std::size_t view, const std::string& user) const;
  // For each buffer view, whether an accessor reads it.
  std::vector<bool> views_read_by_accessors() const;

 private:
  FloatView accessor_view(const json_input::json& accessor_object, const std::string& at, std::size_t accessor, std::size_t width,
                          std::uint64_t count) const;
};

struct ReadOptions {
  ReadLimits limits;
  // Where external buffers (`uri` files) are: the glTF file's folder. Empty: the file came as
  // bytes, and only embedded buffers can be read.
  std::string folder;
  // Where they are read from (the disk, or the caller's files); null: none is read.
  std::shared_ptr<const FileSource> files;
};

// A .glb or glTF JSON. `bytes` must outlive the result (a GLB's buffer is a view into it).
// Throws ErrorException.
GltfFile read_gltf(std::span<const std::uint8_t> bytes, const ReadOptions& options);

}  // namespace anmkit::gltf::detail
