#pragma once
// Checks an MM2 file model. Each finding has a stable id, a byte offset and a JSON pointer.
//
// errors   mm2.state-past-frames    a sequence names a composed state the file does not have
//          mm2.stream-length        a stored pixel stream does not decode to exactly its bytes
// warnings mm2.patch-without-slot   a patch frame whose prelude slot is unused (drawn at 0, 0)
//          mm2.slot-without-frame   a used prelude slot with no patch frame
//          mm2.odd-sequence         a sequence block of odd length (its last byte is unpaired)
//          mm2.depth-mode           depth_or_mode other than 3
//          mm2.frame-flags          frame flags other than 0

#include <vector>

#include "anmkit/core/diagnostic.hpp"
#include "anmkit/formats/mm2/mm2_file.hpp"

namespace anmkit::mm2 {

std::vector<Diagnostic> validate(const File& file);

}  // namespace anmkit::mm2
