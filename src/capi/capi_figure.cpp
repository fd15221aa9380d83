// The C API's figures (anmkit_figure): what a model file shows on its skeleton (Document::figure()),
// handed out as arrays the figure owns, and a clip's mesh animation added to it as morph targets.

#include <deque>
#include <filesystem>
#include <memory>
#include <shared_mutex>
#include <type_traits>

#include "anmkit/core/path_utf8.hpp"
#include "capi_support.hpp"

using namespace anmkit;
using capi::fail;
using capi::guarded;
using capi::ok;

// The C arrays are the figure's own vectors read as numbers: each element must be exactly its
// numbers, with no padding between them.
static_assert(sizeof(model::Vec3) == 3 * sizeof(float) && std::is_standard_layout_v<model::Vec3>);
static_assert(sizeof(std::array<float, 2>) == 2 * sizeof(float));
static_assert(sizeof(std::array<float, 4>) == 4 * sizeof(float));
static_assert(sizeof(std::array<std::uint16_t, 4>) == 4 * sizeof(std::uint16_t));
static_assert(sizeof(int) == sizeof(std::int32_t) && alignof(int) == alignof(std::int32_t));
static_assert(int(model::AlphaMode::opaque) == ANMKIT_ALPHA_OPAQUE);
static_assert(int(model::AlphaMode::mask) == ANMKIT_ALPHA_MASK);
static_assert(int(model::AlphaMode::blend) == ANMKIT_ALPHA_BLEND);

struct anmkit_figure {
  explicit anmkit_figure(ModelFigure f) : figure(std::move(f)), target_names(figure.figure.meshes.size()) {
    for (std::size_t m = 0; m < target_names.size(); ++m) {
      for (const model::MorphTarget& t : figure.figure.meshes[m].targets) target_names[m].push_back(t.name);
    }
  }
  ModelFigure figure;
  // Each mesh's morph target names as handed out: a mesh animation adds targets, which moves them,
  // and a short name moves with its target (it is held inside the string); these stay put.
  std::vector<std::deque<std::string>> target_names;
  struct Morphs {
    std::size_t mesh = 0;
    std::vector<anmkit_morph_key> keys;
  };
  std::vector<std::vector<Morphs>> animations;  // each mesh animation added, the meshes it morphs
  // A mesh animation changes the meshes' targets: it waits for the reads running, they for it.
  mutable std::shared_mutex mutex;
};

namespace {

// The vertices a mesh's arrays hold for C: those its triangles use (a file's unused tail left
// out), never more than it has positions.
std::size_t vertex_count(const model::Mesh& mesh) { return std::min(mesh.used_vertices, mesh.positions.size()); }

// The array as `count` entries of numbers for C, or NULL when it has fewer (absent) or none is wanted.
template <class Number, class T>
const Number* entries(const std::vector<T>& values, std::size_t count) {
  if (count == 0 || values.size() < count) return nullptr;
  return reinterpret_cast<const Number*>(values.data());
}

anmkit_status out_of_range(anmkit_error* error, std::string_view what, std::size_t index, std::size_t count) {
  return fail(error, ANMKIT_ERROR_INVALID_ARGUMENT,
              std::string(what) + " " + std::to_string(index) + " of " + std::to_string(count));
}

// The figure's mesh `index`, or the error that says why there is none.
const model::Mesh* mesh_of(const anmkit_figure* figure, std::size_t index, anmkit_error* error, anmkit_status& status) {
  if (figure == nullptr) {
    status = capi::null_argument(error, "figure");
    return nullptr;
  }
  const auto& meshes = figure->figure.figure.meshes;
  if (index >= meshes.size()) {
    status = out_of_range(error, "mesh", index, meshes.size());
    return nullptr;
  }
  return &meshes[index];
}

}  // namespace

extern "C" {

anmkit_status anmkit_figure_open(const char* path, const anmkit_open_options* options, anmkit_figure** out,
                                 anmkit_diagnostics** warnings, anmkit_error* error) {
  return guarded(error, [&] {
    if (warnings != nullptr) *warnings = nullptr;
    if (out == nullptr) return capi::null_argument(error, "out");
    *out = nullptr;
    if (path == nullptr) return capi::null_argument(error, "path");
    anmkit_status status = ANMKIT_OK;
    const auto o = capi::open_options(options, error, status);
    if (!o) return status;
    OpenOptions models_only = *o;
    models_only.kinds = {.animations = false, .models = true, .resources = false};
    auto document = Document::open(path, models_only);
    auto figure = document ? document->figure() : Expected<ModelFigure>(document.error());
    if (!figure) return fail(error, figure.error());
    auto handle = std::make_unique<anmkit_figure>(std::move(*figure));
    if (warnings != nullptr) *warnings = capi::hand_warnings(handle->figure.warnings, "model.figure");
    *out = handle.release();
    return ok(error);
  });
}

anmkit_status anmkit_document_figure(const anmkit_document* document, anmkit_figure** out, anmkit_diagnostics** warnings,
                                     anmkit_error* error) {
  return guarded(error, [&] {
    if (warnings != nullptr) *warnings = nullptr;
    if (out == nullptr) return capi::null_argument(error, "out");
    *out = nullptr;
    if (document == nullptr) return capi::null_argument(error, "document");
    auto figure = document->doc.figure();
    if (!figure) return fail(error, figure.error());
    auto handle = std::make_unique<anmkit_figure>(std::move(*figure));
    if (warnings != nullptr) *warnings = capi::hand_warnings(handle->figure.warnings, "model.figure");
    *out = handle.release();
    return ok(error);
  });
}

anmkit_status anmkit_document_files_wanted(const anmkit_document* document, const char* const** names, size_t* count,
                                           anmkit_error* error) {
  return guarded(error, [&] {
    if (names == nullptr) return capi::null_argument(error, "names");
    if (count == nullptr) return capi::null_argument(error, "count");
    *names = nullptr;
    *count = 0;
    if (document == nullptr) return capi::null_argument(error, "document");
    auto wanted = document->doc.files_wanted();
    if (!wanted) return fail(error, wanted.error());
    // Handed out by the document, as its other strings are (the call is documented as one at a time).
    auto& d = const_cast<anmkit_document&>(*document);
    d.wanted = std::move(*wanted);
    d.wanted_names.clear();
    for (const std::string& name : d.wanted) d.wanted_names.push_back(name.c_str());
    *names = d.wanted_names.empty() ? nullptr : d.wanted_names.data();
    *count = d.wanted_names.size();
    return ok(error);
  });
}

void anmkit_figure_free(anmkit_figure* figure) { delete figure; }

size_t anmkit_figure_joint_count(const anmkit_figure* figure) {
  return figure != nullptr ? figure->figure.skeleton.joints.size() : 0;
}

size_t anmkit_figure_mesh_count(const anmkit_figure* figure) {
  return figure != nullptr ? figure->figure.figure.meshes.size() : 0;
}

size_t anmkit_figure_material_count(const anmkit_figure* figure) {
  return figure != nullptr ? figure->figure.figure.materials.size() : 0;
}

size_t anmkit_figure_texture_count(const anmkit_figure* figure) {
  return figure != nullptr ? figure->figure.figure.textures.size() : 0;
}

anmkit_status anmkit_figure_joint_get(const anmkit_figure* figure, size_t index, anmkit_joint* out,
                                      anmkit_error* error) {
  return guarded(error, [&] {
    if (figure == nullptr) return capi::null_argument(error, "figure");
    const auto& joints = figure->figure.skeleton.joints;
    if (index >= joints.size()) return out_of_range(error, "joint", index, joints.size());
    if (!capi::write_struct(out, capi::joint_of(joints[index]))) return capi::bad_struct(error, "out", out);
    return ok(error);
  });
}

anmkit_status anmkit_figure_mesh_get(const anmkit_figure* figure, size_t index, anmkit_mesh* out, anmkit_error* error) {
  return guarded(error, [&] {
    anmkit_status status = ANMKIT_OK;
    const model::Mesh* m = mesh_of(figure, index, error, status);
    if (m == nullptr) return status;
    const std::shared_lock lock(figure->mutex);
    const std::size_t n = vertex_count(*m);
    anmkit_mesh mesh{};
    mesh.name = m->name.c_str();
    mesh.name_size = m->name.size();
    mesh.joint = m->joint;
    mesh.shown = m->shown ? 1 : 0;
    mesh.vertex_count = n;
    mesh.positions = entries<float>(m->positions, n);
    mesh.normals = entries<float>(m->normals, n);
    mesh.uvs = entries<float>(m->uvs, n);
    // A skin with its four joints and weights a vertex, or none of it.
    const std::uint16_t* joints = entries<std::uint16_t>(m->joints, n);
    const float* weights = entries<float>(m->weights, n);
    if (!m->skin.empty() && joints != nullptr && weights != nullptr) {
      mesh.skin = reinterpret_cast<const std::int32_t*>(m->skin.data());
      mesh.skin_size = m->skin.size();
      mesh.joints = joints;
      mesh.weights = weights;
    }
    mesh.primitive_count = m->primitives.size();
    mesh.target_count = m->targets.size();
    mesh.collision = m->collision ? 1 : 0;
    if (!capi::write_struct(out, mesh)) return capi::bad_struct(error, "out", out);
    return ok(error);
  });
}

anmkit_status anmkit_figure_primitive_get(const anmkit_figure* figure, size_t mesh, size_t index, anmkit_primitive* out,
                                          anmkit_error* error) {
  return guarded(error, [&] {
    anmkit_status status = ANMKIT_OK;
    const model::Mesh* m = mesh_of(figure, mesh, error, status);
    if (m == nullptr) return status;
    if (index >= m->primitives.size()) return out_of_range(error, "primitive", index, m->primitives.size());
    const model::Primitive& p = m->primitives[index];
    anmkit_primitive primitive{};
    primitive.indices = p.indices.empty() ? nullptr : p.indices.data();
    primitive.index_count = p.indices.size();
    primitive.material = p.material;
    if (!capi::write_struct(out, primitive)) return capi::bad_struct(error, "out", out);
    return ok(error);
  });
}

anmkit_status anmkit_figure_material_get(const anmkit_figure* figure, size_t index, anmkit_material* out,
                                         anmkit_error* error) {
  return guarded(error, [&] {
    if (figure == nullptr) return capi::null_argument(error, "figure");
    const auto& materials = figure->figure.figure.materials;
    if (index >= materials.size()) return out_of_range(error, "material", index, materials.size());
    const model::Material& m = materials[index];
    anmkit_material material{};
    material.name = m.name.c_str();
    material.name_size = m.name.size();
    std::copy(m.base_colour.begin(), m.base_colour.end(), material.base_colour);
    material.base_texture = m.base_texture;
    material.normal_texture = m.normal_texture;
    material.alpha_mode = static_cast<std::int32_t>(m.alpha_mode);
    material.alpha_cutoff = m.alpha_cutoff;
    material.double_sided = m.double_sided ? 1 : 0;
    if (!capi::write_struct(out, material)) return capi::bad_struct(error, "out", out);
    return ok(error);
  });
}

anmkit_status anmkit_figure_texture_get(const anmkit_figure* figure, size_t index, anmkit_texture* out,
                                        anmkit_error* error) {
  return guarded(error, [&] {
    if (figure == nullptr) return capi::null_argument(error, "figure");
    const auto& textures = figure->figure.figure.textures;
    if (index >= textures.size()) return out_of_range(error, "texture", index, textures.size());
    const model::Texture& t = textures[index];
    anmkit_texture texture{};
    texture.name = t.name.c_str();
    texture.name_size = t.name.size();
    texture.path = t.path.c_str();
    texture.path_size = t.path.size();
    texture.width = t.width;
    texture.height = t.height;
    // Pixels only when they are the whole picture.
    if (!t.rgba.empty() && t.rgba.size() == std::size_t(4) * t.width * t.height) {
      texture.rgba = t.rgba.data();
      texture.rgba_size = t.rgba.size();
    }
    if (!capi::write_struct(out, texture)) return capi::bad_struct(error, "out", out);
    return ok(error);
  });
}

anmkit_status anmkit_figure_add_mesh_animation(anmkit_figure* figure, const anmkit_document* clip_document,
                                               const char* name, size_t* animation, anmkit_diagnostics** warnings,
                                               anmkit_error* error) {
  return guarded(error, [&] {
    if (warnings != nullptr) *warnings = nullptr;
    if (figure == nullptr) return capi::null_argument(error, "figure");
    if (clip_document == nullptr) return capi::null_argument(error, "clip_document");
    const Document& document = clip_document->doc;
    if (!document.format().skeletal) {
      return fail(error, ANMKIT_ERROR_WRONG_KIND,
                  std::string("a ") + std::string(document.format().name) + " document has no clip to animate a mesh");
    }
    auto clip = document.shared_clip();
    if (!clip) return fail(error, clip.error());
    const std::string animation_name =
        name != nullptr ? std::string(name) : utf8(fs_path(document.name()).stem());

    const std::unique_lock lock(figure->mutex);
    auto& meshes = figure->figure.figure.meshes;
    auto& names = figure->target_names;
    std::vector<std::size_t> before;
    for (const model::Mesh& m : meshes) before.push_back(m.targets.size());
    // All or nothing: what a failure half way added is taken away again (shrinking never throws).
    const auto undo = [&] {
      for (std::size_t m = 0; m < meshes.size(); ++m) {
        meshes[m].targets.resize(std::min(meshes[m].targets.size(), before[m]));
        names[m].resize(std::min(names[m].size(), before[m]));
      }
    };
    try {
      std::vector<Warning> found;
      std::vector<MeshMorphs> morphs;
      if (figure->figure.mesh_animation) {
        morphs = figure->figure.mesh_animation(figure->figure.figure, **clip, animation_name, document.name(), found);
      }
      std::vector<anmkit_figure::Morphs> added;
      for (const MeshMorphs& m : morphs) {
        anmkit_figure::Morphs c{m.mesh, {}};
        for (const model::MorphKey& key : m.keys) c.keys.push_back(anmkit_morph_key{key.frame, key.target});
        added.push_back(std::move(c));
      }
      for (std::size_t m = 0; m < meshes.size(); ++m) {
        for (std::size_t t = before[m]; t < meshes[m].targets.size(); ++t) {
          names[m].push_back(meshes[m].targets[t].name);
        }
      }
      std::unique_ptr<anmkit_diagnostics> listed(
          warnings != nullptr ? capi::hand_warnings(found, "model.mesh-animation") : nullptr);
      figure->animations.reserve(figure->animations.size() + 1);
      figure->animations.push_back(std::move(added));  // (no allocation left to fail)
      if (animation != nullptr) *animation = figure->animations.size() - 1;
      if (warnings != nullptr) *warnings = listed.release();
    } catch (...) {
      undo();
      throw;
    }
    return ok(error);
  });
}

size_t anmkit_figure_animation_count(const anmkit_figure* figure) {
  if (figure == nullptr) return 0;
  const std::shared_lock lock(figure->mutex);
  return figure->animations.size();
}

size_t anmkit_figure_morphs_count(const anmkit_figure* figure, size_t animation) {
  if (figure == nullptr) return 0;
  const std::shared_lock lock(figure->mutex);
  return animation < figure->animations.size() ? figure->animations[animation].size() : 0;
}

anmkit_status anmkit_figure_morphs_get(const anmkit_figure* figure, size_t animation, size_t index,
                                       anmkit_mesh_morphs* out, anmkit_error* error) {
  return guarded(error, [&] {
    if (figure == nullptr) return capi::null_argument(error, "figure");
    const std::shared_lock lock(figure->mutex);
    const auto& animations = figure->animations;
    if (animation >= animations.size()) return out_of_range(error, "mesh animation", animation, animations.size());
    if (index >= animations[animation].size()) {
      return out_of_range(error, "morphed mesh", index, animations[animation].size());
    }
    const anmkit_figure::Morphs& m = animations[animation][index];
    anmkit_mesh_morphs morphs{};
    morphs.mesh = m.mesh;
    morphs.keys = m.keys.empty() ? nullptr : m.keys.data();
    morphs.key_count = m.keys.size();
    if (!capi::write_struct(out, morphs)) return capi::bad_struct(error, "out", out);
    return ok(error);
  });
}

anmkit_status anmkit_figure_target_get(const anmkit_figure* figure, size_t mesh, size_t index, anmkit_morph_target* out,
                                       anmkit_error* error) {
  return guarded(error, [&] {
    anmkit_status status = ANMKIT_OK;
    const model::Mesh* m = mesh_of(figure, mesh, error, status);
    if (m == nullptr) return status;
    const std::shared_lock lock(figure->mutex);
    if (index >= m->targets.size()) return out_of_range(error, "morph target", index, m->targets.size());
    const model::MorphTarget& t = m->targets[index];
    const std::string& target_name = figure->target_names[mesh][index];
    const std::size_t n = vertex_count(*m);
    anmkit_morph_target target{};
    target.name = target_name.c_str();
    target.name_size = target_name.size();
    target.vertex_count = n;
    target.positions = entries<float>(t.positions, n);
    target.normals = entries<float>(t.normals, n);
    if (!capi::write_struct(out, target)) return capi::bad_struct(error, "out", out);
    return ok(error);
  });
}

}  // extern "C"
