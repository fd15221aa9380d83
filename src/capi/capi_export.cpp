// The C API's export (anmkit_export): a document as one of the library's export kinds, the files
// it makes handed out as one list, or saved (anmkit_export_save).

#include <memory>

#include "anmkit/export.hpp"
#include "capi_support.hpp"

using namespace anmkit;
using capi::fail;
using capi::guarded;
using capi::ok;

struct anmkit_exported {
  std::vector<ExportedFile> files;
};

namespace {

anmkit_export_options default_export_options() {
  anmkit_export_options o{};
  o.struct_size = sizeof(anmkit_export_options);
  o.scale = 1;
  o.sequence = -1;
  o.flipbook_ticks = 10;
  return o;
}

// The kinds, made once (the registry does not change while the program runs).
const std::vector<std::string>& kinds() {
  static const std::vector<std::string> list = export_kinds();
  return list;
}

// The C struct as the library's options: NULL strings and a max_output_pixels of 0 take the
// defaults; the numbers are checked by the library's ranges (check_export_options), the
// sequence's sign here.
std::optional<ExportOptions> export_options(const anmkit_export_options& c, anmkit_error* error, anmkit_status& status) {
  ExportOptions o;
  o.scale = c.scale;
  o.raw = c.raw != 0;
  if (c.sequence < -1) {
    status = fail(error, ANMKIT_ERROR_INVALID_ARGUMENT,
                  "sequence must be -1 (the longest) or a sequence's index, found " + std::to_string(c.sequence));
    return std::nullopt;
  }
  if (c.sequence >= 0) o.sequence = std::uint64_t(c.sequence);
  o.flipbook = c.flipbook != 0;
  o.flipbook_ticks = c.flipbook_ticks;
  o.state = c.state;
  if (c.max_output_pixels != 0) o.limits.max_output_pixels = c.max_output_pixels;
  if (c.file_name != nullptr) o.file_name = c.file_name;
  if (c.animation_name != nullptr) o.animation_name = c.animation_name;
  if (auto checked = check_export_options(o); !checked) {
    status = fail(error, ANMKIT_ERROR_INVALID_ARGUMENT, checked.error().message);
    return std::nullopt;
  }
  return o;
}

// The warnings as a diagnostics list the caller frees (id "export"), when it asked for one.
void hand_export_warnings(const std::vector<Warning>& found, anmkit_diagnostics** warnings) {
  if (warnings == nullptr) return;
  *warnings = capi::hand_warnings(found, "export");
}

}  // namespace

extern "C" {

const char* anmkit_export_kind(size_t index) {
  try {
    return index < kinds().size() ? kinds()[index].c_str() : nullptr;
  } catch (...) {  // the list could not be made (no memory): there is none to give
    return nullptr;
  }
}

void anmkit_export_options_init(anmkit_export_options* options) {
  if (options != nullptr) *options = default_export_options();
}

anmkit_status anmkit_export(const anmkit_document* document, const char* kind, const anmkit_export_options* options,
                            anmkit_exported** out, anmkit_diagnostics** warnings, anmkit_error* error) {
  return guarded(error, [&] {
    if (out == nullptr) return capi::null_argument(error, "out");
    *out = nullptr;
    if (warnings != nullptr) *warnings = nullptr;
    if (document == nullptr) return capi::null_argument(error, "document");
    if (kind == nullptr) return capi::null_argument(error, "kind");
    const auto c = capi::read_struct(options, default_export_options());
    if (!c) return capi::bad_struct(error, "options", options);
    anmkit_status status = ANMKIT_OK;
    const auto o = export_options(*c, error, status);
    if (!o) return status;
    auto exported = export_as(document->doc, kind, *o);
    if (!exported) return fail(error, exported.error());
    auto list = std::make_unique<anmkit_exported>();
    list->files = std::move(exported->files);
    hand_export_warnings(exported->warnings, warnings);
    *out = list.release();
    return ok(error);
  });
}

anmkit_status anmkit_export_save(const anmkit_document* document, const char* kind, const anmkit_export_options* options,
                                 const char* path, const anmkit_save_options* save_options, anmkit_diagnostics** warnings,
                                 anmkit_error* error) {
  return guarded(error, [&] {
    if (warnings != nullptr) *warnings = nullptr;
    if (document == nullptr) return capi::null_argument(error, "document");
    if (kind == nullptr) return capi::null_argument(error, "kind");
    if (path == nullptr) return capi::null_argument(error, "path");
    const auto c = capi::read_struct(options, default_export_options());
    if (!c) return capi::bad_struct(error, "options", options);
    const auto s = capi::read_struct(save_options, anmkit_save_options{sizeof(anmkit_save_options), 0});
    if (!s) return capi::bad_struct(error, "save_options", save_options);
    anmkit_status status = ANMKIT_OK;
    const auto o = export_options(*c, error, status);
    if (!o) return status;
    SaveOptions save;
    save.overwrite_source = s->overwrite_source != 0;
    auto saved = save_as(document->doc, kind, path, *o, save);
    if (!saved) return fail(error, saved.error());
    hand_export_warnings(saved->warnings, warnings);
    return ok(error);
  });
}

size_t anmkit_exported_count(const anmkit_exported* exported) { return exported != nullptr ? exported->files.size() : 0; }

anmkit_status anmkit_exported_file(const anmkit_exported* exported, size_t index, const char** suffix, const uint8_t** bytes,
                                   size_t* size, anmkit_error* error) {
  return guarded(error, [&] {
    if (exported == nullptr) return capi::null_argument(error, "exported");
    if (suffix == nullptr || bytes == nullptr || size == nullptr) return capi::null_argument(error, "suffix, bytes or size");
    *suffix = nullptr;
    *bytes = nullptr;
    *size = 0;
    if (index >= exported->files.size()) {
      return fail(error, ANMKIT_ERROR_INVALID_ARGUMENT,
                  "file " + std::to_string(index) + " of " + std::to_string(exported->files.size()));
    }
    const ExportedFile& file = exported->files[index];
    *suffix = file.suffix.c_str();
    *bytes = file.bytes.data();
    *size = file.bytes.size();
    return ok(error);
  });
}

void anmkit_exported_free(anmkit_exported* exported) { delete exported; }

}  // extern "C"
