#pragma once
// Truevision TGA (.tga) textures: the header and the run-length packets checked by our own code,
// the pixels decoded by stb_image.
//
// Accepted: true-colour images (type 2, uncompressed; type 10, run-length encoded) of 24 or 32
// bits per pixel, stored bottom-up or top-down, left-to-right or right-to-left (the descriptor's
// bits 5 and 4); 32-bit pixels keep their fourth byte as alpha, whatever the descriptor's count
// of alpha bits says. Refused, each with its own message: colour-mapped and greyscale images,
// other pixel depths, interleaved rows. The pixel data must hold every pixel (a truncated file
// fails naming the byte where the data ends); bytes after it (a TGA 2.0 footer) are ignored.

#include <cstdint>
#include <span>

#include "anmkit/core/expected.hpp"
#include "anmkit/core/limits.hpp"
#include "anmkit/image/texture.hpp"

namespace anmkit::texture {

struct TgaHeader {
  std::uint32_t width = 0, height = 0;
  std::uint32_t bits_per_pixel = 0;   // 24 or 32
  std::uint32_t alpha_bits = 0;       // as the descriptor says (not used: see above)
  bool run_length = false;            // image type 10
  bool top_down = false;              // descriptor bit 5: the first row stored is the top one
  bool right_to_left = false;         // descriptor bit 4
  std::uint64_t data_offset = 0;      // where the pixel data starts (after the image ID)
  std::uint64_t data_end = 0;         // where it ends: every pixel is within the bytes
};

// The header checked against `limits`, and the pixel data walked (the run-length packets counted,
// nothing decoded or allocated) to make sure every pixel is there.
Expected<TgaHeader> read_tga_header(std::span<const std::uint8_t> bytes, const ReadLimits& limits = {});

// The picture, decoded, top row first.
Expected<Image> decode_tga(std::span<const std::uint8_t> bytes, const ReadLimits& limits = {});

}  // namespace anmkit::texture
