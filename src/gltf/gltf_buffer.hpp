#pragma once
// The one buffer of a glTF being written: views and accessors appended to it, each view starting
// on a 4-byte boundary so that every accessor's components stay aligned.

#include <cstdint>
#include <span>

#define TINYGLTF_NO_STB_IMAGE
#define TINYGLTF_NO_STB_IMAGE_WRITE
#define TINYGLTF_NO_EXTERNAL_IMAGE
#include <tiny_gltf.h>

namespace anmkit::gltf::detail {

// `size` bytes as a view of their own; `target` 0, or ARRAY_BUFFER / ELEMENT_ARRAY_BUFFER for
// vertex attributes and indices. Returns the view's index.
int add_view(tinygltf::Model& m, const void* data, std::size_t size, int target = 0);

// Floats, `components` an element (SCALAR 1, VEC2 2, VEC3 3, VEC4 4, MAT4 16), as an accessor of
// `type`; with `min_max`, the accessor's bounds per component (glTF wants them on positions and
// animation times). Returns the accessor's index.
int add_accessor(tinygltf::Model& m, std::span<const float> data, int type, std::size_t components, bool min_max,
                 int target = 0);

// Unsigned shorts, four an element (JOINTS_0).
int add_joints_accessor(tinygltf::Model& m, std::span<const std::uint16_t> data);

// Triangle indices, as unsigned shorts when every one fits, else unsigned ints.
int add_index_accessor(tinygltf::Model& m, std::span<const std::uint32_t> indices);

}  // namespace anmkit::gltf::detail
