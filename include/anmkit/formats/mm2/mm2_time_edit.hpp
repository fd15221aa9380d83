#pragma once
// Time edits of an MM2 file's sequences (model/time_edit.hpp), on their (state, delay) steps.
//
// A sequence's frames are its game ticks: a step shows its state for its delay (0 lasts one
// tick, notes point 12), so a sequence of steps 10, 10, 5 is 25 frames long. The edit applies to
// every sequence, or to the one its "@N" names (sequences numbered from 0 as the file holds
// them); sequences without steps are left as they are.
// - retime=F and length=N scale durations: the step boundaries move to round(boundary x F) (or
//   x N / ticks), so retime=2 doubles every delay and retime=1/2 halves them back. A step left
//   no tick is dropped, and said.
// - reverse, trim, delete, insert and loop follow the steps' hold rule (model::retime_track): a
//   step keeps its state and delay byte when it keeps its length, so reverse twice gives the
//   file back byte for byte; a step longer than 254 ticks (FF begins a block) is split.
// Every other byte (blocks not edited, an odd byte after a block's pairs, the images) is kept.

#include <string>
#include <vector>

#include "anmkit/core/expected.hpp"
#include "anmkit/core/limits.hpp"
#include "anmkit/formats/mm2/mm2_file.hpp"
#include "anmkit/model/time_edit.hpp"

namespace anmkit::mm2 {

struct TimeEdited {
  File file;
  bool unchanged = false;          // the edit changes nothing: `file` is the input
  std::vector<std::string> notes;  // what the edit left out
};

// Refused: "@N" past the file's sequences; frames outside a sequence (naming it); a sequence
// that would run past limits.max_frames ticks.
Expected<TimeEdited> edit_time(const File& file, const model::TimeEdit& edit, const ReadLimits& limits);

}  // namespace anmkit::mm2
