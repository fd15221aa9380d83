#include "anmkit/image/gif.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include <fmt/format.h>
#include <gif_lib.h>

namespace anmkit::gif {
namespace {

int write_to_vector(GifFileType* gif, const GifByteType* data, int length) {
  auto* out = static_cast<std::vector<std::uint8_t>*>(gif->UserData);
  out->insert(out->end(), data, data + length);
  return length;
}

Error gif_error(int code, const char* what) {
  const char* text = GifErrorString(code);
  return make_error(ErrorCode::io, fmt::format("{}: {}", what, text ? text : "giflib error"));
}

}  // namespace

std::vector<std::uint16_t> centisecond_delays(const std::vector<std::uint32_t>& ticks, double tick_hz) {
  std::vector<std::uint16_t> out;
  std::uint64_t total_ticks = 0;
  std::int64_t shown_cs = 0;
  for (std::uint32_t t : ticks) {
    total_ticks += t;
    // A tiny rate gives times past any integer: each delay is capped at 65535 anyway.
    const std::int64_t end_cs = std::llround(std::min(double(total_ticks) * 100.0 / tick_hz, 1e15));
    out.push_back(std::uint16_t(std::min<std::int64_t>(end_cs - shown_cs, 65535)));
    shown_cs = end_cs;
  }
  return out;
}

Expected<std::vector<std::uint8_t>> encode(const std::vector<model::IndexedImage>& frames,
                                           const std::vector<std::uint16_t>& delays_cs,
                                           const std::vector<model::Color>& palette, int transparent) {
  std::vector<const model::IndexedImage*> shown;
  for (const auto& f : frames) shown.push_back(&f);
  return encode(shown, delays_cs, palette, transparent);
}

Expected<std::vector<std::uint8_t>> encode(const std::vector<const model::IndexedImage*>& frames,
                                           const std::vector<std::uint16_t>& delays_cs,
                                           const std::vector<model::Color>& palette, int transparent) {
  if (frames.empty()) return make_error(ErrorCode::unsupported, "a GIF needs at least one frame");
  for (const auto* f : frames) {
    if (f->width != frames[0]->width || f->height != frames[0]->height || f->pixels.size() != f->width * f->height) {
      return make_error(ErrorCode::invalid_model, "the frames of a GIF are one size, every pixel given");
    }
  }
  if (palette.empty() || palette.size() > 256) return make_error(ErrorCode::unsupported, "a GIF palette holds 1 to 256 colours");
  std::vector<std::uint8_t> out;
  int error = 0;
  GifFileType* gif = EGifOpen(&out, write_to_vector, &error);
  if (!gif) return gif_error(error, "GIF");
  auto fail = [&](const char* what) {
    const int code = gif->Error;
    EGifCloseFile(gif, &error);
    return gif_error(code, what);
  };
  int size = 2;
  while (size < int(palette.size())) size *= 2;
  std::vector<GifColorType> colors(std::size_t(size), GifColorType{0, 0, 0});
  for (std::size_t i = 0; i < palette.size(); ++i) colors[i] = {palette[i].r, palette[i].g, palette[i].b};
  ColorMapObject* map = GifMakeMapObject(size, colors.data());
  EGifSetGifVersion(gif, true);
  const int width = int(frames[0]->width), height = int(frames[0]->height);
  const int put = EGifPutScreenDesc(gif, width, height, 8, transparent, map);
  GifFreeMapObject(map);
  if (put == GIF_ERROR) return fail("GIF screen");
  // NETSCAPE2.0: loop forever.
  static const GifByteType netscape[] = {'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0'};
  static const GifByteType loop_forever[] = {1, 0, 0};
  if (EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
      EGifPutExtensionBlock(gif, sizeof netscape, netscape) == GIF_ERROR ||
      EGifPutExtensionBlock(gif, sizeof loop_forever, loop_forever) == GIF_ERROR || EGifPutExtensionTrailer(gif) == GIF_ERROR) {
    return fail("GIF loop extension");
  }
  for (std::size_t f = 0; f < frames.size(); ++f) {
    GraphicsControlBlock gcb{};
    gcb.DisposalMode = DISPOSE_BACKGROUND;
    gcb.UserInputFlag = false;
    gcb.DelayTime = f < delays_cs.size() ? delays_cs[f] : 0;
    gcb.TransparentColor = transparent;
    GifByteType extension[4];
    const std::size_t length = EGifGCBToExtension(&gcb, extension);
    if (EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, int(length), extension) == GIF_ERROR) return fail("GIF frame delay");
    if (EGifPutImageDesc(gif, 0, 0, width, height, false, nullptr) == GIF_ERROR) return fail("GIF frame");
    for (int y = 0; y < height; ++y) {
      auto* row = const_cast<GifPixelType*>(frames[f]->pixels.data() + std::size_t(y) * std::size_t(width));
      if (EGifPutLine(gif, row, width) == GIF_ERROR) return fail("GIF pixels");
    }
  }
  if (EGifCloseFile(gif, &error) == GIF_ERROR) return gif_error(error, "GIF");
  return out;
}

}  // namespace anmkit::gif
