#pragma once
// What an LM clip needs back after a trip through a format that cannot hold it (glTF): the
// version, frame count, fps, loop, node count and rotation unit (model::Clip::record); and
// reading it back. One codec, both ways.

#include <cstdint>

#include "anmkit/formats/lm/lm_curves.hpp"
#include "anmkit/formats/lm/lm_file.hpp"
#include "anmkit/model/format_record.hpp"

namespace anmkit::lm {

model::FormatRecord clip_record(const File& file, RotationUnit unit, double fps);

// The version a clip's record holds (1 or 2: the reader knows no other), else 2.
std::uint8_t recorded_version(const model::FormatRecord& record);

}  // namespace anmkit::lm
