#include "figure_export.hpp"

#include <set>

#include "anmkit/gltf/clip_gltf.hpp"
#include "anmkit/model/clip.hpp"
#include "clip_export.hpp"

namespace anmkit::detail {

FigureScene::FigureScene(const model::Skeleton& skeleton, FigureExport* figure)
    : scene_(gltf::skeleton_scene(skeleton)), figure_(figure) {
  // The figure goes in first: a clip's visibility lands on the nodes of the meshes it hides.
  if (figure_) {
    scene_.figure = std::move(figure_->figure);
    scene_.texture_png = std::move(figure_->texture_png);
  }
}

Expected<void> FigureScene::add_clip(const model::Clip& clip, const std::string& name, const std::string& warn_about,
                                     std::vector<Warning>& warnings) {
  if (auto added = detail::add_clip(scene_, clip, name, warn_about, warnings); !added) return added;
  if (figure_ && figure_->morphs) {
    for (MeshMorphs& m : figure_->morphs(scene_.figure, clip, name, warn_about, warnings)) {
      pending_.push_back({scene_.animations.size() - 1, std::move(m), clip.fps, model::last_frame(clip)});
    }
  }
  return {};
}

Expected<void> FigureScene::finish(bool binary, GltfOutput& out) {
  // Weights channels are as wide as their mesh's morph targets, known once every clip is in.
  for (const Pending& p : pending_) {
    const std::size_t targets = scene_.figure.meshes[p.morphs.mesh].targets.size();
    gltf::Channel c = gltf::morph_channel(p.morphs.mesh, targets, p.morphs.keys, p.fps, p.last_frame);
    if (!c.times.empty()) scene_.animations[p.animation].channels.push_back(std::move(c));
  }
  for (const model::Mesh& mesh : scene_.figure.meshes) {
    if (!mesh.has_triangles()) continue;
    if (mesh.collision) {
      ++out.volumes;
      continue;
    }
    ++out.meshes;
    for (const model::Primitive& p : mesh.primitives) out.triangles += p.indices.size() / 3;
  }
  out.materials = scene_.figure.materials.size();
  for (const auto& png : scene_.texture_png) out.textures += png.empty() ? 0u : 1u;
  out.textures_missing = figure_ ? figure_->textures_missing : 0;
  if (figure_) out.files_read.insert(out.files_read.end(), figure_->files_read.begin(), figure_->files_read.end());
  std::set<std::string> seen;
  std::erase_if(out.files_read, [&](const std::string& file) { return !seen.insert(file).second; });
  auto bytes = gltf::write(scene_, binary);
  if (!bytes) return bytes.error();
  out.bytes = std::move(*bytes);
  return {};
}

}  // namespace anmkit::detail
