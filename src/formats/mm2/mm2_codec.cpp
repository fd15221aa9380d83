#include "anmkit/formats/mm2/mm2_codec.hpp"

#include <algorithm>
#include <array>
#include <cstring>

#include <fmt/format.h>

namespace anmkit::mm2 {
namespace {

// Runs the stream's commands, handing each produced nibble to `put` until `nibbles` are
// produced; returns the bytes consumed, or nullopt when the stream ends first.
template <class Put>
std::optional<std::size_t> run_commands(std::span<const std::uint8_t> stream, std::size_t nibbles, Put&& put) {
  std::size_t produced = 0, pos = 0;
  while (produced < nibbles) {
    if (pos == stream.size()) return std::nullopt;
    const std::uint8_t command = stream[pos++];
    const std::uint8_t high = command >> 4;
    if (high == 0x0 || high == 0xf) {
      const std::size_t count = std::size_t(command & 0x0f) + 1;
      for (std::size_t i = 0; i < count && produced < nibbles; ++i, ++produced) put(produced, high);
    } else {
      put(produced++, high);
      if (produced < nibbles) put(produced++, std::uint8_t(command & 0x0f));
    }
  }
  return pos;
}

// The decoder proper, a byte at a time where it can: a literal command at an even nibble is one
// whole output byte, and a run of 0 or F nibbles fills whole bytes with memset. (run_commands
// above is the reference it must agree with; stream_length uses it.)
std::optional<std::size_t> decode_nibbles(std::span<const std::uint8_t> stream, std::span<std::uint8_t> out) {
  const std::size_t nibbles = 2 * out.size();
  std::size_t produced = 0, pos = 0;
  std::uint8_t* o = out.data();
  while (produced < nibbles) {
    if (pos == stream.size()) return std::nullopt;
    const std::uint8_t command = stream[pos++];
    const std::uint8_t high = command >> 4;
    if (high == 0x0 || high == 0xf) {
      std::size_t count = std::min(std::size_t(command & 0x0f) + 1, nibbles - produced);
      const std::uint8_t fill = high ? 0xff : 0x00;
      if (produced % 2 == 1) {  // finish the half-written byte
        o[produced / 2] |= std::uint8_t(fill & 0x0f);
        ++produced;
        --count;
      }
      std::memset(o + produced / 2, fill, count / 2);
      produced += count & ~std::size_t(1);
      if (count % 2 == 1) {
        o[produced / 2] = std::uint8_t(fill & 0xf0);
        ++produced;
      }
    } else if (produced % 2 == 0) {
      if (produced + 1 < nibbles) {
        o[produced / 2] = command;
        produced += 2;
      } else {
        o[produced / 2] = std::uint8_t(command & 0xf0);
        ++produced;
      }
    } else {
      o[produced / 2] |= high;
      ++produced;
      if (produced < nibbles) {
        o[produced / 2] = std::uint8_t(command << 4);
        ++produced;
      }
    }
  }
  return pos;
}

}  // namespace

Expected<Bytes> decode_planes(std::span<const std::uint8_t> stream, std::size_t width, std::size_t height,
                              std::size_t& consumed, std::uint64_t max_pixels) {
  if (std::uint64_t(width) * height > max_pixels) {
    return make_error(ErrorCode::too_large, fmt::format("a {}x{} frame is more than the limit of {} pixels", width, height, max_pixels), 0);
  }
  const std::size_t size = planes * ras_size(width, height);
  // A command yields at most 16 nibbles: a stream too short for the frame is an error before the
  // planes are allocated.
  const bool can_fill = stream.size() >= (2 * size + 15) / 16;
  Bytes out(can_fill ? size : 0, 0);
  auto used = can_fill ? decode_nibbles(stream, out) : std::nullopt;
  if (!used) {
    return make_error(ErrorCode::truncated,
                      fmt::format("pixel stream ends before the frame's {} bytes of planes ({}x{})", size, width, height),
                      stream.size());
  }
  consumed = *used;
  return out;
}

std::optional<std::size_t> stream_length(std::span<const std::uint8_t> stream, std::size_t width, std::size_t height) {
  return run_commands(stream, 2 * planes * ras_size(width, height), [](std::size_t, std::uint8_t) {});
}

Bytes encode_planes(std::span<const std::uint8_t> planes_bytes) {
  const std::size_t count = 2 * planes_bytes.size();
  auto nibble = [&](std::size_t i) -> std::uint8_t {
    const std::uint8_t b = planes_bytes[i / 2];
    return i % 2 == 0 ? std::uint8_t(b >> 4) : std::uint8_t(b & 0x0f);
  };
  Bytes out;
  out.reserve(planes_bytes.size());
  for (std::size_t i = 0; i < count;) {
    const std::uint8_t n = nibble(i);
    if (n == 0x0 || n == 0xf) {
      std::size_t run = 1;
      while (run < 16 && i + run < count && nibble(i + run) == n) ++run;
      out.push_back(std::uint8_t(std::size_t(n) << 4 | (run - 1)));
      i += run;
    } else {
      const std::uint8_t second = i + 1 < count ? nibble(i + 1) : 0;
      out.push_back(std::uint8_t(n << 4 | second));
      i += 2;
    }
  }
  return out;
}

namespace {

// Each plane byte spread to eight pixel bytes of 0 or 1, most significant bit first, as one
// 64-bit word in memory order.
const std::array<std::uint64_t, 256>& spread_table() {
  static const auto table = [] {
    std::array<std::uint64_t, 256> t{};
    for (unsigned b = 0; b < 256; ++b) {
      std::uint8_t bytes[8];
      for (unsigned i = 0; i < 8; ++i) bytes[i] = std::uint8_t((b >> (7 - i)) & 1);
      std::memcpy(&t[b], bytes, 8);
    }
    return t;
  }();
  return table;
}

}  // namespace

std::vector<std::uint8_t> planes_to_pixels(std::span<const std::uint8_t> plane_bytes, std::size_t width, std::size_t height) {
  const std::size_t stride = row_bytes(width), ras = ras_size(width, height);
  const auto& spread = spread_table();
  std::vector<std::uint8_t> pixels(width * height, 0);
  std::vector<std::uint64_t> row(stride);  // one row's pixels, 8 a word, padded to whole bytes
  for (std::size_t y = 0; y < height; ++y) {
    std::fill(row.begin(), row.end(), 0);
    for (std::size_t p = 0; p < planes; ++p) {
      const std::uint8_t* plane = plane_bytes.data() + p * ras + y * stride;
      for (std::size_t i = 0; i < stride; ++i) row[i] |= spread[plane[i]] << p;
    }
    std::memcpy(pixels.data() + y * width, row.data(), width);
  }
  return pixels;
}

Bytes pixels_to_planes(std::span<const std::uint8_t> pixels, std::size_t width, std::size_t height) {
  const std::size_t stride = row_bytes(width), ras = ras_size(width, height);
  Bytes out(planes * ras, 0);
  for (std::size_t y = 0; y < height; ++y) {
    for (std::size_t x = 0; x < width; ++x) {
      const std::uint8_t pen = pixels[y * width + x];
      for (std::size_t p = 0; p < planes; ++p) {
        if ((pen >> p) & 1) out[p * ras + y * stride + x / 8] |= std::uint8_t(0x80 >> (x % 8));
      }
    }
  }
  return out;
}

Rgb palette_rgb(std::uint16_t word) {
  return {std::uint8_t(((word >> 8) & 15) * 17), std::uint8_t(((word >> 4) & 15) * 17), std::uint8_t((word & 15) * 17)};
}

}  // namespace anmkit::mm2
