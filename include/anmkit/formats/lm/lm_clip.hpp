#pragma once
// LM <-> the neutral clip (model/clip.hpp), and the `.bin` scene graph as a skeleton.
//
// Reading is exact: each node's scale, rotation and translation become hermite tracks whose keys
// sit at the union of the three axes' key frames. An axis keyed elsewhere is split there: a
// cubic Hermite segment cut at any frame is the same cubic on each side, so the value and the
// one-sided slopes at the cut reproduce it; before its first key and after its last an axis is
// constant (slope 0). Rotations become Euler tracks in radians.
//
// Writing fits each axis on its own: hermite tracks keep their keys, anything else is sampled
// at every whole frame with slopes through the neighbours (central differences); then keys are
// dropped while the curve stays within the tolerance of the original at every key frame and
// between keys (unless `dense`). Axes that never move are written as constants, or left empty
// at their default (scale 1, rotation 0, translation 0).

#include <cstdint>

#include "anmkit/core/expected.hpp"
#include "anmkit/formats/lm/lm_bin.hpp"
#include "anmkit/formats/lm/lm_curves.hpp"
#include "anmkit/formats/lm/lm_file.hpp"
#include "anmkit/model/clip.hpp"
#include "anmkit/model/skeleton.hpp"

namespace anmkit::lm {

// Nodes are named node_<index>. A looping file of frame count N shows frames 0 .. N - 1 and
// wraps (clip frame_count N); any other shows 0 .. N and stops (frame_count N + 1).
// Fails when a track's data lies past the end of the file.
Expected<model::Clip> to_clip(const File& file, RotationUnit unit, double fps = model::default_fps);

// The scene graph's nodes: parent from the walk (a parent that does not come first is dropped,
// the node becomes a root), rest rotation from degrees (Rz * Ry * Rx).
model::Skeleton to_skeleton(const SceneGraph& graph);

struct WriteOptions {
  RotationUnit unit = RotationUnit::degrees;
  double tolerance = 1e-6;  // in the value's unit; rotations in radians
  bool dense = false;       // one key a frame on every moving axis, no reduction
  std::uint8_t version = 2;
};

// Fails when the clip has more than 65535 keys on one axis or the arrays would pass the 65536
// floats that 16-bit indices address. The result is repacked (identical runs shared).
Expected<File> from_clip(const model::Clip& clip, const WriteOptions& options);

}  // namespace anmkit::lm
