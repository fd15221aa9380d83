#pragma once
// Textures as a game ships them (DDS, TGA), decoded into one picture type: RGBA8, top row first.
// What each decoder accepts, and how: texture_dds.hpp, texture_tga.hpp, docs/formats/textures.md.

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "anmkit/core/expected.hpp"
#include "anmkit/core/limits.hpp"

namespace anmkit::texture {

// A decoded texture: `width` x `height` pixels, 4 bytes each (red, green, blue, alpha; alpha 255
// where the file has none), rows from the top of the picture down. The top row is v = 0 of
// D3D-style texture coordinates, as in glTF, so UVs go to glTF unchanged.
struct Image {
  std::uint32_t width = 0, height = 0;
  std::vector<std::uint8_t> rgba;  // width * height * 4 bytes
  friend bool operator==(const Image&, const Image&) = default;
};

enum class Kind { unknown, dds, tga };

std::string_view kind_name(Kind kind);  // "DDS", "TGA", "unknown"

// By content: DDS by its signature ("DDS "); TGA, which has none, by an 18-byte header that
// holds together (colour-map type 0 or 1, a known image type, a size, a known pixel depth). A TGA
// header that is wrong in one of those fields is `unknown`; call decode_tga to hear why.
Kind detect_texture(std::span<const std::uint8_t> bytes);

// The texture, as detect_texture() finds it. `limits.max_input_bytes` bounds the input and
// `limits.max_pixels` the picture (width x height), both checked before anything is allocated.
// Fails with unknown_format when the bytes are neither DDS nor TGA.
Expected<Image> decode_texture(std::span<const std::uint8_t> bytes, const ReadLimits& limits = {});

// Whether this build decodes textures (false in the WebAssembly build, whose decoders refuse
// with "not available in this build"; their libraries are the host's).
bool texture_decoders_available();

}  // namespace anmkit::texture
