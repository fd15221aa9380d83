#include "anmkit/formats/gem/mesh/ply_write.hpp"

#include "anmkit/core/byte_writer.hpp"

namespace anmkit::gem::mesh {
namespace {

void put_name(ByteWriter& w, const std::string& name) {
  w.u8(static_cast<std::uint8_t>(name.size()));
  w.bytes({reinterpret_cast<const std::uint8_t*>(name.data()), name.size()});
}

// The model is well-formed here (find_malformed() said nothing): every size fits its field.
void put_file(ByteWriter& w, const PlyFile& file) {
  w.tag(ply_signature);
  std::array<std::size_t, 9> seen{};
  for (PlyChunkKind kind : file.chunks) {
    const std::size_t k = seen[std::size_t(kind)]++;
    switch (kind) {
      case PlyChunkKind::bounds:
        w.tag("BNDS");
        w.u32s(file.bounds[k]);
        break;
      case PlyChunkKind::skin:
        w.tag("SKIN");
        w.u32(static_cast<std::uint32_t>(file.skins[k].bones.size()));
        for (const std::string& name : file.skins[k].bones) put_name(w, name);
        break;
      case PlyChunkKind::subset: {
        const PlySubset& s = file.subsets[k];
        w.tag("MESH");
        w.u32(s.fvf);
        w.u32(s.first_triangle);
        w.u32(s.triangle_count);
        w.u32(s.flags);
        if (s.color) w.u32(*s.color);
        put_name(w, s.material);
        if (s.palette) {
          w.u8(static_cast<std::uint8_t>(s.palette->size()));
          w.bytes(*s.palette);
        }
        break;
      }
      case PlyChunkKind::vertices: {
        const PlyVertices& v = file.vertex_chunks[k];
        w.tag("VERT");
        w.u32(v.count);
        w.u16(v.stride);
        w.u16(v.flags);
        w.bytes(v.data);
        break;
      }
      case PlyChunkKind::indices: {
        const PlyIndices& i = file.index_chunks[k];
        w.tag(chunk_tag(kind, i.wide));
        w.u32(static_cast<std::uint32_t>(i.values.size()));
        if (i.wide) {
          w.u32s(i.values);
        } else {
          for (std::uint32_t value : i.values) w.u16(static_cast<std::uint16_t>(value));
        }
        break;
      }
      case PlyChunkKind::mirror: w.tag("MROR"); break;
      case PlyChunkKind::adjacency:
        w.tag("ADJA");
        w.u32(static_cast<std::uint32_t>(file.adjacency[k].size() / 6));
        w.bytes(file.adjacency[k]);
        break;
      case PlyChunkKind::shadow:
        w.tag("SHDW");
        w.u32(static_cast<std::uint32_t>(file.shadow[k].size()));
        w.bytes(file.shadow[k]);
        break;
      case PlyChunkKind::basis:
        w.tag("BAS2");
        w.u32s(file.basis[k]);
        break;
    }
  }
}

[[noreturn]] void fail(const Malformed& bad) {
  Error e = make_error(ErrorCode::invalid_model, bad.message);
  e.pointer = bad.pointer;
  throw ErrorException{std::move(e)};
}

}  // namespace

Expected<std::size_t> ply_encoded_size(const PlyFile& file) {
  return catch_errors([&] {
    if (auto bad = find_malformed(file)) fail(*bad);
    ByteWriter counter = ByteWriter::counting();
    put_file(counter, file);
    return counter.size();
  });
}

Expected<std::vector<std::uint8_t>> write_ply(const PlyFile& file) {
  auto size = ply_encoded_size(file);
  if (!size) return size.error();
  ByteWriter w;
  w.reserve(*size);
  put_file(w, file);
  return w.take();
}

}  // namespace anmkit::gem::mesh
