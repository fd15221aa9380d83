// The C API's fuzz check: fuzzed bytes through include/anmkit/anmkit.h as a C caller uses it.
// Whatever opens must answer every query, sample and draw without failing, write back its own
// bytes, and come back unchanged through its JSON dump; whatever does not open must say why with
// a code and, for a binary input, an offset inside it. The structs a caller hands in (options,
// pose arrays) come with a struct_size the input picks, each at the end of an allocation of
// exactly that size: a size that cuts a field is refused, a size where a field ends (an older
// header's struct) is taken, and nothing past it is read.

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "anmkit/anmkit.h"
#include "fidelity.hpp"

namespace anmkit::fuzz {
namespace {

using Result = std::optional<std::string>;

// Frees a document (or sampler, diagnostics) when the check returns.
struct Freed {
  anmkit_document* doc = nullptr;
  anmkit_sampler* sampler = nullptr;
  ~Freed() {
    anmkit_sampler_free(sampler);
    anmkit_free(doc);
  }
};

Result failed(const char* call, const anmkit_error& error) {
  return std::string("capi: ") + call + " failed on a document that opened: " + error.message;
}

// An output struct of a size the input picks, from 0 to past the whole: a size smaller than a
// size_t is refused, and whatever the answer, nothing is written past the struct_size given (a
// size that ends inside a pointer is refused, not written half).
template <class T, class Call>
Result check_struct_size(const char* what, std::size_t pick, Call call) {
  const std::size_t size = pick % (sizeof(T) + 9);
  alignas(T) unsigned char storage[sizeof(T) + 16];
  std::memset(storage, 0xa5, sizeof storage);
  std::memcpy(storage, &size, sizeof size);  // struct_size leads every size-prefixed struct
  anmkit_error error;
  const anmkit_status status = call(reinterpret_cast<T*>(storage), &error);
  if (status != ANMKIT_OK && status != ANMKIT_ERROR_INVALID_ARGUMENT) return failed(what, error);
  if (size < sizeof(std::size_t) && status == ANMKIT_OK) return std::string("capi: ") + what + " took a struct_size below a size_t";
  const std::size_t written = status == ANMKIT_OK ? std::max(size, sizeof(std::size_t)) : sizeof(std::size_t);
  for (std::size_t i = std::min(written, sizeof storage); i < sizeof storage; ++i) {
    if (storage[i] != 0xa5) return std::string("capi: ") + what + " wrote past the struct_size it was given";
  }
  return std::nullopt;
}


// ---- Input structs of a size the input picks ----------------------------------------------

// Where a field of a caller's struct lies. The lists below say the header's fields again, apart
// from the library's own table (src/capi/capi_fields.hpp), which is what they check.
struct Place {
  std::size_t offset, size;
  std::size_t end() const { return offset + size; }
};
#define PLACE(T, f) Place{offsetof(T, f), sizeof(T::f)}
using Places = std::vector<Place>;

// A struct_size against the struct's fields: past them all (a newer caller's), where one ends or
// its end padded to the struct's alignment (an older header's sizeof), inside one (half a
// pointer or a number: refused), or in padding after a field's end (either answer will do).
enum class Cut { boundary, inside_a_field, padding };

template <class T>
Cut cut_of(std::size_t size, const Places& fields) {
  if (size >= sizeof(T)) return Cut::boundary;
  for (const Place& f : fields) {
    if (f.offset < size && size < f.end()) return Cut::inside_a_field;
  }
  for (const Place& f : fields) {
    const std::size_t padded = (f.end() + alignof(T) - 1) / alignof(T) * alignof(T);
    if (size == f.end() || size == padded) return Cut::boundary;
  }
  return Cut::padding;
}

// `size` bytes of `full`, struct_size set to `size`, in a heap block of exactly that many bytes
// (or of the size_t that says it): ASan stops a read past it. Past the whole struct the block
// holds 0xa5, a newer header's fields, which the library must ignore.
template <class T>
std::shared_ptr<T> sized_copy(const T& full, std::size_t size) {
  const std::size_t bytes = std::max(size, sizeof(std::size_t));
  auto* block = static_cast<unsigned char*>(std::malloc(bytes));
  if (block == nullptr) return nullptr;
  std::memset(block, 0xa5, bytes);
  std::memcpy(block, &full, std::min(size, sizeof(T)));
  std::memcpy(block, &size, sizeof size);
  return std::shared_ptr<T>(reinterpret_cast<T*>(block), [](T* p) { std::free(p); });
}

// A field given a value the library refuses, and how the refusal begins: the library must refuse
// a poisoned field within the struct_size (it read it), and never for one past it (it read past).
struct Poison {
  Place field;
  anmkit_status code;
  const char* message_start;
};
using Poisons = std::vector<Poison>;

bool says(anmkit_status status, const anmkit_error& error, const Poison& p) {
  return status == p.code && std::strncmp(error.message, p.message_start, std::strlen(p.message_start)) == 0;
}

bool refused_for_size(anmkit_status status, const anmkit_error& error) {
  return status == ANMKIT_ERROR_INVALID_ARGUMENT && std::strstr(error.message, "struct_size") != nullptr;
}

// The answer to a call given a struct of `size` bytes, by the contract above. `clean` judges a
// call none of whose poisoned fields lie within the size (the defaults past it).
template <class T, class Clean>
Result judge(const char* what, std::size_t size, const Places& fields, const Poisons& poisons, anmkit_status status,
             const anmkit_error& error, Clean clean) {
  const std::string call = std::string("capi: ") + what + " with a struct_size of " + std::to_string(size) +
                           " (sizeof " + std::to_string(sizeof(T)) + ")";
  const Cut cut = cut_of<T>(size, fields);
  if (cut == Cut::inside_a_field) {
    if (refused_for_size(status, error)) return std::nullopt;
    return call + ", inside a field, was not refused for it: " + anmkit_status_name(status) + " " +
           (status == ANMKIT_OK ? "" : error.message);
  }
  if (refused_for_size(status, error)) {
    if (cut == Cut::padding) return std::nullopt;
    return call + ", where a field ends, was refused: " + error.message;
  }
  bool within = false;
  for (const Poison& p : poisons) {
    const bool fits = p.field.end() <= size;
    within = within || fits;
    if (says(status, error, p) && !fits) return call + " read a field past it: " + error.message;
  }
  if (!within) return clean(status, error);
  for (const Poison& p : poisons) {
    if (says(status, error, p)) return std::nullopt;
  }
  return call + " ignored a field within it: " + anmkit_status_name(status) + " " +
         (status == ANMKIT_OK ? "" : error.message);
}

// The sizes the input picks: a hash of its bytes, one byte of it for each struct, taken from 0
// to 8 past the whole struct.
struct Picks {
  std::uint64_t hash = 14695981039346656037ull;  // FNV-1a
  explicit Picks(Input bytes) {
    for (std::uint8_t b : bytes) hash = (hash ^ b) * 1099511628211ull;
  }
  template <class T>
  std::size_t size(unsigned which) const {
    return std::size_t((hash >> (8 * (which % 8))) & 0xff) % (sizeof(T) + 9);
  }
};

const Places open_option_places = {
    PLACE(anmkit_open_options, struct_size),     PLACE(anmkit_open_options, max_input_bytes),
    PLACE(anmkit_open_options, max_keys),        PLACE(anmkit_open_options, max_pixels),
    PLACE(anmkit_open_options, max_frames),      PLACE(anmkit_open_options, max_bones),
    PLACE(anmkit_open_options, max_sequences),   PLACE(anmkit_open_options, skeleton),
    PLACE(anmkit_open_options, fps),             PLACE(anmkit_open_options, tick_hz),
    PLACE(anmkit_open_options, format_settings), PLACE(anmkit_open_options, format_setting_count),
    PLACE(anmkit_open_options, reference_roots), PLACE(anmkit_open_options, reference_root_count),
    PLACE(anmkit_open_options, no_meshes),       PLACE(anmkit_open_options, texture_dir)};

// anmkit_open_memory with the fuzz limits and a poison in every field that has one. `opened`:
// whether the input opened with the whole struct (then it opens with the defaults past a size
// that holds no poison: they are larger).
Result check_open_options_size(Input bytes, const anmkit_open_options& limits, bool opened, std::size_t size) {
  anmkit_open_options full = limits;
  Poisons poisons = {
      {PLACE(anmkit_open_options, fps), ANMKIT_ERROR_INVALID_ARGUMENT, "fps must"},
      {PLACE(anmkit_open_options, tick_hz), ANMKIT_ERROR_INVALID_ARGUMENT, "tick_hz must"},
      {PLACE(anmkit_open_options, format_setting_count), ANMKIT_ERROR_INVALID_ARGUMENT, "format_settings is NULL"},
      {PLACE(anmkit_open_options, reference_root_count), ANMKIT_ERROR_INVALID_ARGUMENT, "reference_roots is NULL"}};
  full.fps = -1;
  full.tick_hz = -1;
  full.format_settings = nullptr;
  full.format_setting_count = 1;
  full.reference_roots = nullptr;
  full.reference_root_count = 1;
  if (bytes.size() > 1) {  // a limit below the input: refused before any parsing
    full.max_input_bytes = 1;
    poisons.push_back({PLACE(anmkit_open_options, max_input_bytes), ANMKIT_ERROR_TOO_LARGE, "the input is"});
  }
  const auto given = sized_copy(full, size);
  if (!given) return std::nullopt;
  anmkit_document* doc = nullptr;
  anmkit_error error;
  const anmkit_status status = anmkit_open_memory(bytes.data(), bytes.size(), "fuzz.anm", given.get(), &doc, &error);
  const Freed owned{doc};
  if (status != ANMKIT_OK && doc != nullptr) return "capi: a failed open handed out a document";
  return judge<anmkit_open_options>("open_memory", size, open_option_places, poisons, status, error,
                                    [&](anmkit_status s, const anmkit_error& e) -> Result {
                                      if (!opened || s == ANMKIT_OK) return std::nullopt;
                                      return "capi: open_memory with options of struct_size " + std::to_string(size) +
                                             " refused what opened with the whole struct: " + e.message;
                                    });
}

// anmkit_from_gltf of no bytes (nothing to parse: the options are all that is read), a valid
// target and poisons. Past the size the target is NULL, refused as such.
Result check_gltf_options_size(std::size_t size) {
  anmkit_gltf_import_options full;
  anmkit_gltf_import_options_init(&full);
  full.target = "gem-6.0";
  full.fps = -1;
  full.tolerance = -1;
  full.format_settings = nullptr;
  full.format_setting_count = 1;
  const Poisons poisons = {
      {PLACE(anmkit_gltf_import_options, fps), ANMKIT_ERROR_INVALID_ARGUMENT, "fps must"},
      {PLACE(anmkit_gltf_import_options, tolerance), ANMKIT_ERROR_INVALID_ARGUMENT, "tolerance must"},
      {PLACE(anmkit_gltf_import_options, format_setting_count), ANMKIT_ERROR_INVALID_ARGUMENT,
       "format_settings is NULL"}};
  const Places places = {
      PLACE(anmkit_gltf_import_options, struct_size),     PLACE(anmkit_gltf_import_options, target),
      PLACE(anmkit_gltf_import_options, animation),       PLACE(anmkit_gltf_import_options, fps),
      PLACE(anmkit_gltf_import_options, tolerance),       PLACE(anmkit_gltf_import_options, base),
      PLACE(anmkit_gltf_import_options, folder),          PLACE(anmkit_gltf_import_options, max_input_bytes),
      PLACE(anmkit_gltf_import_options, format_settings), PLACE(anmkit_gltf_import_options, format_setting_count)};
  const auto given = sized_copy(full, size);
  if (!given) return std::nullopt;
  anmkit_document* doc = nullptr;
  anmkit_diagnostics* warnings = nullptr;
  anmkit_error error;
  const anmkit_status status = anmkit_from_gltf(nullptr, 0, "fuzz.glb", given.get(), &doc, &warnings, &error);
  const Freed owned{doc};
  anmkit_diagnostics_free(warnings);
  if (status == ANMKIT_OK) return "capi: from_gltf imported no bytes";
  const bool target_within = PLACE(anmkit_gltf_import_options, target).end() <= size;
  return judge<anmkit_gltf_import_options>(
      "from_gltf", size, places, poisons, status, error, [&](anmkit_status, const anmkit_error& e) -> Result {
        const bool null_target = std::strcmp(e.message, "options->target is NULL") == 0;
        if (null_target == !target_within) return std::nullopt;
        return "capi: from_gltf with options of struct_size " + std::to_string(size) +
               (target_within ? " lost the target within it: " : " read the target past it: ") + e.message;
      });
}

// anmkit_export of the document as JSON with poisons (numbers refused before any export); past
// a size that holds none, the defaults export.
Result check_export_options_size(const anmkit_document* doc, std::size_t size) {
  anmkit_export_options full;
  anmkit_export_options_init(&full);
  full.scale = 0;
  full.sequence = -2;
  full.flipbook_ticks = 0;
  const Poisons poisons = {
      {PLACE(anmkit_export_options, scale), ANMKIT_ERROR_INVALID_ARGUMENT, "scale must"},
      {PLACE(anmkit_export_options, sequence), ANMKIT_ERROR_INVALID_ARGUMENT, "sequence must"},
      {PLACE(anmkit_export_options, flipbook_ticks), ANMKIT_ERROR_INVALID_ARGUMENT, "flipbook ticks must"}};
  const Places places = {
      PLACE(anmkit_export_options, struct_size),       PLACE(anmkit_export_options, scale),
      PLACE(anmkit_export_options, raw),               PLACE(anmkit_export_options, sequence),
      PLACE(anmkit_export_options, flipbook),          PLACE(anmkit_export_options, flipbook_ticks),
      PLACE(anmkit_export_options, state),             PLACE(anmkit_export_options, max_output_pixels),
      PLACE(anmkit_export_options, file_name),         PLACE(anmkit_export_options, animation_name)};
  const auto given = sized_copy(full, size);
  if (!given) return std::nullopt;
  anmkit_exported* out = nullptr;
  anmkit_diagnostics* warnings = nullptr;
  anmkit_error error;
  const anmkit_status status = anmkit_export(doc, "json", given.get(), &out, &warnings, &error);
  const bool handed = out != nullptr;
  anmkit_exported_free(out);
  anmkit_diagnostics_free(warnings);
  if (handed != (status == ANMKIT_OK)) return "capi: export's list and its status disagree";
  return judge<anmkit_export_options>("export", size, places, poisons, status, error,
                                      [&](anmkit_status s, const anmkit_error& e) -> Result {
                                        if (s == ANMKIT_OK) return std::nullopt;
                                        return "capi: export with the default options failed: " +
                                               std::string(e.message);
                                      });
}

// anmkit_save into a folder that is not there: taken, the save fails on the folder (nothing is
// written); no field has a poison (overwrite_source changes nothing for bytes from memory).
Result check_save_options_size(const anmkit_document* doc, std::size_t size) {
  anmkit_save_options full;
  anmkit_save_options_init(&full);
  full.overwrite_source = 1;
  const auto given = sized_copy(full, size);
  if (!given) return std::nullopt;
  anmkit_error error;
  const anmkit_status status = anmkit_save(doc, "/nonexistent-anmkit-fuzz-folder/fuzz.anm", given.get(), &error);
  return judge<anmkit_save_options>(
      "save", size, {PLACE(anmkit_save_options, struct_size), PLACE(anmkit_save_options, overwrite_source)}, {},
      status, error, [&](anmkit_status s, const anmkit_error& e) -> Result {
        if (s != ANMKIT_OK && s != ANMKIT_ERROR_INVALID_ARGUMENT) return std::nullopt;
        return "capi: save into a missing folder: " + std::string(anmkit_status_name(s)) + " " + e.message;
      });
}

// anmkit_sample at frame 0 into arrays given by a pose_arrays of `size` bytes: the arrays whose
// pointers lie within it get the pose a whole struct gets, the others are not touched; past a
// size without the capacity, the capacity is 0 (too small for any bone).
Result check_pose_arrays_size(anmkit_sampler* sampler, std::uint32_t bones, std::size_t size) {
  constexpr unsigned char untouched = 0xee;
  const std::size_t n = std::max<std::size_t>(bones, 1);
  const std::size_t widths[5] = {3 * sizeof(float), 4 * sizeof(float), 3 * sizeof(float), 1, 1};
  std::vector<unsigned char> expected[5], got[5];
  auto arrays_of = [&](std::vector<unsigned char>* buffers) {
    anmkit_pose_arrays a{};
    a.struct_size = sizeof a;
    a.capacity = bones;
    for (int i = 0; i < 5; ++i) buffers[i].assign(n * widths[i], untouched);
    a.translation = reinterpret_cast<float*>(buffers[0].data());
    a.rotation = reinterpret_cast<float*>(buffers[1].data());
    a.scale = reinterpret_cast<float*>(buffers[2].data());
    a.visible = buffers[3].data();
    a.mirrored = buffers[4].data();
    return a;
  };
  anmkit_error error;
  const anmkit_pose_arrays whole = arrays_of(expected);
  if (anmkit_sample(sampler, 0.0, &whole, &error) != ANMKIT_OK) return failed("sample", error);
  const auto given = sized_copy(arrays_of(got), size);
  if (!given) return std::nullopt;
  const anmkit_status status = anmkit_sample(sampler, 0.0, given.get(), &error);
  const Places places = {PLACE(anmkit_pose_arrays, struct_size), PLACE(anmkit_pose_arrays, capacity),
                         PLACE(anmkit_pose_arrays, translation), PLACE(anmkit_pose_arrays, rotation),
                         PLACE(anmkit_pose_arrays, scale),       PLACE(anmkit_pose_arrays, visible),
                         PLACE(anmkit_pose_arrays, mirrored)};
  return judge<anmkit_pose_arrays>(
      "sample", size, places, {}, status, error, [&](anmkit_status s, const anmkit_error& e) -> Result {
        const bool capacity_within = PLACE(anmkit_pose_arrays, capacity).end() <= size;
        const anmkit_status wanted = capacity_within || bones == 0 ? ANMKIT_OK : ANMKIT_ERROR_BUFFER_TOO_SMALL;
        if (s != wanted) {
          return "capi: sample with pose arrays of struct_size " + std::to_string(size) + ": " +
                 anmkit_status_name(s) + " " + e.message + ", not " + anmkit_status_name(wanted);
        }
        for (std::size_t i = 0; i < 5; ++i) {
          const bool within = places[2 + i].end() <= size && s == ANMKIT_OK;
          const bool as_whole = got[i] == expected[i];
          const bool touched = std::any_of(got[i].begin(), got[i].end(), [](unsigned char c) { return c != untouched; });
          if (within ? !as_whole : touched) {
            return "capi: sample with pose arrays of struct_size " + std::to_string(size) + (within ? " wrote array " : " touched array ") +
                   std::to_string(i) + (within ? " otherwise than a whole struct" : ", whose pointer lies past it");
          }
        }
        return std::nullopt;
      });
}

Result check_skeletal(anmkit_document* doc, Freed& owned, const Picks& picks) {
  anmkit_error error;
  anmkit_clip_info info{};
  info.struct_size = sizeof info;
  if (anmkit_clip_info_get(doc, &info, &error) != ANMKIT_OK) {
    // A clip can be refused only for what the library says (a .mdl it could not read, ...).
    return error.code == ANMKIT_OK ? Result("capi: clip_info failed without a code") : std::nullopt;
  }
  if (auto sized = check_struct_size<anmkit_clip_info>("clip_info_get", info.bone_count + info.frame_count,
                                                       [&](anmkit_clip_info* out, anmkit_error* e) {
                                                         return anmkit_clip_info_get(doc, out, e);
                                                       })) {
    return sized;
  }
  for (std::uint32_t b = 0; b < info.bone_count; ++b) {
    anmkit_bone bone{};
    bone.struct_size = sizeof bone;
    if (anmkit_bone_get(doc, b, &bone, &error) != ANMKIT_OK) return failed("bone_get", error);
    if (bone.name == nullptr || bone.name[bone.name_size] != '\0') return "capi: a bone name is not terminated";
  }
  if (anmkit_sampler_new(doc, &owned.sampler, &error) != ANMKIT_OK) return failed("sampler_new", error);
  if (auto sized = check_pose_arrays_size(owned.sampler, info.bone_count, picks.size<anmkit_pose_arrays>(4))) {
    return sized;
  }
  // A few frames, whole and between, before and past the clip: the work stays small.
  const std::uint32_t frames = std::min<std::uint32_t>(info.frame_count, 16);
  std::vector<float> translation(std::size_t(frames + 1) * info.bone_count * 3 + 3);
  std::vector<float> rotation(std::size_t(frames + 1) * info.bone_count * 4 + 4);
  std::vector<std::uint8_t> visible(std::size_t(frames + 1) * info.bone_count + 1);
  anmkit_pose_arrays arrays{};
  arrays.struct_size = sizeof arrays;
  arrays.capacity = std::size_t(frames + 1) * info.bone_count;
  arrays.translation = translation.data();
  arrays.rotation = rotation.data();
  arrays.visible = visible.data();
  for (double frame : {-1.5, 0.0, 0.5, double(info.frame_count) + 0.25}) {
    if (anmkit_sample(owned.sampler, frame, &arrays, &error) != ANMKIT_OK) return failed("sample", error);
  }
  if (anmkit_sample_frames(owned.sampler, 0, frames, &arrays, &error) != ANMKIT_OK) {
    return failed("sample_frames", error);
  }
  return std::nullopt;
}

Result check_sprite(anmkit_document* doc) {
  anmkit_error error;
  anmkit_sprite_info info{};
  info.struct_size = sizeof info;
  if (anmkit_sprite_info_get(doc, &info, &error) != ANMKIT_OK) {
    return error.code == ANMKIT_OK ? Result("capi: sprite_info failed without a code") : std::nullopt;
  }
  if (auto sized = check_struct_size<anmkit_sprite_info>("sprite_info_get", info.width + info.frame_count,
                                                         [&](anmkit_sprite_info* out, anmkit_error* e) {
                                                           return anmkit_sprite_info_get(doc, out, e);
                                                         })) {
    return sized;
  }
  std::vector<std::uint8_t> palette(std::size_t(info.palette_size) * 4);
  if (anmkit_sprite_palette(doc, palette.data(), palette.size(), &error) != ANMKIT_OK) return failed("palette", error);
  for (std::uint32_t f = 0; f < info.frame_count; ++f) {
    anmkit_rect drawn, size;
    if (anmkit_sprite_frame_rect(doc, f, &drawn, &size, &error) != ANMKIT_OK) return failed("frame_rect", error);
    std::vector<std::uint8_t> pens(std::size_t(size.width) * size.height + 1);
    if (anmkit_sprite_frame_pixels(doc, f, pens.data(), pens.size(), &error) != ANMKIT_OK) {
      return failed("frame_pixels", error);
    }
  }
  std::vector<std::uint8_t> canvas(std::size_t(info.width) * info.height + 1);
  for (std::uint32_t s = 0; s < info.state_count; ++s) {
    if (anmkit_sprite_state_pixels(doc, s, canvas.data(), canvas.size(), &error) != ANMKIT_OK) {
      return failed("state_pixels", error);
    }
  }
  for (std::uint32_t q = 0; q < info.sequence_count; ++q) {
    std::size_t count = 0;
    if (anmkit_sprite_sequence(doc, q, nullptr, 0, &count, &error) != ANMKIT_OK) return failed("sequence", error);
    std::vector<anmkit_sprite_step> steps(count + 1);
    if (anmkit_sprite_sequence(doc, q, steps.data(), steps.size(), &count, &error) != ANMKIT_OK) {
      return failed("sequence", error);
    }
  }
  return std::nullopt;
}

}  // namespace

Result check_capi(Input bytes) {
  anmkit_open_options options;
  anmkit_open_options_init(&options);
  options.max_input_bytes = 1 << 20;  // the other targets' limits (fidelity.cpp)
  options.max_frames = 4096;
  options.max_bones = 1024;
  options.max_keys = 1 << 16;
  options.max_pixels = 1 << 18;
  options.max_sequences = 256;
  Freed owned;
  anmkit_error error;
  const Picks picks(bytes);
  const bool opened = anmkit_open_memory(bytes.data(), bytes.size(), "fuzz.anm", &options, &owned.doc, &error) == ANMKIT_OK;
  if (auto sized = check_open_options_size(bytes, options, opened, picks.size<anmkit_open_options>(0))) return sized;
  if (auto sized = check_gltf_options_size(picks.size<anmkit_gltf_import_options>(1))) return sized;
  if (!opened) {
    if (owned.doc != nullptr) return "capi: a failed open handed out a document";
    if (error.code == ANMKIT_OK || error.message[0] == '\0') return "capi: a failed open without a code or message";
    if (error.has_offset != 0 && error.offset > bytes.size()) return "capi: an error offset past the input";
    return std::nullopt;
  }
  if (auto sized = check_export_options_size(owned.doc, picks.size<anmkit_export_options>(2))) return sized;
  if (auto sized = check_save_options_size(owned.doc, picks.size<anmkit_save_options>(3))) return sized;
  anmkit_diagnostics* diagnostics = nullptr;
  if (anmkit_validate(owned.doc, &diagnostics, &error) != ANMKIT_OK) return failed("validate", error);
  for (std::size_t i = 0; i < anmkit_diagnostics_count(diagnostics); ++i) {
    anmkit_diagnostic d{};
    d.struct_size = sizeof d;
    if (anmkit_diagnostics_get(diagnostics, i, &d, &error) != ANMKIT_OK || d.id == nullptr || d.message == nullptr) {
      anmkit_diagnostics_free(diagnostics);
      return "capi: a diagnostic cannot be read";
    }
  }
  if (anmkit_diagnostics_count(diagnostics) > 0) {
    if (auto sized = check_struct_size<anmkit_diagnostic>("diagnostics_get", bytes.size(),
                                                          [&](anmkit_diagnostic* out, anmkit_error* e) {
                                                            return anmkit_diagnostics_get(diagnostics, 0, out, e);
                                                          })) {
      anmkit_diagnostics_free(diagnostics);
      return sized;
    }
  }
  anmkit_diagnostics_free(diagnostics);

  std::uint8_t* written = nullptr;
  std::size_t size = 0;
  if (anmkit_write(owned.doc, &written, &size, &error) != ANMKIT_OK) return failed("write", error);
  const bool same = size == bytes.size() && std::equal(written, written + size, bytes.begin());
  anmkit_bytes_free(written);
  if (!same) return "capi: write(open(bytes)) != bytes";

  // The dump and back: the same bytes again (small inputs: the dump of a large one costs time).
  if (bytes.size() <= (16u << 10)) {
    char* json = nullptr;
    if (anmkit_to_json(owned.doc, 0, &json, &size, &error) != ANMKIT_OK) return failed("to_json", error);
    anmkit_document* rebuilt = nullptr;
    const anmkit_status built = anmkit_from_json(json, size, "fuzz.json", &options, &rebuilt, &error);
    anmkit_bytes_free(json);
    if (built != ANMKIT_OK) return failed("from_json of its own dump", error);
    const anmkit_status rewritten = anmkit_write(rebuilt, &written, &size, &error);
    anmkit_free(rebuilt);
    if (rewritten != ANMKIT_OK) return failed("write of the rebuilt document", error);
    const bool round_trip = size == bytes.size() && std::equal(written, written + size, bytes.begin());
    anmkit_bytes_free(written);
    if (!round_trip) return "capi: the dump built back is not the same bytes";
  }

  if (anmkit_is_skeletal(owned.doc) != 0) return check_skeletal(owned.doc, owned, picks);
  if (anmkit_is_sprite(owned.doc) != 0) return check_sprite(owned.doc);
  return "capi: a document that is neither skeletal nor a sprite";
}

}  // namespace anmkit::fuzz
