#include "anmkit/formats/mm2/mm2_import.hpp"

#include <algorithm>
#include <limits>

#include <fmt/format.h>

#include "anmkit/formats/mm2/mm2_codec.hpp"
#include "anmkit/formats/mm2/mm2_read.hpp"

namespace anmkit::mm2 {
namespace {

Error file_error(const std::string& name, std::string message) {
  Error e = make_error(ErrorCode::bad_value, std::move(message));
  e.file = name;
  return e;
}

// The pen for an opaque colour: exact, or (with remap) the nearest by RGB distance.
std::optional<std::uint8_t> pen_for(const model::Color& c, const File& base, bool remap) {
  int best = -1;
  long best_distance = std::numeric_limits<long>::max();
  for (std::size_t pen = 1; pen < palette_size; ++pen) {
    const Rgb p = palette_rgb(base.palette[pen]);
    const long dr = long(p.r) - c.r, dg = long(p.g) - c.g, db = long(p.b) - c.b;
    const long distance = dr * dr + dg * dg + db * db;
    if (distance < best_distance) {
      best_distance = distance;
      best = int(pen);
    }
  }
  if (best_distance != 0 && !remap) return std::nullopt;
  return std::uint8_t(best);
}

Expected<std::vector<std::uint8_t>> pens_of(const model::Picture& image, const File& base, const FrameImage& source,
                                            bool remap) {
  std::vector<std::uint8_t> pens(image.width * image.height);
  for (std::size_t i = 0; i < pens.size(); ++i) {
    const std::size_t x = i % image.width, y = i / image.width;
    if (image.indexed) {
      pens[i] = image.indices.pixels[i];
      if (pens[i] >= palette_size) {
        return file_error(source.name, fmt::format("pixel ({}, {}) uses pen {}; the file has pens 0..31", x, y, pens[i]));
      }
      continue;
    }
    const model::Color c = image.rgba[i];
    if (c.a == 0) {
      pens[i] = 0;
      continue;
    }
    auto pen = pen_for(c, base, remap);
    if (!pen) {
      return file_error(source.name, fmt::format("pixel ({}, {}) has colour #{:02x}{:02x}{:02x}, which is not in the palette; "
                                                 "the remap option maps it to the nearest pen",
                                                 x, y, c.r, c.g, c.b));
    }
    pens[i] = *pen;
  }
  return pens;
}

}  // namespace

Expected<File> import_frames(const File& base, const std::map<std::size_t, FrameImage>& images, const ImportOptions& options) {
  auto original = decode_all_planes(base);
  if (!original) return original.error();
  File out = base;
  for (const auto& [index, source] : images) {
    if (index >= base.frames.size()) {
      return file_error(source.name, fmt::format("the base file has frames 0..{}, not {}", base.frames.size() - 1, index));
    }
    const model::Picture* image = &source.picture;
    if (image->rgba.size() != image->width * image->height ||
        (image->indexed && image->indices.pixels.size() != image->rgba.size())) {
      return file_error(source.name, "the picture's pixels do not fill its size");
    }
    FrameInfo& info = out.frames[index];
    if (image->width != info.width || image->height != info.height) {
      if (!options.resize) {
        return file_error(source.name, fmt::format("the image is {}x{} but frame {} is {}x{}; the resize option accepts a new size",
                                                   image->width, image->height, index, info.width, info.height));
      }
      if (image->width > 0xffff || image->height > 0xffff) return file_error(source.name, "a frame is at most 65535 pixels wide");
      info.width = std::uint16_t(image->width);
      info.height = std::uint16_t(image->height);
      if (index > 0 && out.prelude[index - 1].used()) {
        Slot& slot = out.prelude[index - 1];
        slot.raw[2] = std::uint8_t(std::min<std::size_t>(image->width, 255));
        slot.raw[3] = std::uint8_t(std::min<std::size_t>(image->height, 255));
      }
    }
    auto pens = pens_of(*image, base, source, options.remap);
    if (!pens) return pens.error();
    const Bytes planes_bytes = pixels_to_planes(*pens, info.width, info.height);
    const bool unchanged = info == base.frames[index] && planes_bytes == (*original)[index];
    if (!unchanged) out.streams[index] = encode_planes(planes_bytes);
  }
  return out;
}

}  // namespace anmkit::mm2
