#pragma once
// What a skeleton needs from a Luigi's Mansion `.bin` model (notes points 13-15): the scene
// graph's nodes with their links and rest transforms, and the walk order. Everything else in the
// file is left alone. Big endian.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "anmkit/core/expected.hpp"
#include "anmkit/model/math.hpp"

namespace anmkit::lm {

struct BinNode {
  int parent = -1;  // from the walk (-1 for the root)
  std::int16_t stored_parent = -1, first_child = -1, next_sibling = -1, previous_sibling = -1;
  std::uint8_t render_flags = 0;
  model::Vec3 scale{1, 1, 1};
  model::Vec3 rotation_degrees;
  model::Vec3 translation;
  std::uint64_t offset = 0;
};

struct SceneGraph {
  std::uint8_t version = 0;
  std::string name;                  // the 11-byte name field, up to its first NUL
  std::uint32_t scene_graph_offset = 0;
  std::vector<BinNode> nodes;        // by index; node i is animated by node group i
  std::vector<std::size_t> walk_order;  // pre-order from node 0 (first child, then next sibling)
};

// A cycle, a link to a node outside the file, or nodes the walk does not reach in index order
// are errors with the offset of the offending field, never a hang.
Expected<SceneGraph> read_bin(std::span<const std::uint8_t> bytes);

}  // namespace anmkit::lm
