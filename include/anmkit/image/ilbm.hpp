#pragma once
// IFF ILBM, the Amiga's own picture format: BMHD, CMAP and an uncompressed, interleaved BODY, so
// Amiga tools and netpbm's ilbmtoppm open it. Written by hand: it is a few dozen bytes of header.

#include <cstdint>
#include <vector>

#include "anmkit/core/expected.hpp"
#include "anmkit/model/sprite.hpp"

namespace anmkit::ilbm {

// `planes` bitplanes (pens must be below 2^planes); pen `transparent` is the transparent colour
// (masking mskHasTransparentColor).
Expected<std::vector<std::uint8_t>> encode(const model::IndexedImage& image, const std::vector<model::Color>& palette,
                                           std::size_t planes = 5, std::uint16_t transparent = 0);

}  // namespace anmkit::ilbm
