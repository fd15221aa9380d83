#pragma once
// What the C API's functions share: the handles behind its opaque types, the error struct, the
// guard that keeps every exception on this side, and the reading of size-prefixed structs.

#include <algorithm>
#include <cstring>
#include <mutex>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "anmkit/anmkit.h"
#include "anmkit/anmkit.hpp"
#include "anmkit/core/guard.hpp"
#include "capi_fields.hpp"

struct anmkit_document {
  explicit anmkit_document(anmkit::Document d)
      : doc(std::move(d)), version(doc.version()), import_target(doc.import_target()) {}
  anmkit::Document doc;
  std::string version;
  std::string import_target;

  // Built on first use, once, whichever thread asks first (documents are shared read-only).
  struct Skeletal {
    std::shared_ptr<const anmkit::model::Clip> clip;  // the document's own
    anmkit::model::Skeleton skeleton;
    std::vector<std::int32_t> bone_joint;  // the skeleton's joint of each clip bone, or -1
  };
  std::once_flag skeletal_once;
  std::optional<anmkit::Expected<Skeletal>> skeletal;
  std::once_flag sprite_once;
  std::optional<anmkit::Expected<anmkit::model::SpriteAnimation>> sprite;
  std::once_flag sequences_once;  // a model's (anmkit_sequence_get)
  std::optional<anmkit::Expected<std::vector<anmkit::SummarySequence>>> sequences;
  // A model's files wanted, as the last anmkit_document_files_wanted gave them.
  std::vector<std::string> wanted;
  std::vector<const char*> wanted_names;
};

// Files handed over as bytes: the options that name them share them with what they open.
struct anmkit_files {
  std::shared_ptr<anmkit::MemoryFiles> files = std::make_shared<anmkit::MemoryFiles>();
};

struct anmkit_diagnostics {
  // `mentions`: the settings each finding's message names (a warning's), or none for all.
  anmkit_diagnostics(std::vector<anmkit::Diagnostic> found, std::vector<std::vector<anmkit::SettingMention>> mentions);
  std::vector<anmkit::Diagnostic> list;
  std::vector<std::vector<anmkit::SettingMention>> mentions;  // as many as `list`
  std::vector<std::string> setting_names;  // each finding's settings as anmkit_diagnostic gives them
};

namespace anmkit::capi {

anmkit_open_options default_open_options();
// The formats' own options from C pairs, checked against their declarations.
std::optional<FormatSettings> format_settings(const anmkit_format_setting* given, std::size_t count, bool importing,
                                             anmkit_error* error, anmkit_status& status);
// The front door's options from the C struct: 0 and NULL take the defaults. On failure the
// error is filled and `status` set.
std::optional<OpenOptions> open_options(const anmkit_open_options* given, anmkit_error* error, anmkit_status& status);

// Copies `text` into a fixed buffer, cut to fit, always NUL-terminated.
template <std::size_t N>
void copy_text(char (&to)[N], std::string_view text) {
  const std::size_t n = std::min(text.size(), N - 1);
  std::memcpy(to, text.data(), n);
  to[n] = '\0';
}

// The settings a message of `message_size` bytes (possibly cut) still says whole, in its order,
// at most ANMKIT_ERROR_SETTINGS, while their names fit in `capacity` bytes: each name ended by a
// NUL (the NUL after the last is the caller's).
struct SaidSettings {
  std::string names;
  std::uint32_t at[ANMKIT_ERROR_SETTINGS] = {};
  std::uint32_t size[ANMKIT_ERROR_SETTINGS] = {};
  std::size_t count = 0;
};
SaidSettings said_settings(const std::vector<SettingMention>& mentions, std::size_t message_size, std::size_t capacity);

// A diagnostics list for the caller to free.
anmkit_diagnostics* hand_diagnostics(std::vector<Diagnostic> found);
// Warnings as such a list (`id` for each), with the settings they name.
anmkit_diagnostics* hand_warnings(const std::vector<Warning>& warnings, const char* id);

inline anmkit_status fail(anmkit_error* out, const Error& e) {
  if (out != nullptr) {
    *out = anmkit_error{};
    out->code = static_cast<std::int32_t>(e.code);
    out->has_offset = e.offset ? 1 : 0;
    out->offset = e.offset.value_or(0);
    copy_text(out->pointer, e.pointer);
    copy_text(out->file, e.file);
    copy_text(out->message, e.message);
    const SaidSettings said = said_settings(e.settings, std::strlen(out->message), sizeof out->settings);
    std::memcpy(out->settings, said.names.data(), said.names.size());  // the rest stays zero: its NULs
    std::copy_n(said.at, said.count, out->setting_at);
    std::copy_n(said.size, said.count, out->setting_size);
  }
  return static_cast<anmkit_status>(e.code);
}

// Errors of the C surface itself: codes past the library's own (anmkit.h).
inline anmkit_status fail(anmkit_error* out, anmkit_status code, std::string_view message) {
  if (out != nullptr) {
    *out = anmkit_error{};
    out->code = code;
    copy_text(out->message, message);
  }
  return code;
}

inline anmkit_status ok(anmkit_error* out) {
  if (out != nullptr) *out = anmkit_error{};
  return ANMKIT_OK;
}

// Runs a C entry point's body in the library's one guard (core/guard.hpp): whatever it throws
// becomes an error here, never crossing into C.
template <class Body>
anmkit_status guarded(anmkit_error* error, Body&& body) noexcept {
  try {
    return body();
  } catch (...) {
    try {
      return fail(error, caught_error());
    } catch (...) {  // no memory left even for the message
      if (error != nullptr) error->code = ANMKIT_ERROR_OUT_OF_MEMORY;
      return ANMKIT_ERROR_OUT_OF_MEMORY;
    }
  }
}

// A caller's size-prefixed struct read into a whole one: the fields past its struct_size keep
// `defaults` (the caller was built against an older, shorter struct).
template <class T>
std::optional<T> read_struct(const T* given, T defaults) {
  if (given == nullptr) return defaults;
  if (given->struct_size < sizeof(std::size_t) || !is_struct_size<T>(given->struct_size)) return std::nullopt;
  std::memcpy(&defaults, given, std::min(given->struct_size, sizeof(T)));
  return defaults;
}

// Writes `value` into the caller's struct, only as far as its struct_size reaches.
template <class T>
bool write_struct(T* out, T value) {
  if (out == nullptr || out->struct_size < sizeof(std::size_t) || !is_struct_size<T>(out->struct_size)) return false;
  value.struct_size = out->struct_size;
  std::memcpy(out, &value, std::min(out->struct_size, sizeof(T)));
  return true;
}

// Why read_struct or write_struct refused the caller's struct.
template <class T>
anmkit_status bad_struct(anmkit_error* error, std::string_view what, const T* given) {
  if (given == nullptr || given->struct_size < sizeof(std::size_t)) {
    return fail(error, ANMKIT_ERROR_INVALID_ARGUMENT,
                std::string(what) + " is NULL or its struct_size is smaller than a size_t");
  }
  return fail(error, ANMKIT_ERROR_INVALID_ARGUMENT,
              std::string(what) + "->struct_size " + std::to_string(given->struct_size) +
                  " ends inside a field: give sizeof the struct (" + std::to_string(sizeof(T)) +
                  " here) as the header you build with declares it");
}

inline anmkit_status null_argument(anmkit_error* error, std::string_view what) {
  return fail(error, ANMKIT_ERROR_INVALID_ARGUMENT, std::string(what) + " is NULL");
}

// `count` C strings at `list` (paths a struct lists), or nullopt with `status` set naming `what`
// ("reference_roots", "reference_roots[2]") when the list or one of them is NULL.
inline std::optional<std::vector<std::string>> c_strings(const char* const* list, std::size_t count, std::string_view what,
                                                         anmkit_error* error, anmkit_status& status) {
  if (count != 0 && list == nullptr) {
    status = null_argument(error, what);
    return std::nullopt;
  }
  std::vector<std::string> out;
  for (std::size_t i = 0; i < count; ++i) {
    if (list[i] == nullptr) {
      status = null_argument(error, std::string(what) + "[" + std::to_string(i) + "]");
      return std::nullopt;
    }
    out.emplace_back(list[i]);
  }
  return out;
}

// Bytes handed to the caller, released with anmkit_bytes_free (malloc'd, so any allocator
// mismatch is impossible: free() is what anmkit_bytes_free calls).
void* copy_out(const void* data, std::size_t size, bool terminate);
template <class Byte>
anmkit_status hand_out(const void* data, std::size_t size, bool terminate, Byte** out, std::size_t* out_size,
                       anmkit_error* error) {
  if (out == nullptr || out_size == nullptr) return null_argument(error, "the output pointer or its size");
  *out = nullptr;
  *out_size = 0;
  void* copy = copy_out(data, size, terminate);
  if (copy == nullptr) return fail(error, ANMKIT_ERROR_TOO_LARGE, "out of memory");
  *out = static_cast<Byte*>(copy);
  *out_size = size;
  return ok(error);
}

// A skeleton's joint as anmkit_joint_get and anmkit_figure_joint_get give it (its name borrowed).
anmkit_joint joint_of(const model::Joint& joint);

// The clip, skeleton and bone-to-joint map of a skeletal document, built once.
const Expected<anmkit_document::Skeletal>& skeletal(const anmkit_document& document);
const Expected<model::SpriteAnimation>& sprite(const anmkit_document& document);

}  // namespace anmkit::capi
