#include "anmkit/formats/gem/mesh/mtl_write.hpp"

namespace anmkit::gem::mesh {

Expected<std::vector<std::uint8_t>> write_mtl(const MtlFile& file) { return write_brace_text(file); }

}  // namespace anmkit::gem::mesh
