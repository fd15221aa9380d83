#pragma once
// Time edits of an LM file (model/time_edit.hpp) on its Hermite curves (notes point 10).
//
// An LM file's keys lie on a continuous timeline from 0 to its frame count T: a looping file
// shows frames 0 .. T - 1 and wraps at T, one that does not loop shows 0 .. T. The edits' frame
// numbers are those frames.
// - reverse moves a key at t to T - t, its slopes negated and swapped (in for out); retime and
//   length scale key times by T' / T (T' the new count, a whole frame) and divide slopes by it.
//   Both move every key and add none, so reverse twice, or retime=2 then retime=1/2, give the
//   keys back bit for bit.
// - trim, delete, insert and loop cut the curves. Where a cut falls between keys, a key with the
//   curve's value and slopes there is added (a cubic cut anywhere is the same cubic), so every
//   frame the result keeps shows what it showed, to a float's rounding. Frames that delete
//   brings together are joined by a curve that leaves the first with its slope and reaches the
//   second with its own; inserted frames hold the pose before them; loop adds a frame that
//   reaches frame 0's pose. A held pose needs a key whose slope in differs from its slope out:
//   its track gets flag 0x80 (four floats a key), which is said.
// Tracks without keys (default, constant) are unchanged. An edited file is written canonically
// (lm::repack); an edit that changes nothing returns the file as it was.

#include <string>
#include <vector>

#include "anmkit/core/expected.hpp"
#include "anmkit/core/limits.hpp"
#include "anmkit/formats/lm/lm_file.hpp"
#include "anmkit/model/time_edit.hpp"

namespace anmkit::lm {

struct TimeEdited {
  File file;
  bool unchanged = false;          // the edit changes nothing: `file` is the input
  std::vector<std::string> notes;  // what the edit left out or changed besides the keys' times
};

// Refused, naming the track and its byte offset: keys whose frames are not numbers or do not
// ascend (validate says which), a track whose unknown flag leaves no room for a slope out, a
// track past 65535 keys, an array past the 65536 floats its indices reach; and a result past
// limits.max_frames.
Expected<TimeEdited> edit_time(const File& file, const model::TimeEdit& edit, const ReadLimits& limits);

}  // namespace anmkit::lm
