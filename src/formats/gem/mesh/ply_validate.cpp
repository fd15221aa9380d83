#include "anmkit/formats/gem/mesh/ply_validate.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "anmkit/core/float_bits.hpp"
#include "anmkit/formats/gem/mesh/ply_vertices.hpp"
#include "anmkit/formats/gem/mesh/vertex_layout.hpp"
#include "anmkit/model/mesh_numbers.hpp"

namespace anmkit::gem::mesh {
namespace {

model::Vec3 vec3(const std::array<float, 3>& a) { return {a[0], a[1], a[2]}; }

class Checker {
 public:
  explicit Checker(const PlyFile& file) : file_(file) {}

  std::vector<Diagnostic> run() {
    if (auto bad = find_malformed(file_)) {
      out_.push_back(Diagnostic{Severity::error, "ply.malformed-model", bad->message, std::nullopt, bad->pointer});
      return std::move(out_);
    }
    offsets_ = chunk_offsets(file_);
    for (std::size_t i = 0; i < file_.chunks.size(); ++i) positions_[std::size_t(file_.chunks[i])].push_back(i);
    check_chunks();
    check_subsets();
    const bool indices_fit = check_indices();
    check_skin();
    check_mirror();
    check_vertices(indices_fit);
    return std::move(out_);
  }

 private:
  void add(Severity s, const char* id, std::optional<std::uint64_t> offset, std::string pointer, std::string message) {
    out_.push_back(Diagnostic{s, id, std::move(message), offset, std::move(pointer)});
  }

  // Position in `chunks` and offset of the k-th chunk of a kind (the model is well-formed).
  std::size_t position(PlyChunkKind kind, std::size_t k) const { return positions_[std::size_t(kind)][k]; }
  std::uint64_t offset(PlyChunkKind kind, std::size_t k) const { return offsets_[position(kind, k)]; }
  std::string pointer(PlyChunkKind kind, std::size_t k, std::string_view field = {}) const {
    return fmt::format("/chunks/{}{}{}", position(kind, k), field.empty() ? "" : "/", field);
  }
  std::uint64_t end_of_file() const {
    return offsets_.empty() ? ply_signature.size()
                            : offsets_.back() + chunk_size(file_, file_.chunks.back(), array_size(file_, file_.chunks.back()) - 1);
  }

  void check_chunks() {
    // The order every real mesh has (notes §2): a reader that takes chunks in turn (SOEdit) needs
    // the MESH records' fvf before VERT.
    auto rank = [](PlyChunkKind kind) {
      switch (kind) {
        case PlyChunkKind::bounds: return 0;
        case PlyChunkKind::skin: return 1;
        case PlyChunkKind::subset: return 2;
        case PlyChunkKind::vertices: return 3;
        case PlyChunkKind::indices: return 4;
        case PlyChunkKind::mirror: return 5;
        default: return -1;
      }
    };
    int highest = -1;
    std::string_view highest_tag;
    std::array<std::size_t, 9> seen{};
    bool order_told = false;
    for (std::size_t i = 0; i < file_.chunks.size(); ++i) {
      const PlyChunkKind kind = file_.chunks[i];
      const std::size_t k = seen[std::size_t(kind)]++;
      const bool wide = kind == PlyChunkKind::indices && file_.index_chunks[k].wide;
      const std::string p = fmt::format("/chunks/{}", i);
      const int r = rank(kind);
      if (r >= 0 && r < highest && !order_told) {
        add(Severity::warning, "ply.chunk-order", offsets_[i], p,
            fmt::format("{} after {}: real meshes have BNDS, SKIN, the MESH records, VERT, the index chunk and MROR "
                        "in this order (a reader taking them in turn needs the MESH fvf before VERT)",
                        chunk_tag(kind, wide), highest_tag));
        order_told = true;
      }
      if (r > highest) {
        highest = r;
        highest_tag = chunk_tag(kind, wide);
      }
      const bool once = kind != PlyChunkKind::subset && kind != PlyChunkKind::adjacency &&
                        kind != PlyChunkKind::shadow && kind != PlyChunkKind::basis;
      if (once && k == 1) {
        add(Severity::error, "ply.repeated-chunk", offsets_[i], p,
            fmt::format("a second {} chunk (readers take one; this model keeps both)", chunk_tag(kind, wide)));
      }
      if (!once && kind != PlyChunkKind::subset) {
        add(Severity::warning, "ply.unused-chunk", offsets_[i], p,
            fmt::format("{}: a chunk no real EPLY has, kept as it is and not used", chunk_tag(kind, wide)));
      }
    }
    if (file_.subsets.empty()) {
      add(Severity::error, "ply.missing-chunk", end_of_file(), "/chunks", "no MESH record: nothing says what the vertices hold");
    }
    if (file_.vertex_chunks.empty()) add(Severity::error, "ply.missing-chunk", end_of_file(), "/chunks", "no VERT chunk");
    if (file_.index_chunks.empty()) {
      add(Severity::error, "ply.missing-chunk", end_of_file(), "/chunks", "no index chunk (INDX or IND4)");
    }
  }

  void check_subsets() {
    const std::uint64_t triangles = file_.indices() ? file_.indices()->values.size() / 3 : 0;
    std::uint64_t expected = 0;
    for (std::size_t k = 0; k < file_.subsets.size(); ++k) {
      const PlySubset& s = file_.subsets[k];
      const std::uint64_t at = offset(PlyChunkKind::subset, k);
      if (k > 0 && s.fvf != file_.subsets[0].fvf) {
        add(Severity::warning, "ply.fvf-differs", at + 4, pointer(PlyChunkKind::subset, k, "fvf"),
            fmt::format("subset {} has fvf 0x{:04x} but subset 0 has 0x{:04x} (merged, as SOEdit does)", k, s.fvf,
                        file_.subsets[0].fvf));
      }
      if (s.flags & ~subset_flag::known) {
        add(Severity::warning, "ply.unknown-flags", at + 16, pointer(PlyChunkKind::subset, k, "flags"),
            fmt::format("subset {} flags 0x{:04x} include unknown bits 0x{:04x}", k, s.flags, s.flags & ~subset_flag::known));
      }
      if (s.material.empty()) {
        add(Severity::warning, "ply.empty-material", at + 20 + (s.color ? 4 : 0), pointer(PlyChunkKind::subset, k, "material"),
            fmt::format("subset {} names no material", k));
      }
      const std::uint64_t end = std::uint64_t(s.first_triangle) + s.triangle_count;
      if (s.first_triangle != expected || end > triangles) subsets_in_order_ = false;
      if (s.first_triangle != expected) {
        add(Severity::error, "ply.subsets-not-contiguous", at + 8, pointer(PlyChunkKind::subset, k, "first_triangle"),
            k == 0 ? fmt::format("subset 0 starts at triangle {}, not 0", s.first_triangle)
                   : fmt::format("subset {} starts at triangle {}, but subset {} ends at triangle {}", k, s.first_triangle,
                                 k - 1, expected));
      }
      if (end > triangles) {
        add(Severity::error, "ply.subset-past-end", at + 12, pointer(PlyChunkKind::subset, k, "triangle_count"),
            fmt::format("subset {} covers triangles {}..{}, past the {} triangles of the index chunk", k,
                        s.first_triangle, end, triangles));
      }
      expected = end;
    }
    if (!file_.subsets.empty() && expected < triangles) {
      const std::size_t last = file_.subsets.size() - 1;
      add(Severity::error, "ply.subsets-not-covering", offset(PlyChunkKind::subset, last) + 12,
          pointer(PlyChunkKind::subset, last, "triangle_count"),
          fmt::format("the subsets end at triangle {}, but the index chunk holds {} triangles", expected, triangles));
    }
  }

  // True when every index names a vertex.
  bool check_indices() {
    const PlyIndices* indices = file_.indices();
    const PlyVertices* vertices = file_.vertices();
    if (!indices) return false;
    const std::uint64_t at = offset(PlyChunkKind::indices, 0);
    const std::string tag(chunk_tag(PlyChunkKind::indices, indices->wide));
    if (indices->values.size() % 3 != 0) {
      add(Severity::error, "ply.index-count", at + 4, pointer(PlyChunkKind::indices, 0, "indices"),
          fmt::format("{} holds {} indices, not a multiple of 3 (whole triangles)", tag, indices->values.size()));
    }
    const std::uint32_t count = vertices ? vertices->count : 0;
    std::size_t bad = 0, first = 0;
    for (std::size_t i = 0; i < indices->values.size(); ++i) {
      if (indices->values[i] >= count && bad++ == 0) first = i;
    }
    if (bad > 0) {
      add(Severity::error, "ply.index-range", at + 8 + first * (indices->wide ? 4 : 2),
          pointer(PlyChunkKind::indices, 0, fmt::format("indices/{}", first)),
          fmt::format("index {} is {}, but the mesh has {} vertices ({} {} out of range)", first,
                      indices->values[first], count, bad, bad == 1 ? "index" : "indices"));
    }
    return bad == 0;
  }

  std::uint64_t palette_offset(std::size_t k) const {
    const PlySubset& s = file_.subsets[k];
    return offset(PlyChunkKind::subset, k) + 4 + 16 + (s.color ? 4 : 0) + 1 + s.material.size() + 1;
  }

  void check_skin() {
    const std::size_t skin_count = file_.skin() ? file_.skin()->bones.size() : 0;
    for (std::size_t k = 0; k < file_.subsets.size(); ++k) {
      const PlySubset& s = file_.subsets[k];
      if (!s.palette) continue;
      for (std::size_t i = 0; i < s.palette->size(); ++i) {
        const std::uint8_t entry = (*s.palette)[i];
        if (entry > skin_count) {
          add(Severity::error, "ply.palette-past-skin", palette_offset(k) + i,
              pointer(PlyChunkKind::subset, k, fmt::format("palette/{}", i)),
              fmt::format("palette entry {} of subset {} is {}, but SKIN lists {} bone{} (0 is the owning bone, k the "
                          "k-th SKIN name)",
                          i, k, entry, skin_count, skin_count == 1 ? "" : "s"));
          break;
        }
      }
    }
    const VertexLayout layout = vertex_layout(file_);
    const bool slots = layout.known && layout.bone_indices.has_value();
    for (std::size_t k = 0; k < file_.subsets.size(); ++k) {
      const PlySubset& s = file_.subsets[k];
      const bool skinned = (s.flags & subset_flag::skinned) != 0;
      std::string problem;
      if (skinned && !s.palette) problem = "is skinned (0x10) but has no palette (0x800)";
      else if (s.palette && !skinned) problem = "has a palette (0x800) but is not skinned (0x10)";
      else if (skinned && layout.known && !slots) problem = fmt::format("is skinned but fvf 0x{:04x} holds no bone slots", layout.fvf);
      else if (!skinned && slots) problem = fmt::format("is not skinned but fvf 0x{:04x} holds bone slots", layout.fvf);
      if (!problem.empty()) {
        add(Severity::warning, "ply.skin-mismatch", offset(PlyChunkKind::subset, k) + 16,
            pointer(PlyChunkKind::subset, k, "flags"), fmt::format("subset {} {}", k, problem));
      }
    }
  }

  void check_mirror() {
    const bool mror = file_.mirrored();
    for (std::size_t k = 0; k < file_.subsets.size(); ++k) {
      const bool flag = (file_.subsets[k].flags & subset_flag::mirrored) != 0;
      if (flag != mror) {
        add(Severity::warning, "ply.mirror-mismatch", offset(PlyChunkKind::subset, k) + 16,
            pointer(PlyChunkKind::subset, k, "flags"),
            mror ? fmt::format("the mesh has MROR but subset {} lacks the mirrored flag 0x40 (real meshes have both)", k)
                 : fmt::format("subset {} has the mirrored flag 0x40 but the mesh has no MROR (real meshes have both)", k));
        return;
      }
    }
  }

  void check_vertices(bool indices_fit) {
    const PlyVertices* vert = file_.vertices();
    if (!vert) return;
    const std::uint64_t at = offset(PlyChunkKind::vertices, 0);
    const std::string p = pointer(PlyChunkKind::vertices, 0);
    const VertexLayout layout = vertex_layout(file_);
    if (!layout.known) {
      if (!file_.subsets.empty()) {
        add(Severity::error, "ply.unknown-fvf", offset(PlyChunkKind::subset, 0) + 4, pointer(PlyChunkKind::subset, 0, "fvf"),
            layout.problem);
      }
      return;
    }
    if (layout.stride != vert->stride) {
      add(Severity::error, "ply.stride-mismatch", at + 8, p + "/stride",
          fmt::format("VERT stride {} but fvf 0x{:04x} with flags 0x{:04x} describes {} bytes ({})", vert->stride,
                      layout.fvf, layout.flags, layout.stride, describe(layout)));
      return;
    }
    const std::uint32_t used = used_vertex_count(file_);
    if (indices_fit && used < vert->count) {
      const std::uint32_t tail = vert->count - used;
      add(Severity::warning, "ply.unused-vertices", at + 12 + std::uint64_t(used) * vert->stride, p + "/vertices",
          fmt::format("the last {} {} ({}..{}) {} used by no triangle", tail, tail == 1 ? "vertex" : "vertices", used,
                      vert->count - 1, tail == 1 ? "is" : "are"));
    }
    auto decoded = decode_vertices(file_);
    if (!decoded) return;
    const PlyIndices* indices = file_.indices();
    if (!indices) return;
    // Non-finite values among the used positions, and BNDS against the box of those.
    std::size_t bad_positions = 0;
    std::uint32_t first_bad = 0;
    std::vector<bool> counted(decoded->positions.size(), false);
    for (std::uint32_t v : indices->values) {
      if (v >= decoded->positions.size() || counted[v]) continue;
      counted[v] = true;
      if (!model::finite(vec3(decoded->positions[v])) && bad_positions++ == 0) first_bad = v;
    }
    if (bad_positions > 0) {
      add(Severity::warning, "ply.non-finite", at + 12 + std::uint64_t(first_bad) * vert->stride, p + "/vertices",
          fmt::format("vertex {}, used by a triangle, has a non-finite position ({} such {}; glTF export leaves out the "
                      "triangles that use them)",
                      first_bad, bad_positions, bad_positions == 1 ? "vertex" : "vertices"));
    }
    check_normals_and_uvs(*decoded, at);
    if (const Bounds* bounds = file_.bounds_chunk()) {
      const std::uint64_t bounds_at = offset(PlyChunkKind::bounds, 0);
      std::array<float, 6> stored{};
      for (std::size_t i = 0; i < 6; ++i) stored[i] = float_from_bits((*bounds)[i]);
      if (!std::all_of(stored.begin(), stored.end(), [](float f) { return std::isfinite(f); })) {
        add(Severity::warning, "ply.non-finite", bounds_at, pointer(PlyChunkKind::bounds, 0), "BNDS holds a non-finite value");
        return;
      }
      const auto box = used_bounds(file_, *decoded);
      if (!box) return;
      for (std::size_t i = 0; i < 6; ++i) {
        const double tolerance = 1e-3 + 1e-6 * std::fabs(double(stored[i]));
        if (!(std::fabs(double(stored[i]) - double((*box)[i])) <= tolerance)) {
          add(Severity::warning, "ply.bounds-mismatch", bounds_at + 4 + 4 * i, pointer(PlyChunkKind::bounds, 0),
              fmt::format("BNDS is ({:g}, {:g}, {:g})..({:g}, {:g}, {:g}) but the vertices the triangles use span "
                          "({:g}, {:g}, {:g})..({:g}, {:g}, {:g})",
                          stored[0], stored[1], stored[2], stored[3], stored[4], stored[5], (*box)[0], (*box)[1],
                          (*box)[2], (*box)[3], (*box)[4], (*box)[5]));
          break;
        }
      }
    }
    check_slots(*decoded, at);
  }

  // The used vertices' normals (finite, of unit length) and uvs (finite), as glTF needs them: the
  // first of each kind told, at its bytes, with how many there are.
  void check_normals_and_uvs(const DecodedVertices& decoded, std::uint64_t vert_at) {
    const PlyVertices* vert = file_.vertices();
    const std::size_t used = std::min<std::size_t>(decoded.positions.size(), used_vertex_count(file_));
    const auto record = [&](std::size_t v) { return vert_at + 12 + std::uint64_t(v) * vert->stride; };
    std::size_t normals = 0, first_normal = 0, uvs = 0, first_uv = 0;
    for (std::size_t v = 0; v < used; ++v) {
      if (v < decoded.normals.size() && !model::unit_normal(vec3(decoded.normals[v])) && normals++ == 0) first_normal = v;
      if (!decoded.uvs.empty() && v < decoded.uvs[0].size()) {
        const auto& uv = decoded.uvs[0][v];
        if (!(std::isfinite(uv[0]) && std::isfinite(uv[1])) && uvs++ == 0) first_uv = v;
      }
    }
    if (normals > 0) {
      const auto& n = decoded.normals[first_normal];
      add(Severity::warning, "ply.bad-normal", record(first_normal) + *decoded.layout.normal,
          pointer(PlyChunkKind::vertices, 0, "vertices"),
          fmt::format("vertex {} has normal ({:g}, {:g}, {:g}), where a finite unit vector is expected ({} such {}; glTF export "
                      "normalises them, or puts 0 0 1 for those not finite or of length 0)",
                      first_normal, n[0], n[1], n[2], normals, normals == 1 ? "normal" : "normals"));
    }
    if (uvs > 0) {
      const auto& uv = decoded.uvs[0][first_uv];
      add(Severity::warning, "ply.non-finite-uv", record(first_uv) + *decoded.layout.uv, pointer(PlyChunkKind::vertices, 0, "vertices"),
          fmt::format("vertex {} has uv ({:g}, {:g}), where finite numbers are expected ({} such {}; glTF export puts 0 0)", first_uv,
                      uv[0], uv[1], uvs, uvs == 1 ? "uv" : "uvs"));
    }
  }

  // Only when the subsets do not overlap (an error reported above otherwise): each triangle is then
  // looked at once.
  void check_slots(const DecodedVertices& decoded, std::uint64_t vert_at) {
    if (decoded.bone_slots.empty() || !subsets_in_order_) return;
    const PlyVertices* vert = file_.vertices();
    for (std::size_t k = 0; k < file_.subsets.size(); ++k) {
      const PlySubset& s = file_.subsets[k];
      if (!s.palette) continue;
      auto triangles = subset_triangles(file_, k);
      if (!triangles) continue;  // reported above (range)
      bool told = false;
      for (const auto& t : *triangles) {
        for (std::uint32_t v : t) {
          for (std::size_t slot = 0; slot < 4 && !told; ++slot) {
            const std::uint8_t b = decoded.bone_slots[v][slot];
            if (b >= s.palette->size() && decoded.weights[v][slot] != 0.0f) {
              add(Severity::error, "ply.slot-past-palette",
                  vert_at + 12 + std::uint64_t(v) * vert->stride + *decoded.layout.bone_indices + slot,
                  pointer(PlyChunkKind::vertices, 0, "vertices"),
                  fmt::format("vertex {} of subset {} gives weight {:g} to slot byte {}, past the subset's palette of {}",
                              v, k, decoded.weights[v][slot], b, s.palette->size()));
              told = true;
            }
          }
        }
        if (told) break;
      }
    }
  }

  const PlyFile& file_;
  std::vector<std::uint64_t> offsets_;
  std::array<std::vector<std::size_t>, 9> positions_;  // by kind: the chunks' places in `chunks`
  bool subsets_in_order_ = true;  // contiguous and within the index chunk: each triangle in one subset
  std::vector<Diagnostic> out_;
};

}  // namespace

std::vector<Diagnostic> validate_ply(const PlyFile& file) { return Checker(file).run(); }

}  // namespace anmkit::gem::mesh
