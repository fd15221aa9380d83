#pragma once
// What an LM clip needs back after a trip through a format that cannot hold it (glTF): the
// version, frame count, fps, loop, node count and rotation unit, as the text of a JSON object
// (model::Clip::extras); and reading it back. One codec, both ways.

#include <cstdint>
#include <string>

#include "anmkit/formats/lm/lm_curves.hpp"
#include "anmkit/formats/lm/lm_file.hpp"

namespace anmkit::lm {

std::string clip_extras(const File& file, RotationUnit unit, double fps);

// The version a clip's extras record (1 or 2: the reader knows no other), else 2.
std::uint8_t recorded_version(const std::string& extras);

}  // namespace anmkit::lm
