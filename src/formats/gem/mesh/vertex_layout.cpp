#include "anmkit/formats/gem/mesh/vertex_layout.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace anmkit::gem::mesh {
namespace {

constexpr std::uint32_t understood_bits = fvf::position_mask | fvf::normal | fvf::point_size | fvf::diffuse |
                                          fvf::specular | fvf::texcount_mask | fvf::lastbeta_ubyte4 |
                                          fvf::lastbeta_d3dcolor;

VertexLayout unknown(VertexLayout layout, std::string problem) {
  layout.known = false;
  layout.problem = std::move(problem);
  layout.stride = 0;
  return layout;
}

}  // namespace

VertexLayout vertex_layout(std::uint32_t code, std::uint32_t flags) {
  VertexLayout layout;
  layout.fvf = code;
  layout.flags = flags;
  if (code & ~understood_bits) {
    return unknown(layout, fmt::format("fvf 0x{:04x} has bits 0x{:04x} that no vertex layout here describes", code,
                                       code & ~understood_bits));
  }
  const std::uint32_t position_type = code & fvf::position_mask;
  const bool last_beta_indices = (code & (fvf::lastbeta_ubyte4 | fvf::lastbeta_d3dcolor)) != 0;
  if ((code & fvf::lastbeta_ubyte4) && (code & fvf::lastbeta_d3dcolor)) {
    return unknown(layout, fmt::format("fvf 0x{:04x} has both LASTBETA_UBYTE4 and LASTBETA_D3DCOLOR", code));
  }
  unsigned betas = 0;
  if (position_type == fvf::xyzrhw || position_type == fvf::xyzw) {
    layout.position_floats = 4;
  } else if (position_type >= fvf::xyzb1 && position_type <= fvf::xyzb5) {
    betas = (position_type - fvf::xyzb1) / 2 + 1;
  } else if (position_type != fvf::xyz) {
    return unknown(layout, fmt::format("fvf 0x{:04x} has no position type this layout knows (0x{:04x})", code, position_type));
  }
  if (last_beta_indices && betas == 0) {
    return unknown(layout, fmt::format("fvf 0x{:04x} puts bone indices in a last beta, but its position has no betas", code));
  }
  std::size_t at = 0;
  layout.position = at;
  at += 4 * layout.position_floats;
  if (betas > 0) {
    layout.weight_count = last_beta_indices ? betas - 1 : betas;
    if (layout.weight_count > 0) layout.weights = at;
    at += 4 * layout.weight_count;
    if (last_beta_indices) {
      layout.bone_indices = at;
      layout.bone_indices_as_color = (code & fvf::lastbeta_d3dcolor) != 0;
      at += 4;
    }
  }
  if (code & fvf::normal) { layout.normal = at; at += 12; }
  if (code & fvf::point_size) { layout.point_size = at; at += 4; }
  if (code & fvf::diffuse) { layout.diffuse = at; at += 4; }
  if (code & fvf::specular) { layout.specular = at; at += 4; }
  const unsigned texcount = (code & fvf::texcount_mask) >> fvf::texcount_shift;
  if (texcount > 8) return unknown(layout, fmt::format("fvf 0x{:04x} has {} uv sets (Direct3D allows 8)", code, texcount));
  layout.uv_sets = texcount * ((flags & subset_flag::two_textures) ? 2 : 1);
  if (layout.uv_sets > 0) {
    layout.uv = at;
    at += 8 * std::size_t(layout.uv_sets);
  }
  if (flags & subset_flag::bump) { layout.tangent = at; at += 16; }
  layout.known = true;
  layout.stride = at;
  return layout;
}

VertexLayout vertex_layout(const PlyFile& file) {
  if (file.subsets.empty()) {
    VertexLayout layout;
    layout.problem = "no MESH record gives the vertex format";
    return layout;
  }
  std::uint32_t others = 0, texcount = 0, flags = 0;
  for (const PlySubset& s : file.subsets) {
    others |= s.fvf & ~fvf::texcount_mask;
    texcount = std::max(texcount, s.fvf & fvf::texcount_mask);
    flags |= s.flags;
  }
  return vertex_layout(others | texcount, flags);
}

std::vector<VertexField> vertex_fields(const VertexLayout& l) {
  std::vector<VertexField> out;
  if (!l.known) return out;
  out.push_back({"position", l.position, 4 * std::size_t(l.position_floats), fmt::format("{} f32", l.position_floats)});
  if (l.weights) out.push_back({"weights", *l.weights, 4 * std::size_t(l.weight_count), fmt::format("{} f32", l.weight_count)});
  if (l.bone_indices) out.push_back({"bone_indices", *l.bone_indices, 4, l.bone_indices_as_color ? "4 u8 (D3DCOLOR)" : "4 u8"});
  if (l.normal) out.push_back({"normal", *l.normal, 12, "3 f32"});
  if (l.point_size) out.push_back({"point_size", *l.point_size, 4, "f32"});
  if (l.diffuse) out.push_back({"diffuse", *l.diffuse, 4, "u32 (D3DCOLOR: b g r a)"});
  if (l.specular) out.push_back({"specular", *l.specular, 4, "u32 (D3DCOLOR: b g r a)"});
  if (l.uv) out.push_back({"uv", *l.uv, 8 * std::size_t(l.uv_sets), fmt::format("{} x 2 f32", l.uv_sets)});
  if (l.tangent) out.push_back({"tangent", *l.tangent, 16, "3 f32 + sign f32"});
  return out;
}

std::string describe(const VertexLayout& layout) {
  if (!layout.known) return layout.problem;
  std::string out;
  for (const VertexField& f : vertex_fields(layout)) {
    if (!out.empty()) out += ", ";
    out += f.name;
    if (f.name == "uv" && layout.uv_sets > 1) out += fmt::format(" x{}", layout.uv_sets);
  }
  return out;
}

}  // namespace anmkit::gem::mesh
