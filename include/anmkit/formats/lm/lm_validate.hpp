#pragma once
// Checks an LM file model. Each finding has a stable id, the byte offset of the record and the
// JSON pointer of the record in the dump.
//
// errors   lm.track-outside-array  a track's data does not lie inside its kind's array
//          lm.keys-not-ascending   key frames of a track not strictly ascending
// warnings lm.unknown-flag         a track flag other than 0 and 0x80 (kept; keys read as 3 floats)
//          lm.flag-without-keys    flag 0x80 on a track with fewer than 2 keys
//          lm.key-outside-frames   a key frame below 0 or past the frame count
//          lm.non-finite           a NaN or infinite float in a track's data
//          lm.unknown-version      a version other than 1 or 2
//          lm.loop-value           a loop byte other than 0 or 1
//          lm.reserved-bits        non-zero header padding
//          lm.unreferenced-bytes   bytes between the header and the first region, or partial floats

#include <vector>

#include "anmkit/core/diagnostic.hpp"
#include "anmkit/formats/lm/lm_file.hpp"

namespace anmkit::lm {

std::vector<Diagnostic> validate(const File& file);

}  // namespace anmkit::lm
