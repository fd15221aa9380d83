#include "anmkit/formats/gem/mesh/ply_file.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace anmkit::gem::mesh {

std::string subset_flag_names(std::uint32_t flags) {
  static constexpr std::pair<std::uint32_t, const char*> names[] = {
      {subset_flag::two_sided, "two_sided"},       {subset_flag::use_alpha, "use_alpha"},
      {subset_flag::light, "light"},               {subset_flag::player_color, "player_color"},
      {subset_flag::skinned, "skinned"},           {subset_flag::shadow, "shadow"},
      {subset_flag::mirrored, "mirrored"},         {subset_flag::blend_texture, "blend_texture"},
      {subset_flag::bump, "bump"},                 {subset_flag::specular, "specular"},
      {subset_flag::material, "material"},         {subset_flag::subskin, "subskin"},
      {subset_flag::two_textures, "two_textures"}, {subset_flag::vertex_declaration, "vertex_declaration"},
      {subset_flag::lightmap, "lightmap"}};
  std::string out;
  for (auto [bit, name] : names) {
    if (flags & bit) out += fmt::format("{}{}", out.empty() ? "" : "|", name);
  }
  if (flags & ~subset_flag::known) out += fmt::format("{}0x{:08x}", out.empty() ? "" : "|", flags & ~subset_flag::known);
  return out.empty() ? "none" : out;
}

bool PlyFile::mirrored() const {
  return std::find(chunks.begin(), chunks.end(), PlyChunkKind::mirror) != chunks.end();
}

std::string_view chunk_tag(PlyChunkKind kind, bool wide) {
  switch (kind) {
    case PlyChunkKind::bounds: return "BNDS";
    case PlyChunkKind::skin: return "SKIN";
    case PlyChunkKind::subset: return "MESH";
    case PlyChunkKind::vertices: return "VERT";
    case PlyChunkKind::indices: return wide ? "IND4" : "INDX";
    case PlyChunkKind::mirror: return "MROR";
    case PlyChunkKind::adjacency: return "ADJA";
    case PlyChunkKind::shadow: return "SHDW";
    case PlyChunkKind::basis: return "BAS2";
  }
  return "????";
}

std::size_t array_size(const PlyFile& file, PlyChunkKind kind) {
  switch (kind) {
    case PlyChunkKind::bounds: return file.bounds.size();
    case PlyChunkKind::skin: return file.skins.size();
    case PlyChunkKind::subset: return file.subsets.size();
    case PlyChunkKind::vertices: return file.vertex_chunks.size();
    case PlyChunkKind::indices: return file.index_chunks.size();
    case PlyChunkKind::mirror: return std::size_t(std::count(file.chunks.begin(), file.chunks.end(), PlyChunkKind::mirror));
    case PlyChunkKind::adjacency: return file.adjacency.size();
    case PlyChunkKind::shadow: return file.shadow.size();
    case PlyChunkKind::basis: return file.basis.size();
  }
  return 0;
}

std::uint64_t chunk_size(const PlyFile& file, PlyChunkKind kind, std::size_t k) {
  switch (kind) {
    case PlyChunkKind::bounds: return 4 + 24;
    case PlyChunkKind::skin: {
      std::uint64_t size = 4 + 4;
      for (const std::string& name : file.skins[k].bones) size += 1 + name.size();
      return size;
    }
    case PlyChunkKind::subset: {
      const PlySubset& s = file.subsets[k];
      return 4 + 16 + (s.color ? 4 : 0) + 1 + s.material.size() + (s.palette ? 1 + s.palette->size() : 0);
    }
    case PlyChunkKind::vertices: return 4 + 8 + file.vertex_chunks[k].data.size();
    case PlyChunkKind::indices: {
      const PlyIndices& i = file.index_chunks[k];
      return 4 + 4 + std::uint64_t(i.values.size()) * (i.wide ? 4 : 2);
    }
    case PlyChunkKind::mirror: return 4;
    case PlyChunkKind::adjacency: return 4 + 4 + file.adjacency[k].size();
    case PlyChunkKind::shadow: return 4 + 4 + file.shadow[k].size();
    case PlyChunkKind::basis: return 4 + 48;
  }
  return 0;
}

std::vector<std::uint64_t> chunk_offsets(const PlyFile& file) {
  std::vector<std::uint64_t> out;
  out.reserve(file.chunks.size());
  std::array<std::size_t, 9> seen{};
  std::uint64_t offset = ply_signature.size();
  for (PlyChunkKind kind : file.chunks) {
    out.push_back(offset);
    offset += chunk_size(file, kind, seen[std::size_t(kind)]++);
  }
  return out;
}

std::optional<std::size_t> chunk_position(const PlyFile& file, PlyChunkKind kind, std::size_t k) {
  std::size_t seen = 0;
  for (std::size_t i = 0; i < file.chunks.size(); ++i) {
    if (file.chunks[i] == kind && seen++ == k) return i;
  }
  return std::nullopt;
}

std::optional<Malformed> find_malformed(const PlyFile& file) {
  static constexpr PlyChunkKind kinds[] = {PlyChunkKind::bounds,  PlyChunkKind::skin,    PlyChunkKind::subset,
                                           PlyChunkKind::vertices, PlyChunkKind::indices, PlyChunkKind::adjacency,
                                           PlyChunkKind::shadow,  PlyChunkKind::basis};
  std::array<std::size_t, 9> listed{};
  for (PlyChunkKind kind : file.chunks) {
    if (std::size_t(kind) >= listed.size()) return Malformed{"/chunks", "a chunk of no known kind"};
    ++listed[std::size_t(kind)];
  }
  for (PlyChunkKind kind : kinds) {
    if (listed[std::size_t(kind)] != array_size(file, kind)) {
      return Malformed{"/chunks", fmt::format("the chunk list names {} {} chunks but the model holds {}",
                                              listed[std::size_t(kind)], chunk_tag(kind), array_size(file, kind))};
    }
  }
  // The counts agree: each chunk has its place in the list, which the dump's pointers name.
  auto at = [&file](PlyChunkKind kind, std::size_t k) { return fmt::format("/chunks/{}", *chunk_position(file, kind, k)); };
  for (std::size_t k = 0; k < file.skins.size(); ++k) {
    const auto& bones = file.skins[k].bones;
    if (bones.size() > UINT32_MAX) return Malformed{at(PlyChunkKind::skin, k), "too many SKIN names"};
    for (std::size_t b = 0; b < bones.size(); ++b) {
      if (bones[b].size() > 0xff) {
        return Malformed{fmt::format("{}/bones/{}", at(PlyChunkKind::skin, k), b),
                         fmt::format("SKIN name of {} bytes; its length field holds at most 255", bones[b].size())};
      }
    }
  }
  for (std::size_t k = 0; k < file.subsets.size(); ++k) {
    const PlySubset& s = file.subsets[k];
    auto p = [&] { return at(PlyChunkKind::subset, k); };
    if (bool(s.color) != bool(s.flags & subset_flag::specular)) {
      return Malformed{p() + "/color", fmt::format("flags 0x{:04x} {} the specular bit 0x0200 but the subset {}",
                                                 s.flags, s.color ? "lack" : "have", s.color ? "has a colour" : "has no colour")};
    }
    if (bool(s.palette) != bool(s.flags & subset_flag::subskin)) {
      return Malformed{p() + "/palette", fmt::format("flags 0x{:04x} {} the subskin bit 0x0800 but the subset {}",
                                                   s.flags, s.palette ? "lack" : "have", s.palette ? "has a palette" : "has no palette")};
    }
    if (s.material.size() > 0xff) {
      return Malformed{p() + "/material",
                       fmt::format("material name of {} bytes; its length field holds at most 255", s.material.size())};
    }
    if (s.palette && s.palette->size() > 0xff) {
      return Malformed{p() + "/palette",
                       fmt::format("palette of {} bytes; its count field holds at most 255", s.palette->size())};
    }
  }
  for (std::size_t k = 0; k < file.vertex_chunks.size(); ++k) {
    const PlyVertices& v = file.vertex_chunks[k];
    if (std::uint64_t(v.count) * v.stride != v.data.size()) {
      return Malformed{at(PlyChunkKind::vertices, k) + "/data",
                       fmt::format("{} bytes of vertex data, but {} vertices of {} bytes take {}", v.data.size(),
                                   v.count, v.stride, std::uint64_t(v.count) * v.stride)};
    }
  }
  for (std::size_t k = 0; k < file.index_chunks.size(); ++k) {
    const PlyIndices& i = file.index_chunks[k];
    if (i.values.size() > UINT32_MAX) return Malformed{at(PlyChunkKind::indices, k), "too many indices"};
    if (!i.wide) {
      for (std::size_t n = 0; n < i.values.size(); ++n) {
        if (i.values[n] > 0xffff) {
          return Malformed{fmt::format("{}/indices/{}", at(PlyChunkKind::indices, k), n),
                           fmt::format("index {} does not fit the 16 bits of INDX (IND4 holds 32)", i.values[n])};
        }
      }
    }
  }
  for (std::size_t k = 0; k < file.adjacency.size(); ++k) {
    if (file.adjacency[k].size() % 6 != 0 || file.adjacency[k].size() / 6 > UINT32_MAX) {
      return Malformed{at(PlyChunkKind::adjacency, k) + "/data",
                       fmt::format("{} bytes of adjacency: not whole triangles of 6 bytes", file.adjacency[k].size())};
    }
  }
  for (std::size_t k = 0; k < file.shadow.size(); ++k) {
    if (file.shadow[k].size() > UINT32_MAX) return Malformed{at(PlyChunkKind::shadow, k) + "/data", "SHDW larger than 4 GiB"};
  }
  return std::nullopt;
}

}  // namespace anmkit::gem::mesh
