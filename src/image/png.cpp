#include "anmkit/image/png.hpp"

#include <cstdlib>
#include <memory>

#include <fmt/format.h>
#include <spng.h>

namespace anmkit::png {
namespace {

struct ContextFree {
  void operator()(spng_ctx* ctx) const { spng_ctx_free(ctx); }
};
using Context = std::unique_ptr<spng_ctx, ContextFree>;

Error spng_error(int code, const char* what) {
  return make_error(ErrorCode::bad_value, fmt::format("{}: {}", what, spng_strerror(code)));
}

}  // namespace

Expected<std::vector<std::uint8_t>> encode_indexed(const model::IndexedImage& image, const std::vector<model::Color>& palette) {
  if (palette.empty() || palette.size() > 256) return make_error(ErrorCode::unsupported, "a PNG palette holds 1 to 256 colours");
  Context ctx(spng_ctx_new(SPNG_CTX_ENCODER));
  if (!ctx) return make_error(ErrorCode::io, "cannot create a PNG encoder");
  spng_set_option(ctx.get(), SPNG_ENCODE_TO_BUFFER, 1);
  spng_ihdr ihdr{};
  ihdr.width = std::uint32_t(image.width);
  ihdr.height = std::uint32_t(image.height);
  ihdr.bit_depth = 8;
  ihdr.color_type = SPNG_COLOR_TYPE_INDEXED;
  if (int rc = spng_set_ihdr(ctx.get(), &ihdr)) return spng_error(rc, "PNG header");
  spng_plte plte{};
  plte.n_entries = std::uint32_t(palette.size());
  spng_trns trns{};
  for (std::size_t i = 0; i < palette.size(); ++i) {
    plte.entries[i] = {palette[i].r, palette[i].g, palette[i].b, 0};
    trns.type3_alpha[i] = palette[i].a;
    if (palette[i].a != 255) trns.n_type3_entries = std::uint32_t(i + 1);
  }
  if (int rc = spng_set_plte(ctx.get(), &plte)) return spng_error(rc, "PNG palette");
  if (trns.n_type3_entries > 0) {
    if (int rc = spng_set_trns(ctx.get(), &trns)) return spng_error(rc, "PNG transparency");
  }
  if (int rc = spng_encode_image(ctx.get(), image.pixels.data(), image.pixels.size(), SPNG_FMT_PNG, SPNG_ENCODE_FINALIZE)) {
    return spng_error(rc, "PNG encoding");
  }
  std::size_t size = 0;
  int rc = 0;
  std::unique_ptr<void, decltype(&std::free)> buffer(spng_get_png_buffer(ctx.get(), &size, &rc), &std::free);
  if (!buffer) return spng_error(rc, "PNG buffer");
  const auto* data = static_cast<const std::uint8_t*>(buffer.get());
  return std::vector<std::uint8_t>(data, data + size);
}

Expected<std::vector<std::uint8_t>> encode_rgba(std::uint32_t width, std::uint32_t height, std::span<const std::uint8_t> rgba) {
  if (width == 0 || height == 0 || std::uint64_t(width) * height * 4 != rgba.size()) {
    return make_error(ErrorCode::invalid_model,
                      fmt::format("an RGBA picture of {}x{} pixels is {} bytes, not {}", width, height,
                                  std::uint64_t(width) * height * 4, rgba.size()));
  }
  bool opaque = true;
  for (std::size_t i = 3; i < rgba.size() && opaque; i += 4) opaque = rgba[i] == 255;
  std::vector<std::uint8_t> rgb;
  if (opaque) {
    rgb.resize(rgba.size() / 4 * 3);
    for (std::size_t i = 0, o = 0; i < rgba.size(); i += 4, o += 3) {
      rgb[o] = rgba[i];
      rgb[o + 1] = rgba[i + 1];
      rgb[o + 2] = rgba[i + 2];
    }
  }
  Context ctx(spng_ctx_new(SPNG_CTX_ENCODER));
  if (!ctx) return make_error(ErrorCode::io, "cannot create a PNG encoder");
  spng_set_option(ctx.get(), SPNG_ENCODE_TO_BUFFER, 1);
  spng_ihdr ihdr{};
  ihdr.width = width;
  ihdr.height = height;
  ihdr.bit_depth = 8;
  ihdr.color_type = opaque ? SPNG_COLOR_TYPE_TRUECOLOR : SPNG_COLOR_TYPE_TRUECOLOR_ALPHA;
  if (int rc = spng_set_ihdr(ctx.get(), &ihdr)) return spng_error(rc, "PNG header");
  const auto pixels = opaque ? std::span<const std::uint8_t>(rgb) : rgba;
  if (int rc = spng_encode_image(ctx.get(), pixels.data(), pixels.size(), SPNG_FMT_PNG, SPNG_ENCODE_FINALIZE)) {
    return spng_error(rc, "PNG encoding");
  }
  std::size_t size = 0;
  int rc = 0;
  std::unique_ptr<void, decltype(&std::free)> buffer(spng_get_png_buffer(ctx.get(), &size, &rc), &std::free);
  if (!buffer) return spng_error(rc, "PNG buffer");
  const auto* data = static_cast<const std::uint8_t*>(buffer.get());
  return std::vector<std::uint8_t>(data, data + size);
}

Expected<Decoded> decode(std::span<const std::uint8_t> bytes, std::size_t max_pixels) {
  Context ctx(spng_ctx_new(0));
  if (!ctx) return make_error(ErrorCode::io, "cannot create a PNG decoder");
  spng_set_crc_action(ctx.get(), SPNG_CRC_ERROR, SPNG_CRC_ERROR);
  spng_set_image_limits(ctx.get(), 1u << 16, 1u << 16);
  spng_set_chunk_limits(ctx.get(), 1u << 24, 1u << 26);
  if (int rc = spng_set_png_buffer(ctx.get(), bytes.data(), bytes.size())) return spng_error(rc, "PNG");
  spng_ihdr ihdr{};
  if (int rc = spng_get_ihdr(ctx.get(), &ihdr)) return spng_error(rc, "PNG header");
  if (std::uint64_t(ihdr.width) * ihdr.height > max_pixels) {
    return make_error(ErrorCode::too_large, fmt::format("PNG of {}x{} pixels exceeds the limit", ihdr.width, ihdr.height));
  }
  Decoded out;
  out.width = ihdr.width;
  out.height = ihdr.height;
  std::size_t size = 0;
  if (int rc = spng_decoded_image_size(ctx.get(), SPNG_FMT_RGBA8, &size)) return spng_error(rc, "PNG size");
  std::vector<std::uint8_t> rgba(size);
  if (int rc = spng_decode_image(ctx.get(), rgba.data(), rgba.size(), SPNG_FMT_RGBA8, SPNG_DECODE_TRNS)) {
    return spng_error(rc, "PNG pixels");
  }
  out.rgba.resize(out.width * out.height);
  for (std::size_t i = 0; i < out.rgba.size(); ++i) out.rgba[i] = {rgba[4 * i], rgba[4 * i + 1], rgba[4 * i + 2], rgba[4 * i + 3]};
  if (ihdr.color_type == SPNG_COLOR_TYPE_INDEXED) {
    out.indexed = true;
    spng_plte plte{};
    if (int rc = spng_get_plte(ctx.get(), &plte)) return spng_error(rc, "PNG palette");
    spng_trns trns{};
    const bool has_trns = spng_get_trns(ctx.get(), &trns) == 0;
    for (std::uint32_t i = 0; i < plte.n_entries; ++i) {
      out.palette.push_back({plte.entries[i].red, plte.entries[i].green, plte.entries[i].blue,
                             std::uint8_t(has_trns && i < trns.n_type3_entries ? trns.type3_alpha[i] : 255)});
    }
    // The raw samples at the image's bit depth, unpacked to one pen per pixel.
    Context raw(spng_ctx_new(0));
    spng_set_png_buffer(raw.get(), bytes.data(), bytes.size());
    std::size_t raw_size = 0;
    if (int rc = spng_decoded_image_size(raw.get(), SPNG_FMT_RAW, &raw_size)) return spng_error(rc, "PNG size");
    std::vector<std::uint8_t> packed(raw_size);
    if (int rc = spng_decode_image(raw.get(), packed.data(), packed.size(), SPNG_FMT_RAW, 0)) return spng_error(rc, "PNG pixels");
    const std::size_t depth = ihdr.bit_depth, stride = (out.width * depth + 7) / 8;
    out.indices = {out.width, out.height, std::vector<std::uint8_t>(out.width * out.height)};
    for (std::size_t y = 0; y < out.height; ++y) {
      for (std::size_t x = 0; x < out.width; ++x) {
        const std::size_t bit = x * depth;
        const std::uint8_t byte = packed[y * stride + bit / 8];
        out.indices.pixels[y * out.width + x] = std::uint8_t((byte >> (8 - depth - bit % 8)) & ((1u << depth) - 1));
      }
    }
  }
  return out;
}

}  // namespace anmkit::png
