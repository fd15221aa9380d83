// The C API's documents: opening, what a document is, validation, writing and converting.

#include <cstdlib>
#include <string_view>

#include "capi_support.hpp"

using namespace anmkit;
using capi::fail;
using capi::guarded;
using capi::ok;

namespace anmkit::capi {

void* copy_out(const void* data, std::size_t size, bool terminate) {
  void* copy = std::malloc(std::max<std::size_t>(1, size + (terminate ? 1 : 0)));
  if (copy == nullptr) return nullptr;
  if (size != 0) std::memcpy(copy, data, size);
  if (terminate) static_cast<char*>(copy)[size] = '\0';
  return copy;
}

anmkit_open_options default_open_options() {
  anmkit_open_options o{};
  o.struct_size = sizeof(anmkit_open_options);
  return o;
}

std::optional<FormatSettings> format_settings(const anmkit_format_setting* given, std::size_t count, bool importing,
                                             anmkit_error* error, anmkit_status& status) {
  FormatSettings out;
  if (count == 0) return out;
  if (given == nullptr) {
    status = null_argument(error, "format_settings");
    return std::nullopt;
  }
  for (std::size_t i = 0; i < count; ++i) {
    if (given[i].name == nullptr || given[i].value == nullptr) {
      status = null_argument(error, "format_settings[" + std::to_string(i) + "].name or .value");
      return std::nullopt;
    }
    out[given[i].name] = FormatSetting{given[i].value, ""};
  }
  if (auto checked = check_format_options(out, importing); !checked) {
    status = fail(error, ANMKIT_ERROR_INVALID_ARGUMENT, checked.error().message);
    return std::nullopt;
  }
  return out;
}

// The front door's options from the C struct: 0 and NULL take the defaults.
std::optional<OpenOptions> open_options(const anmkit_open_options* given, anmkit_error* error, anmkit_status& status) {
  const auto c = capi::read_struct(given, default_open_options());
  if (!c) {
    status = capi::bad_struct(error, "options", given);
    return std::nullopt;
  }
  OpenOptions o;
  // A skeleton given by path is read from the caller's files, or from disk (also for a document
  // opened from memory).
  o.files = c->files != nullptr ? std::shared_ptr<const FileSource>(c->files->files) : disk_files();
  if (c->max_input_bytes != 0) o.limits.max_input_bytes = c->max_input_bytes;
  if (c->max_keys != 0) o.limits.max_keys = c->max_keys;
  if (c->max_pixels != 0) o.limits.max_pixels = c->max_pixels;
  if (c->max_frames != 0) o.limits.max_frames = c->max_frames;
  if (c->max_bones != 0) o.limits.max_bones = c->max_bones;
  if (c->max_sequences != 0) o.limits.max_sequences = c->max_sequences;
  if (c->max_json_depth != 0) o.limits.max_json_depth = c->max_json_depth;
  if (c->skeleton != nullptr) o.skeleton = c->skeleton;
  auto roots = capi::c_strings(c->reference_roots, c->reference_root_count, "reference_roots", error, status);
  if (!roots) return std::nullopt;
  o.reference_roots = std::move(*roots);
  o.meshes = c->no_meshes == 0;
  if (c->texture_dir != nullptr) o.texture_dir = c->texture_dir;
  o.volumes = c->volumes != 0;
  if (c->kinds > ANMKIT_KIND_ANY) {
    status = fail(error, ANMKIT_ERROR_INVALID_ARGUMENT,
                  "options->kinds must be ANMKIT_KIND_* or'ed (0 to 7), found " + std::to_string(c->kinds));
    return std::nullopt;
  }
  if (c->kinds != 0) {
    o.kinds = {.animations = (c->kinds & ANMKIT_KIND_ANIMATION) != 0,
               .models = (c->kinds & ANMKIT_KIND_MODEL) != 0,
               .resources = (c->kinds & ANMKIT_KIND_RESOURCE) != 0};
  }
  if (auto settings = format_settings(c->format_settings, c->format_setting_count, false, error, status)) {
    o.format_options = std::move(*settings);
  } else {
    return std::nullopt;
  }
  // One set of ranges (anmkit.hpp) for every front end; 0 takes the default.
  auto rate = [&](double value, double fallback, const char* what, RealRange range) -> std::optional<double> {
    if (value == 0) return fallback;
    if (auto checked = check_range(what, value, range); !checked) {
      status = fail(error, ANMKIT_ERROR_INVALID_ARGUMENT, checked.error().message);
      return std::nullopt;
    }
    return value;
  };
  const auto fps = rate(c->fps, model::default_fps, "fps", fps_range);
  if (!fps) return std::nullopt;
  const auto tick_hz = rate(c->tick_hz, model::default_tick_hz, "tick_hz", tick_hz_range);
  if (!tick_hz) return std::nullopt;
  o.fps = *fps;
  o.tick_hz = *tick_hz;
  return o;
}

}  // namespace anmkit::capi

namespace {


// A registry string (a literal, or empty) as a C string: "" for an empty one, whose data() may be null.
const char* c_text(std::string_view text) { return text.empty() ? "" : text.data(); }

// Items each ended by a NUL, then a NUL: the C API's lists of names.
std::string name_list(const std::vector<std::string_view>& items) {
  std::string out;
  for (auto item : items) (out += item) += '\0';
  return out + '\0';
}

anmkit_status hand_document(Expected<Document> document, anmkit_document** out, anmkit_error* error) {
  if (!document) return fail(error, document.error());
  *out = new anmkit_document(std::move(*document));
  return ok(error);
}

}  // namespace

extern "C" {

const char* anmkit_status_name(int32_t code) {
  switch (code) {
    case ANMKIT_ERROR_INVALID_ARGUMENT: return "invalid_argument";
    case ANMKIT_ERROR_BUFFER_TOO_SMALL: return "buffer_too_small";
    case ANMKIT_ERROR_WRONG_KIND: return "wrong_kind";
    default: break;
  }
  const bool library = (code >= ANMKIT_ERROR_IO && code <= ANMKIT_ERROR_UNKNOWN_FORMAT) || code == ANMKIT_ERROR_OUT_OF_MEMORY ||
                       code == ANMKIT_ERROR_INTERNAL;
  if (!library) return "";
  // The library's own names are NUL-terminated literals.
  return error_code_name(static_cast<ErrorCode>(code)).data();
}

const char* anmkit_library_version(void) { return ANMKIT_VERSION_STRING; }

const char* anmkit_format_name(size_t index) {
  static const std::vector<FormatInfo> all = [] {
    try {
      return formats();
    } catch (...) {
      return std::vector<FormatInfo>{};
    }
  }();
  return index < all.size() ? all[index].name.data() : nullptr;
}

anmkit_status anmkit_format_info_get(size_t index, anmkit_format_info* out, anmkit_error* error) {
  return guarded(error, [&] {
    // Built once: the strings it hands out are static storage.
    struct Listed {
      FormatInfo info;
      std::string convert_targets, import_targets;
    };
    static const std::vector<Listed> all = [] {
      std::vector<Listed> listed;
      for (const FormatInfo& info : formats()) listed.push_back({info, name_list(info.convert_targets), name_list(info.import_targets)});
      return listed;
    }();
    if (index >= all.size()) {
      return fail(error, ANMKIT_ERROR_INVALID_ARGUMENT, "format " + std::to_string(index) + " of " + std::to_string(all.size()));
    }
    const Listed& l = all[index];
    anmkit_format_info c{};
    c.name = c_text(l.info.name);
    c.title = c_text(l.info.title);
    c.skeletal = l.info.skeletal ? 1 : 0;
    c.sprite = l.info.sprite ? 1 : 0;
    c.skeleton_extension = c_text(l.info.skeleton_extension);
    c.skeleton_lists_animations = l.info.skeleton_lists_animations ? 1 : 0;
    c.whole_frames_only = l.info.whole_frames_only ? 1 : 0;
    c.convert_targets = l.convert_targets.c_str();
    c.import_targets = l.import_targets.c_str();
    if (!capi::write_struct(out, c)) return capi::bad_struct(error, "out", out);
    return ok(error);
  });
}

anmkit_status anmkit_file_kind_get(size_t index, anmkit_file_kind* out, anmkit_error* error) {
  return guarded(error, [&] {
    static const std::vector<GameFileKind> all = game_file_kinds();
    if (index >= all.size()) {
      return fail(error, ANMKIT_ERROR_INVALID_ARGUMENT, "file kind " + std::to_string(index) + " of " + std::to_string(all.size()));
    }
    const GameFileKind& k = all[index];
    anmkit_file_kind c{};
    c.format = c_text(k.format);
    c.name = c_text(k.name);
    c.extension = c_text(k.extension);
    c.opens_as = !k.opens_as                                ? 0u
                 : *k.opens_as == DocumentKind::animation ? ANMKIT_KIND_ANIMATION
                 : *k.opens_as == DocumentKind::model     ? ANMKIT_KIND_MODEL
                                                          : ANMKIT_KIND_RESOURCE;
    if (!capi::write_struct(out, c)) return capi::bad_struct(error, "out", out);
    return ok(error);
  });
}

anmkit_status anmkit_setting_range(const char* name, double* min, double* max, anmkit_error* error) {
  return guarded(error, [&] {
    if (!name || !min || !max) return fail(error, ANMKIT_ERROR_INVALID_ARGUMENT, "a NULL name, min or max");
    const auto range = setting_range(name);
    if (!range) return fail(error, ANMKIT_ERROR_INVALID_ARGUMENT, std::string("no setting named '") + name + "' has a range");
    *min = range->min;
    *max = range->max;
    return ok(error);
  });
}

anmkit_status anmkit_format_option_get(size_t index, anmkit_format_option* out, anmkit_error* error) {
  return guarded(error, [&] {
    // Built once: the strings it hands out are static storage.
    struct Listed {
      FormatOption option;
      std::string choices;  // each ended by a NUL, then a NUL
    };
    static const std::vector<Listed> all = [] {
      std::vector<Listed> listed;
      for (const FormatOption& option : format_options()) {
        listed.push_back({option, name_list(option.choices)});
      }
      return listed;
    }();
    if (index >= all.size()) {
      return fail(error, ANMKIT_ERROR_INVALID_ARGUMENT, "format option " + std::to_string(index) + " of " + std::to_string(all.size()));
    }
    const Listed& l = all[index];
    anmkit_format_option c{};
    c.name = c_text(l.option.name);
    c.help = c_text(l.option.help);
    c.kind = l.option.kind == FormatOption::Kind::whole ? ANMKIT_OPTION_WHOLE
             : l.option.kind == FormatOption::Kind::choice ? ANMKIT_OPTION_CHOICE : ANMKIT_OPTION_FLAG;
    c.when_opening = l.option.when_opening ? 1 : 0;
    c.when_importing = l.option.when_importing ? 1 : 0;
    c.excludes_skeleton = l.option.excludes_skeleton ? 1 : 0;
    c.max = l.option.max;
    c.choices = l.choices.c_str();
    if (!capi::write_struct(out, c)) return capi::bad_struct(error, "out", out);
    return ok(error);
  });
}

const char* anmkit_detect(const void* bytes, size_t size) {
  if (bytes == nullptr && size != 0) return nullptr;
  try {
    const auto info = detect(std::span<const std::uint8_t>(static_cast<const std::uint8_t*>(bytes), size));
    return info ? info->name.data() : nullptr;
  } catch (...) {
    return nullptr;
  }
}

void anmkit_open_options_init(anmkit_open_options* options) {
  if (options != nullptr) *options = capi::default_open_options();
}

anmkit_status anmkit_open_file(const char* path, const anmkit_open_options* options, anmkit_document** out,
                               anmkit_error* error) {
  return guarded(error, [&] {
    if (out == nullptr) return capi::null_argument(error, "out");
    *out = nullptr;
    if (path == nullptr) return capi::null_argument(error, "path");
    anmkit_status status = ANMKIT_OK;
    const auto o = capi::open_options(options, error, status);
    if (!o) return status;
    return hand_document(Document::open(std::string(path), *o), out, error);
  });
}

anmkit_status anmkit_open_memory(const void* bytes, size_t size, const char* name, const anmkit_open_options* options,
                                 anmkit_document** out, anmkit_error* error) {
  return guarded(error, [&] {
    if (out == nullptr) return capi::null_argument(error, "out");
    *out = nullptr;
    if (bytes == nullptr && size != 0) return capi::null_argument(error, "bytes");
    anmkit_status status = ANMKIT_OK;
    const auto o = capi::open_options(options, error, status);
    if (!o) return status;
    const std::span<const std::uint8_t> span(static_cast<const std::uint8_t*>(bytes), size);
    return hand_document(Document::open(span, *o, name != nullptr ? name : ""), out, error);
  });
}

anmkit_status anmkit_from_json(const char* json, size_t size, const char* name, const anmkit_open_options* options,
                               anmkit_document** out, anmkit_error* error) {
  return guarded(error, [&] {
    if (out == nullptr) return capi::null_argument(error, "out");
    *out = nullptr;
    if (json == nullptr && size != 0) return capi::null_argument(error, "json");
    anmkit_status status = ANMKIT_OK;
    const auto o = capi::open_options(options, error, status);
    if (!o) return status;
    return hand_document(Document::from_json(std::string_view(json, size), *o, name != nullptr ? name : ""), out,
                         error);
  });
}

void anmkit_free(anmkit_document* document) { delete document; }

const char* anmkit_format(const anmkit_document* document) {
  return document == nullptr ? "" : document->doc.format().name.data();
}

const char* anmkit_kind(const anmkit_document* document) {
  return document == nullptr ? "" : kind_name(document->doc.kind()).data();
}

const char* anmkit_version(const anmkit_document* document) {
  return document == nullptr ? "" : document->version.c_str();
}

const char* anmkit_import_target(const anmkit_document* document) {
  return document == nullptr ? "" : document->import_target.c_str();
}

int anmkit_is_skeletal(const anmkit_document* document) {
  return document != nullptr && document->doc.format().skeletal ? 1 : 0;
}

int anmkit_is_sprite(const anmkit_document* document) {
  return document != nullptr && document->doc.format().sprite ? 1 : 0;
}

anmkit_status anmkit_validate(const anmkit_document* document, anmkit_diagnostics** out, anmkit_error* error) {
  return guarded(error, [&] {
    if (out == nullptr) return capi::null_argument(error, "out");
    *out = nullptr;
    if (document == nullptr) return capi::null_argument(error, "document");
    *out = capi::hand_diagnostics(document->doc.validate());
    return ok(error);
  });
}

anmkit_status anmkit_write(const anmkit_document* document, uint8_t** bytes, size_t* size, anmkit_error* error) {
  return guarded(error, [&] {
    if (bytes != nullptr) *bytes = nullptr;
    if (document == nullptr) return capi::null_argument(error, "document");
    const auto written = document->doc.write();
    if (!written) return fail(error, written.error());
    return capi::hand_out(written->data(), written->size(), false, bytes, size, error);
  });
}

void anmkit_save_options_init(anmkit_save_options* options) {
  if (options != nullptr) *options = anmkit_save_options{sizeof(anmkit_save_options), 0};
}

anmkit_status anmkit_save(const anmkit_document* document, const char* path, const anmkit_save_options* options,
                          anmkit_error* error) {
  return guarded(error, [&] {
    if (document == nullptr) return capi::null_argument(error, "document");
    if (path == nullptr) return capi::null_argument(error, "path");
    const auto c = capi::read_struct(options, anmkit_save_options{sizeof(anmkit_save_options), 0});
    if (!c) return capi::bad_struct(error, "options", options);
    SaveOptions o;
    o.overwrite_source = c->overwrite_source != 0;
    const auto saved = document->doc.save(path, o);
    if (!saved) return fail(error, saved.error());
    return ok(error);
  });
}

anmkit_status anmkit_to_json(const anmkit_document* document, int pretty, char** json, size_t* size,
                             anmkit_error* error) {
  return guarded(error, [&] {
    if (json != nullptr) *json = nullptr;
    if (document == nullptr) return capi::null_argument(error, "document");
    const auto text = document->doc.to_json(pretty != 0);
    if (!text) return fail(error, text.error());
    return capi::hand_out(text->data(), text->size(), true, json, size, error);
  });
}

anmkit_status anmkit_summary(const anmkit_document* document, int as_json, char** text, size_t* size,
                             anmkit_error* error) {
  return guarded(error, [&] {
    if (text != nullptr) *text = nullptr;
    if (document == nullptr) return capi::null_argument(error, "document");
    const auto summary = document->doc.summary();
    if (!summary) return fail(error, summary.error());
    const std::string& s = as_json != 0 ? summary->json : summary->text;
    return capi::hand_out(s.data(), s.size(), true, text, size, error);
  });
}

anmkit_status anmkit_to_gltf(const anmkit_document* document, int binary, uint8_t** bytes, size_t* size,
                             anmkit_error* error) {
  return guarded(error, [&] {
    if (bytes != nullptr) *bytes = nullptr;
    if (document == nullptr) return capi::null_argument(error, "document");
    GltfExportOptions o;
    o.binary = binary != 0;
    const auto gltf = document->doc.to_gltf(o);
    if (!gltf) return fail(error, gltf.error());
    return capi::hand_out(gltf->bytes.data(), gltf->bytes.size(), false, bytes, size, error);
  });
}

void anmkit_bytes_free(void* bytes) { std::free(bytes); }

anmkit_status anmkit_convert(const anmkit_document* document, const char* target, anmkit_document** out,
                             anmkit_error* error) {
  return guarded(error, [&] {
    if (out == nullptr) return capi::null_argument(error, "out");
    *out = nullptr;
    if (document == nullptr) return capi::null_argument(error, "document");
    if (target == nullptr) return capi::null_argument(error, "target");
    return hand_document(document->doc.convert(target), out, error);
  });
}

anmkit_status anmkit_edit_time(const anmkit_document* document, const char* edit, anmkit_document** out,
                               anmkit_diagnostics** warnings, anmkit_error* error) {
  return guarded(error, [&] {
    if (out == nullptr) return capi::null_argument(error, "out");
    *out = nullptr;
    if (warnings != nullptr) *warnings = nullptr;
    if (document == nullptr) return capi::null_argument(error, "document");
    if (edit == nullptr) return capi::null_argument(error, "edit");
    auto parsed = model::parse_time_edit(edit);
    if (!parsed) return fail(error, parsed.error());
    auto edited = document->doc.edit_time(*parsed);
    if (!edited) return fail(error, edited.error());
    if (warnings != nullptr) *warnings = capi::hand_warnings(edited->warnings, "time-edit");
    return hand_document(std::move(edited->document), out, error);
  });
}

}  // extern "C"
