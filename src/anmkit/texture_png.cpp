// Textures for glTF: decoded by the image layer, encoded as PNG (glTF's core takes PNG or JPEG).

#include "anmkit/image/png.hpp"
#include "anmkit/image/texture.hpp"
#include "figure_export.hpp"

namespace anmkit::detail {

Expected<std::vector<std::uint8_t>> decode_texture_file(std::span<const std::uint8_t> file, const ReadLimits& limits,
                                                        model::Texture& texture, bool png_too) {
  auto image = texture::decode_texture(file, limits);
  if (!image) return image.error();
  std::vector<std::uint8_t> encoded;
  if (png_too) {
    auto png = png::encode_rgba(image->width, image->height, image->rgba);
    if (!png) return png.error();
    encoded = std::move(*png);
  }
  texture.width = image->width;
  texture.height = image->height;
  texture.rgba = std::move(image->rgba);
  return encoded;
}

}  // namespace anmkit::detail
