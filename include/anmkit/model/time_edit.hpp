#pragma once
// Time edits of a sequence (retime, trim, reverse, insert and delete frames, a loop seam), as one
// description that every front end builds and every format applies to its own keys.
//
// An edit is a map from the new sequence's frames to the old one's: frame g of the result shows
// the pose of frame source(g). A format whose pose at a frame is the last key at or before it
// (GEM's hold rule, MM2's steps) applies a map exactly with retime_track(): a key moves to the
// first new frame that shows it, keeps its bytes, and no value is invented. The maps are made of
// a few linear pieces, so applying one costs the keys, not the frames.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "anmkit/core/expected.hpp"

namespace anmkit::model {

struct TimeEdit {
  enum class Kind : std::uint8_t {
    retime,   // to `length` frames, or by numerator / denominator (then length is 0)
    trim,     // keep frames first .. last
    reverse,  // play backwards
    insert,   // `count` frames before frame `first`, holding the pose of the frame before it
    remove,   // delete frames first .. last
    loop,     // a last frame equal to the first, added unless the last already is
  };
  Kind kind = Kind::reverse;
  std::uint64_t first = 0, last = 0;  // trim, remove: a frame range, both included; insert: first
  std::uint64_t count = 0;            // insert
  std::uint64_t length = 0;           // retime to a length
  std::uint64_t numerator = 1, denominator = 1;  // retime by a factor
  // The one sequence to edit, in a file that holds several (MM2): "EDIT@N". Unset: every one.
  // Formats whose files hold one sequence take @0 only.
  std::optional<std::uint32_t> sequence;
  friend bool operator==(const TimeEdit&, const TimeEdit&) = default;
};

// Reads an edit as the command line and the C API spell it: "reverse", "loop", "retime=2",
// "retime=1/2", "retime=0.75", "length=81", "trim=10:40", "delete=0:0", "insert=10:5" (5 frames
// before frame 10), each optionally followed by "@N", the sequence it edits. Errors say what was
// expected.
Expected<TimeEdit> parse_time_edit(std::string_view text);
// The same words back ("retime=1/2"), for messages and summaries.
std::string time_edit_text(const TimeEdit& edit);
// What parse_time_edit accepts, one line each, for help texts.
std::string_view time_edit_help();
// Refused unless `edit` names no sequence or sequence 0: for formats whose files hold one.
Expected<void> check_one_sequence(const TimeEdit& edit, std::string_view format_title);

// One linear piece of a map: new frames [begin, end) show source frames
//   forward:  from + (g - begin)        backward: from - (g - begin)
//   hold:     from                      scaled:   floor(g * numerator / denominator)
struct FramePiece {
  enum class Kind : std::uint8_t { forward, backward, hold, scaled };
  Kind kind = Kind::forward;
  std::uint64_t begin = 0, end = 0;
  std::uint64_t from = 0;
  std::uint64_t numerator = 1, denominator = 1;
};

class FrameMap {
 public:
  // The map of `edit` on a sequence of `frame_count` frames (at least 1), whose result may have at
  // most `max_frames`. Errors name the edit and the frames the sequence has.
  static Expected<FrameMap> of(const TimeEdit& edit, std::uint64_t frame_count, std::uint64_t max_frames);

  std::uint64_t source_frames() const { return source_frames_; }
  std::uint64_t frame_count() const { return frame_count_; }
  std::uint64_t source(std::uint64_t frame) const;  // frame < frame_count()
  bool identity() const;
  const std::vector<FramePiece>& pieces() const { return pieces_; }

 private:
  std::uint64_t source_frames_ = 0, frame_count_ = 0;
  std::vector<FramePiece> pieces_;
};

// One track's keys under the hold rule: `frames` ascending and distinct (each below the map's
// source frames), key i governs frames [frames[i], frames[i + 1]). The result lists, ascending,
// each new frame at which the key governing it changes, with that key's index. A key governing no
// new frame is not listed. When the new sequence reaches frames before the track's first key after
// frames of a key (the rest pose, which no key states), `back_to_rest` is that new frame.
struct MovedKey {
  std::uint64_t frame = 0;
  std::size_t key = 0;
  friend bool operator==(const MovedKey&, const MovedKey&) = default;
};
struct RetimedTrack {
  std::vector<MovedKey> keys;
  std::optional<std::uint64_t> back_to_rest;
};
RetimedTrack retime_track(const std::vector<std::uint64_t>& frames, const FrameMap& map);

// The key governing `frame` under the hold rule: the last of `frames` at or before it.
std::optional<std::size_t> governing_key(const std::vector<std::uint64_t>& frames, std::uint64_t frame);

}  // namespace anmkit::model
