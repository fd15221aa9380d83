#pragma once
// What `convert` writes for a skeletal file, by the output's name: glTF (.glb, .gltf), or a game
// file of the same format (--to, --repack). An output named so that neither applies (-o
// fire.gbl, -o fire.fbx) is a usage error that lists the outputs there are.

#include <optional>
#include <string>

#include "anmkit/anmkit.hpp"

namespace anmkit::cli {

// The message for an output nothing writes for `format` (`rewrites`: --to or --repack was given,
// so any name is the game file asked for); nullopt when the output is one of them, or when the
// format is a sprite one (its outputs are its own: sprite_io).
std::optional<std::string> unhandled_output(const FormatInfo& format, const std::string& output, bool rewrites);

}  // namespace anmkit::cli
