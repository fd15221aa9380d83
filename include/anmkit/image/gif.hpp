#pragma once
// Animated GIF out (giflib): indexed frames over one palette, a transparent pen, looping forever.

#include <cstdint>
#include <vector>

#include "anmkit/core/expected.hpp"
#include "anmkit/model/sprite.hpp"

namespace anmkit::gif {

// Delays in centiseconds for steps of `ticks` at `tick_hz`, rounding carried from frame to frame
// so that every prefix of the animation ends on the exact time rounded to the centisecond.
std::vector<std::uint16_t> centisecond_delays(const std::vector<std::uint32_t>& ticks, double tick_hz);

// `palette` has up to 256 colours; pen `transparent` is the transparent colour. Frames replace
// each other (disposal: restore to background), and the animation loops forever.
Expected<std::vector<std::uint8_t>> encode(const std::vector<model::IndexedImage>& frames,
                                           const std::vector<std::uint16_t>& delays_cs,
                                           const std::vector<model::Color>& palette, int transparent = 0);
// The same, with frames that may show one image several times.
Expected<std::vector<std::uint8_t>> encode(const std::vector<const model::IndexedImage*>& frames,
                                           const std::vector<std::uint16_t>& delays_cs,
                                           const std::vector<model::Color>& palette, int transparent = 0);

}  // namespace anmkit::gif
