#pragma once
// An animation exported without its skeleton comes out with every bone under the root. When the
// model that goes with it sits in the same folder (by the library's rule, SkeletonFinder: a .mdl
// that lists the file as a sequence, NAME.bin beside NAME.anm, or a model there with every bone
// it animates), convert says so and names it.

#include <string>

#include "anmkit/anmkit.hpp"

namespace anmkit::cli {

// Prints `ANIMATION: note: ...` on stderr when a skeleton sits beside the animation (opened as
// `document`) and none was given (options.skeleton empty).
void note_skeleton_beside(const Document& document, const std::string& animation, const OpenOptions& options);

}  // namespace anmkit::cli
