// The C API's fuzz check: fuzzed bytes through include/anmkit/anmkit.h as a C caller uses it.
// Whatever opens must answer every query, sample and draw without failing, write back its own
// bytes, and come back unchanged through its JSON dump; whatever does not open must say why with
// a code and, for a binary input, an offset inside it.

#include <algorithm>
#include <cstring>
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

Result check_skeletal(anmkit_document* doc, Freed& owned) {
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
  if (anmkit_open_memory(bytes.data(), bytes.size(), "fuzz.anm", &options, &owned.doc, &error) != ANMKIT_OK) {
    if (owned.doc != nullptr) return "capi: a failed open handed out a document";
    if (error.code == ANMKIT_OK || error.message[0] == '\0') return "capi: a failed open without a code or message";
    if (error.has_offset != 0 && error.offset > bytes.size()) return "capi: an error offset past the input";
    return std::nullopt;
  }
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

  if (anmkit_is_skeletal(owned.doc) != 0) return check_skeletal(owned.doc, owned);
  if (anmkit_is_sprite(owned.doc) != 0) return check_sprite(owned.doc);
  return "capi: a document that is neither skeletal nor a sprite";
}

}  // namespace anmkit::fuzz
