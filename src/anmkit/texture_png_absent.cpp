// Textures in a build without PNG (WebAssembly: no libspng): decoded as the image layer can
// (refused where its decoders are absent too), never encoded; glTF export then draws the
// materials without them, saying so.

#include "anmkit/image/texture.hpp"
#include "figure_export.hpp"

namespace anmkit::detail {

Expected<std::vector<std::uint8_t>> decode_texture_file(std::span<const std::uint8_t> file, const ReadLimits& limits,
                                                        model::Texture& texture, bool png) {
  if (png) return make_error(ErrorCode::unsupported, "textures are not written as PNG in this build");
  auto image = texture::decode_texture(file, limits);
  if (!image) return image.error();
  texture.width = image->width;
  texture.height = image->height;
  texture.rgba = std::move(image->rgba);
  return std::vector<std::uint8_t>();
}

}  // namespace anmkit::detail
