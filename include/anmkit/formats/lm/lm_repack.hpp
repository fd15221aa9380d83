#pragma once
// The canonical LM writer for edited files: header, node groups, then the scale, rotation and
// translation arrays, no padding (notes point 8); identical constants and identical key runs
// stored once and shared, as the game's own tools do. Every track's data keeps its bits, so the
// pose at every frame is unchanged. Version, loop, padding and frame count are kept.

#include "anmkit/core/expected.hpp"
#include "anmkit/formats/lm/lm_curves.hpp"
#include "anmkit/formats/lm/lm_file.hpp"

namespace anmkit::lm {

// Fails when a track's data lies past the end of the file, or when an array would exceed the
// 65536 floats that 16-bit track indices address.
Expected<File> repack(const File& file);

// The same layout for tracks given as data (track_data's shape, by node and slot): `file` gives
// the header and each track's count and flag, which must match its data's length.
Expected<File> pack(const File& file, const std::vector<TrackData>& data);

}  // namespace anmkit::lm
