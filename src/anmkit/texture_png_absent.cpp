// Textures for glTF in a build without the image layer's decoders and PNG (WebAssembly): refused,
// saying so; the meshes are drawn without them.

#include "figure_export.hpp"

namespace anmkit::detail {

Expected<std::vector<std::uint8_t>> decode_texture_file(std::span<const std::uint8_t>, const ReadLimits&, model::Texture&, bool) {
  return make_error(ErrorCode::unsupported, "textures are not decoded in this build");
}

}  // namespace anmkit::detail
