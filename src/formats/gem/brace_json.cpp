#include "anmkit/formats/gem/brace_json.hpp"

#include <optional>

#include "anmkit/core/json_text.hpp"

namespace anmkit::gem {

using json = nlohmann::ordered_json;

// Built without recursion: a block's JSON is finished when its last entry is, then
// moved into its parent's entries. A block is taken once (a malformed tree's repeats are left out).
json brace_tree_json(const BraceText& file) {
  struct Frame {
    std::uint32_t block;
    std::size_t next;
    json value;
  };
  json out = json::array();
  std::vector<bool> taken(file.blocks.size(), false);
  auto start = [&](std::uint32_t index) -> std::optional<Frame> {
    if (index >= file.blocks.size() || taken[index]) return std::nullopt;
    taken[index] = true;
    const BraceBlock& b = file.blocks[index];
    return Frame{index, 0, json{{"key", json_text(b.key.text)}, {"offset", b.key.offset}, {"entries", json::array()}}};
  };
  for (std::uint32_t top : file.top) {
    std::vector<Frame> stack;
    if (auto f = start(top)) stack.push_back(std::move(*f));
    while (!stack.empty()) {
      Frame& frame = stack.back();
      const BraceBlock& block = file.blocks[frame.block];
      if (frame.next == block.entries.size()) {
        json done = std::move(frame.value);
        stack.pop_back();
        (stack.empty() ? out : stack.back().value["entries"]).push_back(std::move(done));
        continue;
      }
      const BraceEntry& e = block.entries[frame.next++];
      if (e.kind == BraceEntryKind::word) {
        frame.value["entries"].push_back({{"word", json_text(e.token.text)}});
      } else if (e.kind == BraceEntryKind::string) {
        frame.value["entries"].push_back({{"string", json_text(e.token.text)}});
      } else if (auto f = start(e.block)) {
        stack.push_back(std::move(*f));  // `frame` is not used past this point
      }
    }
  }
  return out;
}


}  // namespace anmkit::gem
