#include "gltf_convert.hpp"

#include <cstdio>
#include <filesystem>

#include <fmt/format.h>

#include "anmkit/export.hpp"

#include "anmkit/core/path_utf8.hpp"
namespace anmkit::cli {

bool is_gltf_output(const std::string& output) {
  const std::string ext = lower_extension(output);
  return ext == ".gltf" || ext == ".glb";
}

void print_warnings(const std::vector<Warning>& warnings) {
  for (const auto& w : warnings) {
    print_message(stderr, w.file, Severity::warning, in_cli_words(w.message, w.settings));
  }
}

int export_gltf(const Document& document, const std::string& output, const InputSet& inputs, bool force) {
  ExportOptions options;
  options.limits = limits();
  auto gltf = export_as(document, lower_extension(output) == ".glb" ? "glb" : "gltf", options);
  if (!gltf) return report(gltf.error(), document.name());
  print_warnings(gltf->warnings);
  if (auto written = write_output(output, gltf->files.front().bytes, inputs, force); !written) return report(written.error());
  return exit_ok;
}

int export_model(const std::string& path, const std::string& output, const OpenOptions& options, bool force) {
  auto gltf = model_to_gltf(path, options, lower_extension(output) == ".glb");
  if (!gltf) return report(gltf.error(), path);
  print_warnings(gltf->warnings);
  // Every file read for it is an input too: its sequences, meshes, materials, volumes, textures.
  InputSet inputs{path};
  for (const auto& file : gltf->files_read) inputs.add(file);
  if (auto written = write_output(output, gltf->bytes, inputs, force); !written) return report(written.error(), output);
  // One line of what the file holds (a glTF output is a named file: never stdout).
  const auto plural = [](std::size_t n, std::string_view noun) {
    return fmt::format("{} {}{}", n, noun, n == 1 ? "" : noun.ends_with("sh") ? "es" : "s");
  };
  std::string line = fmt::format("{}: {}, {}", output, plural(gltf->bones, "bone"), plural(gltf->animations, "animation"));
  if (gltf->meshes > 0) {
    line += fmt::format(", {} ({}), {}, {}", plural(gltf->meshes, "mesh"), plural(gltf->triangles, "triangle"),
                        plural(gltf->materials, "material"), plural(gltf->textures, "texture"));
  }
  if (gltf->textures_missing > 0) line += fmt::format(" ({} not found or not read)", gltf->textures_missing);
  if (gltf->volumes > 0) line += fmt::format(", {}", plural(gltf->volumes, "collision volume"));
  if (gltf->sequences_skipped > 0) {
    line += fmt::format("; left out: {} (the warnings say why)", plural(gltf->sequences_skipped, "sequence"));
  }
  print_line(stdout, line);
  return exit_ok;
}

}  // namespace anmkit::cli
