#include "gltf_convert.hpp"

#include <cstdio>

namespace anmkit::cli {

bool is_gltf_output(const std::string& output) {
  const std::string ext = lower_extension(output);
  return ext == ".gltf" || ext == ".glb";
}

void print_warnings(const std::vector<Warning>& warnings) {
  for (const auto& w : warnings) {
    std::fprintf(stderr, "%s: warning: %s\n", w.file.c_str(), in_cli_words(w.message).c_str());
  }
}

int export_gltf(const Document& document, const std::string& output, bool force) {
  GltfExportOptions options;
  options.binary = lower_extension(output) == ".glb";
  auto gltf = document.to_gltf(options);
  if (!gltf) return report(gltf.error(), document.name());
  print_warnings(gltf->warnings);
  if (auto written = write_output(output, gltf->bytes, {document.name()}, force); !written) return report(written.error());
  return exit_ok;
}

int export_model(const std::string& path, const std::string& output, const OpenOptions& options, bool force) {
  auto gltf = model_to_gltf(path, options, lower_extension(output) == ".glb");
  if (!gltf) return report(gltf.error(), path);
  print_warnings(gltf->warnings);
  if (auto written = write_output(output, gltf->bytes, {path}, force); !written) return report(written.error(), output);
  return exit_ok;
}

}  // namespace anmkit::cli
