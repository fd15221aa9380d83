#include "anmkit/formats/gem/mesh/ply_read.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "anmkit/core/byte_reader.hpp"

namespace anmkit::gem::mesh {
namespace {

constexpr std::string_view chunk_list = "a mesh chunk (BNDS, SKIN, MESH, VERT, INDX, IND4, MROR, ADJA, SHDW or BAS2)";

std::string name_bytes(ByteReader& r, std::string_view length_what, std::string_view what) {
  const std::uint8_t length = r.u8(length_what);
  const auto bytes = r.bytes(length, what);
  return std::string(bytes.begin(), bytes.end());
}

void read_skin(ByteReader& r, PlyFile& file, const ReadLimits& limits) {
  const std::uint32_t count = r.u32("SKIN bone count");
  if (count > limits.max_bones) {
    r.fail_at(r.offset() - 4, ErrorCode::too_large,
              past_limit(fmt::format("SKIN bone count {} exceeds the limit of {} bones", count, limits.max_bones),
                         "limits.max_bones"));
  }
  r.check_count(count, 1, "SKIN bone count");
  PlySkin skin;
  skin.bones.reserve(count);
  for (std::uint32_t i = 0; i < count; ++i) {
    skin.bones.push_back(name_bytes(r, fmt::format("length of SKIN name {}", i), fmt::format("SKIN name {}", i)));
  }
  file.skins.push_back(std::move(skin));
}

void read_subset(ByteReader& r, PlyFile& file) {
  PlySubset s;
  s.fvf = r.u32("MESH fvf");
  s.first_triangle = r.u32("MESH first triangle");
  s.triangle_count = r.u32("MESH triangle count");
  s.flags = r.u32("MESH flags");
  if (s.flags & subset_flag::specular) s.color = r.u32("MESH colour (flags 0x0200)");
  s.material = name_bytes(r, "length of the MESH material name", "MESH material name");
  if (s.flags & subset_flag::subskin) {
    const std::uint8_t count = r.u8("MESH palette count (flags 0x0800)");
    const auto palette = r.bytes(count, "MESH palette");
    s.palette = Bytes(palette.begin(), palette.end());
  }
  file.subsets.push_back(std::move(s));
}

void read_vertices(ByteReader& r, PlyFile& file) {
  PlyVertices v;
  v.count = r.u32("VERT vertex count");
  v.stride = r.u16("VERT stride");
  v.flags = r.u16("VERT flags");
  r.check_count(v.count, v.stride, fmt::format("VERT vertex count (of {} bytes each)", v.stride));
  const auto data = r.bytes(std::size_t(v.count) * v.stride, "VERT vertex records");
  v.data.assign(data.begin(), data.end());
  file.vertex_chunks.push_back(std::move(v));
}

void read_indices(ByteReader& r, PlyFile& file, bool wide) {
  PlyIndices indices;
  indices.wide = wide;
  const std::uint32_t count = r.u32(wide ? "IND4 index count" : "INDX index count");
  r.check_count(count, wide ? 4 : 2, wide ? "IND4 index count" : "INDX index count");
  const auto data = r.bytes(std::size_t(count) * (wide ? 4 : 2), wide ? "IND4 indices" : "INDX indices");
  indices.values.resize(count);
  const std::uint8_t* p = data.data();
  for (std::uint32_t& value : indices.values) {
    value = wide ? std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 | std::uint32_t(p[3]) << 24
                 : std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8;
    p += wide ? 4 : 2;
  }
  file.index_chunks.push_back(std::move(indices));
}

Bytes counted_bytes(ByteReader& r, std::size_t element_size, std::string_view count_what, std::string_view what) {
  const std::uint32_t count = r.u32(count_what);
  r.check_count(count, element_size, count_what);
  const auto data = r.bytes(std::size_t(count) * element_size, what);
  return Bytes(data.begin(), data.end());
}

PlyFile read_model(ByteReader& r, const ReadLimits& limits) {
  if (r.next_tag_is("BPLY")) {
    r.fail_at(0, ErrorCode::unsupported, "a BPLY map mesh: not supported (anmkit reads EPLY vehicle and prop meshes)");
  }
  r.expect_signature(ply_signature, "a GEM mesh");
  PlyFile file;
  while (!r.at_end()) {
    const std::size_t at = r.offset();
    const auto tag = r.tag("chunk tag");
    const std::string_view t(tag.data(), tag.size());
    if (t == "BNDS") {
      file.bounds.push_back(r.u32_array<6>("BNDS bounds (6 floats)"));
      file.chunks.push_back(PlyChunkKind::bounds);
    } else if (t == "SKIN") {
      read_skin(r, file, limits);
      file.chunks.push_back(PlyChunkKind::skin);
    } else if (t == "MESH") {
      read_subset(r, file);
      file.chunks.push_back(PlyChunkKind::subset);
    } else if (t == "VERT") {
      read_vertices(r, file);
      file.chunks.push_back(PlyChunkKind::vertices);
    } else if (t == "INDX" || t == "IND4") {
      read_indices(r, file, t == "IND4");
      file.chunks.push_back(PlyChunkKind::indices);
    } else if (t == "MROR") {
      file.chunks.push_back(PlyChunkKind::mirror);
    } else if (t == "ADJA") {
      file.adjacency.push_back(counted_bytes(r, 6, "ADJA triangle count", "ADJA neighbours (3 i16 a triangle)"));
      file.chunks.push_back(PlyChunkKind::adjacency);
    } else if (t == "SHDW") {
      file.shadow.push_back(counted_bytes(r, 1, "SHDW byte count", "SHDW bytes"));
      file.chunks.push_back(PlyChunkKind::shadow);
    } else if (t == "BAS2") {
      file.basis.push_back(r.u32_array<12>("BAS2 (12 floats)"));
      file.chunks.push_back(PlyChunkKind::basis);
    } else {
      r.fail_at(at, ErrorCode::unknown_chunk,
                fmt::format("expected {} or the end of the file, found '{}'{}", chunk_list,
                            tag_for_message({reinterpret_cast<const std::uint8_t*>(tag.data()), tag.size()}),
                            t == "SUBM" ? " (a BPLY map mesh's subset: not supported)" : ""));
    }
  }
  return file;
}

}  // namespace

bool looks_like_ply(std::span<const std::uint8_t> bytes) {
  const ByteReader r(bytes);
  return r.next_tag_is("EPLY") || r.next_tag_is("BPLY");
}

Expected<PlyFile> read_ply(std::span<const std::uint8_t> bytes, const ReadLimits& limits) {
  if (auto size = check_input_size(bytes.size(), limits); !size) return size.error();
  return catch_errors([&] {
    ByteReader r(bytes);
    return read_model(r, limits);
  });
}

}  // namespace anmkit::gem::mesh
