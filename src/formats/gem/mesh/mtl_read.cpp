#include "anmkit/formats/gem/mesh/mtl_read.hpp"

namespace anmkit::gem::mesh {

Expected<MtlFile> read_mtl(std::span<const std::uint8_t> bytes, const ReadLimits& limits) {
  return read_brace_text(bytes, limits, mtl_max_depth);
}

}  // namespace anmkit::gem::mesh
