#pragma once
// DirectDraw Surface (.dds) textures: the header and its mip chain read by our own checked code,
// the top level's DXTn blocks decoded by libsquish.
//
// Accepted: 2D textures in DXT1 (BC1, its 1-bit alpha included), DXT3 (BC2) or DXT5 (BC3), or
// uncompressed 24- or 32-bit RGB(A) whose channel masks are whole bytes (A8R8G8B8, X8R8G8B8,
// A8B8G8R8, R8G8B8, ...), with or without mipmaps. Refused, each with its own message: cube maps,
// volume textures, the DX10 extended header (DXGI formats), premultiplied DXT2/DXT4, and every
// other pixel format. Every level the header declares must lie within the bytes (a truncated
// file fails naming the level, the bytes it needs and where the file ends); bytes after the last
// level are ignored.

#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "anmkit/core/expected.hpp"
#include "anmkit/core/limits.hpp"
#include "anmkit/image/texture.hpp"

namespace anmkit::texture {

enum class DdsEncoding { dxt1, dxt3, dxt5, rgb };

std::string_view encoding_name(DdsEncoding encoding);  // "DXT1", "DXT3", "DXT5", "RGB"

struct DdsLevel {
  std::uint32_t width = 0, height = 0;
  std::uint64_t offset = 0, size = 0;  // where its bytes are in the file
};

struct DdsLayout {
  std::uint32_t width = 0, height = 0;
  DdsEncoding encoding = DdsEncoding::dxt1;
  // Uncompressed only: bits per pixel (24 or 32) and each channel's byte within a pixel
  // (-1 for an alpha the file does not have: alpha 255).
  std::uint32_t bits_per_pixel = 0;
  std::array<int, 4> channel_byte{-1, -1, -1, -1};  // red, green, blue, alpha
  std::vector<DdsLevel> levels;  // the top level first; one when the file has no mipmaps
};

// The header checked and the place of every level it declares, each within `bytes`; nothing is
// decoded. Sizes past `limits` are refused here.
Expected<DdsLayout> read_dds_layout(std::span<const std::uint8_t> bytes, const ReadLimits& limits = {});

// The top level, decoded.
Expected<Image> decode_dds(std::span<const std::uint8_t> bytes, const ReadLimits& limits = {});

}  // namespace anmkit::texture
