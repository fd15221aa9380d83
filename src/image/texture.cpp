#include "anmkit/image/texture.hpp"

#include <fmt/format.h>

#include "anmkit/image/texture_dds.hpp"
#include "anmkit/image/texture_tga.hpp"
#include "texture_checks.hpp"

namespace anmkit::texture {
namespace detail {

Expected<void> check_input_size(std::string_view what, std::span<const std::uint8_t> bytes, const ReadLimits& limits) {
  if (bytes.size() > limits.max_input_bytes) {
    return make_error(ErrorCode::too_large,
                      past_limit(fmt::format("a {} of {} bytes is more than the limit of {} bytes", what, bytes.size(),
                                             limits.max_input_bytes),
                                 "limits.max_input_bytes"),
                      limits.max_input_bytes);  // the first byte past the limit
  }
  return {};
}

Expected<void> check_picture_size(std::string_view what, std::uint64_t width, std::uint64_t height, std::uint64_t offset,
                                  const ReadLimits& limits) {
  if (width == 0 || height == 0) {
    return make_error(ErrorCode::bad_value, fmt::format("{} of {}x{} pixels: a texture has at least one pixel", what, width, height),
                      offset);
  }
  // Each side fits in 32 bits (both formats store them so): the product cannot overflow.
  const std::uint64_t pixels = width * height;
  if (pixels > limits.max_pixels) {
    return make_error(ErrorCode::too_large,
                      past_limit(fmt::format("{} of {}x{} pixels is more than the limit of {} pixels", what, width, height,
                                             limits.max_pixels),
                                 "limits.max_pixels"),
                      offset);
  }
  if (pixels > max_decodable_pixels) {
    return make_error(ErrorCode::unsupported,
                      fmt::format("{} of {}x{} pixels is more than the {} pixels (16384 x 16384) a texture may have here",
                                  what, width, height, max_decodable_pixels),
                      offset);
  }
  return {};
}

}  // namespace detail

bool texture_decoders_available() {
#ifdef ANMKIT_NO_TEXTURE_DECODERS
  return false;
#else
  return true;
#endif
}

std::string_view kind_name(Kind kind) {
  switch (kind) {
    case Kind::dds: return "DDS";
    case Kind::tga: return "TGA";
    case Kind::unknown: break;
  }
  return "unknown";
}

Kind detect_texture(std::span<const std::uint8_t> bytes) {
  if (bytes.size() >= 4 && bytes[0] == 'D' && bytes[1] == 'D' && bytes[2] == 'S' && bytes[3] == ' ') return Kind::dds;
  if (bytes.size() < 18) return Kind::unknown;
  // TGA: colour-map type, image type, colour-map entry size, size, pixel depth, descriptor.
  const std::uint8_t map_type = bytes[1], image_type = bytes[2], map_bits = bytes[7];
  const unsigned width = bytes[12] | unsigned(bytes[13]) << 8, height = bytes[14] | unsigned(bytes[15]) << 8;
  const std::uint8_t depth = bytes[16], descriptor = bytes[17];
  const bool mapped = image_type == 1 || image_type == 9;
  const bool unmapped = image_type == 2 || image_type == 3 || image_type == 10 || image_type == 11;
  if (map_type > 1 || !(mapped || unmapped) || (mapped && map_type != 1)) return Kind::unknown;
  if (map_type == 1 && map_bits != 15 && map_bits != 16 && map_bits != 24 && map_bits != 32) return Kind::unknown;
  if (width == 0 || height == 0) return Kind::unknown;
  if (depth != 8 && depth != 15 && depth != 16 && depth != 24 && depth != 32) return Kind::unknown;
  if ((descriptor & 0x0f) > 8) return Kind::unknown;  // alpha bits: at most 8
  return Kind::tga;
}

Expected<Image> decode_texture(std::span<const std::uint8_t> bytes, const ReadLimits& limits) {
  switch (detect_texture(bytes)) {
    case Kind::dds: return decode_dds(bytes, limits);
    case Kind::tga: return decode_tga(bytes, limits);
    case Kind::unknown: break;
  }
  return make_error(ErrorCode::unknown_format, "not a texture this library reads (DDS or TGA)", 0);
}

}  // namespace anmkit::texture
