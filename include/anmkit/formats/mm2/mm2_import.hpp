#pragma once
// Edited frame images back into a game file (issue 4, Import): each stored frame may be replaced
// by an image; the rest of the file comes from the base. Unedited frames keep their stored
// streams byte for byte; a changed frame is encoded with the greedy rule.

#include <map>
#include <string>
#include <vector>

#include "anmkit/core/expected.hpp"
#include "anmkit/formats/mm2/mm2_file.hpp"
#include "anmkit/model/sprite.hpp"

namespace anmkit::mm2 {

struct ImportOptions {
  bool remap = false;   // map colours not in the palette to the nearest pen instead of failing
  // Accept a new frame size: the frame info and its prelude rectangle follow, and the rectangle
  // must still fit the base picture (else refused). When every stored frame comes back the same
  // whole number of times its size, the rectangles are scaled with them.
  bool resize = false;
  // The pictures are this many times the frames (an export at that scale): each block of scale
  // x scale pixels must be one colour, and it becomes one pixel. 0: found from the pictures (the
  // one whole factor every picture is of its frame, in blocks of one colour), else 1.
  std::size_t scale = 1;
};

// `images`: stored frame index -> a decoded picture and the file name to put in messages.
// Indexed pictures give pen numbers directly; others map each colour to the palette exactly
// (alpha 0 is pen 0; an opaque colour takes the lowest pen from 1 up that has it).
struct FrameImage {
  std::string name;
  model::Picture picture;
};
Expected<File> import_frames(const File& base, const std::map<std::size_t, FrameImage>& images, const ImportOptions& options);

}  // namespace anmkit::mm2
