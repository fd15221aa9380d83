// The texture decoders where their libraries are not (the WebAssembly build: libsquish is the
// host's compiled library): the headers are still read (read_dds_layout, read_tga_header), the
// pictures are refused.

#include "anmkit/image/texture_dds.hpp"
#include "anmkit/image/texture_tga.hpp"

namespace anmkit::texture {
namespace {

Error not_in_this_build(std::string_view what) {
  return make_error(ErrorCode::unsupported,
                    std::string(what) + " textures are not decoded in this build (it has no texture decoders); "
                                        "the command-line tool and the native library decode them");
}

}  // namespace

Expected<Image> decode_dds(std::span<const std::uint8_t> bytes, const ReadLimits& limits) {
  auto layout = read_dds_layout(bytes, limits);
  if (!layout) return std::move(layout.error());
  return not_in_this_build("DDS");
}

Expected<Image> decode_tga(std::span<const std::uint8_t> bytes, const ReadLimits& limits) {
  auto header = read_tga_header(bytes, limits);
  if (!header) return std::move(header.error());
  return not_in_this_build("TGA");
}

}  // namespace anmkit::texture
