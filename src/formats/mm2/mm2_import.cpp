#include "anmkit/formats/mm2/mm2_import.hpp"

#include <algorithm>
#include <limits>

#include <fmt/format.h>

#include "anmkit/formats/mm2/mm2_codec.hpp"
#include "anmkit/formats/mm2/mm2_read.hpp"

namespace anmkit::mm2 {
namespace {

Error file_error(const std::string& name, Wording message) {
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
      Wording why(fmt::format("pixel ({}, {}) has colour #{:02x}{:02x}{:02x}, which is not in the palette; ", x, y, c.r, c.g, c.b));
      why += naming("remap", "the remap option");
      why += " maps it to the nearest pen";
      return file_error(source.name, std::move(why));
    }
    pens[i] = *pen;
  }
  return pens;
}

// How many times its frame's size a picture is, when it is a whole number (the same across and
// down) of at least 2; else 0.
std::size_t whole_factor(const model::Picture& picture, const FrameInfo& frame) {
  if (frame.width == 0 || frame.height == 0 || picture.width % frame.width != 0 || picture.height % frame.height != 0) {
    return 0;
  }
  const std::size_t factor = picture.width / frame.width;
  return factor >= 2 && picture.height / frame.height == factor ? factor : 0;
}

// The scale the pictures were exported at: the one whole factor that every picture is of its
// frame, in blocks of one colour; else 1.
std::size_t detected_scale(const File& base, const std::map<std::size_t, FrameImage>& images) {
  std::size_t factor = 0;
  for (const auto& [index, source] : images) {
    const std::size_t f = index < base.frames.size() ? whole_factor(source.picture, base.frames[index]) : 0;
    if (f == 0 || (factor != 0 && f != factor)) return 1;
    factor = f;
  }
  for (const auto& [index, source] : images) {
    if (model::first_mixed_block(source.picture, factor)) return 1;
  }
  return factor == 0 ? 1 : factor;
}

// Why a picture of another size is not taken as it is.
Wording size_mismatch(const model::Picture& image, const model::Picture& given, std::size_t scale, std::size_t index,
                          const FrameInfo& frame) {
  Wording message(fmt::format("the image is {}x{}", given.width, given.height));
  if (scale > 1) message += fmt::format(" (read at scale {}: {}x{})", scale, image.width, image.height);
  message += fmt::format(" but frame {} is {}x{}", index, frame.width, frame.height);
  if (const std::size_t factor = scale == 1 ? whole_factor(given, frame) : 0) {
    if (const auto block = model::first_mixed_block(given, factor)) {
      message += fmt::format(", {} times its size but not in {}x{} blocks of one colour (the block at ({}, {}) is not), "
                             "so not an enlarged export", factor, factor, factor, block->x, block->y);
    } else {
      message += fmt::format(", {} times its size in {}x{} blocks of one colour, as if exported at scale {}: give that "
                             "scale (", factor, factor, factor, factor);
      message += naming("scale", "the scale option");
      message += ")";
    }
  }
  message += "; ";
  message += naming("resize", "the resize option");
  message += " accepts a new size";
  return message;
}

}  // namespace

Expected<File> import_frames(const File& base, const std::map<std::size_t, FrameImage>& images, const ImportOptions& options) {
  auto original = decode_all_planes(base);
  if (!original) return original.error();
  for (const auto& [index, source] : images) {
    if (index >= base.frames.size()) {
      return file_error(source.name, fmt::format("the base file has frames 0..{}, not {}", base.frames.size() - 1, index));
    }
    const model::Picture& image = source.picture;
    if (image.rgba.size() != image.width * image.height ||
        (image.indexed && image.indices.pixels.size() != image.rgba.size())) {
      return file_error(source.name, "the picture's pixels do not fill its size");
    }
  }
  const std::size_t scale = options.scale == 0 ? detected_scale(base, images) : options.scale;
  std::map<std::size_t, model::Picture> pictures;  // at the frames' own scale
  for (const auto& [index, source] : images) {
    const model::Picture& given = source.picture;
    if (given.width % scale != 0 || given.height % scale != 0) {
      return file_error(source.name, fmt::format("the image is {}x{}, not a whole number of {}x{} blocks (the scale it "
                                                 "is read at)", given.width, given.height, scale, scale));
    }
    if (const auto block = scale > 1 ? model::first_mixed_block(given, scale) : std::nullopt) {
      return file_error(source.name, fmt::format("the image is read at scale {}, but its {}x{} block at ({}, {}) is not "
                                                 "one colour", scale, scale, scale, block->x, block->y));
    }
    pictures[index] = model::unscaled(given, scale);
  }
  // Every stored frame back at one whole factor of its size: the sprite was enlarged as a whole,
  // and the rectangles that place the patches grow with it.
  std::size_t grown = 0;
  if (options.resize && images.size() == base.frames.size()) {
    for (const auto& [index, picture] : pictures) {
      const std::size_t f = whole_factor(picture, base.frames[index]);
      grown = (f != 0 && (grown == 0 || grown == f)) ? f : std::size_t(-1);
    }
    if (grown == std::size_t(-1)) grown = 0;
  }
  File out = base;
  for (const auto& [index, image] : pictures) {
    const FrameImage& source = images.at(index);
    FrameInfo& info = out.frames[index];
    if (image.width != info.width || image.height != info.height) {
      if (!options.resize) return file_error(source.name, size_mismatch(image, source.picture, scale, index, info));
      if (image.width > 0xffff || image.height > 0xffff) return file_error(source.name, "a frame is at most 65535 pixels wide");
      info.width = std::uint16_t(image.width);
      info.height = std::uint16_t(image.height);
      if (index > 0 && out.prelude[index - 1].used()) {
        Slot& slot = out.prelude[index - 1];
        const std::size_t x = grown ? slot.x() * grown : slot.x(), y = grown ? slot.y() * grown : slot.y();
        if (image.width > 255 || image.height > 255 || x > 255 || y > 255) {
          return file_error(source.name, fmt::format("frame {} would be {}x{} at ({}, {}), but its prelude rectangle holds "
                                                     "at most 255 in each", index, image.width, image.height, x, y));
        }
        slot.raw = {std::uint8_t(x), std::uint8_t(y), std::uint8_t(image.width), std::uint8_t(image.height)};
      }
    }
    auto pens = pens_of(image, base, source, options.remap);
    if (!pens) return pens.error();
    const Bytes planes_bytes = pixels_to_planes(*pens, info.width, info.height);
    const bool unchanged = info == base.frames[index] && planes_bytes == (*original)[index];
    if (!unchanged) out.streams[index] = encode_planes(planes_bytes);
  }
  return out;
}

}  // namespace anmkit::mm2
