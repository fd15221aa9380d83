#include "gltf_convert.hpp"

#include <filesystem>

#include <fmt/format.h>

#include "anmkit/core/file_io.hpp"
#include "anmkit/export/gem_gltf.hpp"
#include "anmkit/export/lm_gltf.hpp"
#include "anmkit/formats/gem/gem_read.hpp"
#include "anmkit/formats/gem/mdl.hpp"

namespace anmkit::cli {
namespace {

namespace fs = std::filesystem;


int write_scene(const gltf::Scene& scene, const std::string& output, const std::string& input, bool force) {
  auto bytes = gltf::write(scene, lower_extension(output) == ".glb");
  if (!bytes) return report(bytes.error(), output);
  if (auto written = write_output(output, *bytes, {input}, force); !written) return report(written.error());
  return exit_ok;
}

void warn(const std::string& file, const std::string& message) {
  std::fprintf(stderr, "%s: warning: %s\n", file.c_str(), message.c_str());
}

}  // namespace

bool is_gltf_output(const std::string& output) {
  const std::string ext = lower_extension(output);
  return ext == ".gltf" || ext == ".glb";
}

Expected<std::vector<std::uint8_t>> gltf_bytes(const Loaded& loaded, const GltfOptions& options, bool binary,
                                               std::vector<std::string>& warnings) {
  if (const auto* gem_file = std::get_if<LoadedGem>(&loaded)) {
    std::optional<gem::Mdl> skeleton;
    if (!options.skeleton.empty()) {
      auto text = read_file(options.skeleton, limits().max_input_bytes);
      if (!text) return text.error();
      auto mdl = gem::read_mdl(*text);
      if (!mdl) {
        mdl.error().file = options.skeleton;
        return mdl.error();
      }
      skeleton = std::move(*mdl);
    }
    auto result = gltf::gem_scene(gem_file->file, {options.fps, skeleton ? &*skeleton : nullptr,
                                                   fs::path(gem_file->input.path).stem().string()});
    if (!result) return result.error();
    warnings.insert(warnings.end(), result->warnings.begin(), result->warnings.end());
    return gltf::write(result->scene, binary);
  }
  if (const auto* lm_file = std::get_if<LoadedLm>(&loaded)) {
    gltf::LmOptions lm{options.fps, lm_file->scene ? &*lm_file->scene : nullptr, *lm::parse_rotation_unit(options.rotation_unit), 8,
                       fs::path(lm_file->input.path).stem().string()};
    auto scene = gltf::lm_scene(lm_file->file, lm);
    if (!scene) return scene.error();
    return gltf::write(*scene, binary);
  }
  return make_error(ErrorCode::unsupported, "MM2 sprites export to PNG, GIF or IFF, not glTF");
}

int export_gltf(const Loaded& loaded, const std::string& output, const GltfOptions& options, const LmOptions&) {
  const std::string& input = std::visit([](const auto& l) -> const std::string& { return l.input.path; }, loaded);
  std::vector<std::string> warnings;
  auto bytes = gltf_bytes(loaded, options, lower_extension(output) == ".glb", warnings);
  for (const auto& w : warnings) warn(input, w);
  if (!bytes) return report(bytes.error(), input);
  if (auto written = write_output(output, *bytes, {input}, options.force); !written) return report(written.error());
  return exit_ok;
}

int export_mdl(const std::string& mdl_path, const std::vector<std::uint8_t>& text, const std::string& output,
               const GltfOptions& options) {
  auto mdl = gem::read_mdl(text);
  if (!mdl) return report(mdl.error(), mdl_path);
  gltf::Scene scene = gltf::skeleton_scene(*mdl);
  for (const gem::MdlSequence& sequence : mdl->sequences) {
    const std::string path = (fs::path(mdl_path).parent_path() / sequence.file).string();
    auto bytes = read_file(path, limits().max_input_bytes);
    if (!bytes) {
      warn(mdl_path, fmt::format("sequence '{}': {} (skipped)", sequence.name, bytes.error().to_string()));
      continue;
    }
    auto file = gem::read(*bytes, limits());
    if (!file) {
      file.error().file = path;
      warn(mdl_path, fmt::format("sequence '{}': {} (skipped)", sequence.name, file.error().to_string()));
      continue;
    }
    auto warnings = gltf::add_gem_animation(scene, *file, {options.fps, &*mdl, sequence.name});
    if (!warnings) {
      warn(mdl_path, fmt::format("sequence '{}': {} (skipped)", sequence.name, warnings.error().to_string()));
      continue;
    }
    for (const auto& w : *warnings) warn(path, w);
  }
  return write_scene(scene, output, mdl_path, options.force);
}

}  // namespace anmkit::cli
