// The C API's way back from glTF (anmkit_from_gltf, with the original as the base) and a model
// file (a .mdl with its sequences) as one glTF.

#include <cstdlib>
#include <memory>

#include "capi_support.hpp"

using namespace anmkit;
using capi::fail;
using capi::guarded;
using capi::ok;

namespace {

anmkit_gltf_import_options default_import_options() {
  anmkit_gltf_import_options o{};
  o.struct_size = sizeof(anmkit_gltf_import_options);
  return o;
}

// Warnings as a diagnostics list the caller frees (when it asked for one).
void hand_warnings(const std::vector<Warning>& warnings, const char* id, anmkit_diagnostics** out) {
  if (out == nullptr) return;
  *out = capi::hand_warnings(warnings, id);
}

}  // namespace

extern "C" {

void anmkit_gltf_import_options_init(anmkit_gltf_import_options* options) {
  if (options != nullptr) *options = default_import_options();
}

anmkit_status anmkit_from_gltf(const void* bytes, size_t size, const char* name, const anmkit_gltf_import_options* options,
                               anmkit_document** out, anmkit_diagnostics** warnings, anmkit_error* error) {
  return guarded(error, [&] {
    if (out == nullptr) return capi::null_argument(error, "out");
    *out = nullptr;
    if (warnings != nullptr) *warnings = nullptr;
    if (bytes == nullptr && size != 0) return capi::null_argument(error, "bytes");
    const auto c = capi::read_struct(options, default_import_options());
    if (!c || options == nullptr) return capi::bad_struct(error, "options", options);
    if (c->target == nullptr) return capi::null_argument(error, "options->target");
    GltfImportOptions o;
    if (c->animation != nullptr) o.animation = c->animation;
    // One set of ranges (anmkit.hpp) for every front end; 0 takes the default.
    if (c->fps != 0) {
      if (auto checked = check_range("fps", c->fps, fps_range); !checked) {
        return fail(error, ANMKIT_ERROR_INVALID_ARGUMENT, checked.error().message);
      }
      o.fps = c->fps;
    }
    if (c->tolerance != 0) {
      if (auto checked = check_range("tolerance", c->tolerance, tolerance_range); !checked) {
        return fail(error, ANMKIT_ERROR_INVALID_ARGUMENT, checked.error().message);
      }
      o.tolerance = c->tolerance;
    }
    anmkit_status status = ANMKIT_OK;
    auto settings = capi::format_settings(c->format_settings, c->format_setting_count, true, error, status);
    if (!settings) return status;
    o.format_options = std::move(*settings);
    if (c->base != nullptr) o.base = std::make_shared<const Document>(c->base->doc);
    if (c->folder != nullptr) o.folder = c->folder;
    if (c->max_input_bytes != 0) o.limits.max_input_bytes = c->max_input_bytes;
    if (c->max_json_depth != 0) o.limits.max_json_depth = c->max_json_depth;
    if (c->skeleton != nullptr) o.skeleton = c->skeleton;
    const std::span<const std::uint8_t> span(static_cast<const std::uint8_t*>(bytes), size);
    auto imported = Document::import_gltf(span, c->target, o, name != nullptr ? name : "");
    if (!imported) return fail(error, imported.error());
    *out = new anmkit_document(std::move(imported->document));
    hand_warnings(imported->warnings, "gltf.import", warnings);
    return ok(error);
  });
}

anmkit_status anmkit_model_to_gltf(const char* path, const anmkit_open_options* options, int binary, uint8_t** bytes,
                                   size_t* size, anmkit_diagnostics** warnings, anmkit_error* error) {
  return guarded(error, [&] {
    if (bytes != nullptr) *bytes = nullptr;
    if (warnings != nullptr) *warnings = nullptr;
    if (path == nullptr) return capi::null_argument(error, "path");
    anmkit_status status = ANMKIT_OK;
    const auto o = capi::open_options(options, error, status);
    if (!o) return status;
    const auto gltf = model_to_gltf(path, *o, binary != 0);
    if (!gltf) return fail(error, gltf.error());
    const anmkit_status handed = capi::hand_out(gltf->bytes.data(), gltf->bytes.size(), false, bytes, size, error);
    if (handed == ANMKIT_OK) hand_warnings(gltf->warnings, "model.sequence", warnings);
    return handed;
  });
}

anmkit_status anmkit_model_with_sequence(const char* path, const char* name, const char* file_path, const anmkit_open_options* options,
                                         uint8_t** bytes, size_t* size, anmkit_error* error) {
  return guarded(error, [&] {
    if (bytes != nullptr) *bytes = nullptr;
    if (path == nullptr) return capi::null_argument(error, "path");
    if (name == nullptr) return capi::null_argument(error, "name");
    if (file_path == nullptr) return capi::null_argument(error, "file_path");
    anmkit_status status = ANMKIT_OK;
    const auto o = capi::open_options(options, error, status);
    if (!o) return status;
    const auto text = model_with_sequence(path, name, file_path, *o);
    if (!text) return fail(error, text.error());
    return capi::hand_out(text->data(), text->size(), false, bytes, size, error);
  });
}

}  // extern "C"
