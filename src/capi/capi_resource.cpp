// The C API on resource files (GEM .ply, .mtl, .vol): a file no format animates but one reads
// beside its animations, as `anmkit info`, `validate` and `dump` describe it (anmkit_resource).

#include "capi_support.hpp"

using namespace anmkit;
using capi::fail;
using capi::guarded;
using capi::ok;

struct anmkit_resource {
  Document file;  // a document of kind resource
  Summary summary;
};

extern "C" {

anmkit_status anmkit_resource_open(const char* path, const anmkit_open_options* options, anmkit_resource** out,
                                   anmkit_error* error) {
  return guarded(error, [&] {
    if (out == nullptr) return capi::null_argument(error, "out");
    *out = nullptr;
    if (path == nullptr) return capi::null_argument(error, "path");
    anmkit_status status = ANMKIT_OK;
    const auto o = capi::open_options(options, error, status);
    if (!o) return status;
    OpenOptions resources_only = *o;
    resources_only.kinds = {.animations = false, .models = false, .resources = true};
    auto file = Document::open(path, resources_only);
    if (!file) return fail(error, file.error());
    auto summary = file->summary();
    if (!summary) return fail(error, summary.error());
    *out = new anmkit_resource{std::move(*file), std::move(*summary)};
    return ok(error);
  });
}

anmkit_status anmkit_resource_summary(const anmkit_resource* resource, int as_json, char** text, size_t* size,
                                      anmkit_error* error) {
  return guarded(error, [&] {
    if (text != nullptr) *text = nullptr;
    if (resource == nullptr) return capi::null_argument(error, "resource");
    const std::string& s = as_json != 0 ? resource->summary.json : resource->summary.text;
    return capi::hand_out(s.data(), s.size(), true, text, size, error);
  });
}

anmkit_status anmkit_resource_validate(const anmkit_resource* resource, anmkit_diagnostics** out, anmkit_error* error) {
  return guarded(error, [&] {
    if (out == nullptr) return capi::null_argument(error, "out");
    *out = nullptr;
    if (resource == nullptr) return capi::null_argument(error, "resource");
    *out = capi::hand_diagnostics(resource->file.validate());
    return ok(error);
  });
}

anmkit_status anmkit_resource_dump(const anmkit_resource* resource, char** json, size_t* size, anmkit_error* error) {
  return guarded(error, [&] {
    if (json != nullptr) *json = nullptr;
    if (resource == nullptr) return capi::null_argument(error, "resource");
    const auto s = resource->file.to_json(true);
    if (!s) return fail(error, s.error());
    return capi::hand_out(s->data(), s->size(), true, json, size, error);
  });
}

void anmkit_resource_free(anmkit_resource* resource) { delete resource; }

}  // extern "C"
