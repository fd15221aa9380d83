// TGA decoding by stb_image (Debian's libstb-dev: its header, compiled here), on a file whose
// header and pixel data read_tga_header() checked. stb_image is built for TGA alone, with every
// function static to this file (no clash with another copy of stb_image in a program), reading
// from memory only. It turns bottom-up files top-down itself (descriptor bit 5 clear: it flips
// the rows), converts BGR(A) to RGBA and adds alpha 255 to 24-bit pixels; it ignores bit 4
// (right-to-left), which is honoured here by mirroring each row.

#include <climits>
#include <memory>

#include <fmt/format.h>

#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_TGA
#define STBI_NO_STDIO
#define STBI_NO_LINEAR
#define STBI_NO_HDR
#define STBI_MAX_DIMENSIONS 65535  // a TGA's sides are 16-bit; ours are checked against the limits first
#include <stb_image.h>

#include "anmkit/core/guard.hpp"
#include "anmkit/image/texture_tga.hpp"

namespace anmkit::texture {

Expected<Image> decode_tga(std::span<const std::uint8_t> bytes, const ReadLimits& limits) {
  auto header = read_tga_header(bytes, limits);
  if (!header) return std::move(header.error());
  return guard([&]() -> Expected<Image> {
    // Only the header and pixels (no footer); a length in int (at most 5 bytes for each of 2^28 pixels).
    if (header->data_end > std::uint64_t(INT_MAX)) return make_error(ErrorCode::unsupported, "a TGA of more than 2 GiB");
    int width = 0, height = 0, channels = 0;
    std::unique_ptr<stbi_uc, void (*)(void*)> pixels(
        stbi_load_from_memory(bytes.data(), int(header->data_end), &width, &height, &channels, 4), stbi_image_free);
    if (!pixels) {
      const char* why = stbi_failure_reason();
      return make_error(ErrorCode::bad_value, fmt::format("TGA: stb_image: {}", why ? why : "cannot decode"), 0);
    }
    if (std::uint32_t(width) != header->width || std::uint32_t(height) != header->height) {
      return make_error(ErrorCode::internal, fmt::format("TGA: stb_image decoded {}x{} pixels of a {}x{} header", width, height,
                                                         header->width, header->height));
    }
    Image out;
    out.width = header->width;
    out.height = header->height;
    const std::size_t row = std::size_t(out.width) * 4;
    out.rgba.assign(pixels.get(), pixels.get() + row * out.height);
    if (header->right_to_left) {
      for (std::size_t y = 0; y < out.height; ++y) {
        std::uint8_t* line = out.rgba.data() + y * row;
        for (std::size_t a = 0, b = out.width - 1; a < b; ++a, --b) {
          for (std::size_t c = 0; c < 4; ++c) std::swap(line[a * 4 + c], line[b * 4 + c]);
        }
      }
    }
    return out;
  });
}

}  // namespace anmkit::texture
