#include "gltf_buffer.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

namespace anmkit::gltf::detail {

int add_view(tinygltf::Model& m, const void* data, std::size_t size, int target) {
  auto& buffer = m.buffers[0].data;
  buffer.resize((buffer.size() + 3) / 4 * 4, 0);
  const std::size_t offset = buffer.size();
  buffer.resize(offset + size);
  if (size > 0) std::memcpy(buffer.data() + offset, data, size);
  tinygltf::BufferView view;
  view.buffer = 0;
  view.byteOffset = offset;
  view.byteLength = size;
  view.target = target;
  m.bufferViews.push_back(std::move(view));
  return int(m.bufferViews.size() - 1);
}

int add_accessor(tinygltf::Model& m, std::span<const float> data, int type, std::size_t components, bool min_max, int target) {
  tinygltf::Accessor a;
  a.bufferView = add_view(m, data.data(), data.size() * 4, target);
  a.componentType = TINYGLTF_COMPONENT_TYPE_FLOAT;
  a.count = data.size() / components;
  a.type = type;
  if (min_max) {
    a.minValues.assign(components, 0);
    a.maxValues.assign(components, 0);
    for (std::size_t c = 0; c < components && c < data.size(); ++c) {
      double lo = data[c], hi = data[c];
      for (std::size_t i = c; i < data.size(); i += components) {
        lo = std::min<double>(lo, data[i]);
        hi = std::max<double>(hi, data[i]);
      }
      a.minValues[c] = lo;
      a.maxValues[c] = hi;
    }
  }
  m.accessors.push_back(std::move(a));
  return int(m.accessors.size() - 1);
}

int add_joints_accessor(tinygltf::Model& m, std::span<const std::uint16_t> data) {
  tinygltf::Accessor a;
  a.bufferView = add_view(m, data.data(), data.size() * 2, TINYGLTF_TARGET_ARRAY_BUFFER);
  a.componentType = TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT;
  a.count = data.size() / 4;
  a.type = TINYGLTF_TYPE_VEC4;
  m.accessors.push_back(std::move(a));
  return int(m.accessors.size() - 1);
}

int add_index_accessor(tinygltf::Model& m, std::span<const std::uint32_t> indices) {
  tinygltf::Accessor a;
  const std::uint32_t largest = indices.empty() ? 0 : *std::max_element(indices.begin(), indices.end());
  if (largest < 65535) {
    std::vector<std::uint16_t> narrow(indices.begin(), indices.end());
    a.bufferView = add_view(m, narrow.data(), narrow.size() * 2, TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER);
    a.componentType = TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT;
  } else {
    a.bufferView = add_view(m, indices.data(), indices.size() * 4, TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER);
    a.componentType = TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT;
  }
  a.count = indices.size();
  a.type = TINYGLTF_TYPE_SCALAR;
  m.accessors.push_back(std::move(a));
  return int(m.accessors.size() - 1);
}

}  // namespace anmkit::gltf::detail
