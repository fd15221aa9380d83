#pragma once
// Time edits of a GEM file (model/time_edit.hpp), on its keys as stored.
//
// Each bone's components (position, orientation, scale, mirrored, visibility, mesh, unknown flag
// bits; FRMN: matrix, visibility, mesh) are one track under the hold rule. A key moves to the
// first new frame that shows it, with its bytes; keys of one bone landing on one frame become one
// key (FRM2/FRM3) or one BONE record (FRMN), frames ascending and bones ascending within them, as
// the game's exporter writes. Nothing is interpolated, so an edit and its inverse (reverse twice,
// retime by 2 then by 1/2) give the file back byte for byte when it was written that way. An edit
// that maps every frame to itself returns the file unchanged.

#include <string>
#include <vector>

#include "anmkit/core/expected.hpp"
#include "anmkit/core/limits.hpp"
#include "anmkit/formats/gem/gem_file.hpp"
#include "anmkit/model/time_edit.hpp"

namespace anmkit::gem {

struct TimeEdited {
  File file;
  bool unchanged = false;          // the edit maps every frame to itself: `file` is the input
  std::vector<std::string> notes;  // what the edit left out or could not keep as it was
};

// Refused, naming the bone and component: an edit that would bring a component back to the rest
// pose after a key (its first key lies after frame 0, and the edit shows frames before it after
// frames after it), which no GEM key can say; and results the file's layout cannot number
// (FRM2 past frame 65535, FRMN past 2^31 - 1).
Expected<TimeEdited> edit_time(const File& file, const model::TimeEdit& edit, const ReadLimits& limits);

}  // namespace anmkit::gem
