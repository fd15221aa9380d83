#include "anmkit/model/name_index.hpp"

#include "anmkit/model/clip.hpp"

namespace anmkit::model {

void NameIndex::add(std::string_view name, int index) { first_.emplace(ascii_lower(name), index); }

int NameIndex::find(std::string_view name) const {
  const auto found = first_.find(ascii_lower(name));
  return found == first_.end() ? -1 : found->second;
}

}  // namespace anmkit::model
