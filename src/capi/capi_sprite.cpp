// The C API's sprite documents: canvas, palette, stored frames, composed states, sequences and
// frame import.

#include <limits>

#include "capi_support.hpp"

using namespace anmkit;
using capi::fail;
using capi::guarded;
using capi::ok;

namespace anmkit::capi {

const Expected<model::SpriteAnimation>& sprite(const anmkit_document& document) {
  auto& d = const_cast<anmkit_document&>(document);
  std::call_once(d.sprite_once, [&d] {
    d.sprite.emplace(guard([&] { return d.doc.sprite(); }));
  });
  return *d.sprite;
}

}  // namespace anmkit::capi

namespace {

const model::SpriteAnimation* sprite_of(const anmkit_document* document, anmkit_error* error, anmkit_status& status) {
  if (document == nullptr) {
    status = capi::null_argument(error, "document");
    return nullptr;
  }
  if (!document->doc.format().sprite) {
    status = fail(error, ANMKIT_ERROR_WRONG_KIND,
                  std::string("a ") + std::string(document->doc.format().name) + " document has no sprites");
    return nullptr;
  }
  const auto& s = capi::sprite(*document);
  if (!s) {
    status = fail(error, s.error());
    return nullptr;
  }
  return &*s;
}

anmkit_status out_of_range(anmkit_error* error, const char* what, std::size_t index, std::size_t count) {
  return fail(error, ANMKIT_ERROR_INVALID_ARGUMENT,
              std::string(what) + " " + std::to_string(index) + " of " + std::to_string(count));
}

anmkit_status copy_pixels(const model::IndexedImage& image, uint8_t* pens, size_t capacity, anmkit_error* error) {
  if (pens == nullptr) return capi::null_argument(error, "pens");
  if (capacity < image.pixels.size()) {
    return fail(error, ANMKIT_ERROR_BUFFER_TOO_SMALL,
                "the buffer holds " + std::to_string(capacity) + " bytes; the image is " + std::to_string(image.width) +
                    " x " + std::to_string(image.height));
  }
  std::copy(image.pixels.begin(), image.pixels.end(), pens);
  return ok(error);
}

}  // namespace

extern "C" {

anmkit_status anmkit_sprite_info_get(const anmkit_document* document, anmkit_sprite_info* out, anmkit_error* error) {
  return guarded(error, [&] {
    anmkit_status status = ANMKIT_OK;
    const auto* s = sprite_of(document, error, status);
    if (s == nullptr) return status;
    anmkit_sprite_info info{};
    if (s->state_count() != 0) {
      info.width = std::uint32_t(s->width);
      info.height = std::uint32_t(s->height);
    }
    info.frame_count = std::uint32_t(s->stored.size());
    info.state_count = std::uint32_t(s->state_count());
    info.sequence_count = std::uint32_t(s->sequences.size());
    info.palette_size = std::uint32_t(s->palette.size());
    info.planes = std::uint32_t(s->planes);
    info.tick_hz = s->tick_hz;
    if (!capi::write_struct(out, info)) return capi::bad_struct(error, "out", out);
    return ok(error);
  });
}

anmkit_status anmkit_sprite_palette(const anmkit_document* document, uint8_t* rgba, size_t capacity,
                                    anmkit_error* error) {
  return guarded(error, [&] {
    anmkit_status status = ANMKIT_OK;
    const auto* s = sprite_of(document, error, status);
    if (s == nullptr) return status;
    if (rgba == nullptr) return capi::null_argument(error, "rgba");
    if (capacity / 4 < s->palette.size()) {
      return fail(error, ANMKIT_ERROR_BUFFER_TOO_SMALL,
                  "the buffer holds " + std::to_string(capacity) + " bytes; the palette needs " +
                      std::to_string(s->palette.size() * 4));
    }
    for (const model::Color& c : s->palette) {
      *rgba++ = c.r, *rgba++ = c.g, *rgba++ = c.b, *rgba++ = c.a;
    }
    return ok(error);
  });
}

anmkit_status anmkit_sprite_frame_rect(const anmkit_document* document, uint32_t frame, anmkit_rect* drawn,
                                       anmkit_rect* size, anmkit_error* error) {
  return guarded(error, [&] {
    anmkit_status status = ANMKIT_OK;
    const auto* s = sprite_of(document, error, status);
    if (s == nullptr) return status;
    if (frame >= s->stored.size()) return out_of_range(error, "frame", frame, s->stored.size());
    if (drawn != nullptr) {
      const auto& r = s->stored_rects[frame];
      *drawn = anmkit_rect{std::uint32_t(r.x), std::uint32_t(r.y), std::uint32_t(r.width), std::uint32_t(r.height)};
    }
    if (size != nullptr) {
      const auto& image = s->stored[frame];
      *size = anmkit_rect{0, 0, std::uint32_t(image.width), std::uint32_t(image.height)};
    }
    return ok(error);
  });
}

anmkit_status anmkit_sprite_frame_pixels(const anmkit_document* document, uint32_t frame, uint8_t* pens,
                                         size_t capacity, anmkit_error* error) {
  return guarded(error, [&] {
    anmkit_status status = ANMKIT_OK;
    const auto* s = sprite_of(document, error, status);
    if (s == nullptr) return status;
    if (frame >= s->stored.size()) return out_of_range(error, "frame", frame, s->stored.size());
    return copy_pixels(s->stored[frame], pens, capacity, error);
  });
}

anmkit_status anmkit_sprite_state_pixels(const anmkit_document* document, uint32_t state, uint8_t* pens,
                                         size_t capacity, anmkit_error* error) {
  return guarded(error, [&] {
    anmkit_status status = ANMKIT_OK;
    const auto* s = sprite_of(document, error, status);
    if (s == nullptr) return status;
    if (state >= s->state_count()) return out_of_range(error, "state", state, s->state_count());
    if (pens == nullptr) return capi::null_argument(error, "pens");
    const std::size_t size = s->width * s->height;
    if (capacity < size) {
      return fail(error, ANMKIT_ERROR_BUFFER_TOO_SMALL,
                  "the buffer holds " + std::to_string(capacity) + " bytes; the image is " + std::to_string(s->width) +
                      " x " + std::to_string(s->height));
    }
    // Composed straight into the caller's buffer: no state is kept.
    s->compose_state(state, std::span<std::uint8_t>(pens, size));
    return ok(error);
  });
}

anmkit_status anmkit_sprite_sequence(const anmkit_document* document, uint32_t sequence, anmkit_sprite_step* steps,
                                     size_t capacity, size_t* count, anmkit_error* error) {
  return guarded(error, [&] {
    anmkit_status status = ANMKIT_OK;
    const auto* s = sprite_of(document, error, status);
    if (s == nullptr) return status;
    if (count == nullptr) return capi::null_argument(error, "count");
    if (sequence >= s->sequences.size()) return out_of_range(error, "sequence", sequence, s->sequences.size());
    const auto& list = s->sequences[sequence];
    *count = list.size();
    if (steps == nullptr) return ok(error);
    if (capacity < list.size()) {
      return fail(error, ANMKIT_ERROR_BUFFER_TOO_SMALL,
                  "the buffer holds " + std::to_string(capacity) + " steps; the sequence has " +
                      std::to_string(list.size()));
    }
    for (const model::SpriteStep& step : list) *steps++ = anmkit_sprite_step{std::uint32_t(step.image), step.ticks};
    return ok(error);
  });
}

anmkit_status anmkit_sprite_replace_frame(const anmkit_document* document, uint32_t frame, uint32_t width,
                                          uint32_t height, const uint8_t* pens, const uint8_t* rgba, uint32_t flags,
                                          anmkit_document** out, anmkit_error* error) {
  return guarded(error, [&] {
    if (out == nullptr) return capi::null_argument(error, "out");
    *out = nullptr;
    anmkit_status status = ANMKIT_OK;
    const auto* s = sprite_of(document, error, status);
    if (s == nullptr) return status;
    if (pens == nullptr && rgba == nullptr) return capi::null_argument(error, "both pens and rgba");
    if ((flags & ~(ANMKIT_IMPORT_REMAP | ANMKIT_IMPORT_RESIZE)) != 0) {
      return fail(error, ANMKIT_ERROR_INVALID_ARGUMENT, "unknown flags " + std::to_string(flags));
    }
    const std::uint64_t wide_pixels = std::uint64_t(width) * height;
    if (wide_pixels > document->doc.options().limits.max_pixels) {
      return fail(error, ANMKIT_ERROR_TOO_LARGE,
                  "a picture of " + std::to_string(width) + " x " + std::to_string(height) +
                      " is more pixels than the limit of " +
                      std::to_string(document->doc.options().limits.max_pixels));
    }
    // Where size_t is 32 bits (WebAssembly), a limit raised past it still cannot be addressed:
    // the RGBA bytes must have a size_t size.
    if (wide_pixels > std::numeric_limits<std::size_t>::max() / 4) {
      return fail(error, ANMKIT_ERROR_TOO_LARGE,
                  "a picture of " + std::to_string(width) + " x " + std::to_string(height) +
                      " is more pixels than this platform can address");
    }
    const auto pixels = static_cast<std::size_t>(wide_pixels);
    model::Picture picture;
    picture.width = width;
    picture.height = height;
    picture.rgba.resize(pixels);
    if (pens != nullptr) {
      picture.indexed = true;
      picture.palette = s->palette;
      picture.indices = model::IndexedImage{width, height, std::vector<std::uint8_t>(pens, pens + pixels)};
      for (std::size_t i = 0; i < pixels; ++i) {
        picture.rgba[i] = pens[i] < s->palette.size() ? s->palette[pens[i]] : model::Color{0, 0, 0, 0};
      }
    } else {
      for (std::size_t i = 0; i < pixels; ++i) {
        picture.rgba[i] = model::Color{rgba[4 * i], rgba[4 * i + 1], rgba[4 * i + 2], rgba[4 * i + 3]};
      }
    }
    Document::FrameImportOptions options;
    options.remap = (flags & ANMKIT_IMPORT_REMAP) != 0;
    options.resize = (flags & ANMKIT_IMPORT_RESIZE) != 0;
    auto replaced = document->doc.replace_frames({{frame, {"frame " + std::to_string(frame), std::move(picture)}}},
                                                 options);
    if (!replaced) return fail(error, replaced.error());
    *out = new anmkit_document(std::move(*replaced));
    return ok(error);
  });
}

}  // extern "C"
