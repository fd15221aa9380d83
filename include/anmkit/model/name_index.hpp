#pragma once
// Names found as the game finds them (ASCII case ignored, the first of equal names), in constant
// time: a clip's bones against a skeleton of a million joints, a skin's names against its model's
// bones, are one lookup each, not a scan.

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace anmkit::model {

class NameIndex {
 public:
  NameIndex() = default;
  // Indexes names[0 .. n) by `name_of(element)`.
  template <typename Range, typename NameOf>
  NameIndex(const Range& elements, NameOf name_of) {
    first_.reserve(std::size(elements));
    int i = 0;
    for (const auto& element : elements) add(name_of(element), i++);
  }
  // The first index of `name`, or -1.
  int find(std::string_view name) const;

 private:
  void add(std::string_view name, int index);
  std::unordered_map<std::string, int> first_;  // lower-case name -> its first index
};

}  // namespace anmkit::model
