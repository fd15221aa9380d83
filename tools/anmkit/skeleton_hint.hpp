#pragma once
// An animation exported without its skeleton comes out with every bone under the root. When the
// model that goes with it sits in the same folder (GEM: a .mdl that lists the file as a
// sequence; LM: NAME.bin beside NAME.anm), convert says so and names it.

#include <string>

#include "anmkit/anmkit.hpp"

namespace anmkit::cli {

// The model file beside `animation` that goes with it ("" when there is none).
std::string skeleton_beside(const FormatInfo& format, const std::string& animation, const OpenOptions& options);

// Prints `ANIMATION: note: ...` on stderr when a skeleton sits beside the animation and none was
// given (options.skeleton empty).
void note_skeleton_beside(const FormatInfo& format, const std::string& animation, const OpenOptions& options);

}  // namespace anmkit::cli
