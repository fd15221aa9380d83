#pragma once
// The name each sequence of a model gets as an animation (glTF, Blender's actions): unique, so
// that every declared sequence is one animation that a tool can tell apart and export to its own
// file. A .mdl may declare one sequence name several times ("repair" on each part it repairs).

#include <string>
#include <vector>

namespace anmkit::detail {

struct NamedSequence {
  std::string name;  // as the model names it
  std::string file;  // the file it names, as written
};

// The sequence's own name where no other has it; else with its file's stem, "repair (turret_r)";
// numbered from 2 where that is still taken, "repair (body_r) 2". One per sequence, in order.
std::vector<std::string> animation_names(const std::vector<NamedSequence>& sequences);

}  // namespace anmkit::detail
