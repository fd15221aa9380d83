#pragma once

#include <cstdint>
#include <span>

#include "anmkit/core/expected.hpp"
#include "anmkit/core/limits.hpp"
#include "anmkit/formats/mm2/mm2_file.hpp"

namespace anmkit::mm2 {

bool looks_like_mm2(std::span<const std::uint8_t> bytes);  // magic 00 00 54 56

// Finds the image chunk structurally (notes point 6): the first FF of the sequence section whose
// following header is plausible (1..12 frames, sizes > 0) and whose pixel streams decode to
// exactly the end of the file. A block starting with frame 0 (FF 00 ..) is never taken for it.
Expected<File> read(std::span<const std::uint8_t> bytes, const ReadLimits& limits = {});

// Each frame's decoded planes (5 * ras_size bytes).
Expected<std::vector<Bytes>> decode_all_planes(const File& file);

}  // namespace anmkit::mm2
