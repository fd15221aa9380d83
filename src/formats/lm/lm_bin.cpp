#include "anmkit/formats/lm/lm_bin.hpp"

#include <fmt/format.h>

#include "anmkit/core/byte_reader.hpp"
#include "anmkit/core/float_bits.hpp"

namespace anmkit::lm {
namespace {

constexpr std::size_t node_size = 0x8c;
constexpr std::size_t scene_graph_field = 0x3c;

model::Vec3 read_vec3(ByteReader& r, std::string_view what) {
  const float x = float_from_bits(r.f32_bits(what));
  const float y = float_from_bits(r.f32_bits(what));
  const float z = float_from_bits(r.f32_bits(what));
  return {x, y, z};
}

}  // namespace

Expected<SceneGraph> read_bin(std::span<const std::uint8_t> bytes) {
  return catch_errors([&]() -> SceneGraph {
    ByteReader r(bytes, Endian::big);
    SceneGraph g;
    g.version = r.u8("version");
    const auto name = r.bytes(11, "model name");
    for (std::uint8_t c : name) {
      if (c == 0) break;
      g.name += char(c);
    }
    r.bytes(scene_graph_field - 0x0c, "section offsets 0-11");
    g.scene_graph_offset = r.u32("scene graph offset (section 12)");
    if (g.scene_graph_offset < 0x60 || g.scene_graph_offset > bytes.size()) {
      r.fail_at(scene_graph_field, ErrorCode::bad_value,
                fmt::format("scene graph offset 0x{:x} is outside the file (0x60 to 0x{:x})", g.scene_graph_offset,
                            bytes.size()));
    }
    const std::size_t capacity = (bytes.size() - g.scene_graph_offset) / node_size;
    if (capacity == 0) {
      r.fail_at(g.scene_graph_offset, ErrorCode::truncated,
                fmt::format("the scene graph at 0x{:x} has no room for a node (0x8c bytes)", g.scene_graph_offset));
    }
    auto node_offset = [&](std::size_t i) { return std::size_t(g.scene_graph_offset) + i * node_size; };
    auto read_node = [&](std::size_t i) {
      ByteReader n(bytes.subspan(node_offset(i), node_size), Endian::big);
      BinNode node;
      node.offset = node_offset(i);
      node.stored_parent = std::int16_t(n.u16("parent"));
      node.first_child = std::int16_t(n.u16("first child"));
      node.next_sibling = std::int16_t(n.u16("next sibling"));
      node.previous_sibling = std::int16_t(n.u16("previous sibling"));
      n.u8("reserved");
      node.render_flags = n.u8("render flags");
      n.u16("reserved");
      node.scale = read_vec3(n, "scale");
      node.rotation_degrees = read_vec3(n, "rotation");
      node.translation = read_vec3(n, "translation");
      return node;
    };
    // Iterative pre-order walk; every node is marked once, so a cycle is found, never followed.
    std::vector<char> seen(capacity, 0);
    std::vector<BinNode> by_index(capacity);
    std::vector<std::pair<std::size_t, int>> stack;  // (node, parent)
    seen[0] = 1;
    auto check_link = [&](std::int16_t link, std::size_t from, std::size_t field, const char* what) -> std::optional<std::size_t> {
      if (link < 0) return std::nullopt;
      const std::size_t target = std::size_t(link);
      if (target >= capacity) {
        r.fail_at(node_offset(from) + field, ErrorCode::bad_value,
                  fmt::format("node {}'s {} is node {}, but the file holds at most {} nodes at 0x{:x}", from, what,
                              target, capacity, g.scene_graph_offset));
      }
      if (seen[target]) {
        r.fail_at(node_offset(from) + field, ErrorCode::bad_value,
                  fmt::format("node {}'s {} is node {}, which the walk has already reached: the scene graph has a cycle",
                              from, what, target));
      }
      seen[target] = 1;
      return target;
    };
    // Roots: node 0 and its next siblings, if any.
    std::vector<std::size_t> roots{0};
    for (auto next = check_link(read_node(0).next_sibling, 0, 4, "next sibling"); next;
         next = check_link(read_node(*next).next_sibling, *next, 4, "next sibling")) {
      roots.push_back(*next);
    }
    for (auto it = roots.rbegin(); it != roots.rend(); ++it) stack.push_back({*it, -1});
    while (!stack.empty()) {
      const auto [index, parent] = stack.back();
      stack.pop_back();
      BinNode node = read_node(index);
      node.parent = parent;
      g.walk_order.push_back(index);
      // Children: the first child, then its next siblings; pushed in reverse for pre-order.
      std::vector<std::size_t> children;
      std::optional<std::size_t> child = check_link(node.first_child, index, 2, "first child");
      while (child) {
        children.push_back(*child);
        child = check_link(read_node(*child).next_sibling, *child, 4, "next sibling");
      }
      for (auto it = children.rbegin(); it != children.rend(); ++it) stack.push_back({*it, int(index)});
      by_index[index] = node;
    }
    const std::size_t count = g.walk_order.size();
    for (std::size_t i = 0; i < count; ++i) {
      if (g.walk_order[i] >= count) {
        r.fail_at(node_offset(g.walk_order[i]), ErrorCode::bad_value,
                  fmt::format("the walk reaches {} nodes but visits node {}: nodes are not numbered in walk order",
                              count, g.walk_order[i]));
      }
    }
    by_index.resize(count);
    g.nodes = std::move(by_index);
    return g;
  });
}

}  // namespace anmkit::lm
