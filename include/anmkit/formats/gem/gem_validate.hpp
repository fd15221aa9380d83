#pragma once
// Checks a GEM file model against the format's rules. Errors: what breaks the format (an
// engine would misread it). Warnings: legal but suspicious. Each finding has a stable id, the
// byte offset of the record (as read), and the JSON pointer of the record in the dump.
//
// errors   gem.unknown-version      version is none of 3.0, 4.0, 5.0, 6.0, 6.1
//          gem.chunk-not-in-version a frame chunk kind the version's engines do not read
//          gem.negative-frame       an FRMN frame number below 0
//          gem.negative-bone        an FRMN bone index below 0
// warnings gem.key-past-end         a key at or past the frame count
//          gem.duplicate-key        a bone keyed twice at one frame number
//          gem.frames-not-ascending a frame number below the one before it
//          gem.bone-past-bmap       a key of a bone index the BMAP does not have
//          gem.bones-unaddressable  more than 256 bones where key indices are a byte
//          gem.non-unit-rotation    orientation x² + y² + z² > 1 (w cannot be rebuilt)
//          gem.matrix-shear         MATR rows not perpendicular (shear is lost on conversion)
//          gem.non-finite           a NaN or infinite float
//          gem.reserved-bits        name-prefix reserved bits set
//          gem.unknown-flags        key flag bits outside 0x007f
//          gem.visibility-conflict  both visible (0x08) and hidden (0x10)
//          gem.visi-value           a VISI value other than 0 or 1
//          gem.empty-name           a bone with an empty name
//          gem.mesh-header          a mesh payload shorter than its 8-byte header

#include <vector>

#include "anmkit/core/diagnostic.hpp"
#include "anmkit/formats/gem/gem_file.hpp"

namespace anmkit::gem {

std::vector<Diagnostic> validate(const File& file);

}  // namespace anmkit::gem
