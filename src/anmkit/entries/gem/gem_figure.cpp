#include "gem_figure.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "anmkit/core/printable.hpp"
#include "anmkit/formats/gem/mesh/mtl_read.hpp"
#include "anmkit/formats/gem/mesh/ply_read.hpp"
#include "anmkit/formats/gem/mesh/to_figure.hpp"
#include "anmkit/formats/gem/mesh/vol_file.hpp"
#include "anmkit/formats/gem/mesh/volume_mesh.hpp"
#include "anmkit/model/clip.hpp"
#include "anmkit/model/mesh_numbers.hpp"
#include "anmkit/model/name_index.hpp"
#include "../../referenced_input.hpp"

namespace anmkit::detail {
namespace {

using gem::mesh::PlyFile;

// What mesh animation needs after the figure is read: each bone's mesh, and the files they came from.
struct MorphSource {
  model::NameIndex bones;                  // the .mdl's bone names
  std::vector<int> mesh_of_bone;           // figure mesh of each bone, -1 for none
  std::vector<std::shared_ptr<const PlyFile>> plys;  // per figure mesh
  // Morph targets hold every vertex of their mesh, whatever a payload sets: a few bytes of .anm
  // can ask for gigabytes. Vertices of targets made so far, against a cap for the figure.
  std::size_t morph_vertices = 0;
  // glTF's morph weights hold, for each key of each animation, one value for every target of the
  // mesh: keys x targets, the square of the keys. Each mesh's keys and animations so far, and
  // the values all the meshes' weights would hold, against a cap for the figure.
  std::map<std::size_t, std::pair<std::size_t, std::size_t>> keys_and_clips;  // figure mesh -> (keys, animations)
  std::size_t weight_values = 0;
};

// 16 M vertex shapes (384 MB of positions and normals): hundreds of times a real vehicle's.
constexpr std::size_t max_morph_vertices = std::size_t(1) << 24;
// 16 M morph weights (64 MB): a real vehicle's tracks have some hundreds.
constexpr std::size_t max_morph_weights = std::size_t(1) << 24;

class FigureReader {
 public:
  FigureReader(const std::string& mdl_path, const OpenOptions& options, std::uint64_t& budget, std::vector<Warning>& warnings,
               TextureWork work)
      : mdl_path_(mdl_path), options_(options), budget_(budget), warnings_(warnings), work_(work) {}

  FigureExport read(const gem::Mdl& mdl);

 private:
  // A warning about `file`; past the first 1000 of a figure they are counted (a model can name
  // a file that is not there ten thousand times), and one more says how many (close_warnings).
  void warn(const std::string& file, Wording why) {
    if (++warned_ > max_warnings) return;
    warnings_.push_back({file, std::move(why.text), std::move(why.settings)});
  }
  void close_warnings() {
    if (warned_ <= max_warnings) return;
    warnings_.push_back({mdl_path_, fmt::format("{} more warnings about this model's files are not listed: a figure lists at most {}",
                                                warned_ - max_warnings, max_warnings), {}});
  }
  static constexpr std::size_t max_warnings = 1000;
  std::size_t warned_ = 0;
  // `path`, where a file it names was looked for, among the files found when one is there.
  void found(const std::string& path) {
    if (!path.empty() && source_file_kind(path, options_) == FileKind::file) out_.files_found.push_back(path);
  }
  int material(const std::string& ply_path, const gem::mesh::PlySubset& subset);
  int texture(const std::string& mtl_path, const std::string& material, std::string_view slot, const std::string& name);
  void add_volumes(const gem::Mdl& mdl);
  Expected<std::shared_ptr<const PlyFile>> ply(const std::string& file, const std::string* resolved, std::string& path);

  // A mesh file as read the first time a bone named it.
  struct PlyRead {
    Expected<std::shared_ptr<const PlyFile>> ply{Error{}};
    std::string path;
    std::uint64_t size = 0;
  };

  const std::string& mdl_path_;
  const OpenOptions& options_;
  std::uint64_t& budget_;
  std::vector<Warning>& warnings_;
  TextureWork work_;
  FigureExport out_;
  std::map<std::string, std::optional<gem::mesh::Material>> mtl_by_path_;  // nullopt: not read (warned)
  std::map<std::pair<std::string, bool>, int> material_by_path_;
  std::map<std::string, int> texture_by_path_;  // -1: found but not decoded (warned)
  std::map<std::string, PlyRead> ply_by_path_;
  std::map<std::string, bool> missing_told_;     // textures not found, told once each
};

// What keep_finite repaired in a mesh, in words ("" for nothing).
std::string repaired_numbers(const model::MeshNumberRepairs& r) {
  const auto count = [](std::size_t n, std::string_view one, std::string_view many) {
    return fmt::format("{} {}", n, n == 1 ? one : many);
  };
  std::vector<std::string> parts;
  if (r.positions > 0) {
    parts.push_back(fmt::format("{} not finite (set to 0 0 0; the {} using {} left out)",
                                count(r.positions, "vertex position is", "vertex positions are"), count(r.triangles, "triangle", "triangles"),
                                r.positions == 1 ? "it" : "them"));
  }
  if (r.normals_replaced > 0) {
    parts.push_back(fmt::format("{} not finite or of length 0 (replaced by 0 0 1)", count(r.normals_replaced, "normal is", "normals are")));
  }
  if (r.normals_scaled > 0) {
    parts.push_back(fmt::format("{} not of unit length (normalised)", count(r.normals_scaled, "normal is", "normals are")));
  }
  if (r.uvs > 0) parts.push_back(fmt::format("{} not finite (set to 0 0)", count(r.uvs, "uv is", "uvs are")));
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) out += (i == 0 ? "" : "; ") + parts[i];
  return out;
}

// An error inside a warning's words, as to_string() says it, with the settings its message names
// (a limit a mesh ran into is said as each front end says it: --max-bones, max_bones=).
Wording said(const Error& e) {
  const std::string whole = e.to_string();
  Wording out(whole.substr(0, whole.size() - e.message.size()));
  out += wording_of(e);
  return out;
}

// "e-75.dds", "e-75.tga": a texture's names as the game tries them (a name with its extension first
// as written).
std::vector<std::string> texture_files(const std::string& name) {
  const std::string lower = model::ascii_lower(name);
  std::vector<std::string> out;
  if (lower.ends_with(".dds") || lower.ends_with(".tga")) out.push_back(name);
  out.push_back(name + ".dds");
  out.push_back(name + ".tga");
  return out;
}

int FigureReader::texture(const std::string& mtl_path, const std::string& material, std::string_view slot, const std::string& name) {
  if (name.empty()) return -1;  // {diffuse ""}: filled in by the game (number plates)
  // (referrer, name): the referrer's folder is where the name is looked for.
  std::vector<std::pair<std::string, std::string>> candidates;
  const bool shared = name.starts_with("$/") || name.starts_with("$\\");
  if (shared && options_.texture_dir.empty()) {
    if (!missing_told_[name]) {
      missing_told_[name] = true;
      ++out_.textures_missing;
      ++out_.textures_shared;
      Wording why(fmt::format("material '{}': {} texture '{}' is in the game's shared textures, which were not given (", printable(material),
                              slot, printable(name)));
      why += naming("texture_dir", "the texture_dir option");
      why += "); drawn without it";
      warn(mtl_path, std::move(why));
    }
    return -1;
  }
  if (shared) {
    // In the game's shared folder (the file source's "$/"), then in its common/.
    const std::string rest = name.substr(2);
    for (const char* folder : {"$/", "$/common/"}) {
      for (const std::string& file : texture_files(rest)) candidates.emplace_back(mtl_path, folder + file);
    }
  } else {
    for (const std::string& file : texture_files(name)) candidates.emplace_back(mtl_path, file);
  }
  std::vector<std::string> looked;
  for (const auto& [referrer, file] : candidates) {
    auto path = resolve_reference(referrer, file, options_);
    if (!path) {
      looked.push_back(path.error().to_string());
      continue;
    }
    looked.push_back(*path);
    if (source_file_kind(*path, options_) != FileKind::file) continue;
    if (const auto known = texture_by_path_.find(*path); known != texture_by_path_.end()) return known->second;
    out_.files_found.push_back(*path);
    if (work_ == TextureWork::find) {
      out_.files_read.push_back(*path);  // (what a conversion would read)
      out_.figure.textures.push_back(model::Texture{name, *path, 0, 0, {}});
      out_.texture_png.emplace_back();
      return texture_by_path_[*path] = int(out_.figure.textures.size() - 1);
    }
    std::string read_path;
    auto bytes = read_referenced_input(referrer, file, options_, budget_, read_path);
    if (bytes) out_.files_read.push_back(read_path);
    model::Texture t{name, *path, 0, 0, {}};
    auto png = bytes ? decode_texture_file(*bytes, options_.limits, t, work_ == TextureWork::decode_and_png)
                     : Expected<std::vector<std::uint8_t>>(bytes.error());
    if (!png) {
      ++out_.textures_missing;
      Error e = png.error();
      if (e.file.empty()) e.file = *path;
      Wording why(fmt::format("material '{}': {} texture '{}': ", printable(material), slot, printable(name)));
      why += said(e);
      why += "; drawn without it";
      warn(mtl_path, std::move(why));
      // Listed without its picture, as the file its name was found in (a front end that puts
      // files where the library looks, the viewer, learns so which to read), and no material's.
      out_.figure.textures.push_back(model::Texture{name, *path, 0, 0, {}});
      out_.texture_png.emplace_back();
      return texture_by_path_[*path] = -1;
    }
    out_.figure.textures.push_back(std::move(t));
    out_.texture_png.push_back(std::move(*png));
    return texture_by_path_[*path] = int(out_.figure.textures.size() - 1);
  }
  if (!missing_told_[name]) {
    missing_told_[name] = true;
    ++out_.textures_missing;
    std::string where;
    for (const auto& l : looked) where += (where.empty() ? "" : ", ") + printable_path(l);
    warn(mtl_path, Wording(fmt::format("material '{}': {} texture '{}' not found (looked for {}); drawn without it", printable(material),
                                       slot, printable(name), where)));
  }
  return -1;
}

int FigureReader::material(const std::string& ply_path, const gem::mesh::PlySubset& subset) {
  if (!(subset.flags & gem::mesh::subset_flag::material)) {
    warn(ply_path, Wording(fmt::format("a subset names '{}' without the material flag (textures, not a .mtl): drawn without a material",
                                       printable(subset.material))));
    return -1;
  }
  std::string path;
  auto resolved = resolve_reference(ply_path, subset.material, options_);
  const std::string key = resolved ? *resolved : ply_path + "\n" + subset.material;
  auto cached = mtl_by_path_.find(key);
  if (cached == mtl_by_path_.end()) {
    std::optional<gem::mesh::Material> read;
    auto bytes = read_referenced_input(ply_path, subset.material, options_, budget_, path);
    found(path);
    if (bytes) {
      out_.files_read.push_back(path);
      auto mtl = gem::mesh::read_mtl(*bytes, options_.limits);
      if (mtl) {
        read = gem::mesh::mtl_material(*mtl);
      } else {
        mtl.error().file = path;
        bytes = mtl.error();
      }
    }
    if (!bytes) {
      Wording why(fmt::format("material '{}': ", printable(subset.material)));
      why += said(bytes.error());
      why += "; drawn without it";
      warn(ply_path, std::move(why));
    }
    cached = mtl_by_path_.emplace(key, std::move(read)).first;
  }
  if (!cached->second) return -1;
  const bool two_sided = (subset.flags & gem::mesh::subset_flag::two_sided) != 0;
  if (const auto known = material_by_path_.find({key, two_sided}); known != material_by_path_.end()) return known->second;
  const gem::mesh::Material& m = *cached->second;
  const auto slot = [&](std::string_view name) -> int {
    const gem::mesh::MtlTexture* t = m.texture(name);
    return t ? texture(key, subset.material, name, t->name) : -1;
  };
  const int base = slot("diffuse");
  const int normal = slot("bump");
  out_.figure.materials.push_back(gem::mesh::to_material(m, subset.material, two_sided, base, normal));
  return material_by_path_[{key, two_sided}] = int(out_.figure.materials.size() - 1);
}

// The mesh file `file` (found at `resolved`, when it could be looked up) read and decoded once,
// however many bones show it (a model may name one file 2 000 times). Each bone it is drawn on
// again counts its size against the input limit, as its vertices are made again for that bone:
// the figure stays within a multiple of the limit, and past it a bone's mesh is left out.
Expected<std::shared_ptr<const PlyFile>> FigureReader::ply(const std::string& file, const std::string* resolved, std::string& path) {
  const auto read = [&]() -> PlyRead {
    PlyRead out{Error{}, {}, 0};
    auto bytes = read_referenced_input(mdl_path_, file, options_, budget_, out.path);
    found(out.path);
    if (!bytes) {
      out.ply = bytes.error();
      return out;
    }
    out.size = bytes->size();
    out_.files_read.push_back(out.path);
    auto ply = gem::mesh::read_ply(*bytes, options_.limits);
    if (!ply) {
      ply.error().file = out.path;
      out.ply = ply.error();
      return out;
    }
    out.ply = std::make_shared<const PlyFile>(std::move(*ply));
    return out;
  };
  if (!resolved) {
    PlyRead once = read();
    path = once.path;
    return once.ply;
  }
  auto at = ply_by_path_.find(*resolved);
  const bool fresh = at == ply_by_path_.end();
  if (fresh) at = ply_by_path_.emplace(*resolved, read()).first;
  path = at->second.path;
  if (fresh || !at->second.ply) return at->second.ply;
  if (at->second.size > budget_) {
    Error e = make_error(ErrorCode::too_large,
                         fmt::format("drawn once more, its {} bytes pass what is left ({}) of the input limit of {} bytes for a file "
                                     "and the files it names",
                                     at->second.size, budget_, options_.limits.max_input_bytes));
    e.file = path;
    return e;
  }
  budget_ -= at->second.size;
  return at->second.ply;
}

// What one more mesh of its own costs a glTF besides its vertices: its node, mesh, accessors and
// buffer views, as objects and as JSON (measured: 65 000 spheres of 4 KB each peaked at 22 KB a
// volume when written as a GLB).
constexpr std::uint64_t gltf_objects_of_a_mesh = 16 * 1024;

// What a mesh drawn costs, as the input limit counts it: the bytes of its vertex arrays and
// indices, and the glTF objects a mesh of its own makes.
std::uint64_t mesh_cost(const model::Mesh& mesh) {
  std::uint64_t indices = 0;
  for (const model::Primitive& p : mesh.primitives) indices += p.indices.size();
  return mesh.positions.size() * sizeof(model::Vec3) + mesh.normals.size() * sizeof(model::Vec3) +
         mesh.uvs.size() * sizeof(mesh.uvs[0]) + indices * sizeof(std::uint32_t) + gltf_objects_of_a_mesh;
}

// Each {Volume} as a collision mesh on its bone, after the meshes (whose indices mesh animation
// keeps), all drawn with one translucent material; what cannot be drawn is a warning, left out.
// A .vol named by many volumes is read once; each volume's mesh counts its bytes against the input
// limit with the glTF objects it makes (mesh_cost), as a mesh drawn again counts its size (a few
// bytes of {Sphere 1} make a mesh of kilobytes), and past it is left out.
void FigureReader::add_volumes(const gem::Mdl& mdl) {
  std::map<std::string, Expected<std::shared_ptr<const gem::mesh::VolFile>>> vol_by_path;
  int material = -1;
  for (const gem::MdlVolume& volume : mdl.volumes) {
    const auto left_out = [&](const Wording& why) {
      Wording words(fmt::format("collision volume '{}': ", printable(volume.name)));
      words += why;
      words += " (left out)";
      warn(mdl_path_, std::move(words));
    };
    if (volume.bone_index < 0) {
      left_out(fmt::format("its bone '{}' is not in the model", printable(volume.bone)));
      continue;
    }
    std::shared_ptr<const gem::mesh::VolFile> polyhedron;
    if (volume.shape == gem::MdlVolume::Shape::polyhedron) {
      const auto resolved = resolve_reference(mdl_path_, volume.file, options_);
      const std::string key = resolved ? *resolved : mdl_path_ + "\n" + volume.file;
      auto known = vol_by_path.find(key);
      if (known == vol_by_path.end()) {
        std::string path;
        auto bytes = read_referenced_input(mdl_path_, volume.file, options_, budget_, path);
        found(path);
        Expected<std::shared_ptr<const gem::mesh::VolFile>> read{Error{}};
        if (!bytes) {
          read = bytes.error();
        } else {
          out_.files_read.push_back(path);
          auto vol = gem::mesh::read_vol(*bytes, options_.limits);
          if (vol) {
            read = std::make_shared<const gem::mesh::VolFile>(std::move(*vol));
          } else {
            vol.error().file = path;
            read = vol.error();
          }
        }
        known = vol_by_path.emplace(key, std::move(read)).first;
      }
      if (!known->second) {
        Wording why(fmt::format("its polyhedron '{}': ", printable(volume.file)));
        why += said(known->second.error());
        left_out(why);
        continue;
      }
      polyhedron = *known->second;
    }
    if (material < 0) material = int(out_.figure.materials.size());
    auto mesh = gem::mesh::volume_mesh(volume, polyhedron.get(), material);
    if (!mesh) {
      const std::string what = volume.shape == gem::MdlVolume::Shape::polyhedron
                                   ? fmt::format("its polyhedron '{}': ", printable(volume.file))
                                   : std::string();
      Wording why(what);
      why += wording_of(mesh.error());
      left_out(why);
      continue;
    }
    const std::uint64_t size = mesh_cost(*mesh);
    if (size > budget_) {
      left_out(fmt::format("its mesh, {} bytes with its glTF, passes what is left ({}) of the input limit of {} bytes for a file and "
                           "the files it names",
                           size, budget_, options_.limits.max_input_bytes));
      continue;
    }
    budget_ -= size;
    if (material == int(out_.figure.materials.size())) out_.figure.materials.push_back(gem::mesh::collision_material());
    out_.figure.meshes.push_back(std::move(*mesh));
  }
}

FigureExport FigureReader::read(const gem::Mdl& mdl) {
  auto source = std::make_shared<MorphSource>();
  source->mesh_of_bone.assign(mdl.bones.size(), -1);
  source->bones = model::NameIndex(mdl.bones, [](const gem::MdlBone& bone) -> const std::string& { return bone.name; });
  std::vector<std::string> absent;  // meshes named but not there
  for (std::size_t b = 0; b < mdl.bones.size(); ++b) {
    const gem::MdlBone& bone = mdl.bones[b];
    const gem::MdlView* view = bone.mesh();
    if (!view) continue;
    const auto left_out = [&](const Error& e) {
      ++out_.meshes_missing;
      Wording why(fmt::format("bone '{}': mesh '{}': ", printable(bone.name), printable(view->file)));
      why += said(e);
      why += " (left out)";
      warn(mdl_path_, std::move(why));
    };
    // Not there at all (a model whose meshes the game keeps in its archives): said once for all.
    const auto where = resolve_reference(mdl_path_, view->file, options_);
    if (where && source_file_kind(*where, options_) == FileKind::none) {
      ++out_.meshes_missing;
      absent.push_back(printable(view->file));
      continue;
    }
    std::string path;
    auto ply = this->ply(view->file, where ? &*where : nullptr, path);
    if (!ply) {
      left_out(ply.error());
      continue;
    }
    std::vector<int> skin;
    if (const gem::mesh::PlySkin* s = (*ply)->skin()) {
      for (const std::string& name : s->bones) {
        const int joint = source->bones.find(name);
        if (joint < 0) {
          warn(path, Wording(fmt::format("its skin names bone '{}', which the model lacks: those vertices follow '{}'", printable(name),
                                         printable(bone.name))));
        }
        skin.push_back(joint < 0 ? int(b) : joint);
      }
    }
    std::vector<int> materials;
    for (const gem::mesh::PlySubset& subset : (*ply)->subsets) materials.push_back(material(path, subset));
    auto mesh = gem::mesh::to_mesh(**ply, view->file, int(b), skin, materials);
    if (!mesh) {
      mesh.error().file = path;
      left_out(mesh.error());
      continue;
    }
    // glTF holds no NaN or Infinity and only unit normals: repaired, and said.
    if (const std::string repaired = repaired_numbers(model::keep_finite(*mesh)); !repaired.empty()) {
      warn(path, Wording(fmt::format("mesh of bone '{}': {}", printable(bone.name), repaired)));
    }
    mesh->shown = bone.shown;
    source->mesh_of_bone[b] = int(out_.figure.meshes.size());
    out_.figure.meshes.push_back(std::move(*mesh));
    source->plys.push_back(std::move(*ply));
  }
  // What the model holds but shows not: said where the figure is made, not only by `info`.
  for (const Diagnostic& note : mdl.notes) {
    if (note.id == "gem.mdl-lod-nested" || note.id == "gem.mdl-rest-overflow") warn(mdl_path_, Wording(note.message));
  }
  if (!absent.empty()) {
    constexpr std::size_t named = 3;
    std::string names;
    for (std::size_t i = 0; i < std::min(named, absent.size()); ++i) names += (i ? ", " : "") + absent[i];
    if (absent.size() > named) names += fmt::format(" and {} more", absent.size() - named);
    warn(mdl_path_, Wording(fmt::format("{} of the meshes it names {} not beside it ({}; the game may keep them in its archives): left out",
                                        absent.size(), absent.size() == 1 ? "is" : "are", names)));
  }
  if (options_.volumes) add_volumes(mdl);
  close_warnings();
  out_.morphs = [source](model::Figure& figure, const model::Clip& clip, const std::string& name, const std::string& file,
                         std::vector<Warning>& warnings) {
    std::vector<MeshMorphs> result;
    // A key whose payload an earlier key of the animation had shows that key's target again (a
    // track cycling through a few shapes makes a few targets, not one a key). Within one
    // animation: each animation's keys name its own targets (the C API hands them out so).
    std::map<std::pair<std::size_t, std::vector<std::uint8_t>>, int> target_of_payload;  // (figure mesh, payload)
    for (const model::BoneTrack& track : clip.bones) {
      if (track.mesh.empty()) continue;
      const int bone = source->bones.find(track.name);
      const int k = bone < 0 ? -1 : source->mesh_of_bone[std::size_t(bone)];
      if (k < 0) {
        warnings.push_back({file, fmt::format("bone '{}' has mesh animation, but {}: its {} mesh keys are not shown", printable(track.name),
                                              bone < 0 ? "the model has no such bone" : "the model shows no mesh on it", track.mesh.size())});
        continue;
      }
      model::Mesh& mesh = figure.meshes[std::size_t(k)];
      MeshMorphs morphs{std::size_t(k), {}};
      auto& [keys, clips] = source->keys_and_clips[std::size_t(k)];
      ++clips;  // this animation's channel for the mesh (and its key at frame 0)
      source->weight_values += mesh.targets.size();
      for (const model::MeshKey& key : track.mesh) {
        const auto known = target_of_payload.find({std::size_t(k), key.payload});
        const bool fresh = known == target_of_payload.end();
        // What one more key adds to the weights: a value for each target; a new target, a value
        // at each key of the mesh.
        const std::size_t more = mesh.targets.size() + (fresh ? 1 + keys + clips : 0);
        const bool past_weights = more > max_morph_weights - std::min(max_morph_weights, source->weight_values);
        if (past_weights || (fresh && mesh.positions.size() > max_morph_vertices - std::min(max_morph_vertices, source->morph_vertices))) {
          warnings.push_back({file, fmt::format("bone '{}': mesh keys from frame {} on are not shown: the figure's mesh animation "
                                                "would pass {} {}",
                                                printable(track.name), key.frame, past_weights ? max_morph_weights : max_morph_vertices,
                                                past_weights ? "morph weights" : "vertex shapes")});
          break;
        }
        int index = fresh ? -1 : known->second;
        if (fresh) {
          auto target = gem::mesh::morph_target(*source->plys[std::size_t(k)], mesh, key.payload, fmt::format("{} {}", name, key.frame));
          if (!target) {
            warnings.push_back({file, fmt::format("bone '{}': the mesh key of frame {}: {} (not shown)", printable(track.name), key.frame,
                                                  target.error().message)});
            continue;
          }
          source->morph_vertices += mesh.positions.size();
          mesh.targets.push_back(std::move(*target));
          index = int(mesh.targets.size() - 1);
          target_of_payload.emplace(std::make_pair(std::size_t(k), key.payload), index);
        }
        source->weight_values += more;
        ++keys;
        morphs.keys.push_back({key.frame, index});
      }
      if (!morphs.keys.empty()) result.push_back(std::move(morphs));
    }
    return result;
  };
  return std::move(out_);
}

}  // namespace

FigureExport read_gem_figure(const std::string& mdl_path, const gem::Mdl& mdl, const OpenOptions& options, std::uint64_t& budget,
                             std::vector<Warning>& warnings, TextureWork work) {
  // The texture folder is looked in only here, so it is checked here: every call that reads a
  // figure (glTF of a model or of an animation on one, info, the C API's figures) runs in the
  // library's guard, which returns what is thrown as that call's error, so each front end says it.
  // One file source for the whole figure, so that each folder is listed once for all its names.
  const OpenOptions with_source = with_files(options);
  if (auto folder = check_texture_dir(with_source); !folder) throw ErrorException{std::move(folder.error())};
  return FigureReader(mdl_path, with_source, budget, warnings, work).read(mdl);
}

}  // namespace anmkit::detail
