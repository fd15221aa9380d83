#pragma once
// Hand-built MM2 files for tests: planes made from pixels here, streams written by a deliberately
// plain encoder (runs of one nibble for 0 and F, literal pairs otherwise) that is not the
// product's greedy encoder, and an independent planar decode.

#include <cstdint>
#include <string>
#include <vector>

#include "support/fixture_bytes_be.hpp"

namespace anmkit::test {

inline std::size_t mm2_row_bytes(std::size_t w) { return ((w + 15) >> 3) & ~std::size_t(1); }

// Pixels (pens 0..31, row by row) to 5 planes, written out bit by bit.
inline std::vector<std::uint8_t> mm2_planes(const std::vector<std::uint8_t>& pixels, std::size_t w, std::size_t h) {
  const std::size_t row = mm2_row_bytes(w), ras = row * h;
  std::vector<std::uint8_t> planes(5 * ras, 0);
  for (std::size_t p = 0; p < 5; ++p)
    for (std::size_t y = 0; y < h; ++y)
      for (std::size_t x = 0; x < w; ++x)
        if (pixels[y * w + x] & (1 << p)) planes[p * ras + y * row + x / 8] |= std::uint8_t(1 << (7 - x % 8));
  return planes;
}

// The independent decode: pen of pixel (x, y) from the planes.
inline std::uint8_t mm2_pen_at(const std::vector<std::uint8_t>& planes, std::size_t w, std::size_t h, std::size_t x, std::size_t y) {
  const std::size_t row = mm2_row_bytes(w), ras = row * h;
  std::uint8_t pen = 0;
  for (std::size_t p = 0; p < 5; ++p) pen |= std::uint8_t(((planes[p * ras + y * row + x / 8] >> (7 - x % 8)) & 1) << p);
  return pen;
}

inline std::vector<std::uint8_t> mm2_plain_stream(const std::vector<std::uint8_t>& planes) {
  std::vector<std::uint8_t> nibbles;
  for (std::uint8_t b : planes) {
    nibbles.push_back(b >> 4);
    nibbles.push_back(b & 15);
  }
  std::vector<std::uint8_t> out;
  for (std::size_t i = 0; i < nibbles.size();) {
    const std::uint8_t n = nibbles[i];
    if (n == 0 || n == 15) {
      out.push_back(std::uint8_t(n << 4));  // a run of one
      ++i;
    } else {
      out.push_back(std::uint8_t(n << 4 | (i + 1 < nibbles.size() ? nibbles[i + 1] : 0)));
      i += 2;
    }
  }
  return out;
}

struct Mm2Frame {
  std::size_t w, h;
  std::vector<std::uint8_t> pixels;
};

struct Mm2Spec {
  std::vector<std::array<std::uint8_t, 4>> slots;  // used slots, from slot 0
  std::array<std::uint8_t, 3> seq_header{0x10, 0x82, 0x05};
  std::vector<std::uint8_t> preamble;
  std::vector<std::vector<std::uint8_t>> blocks;
  std::vector<Mm2Frame> frames;
  std::vector<std::vector<std::uint8_t>> streams;  // when empty: plain streams of the frames
};

inline std::vector<std::uint16_t> mm2_test_palette() {
  std::vector<std::uint16_t> p(32);
  for (std::size_t i = 0; i < 32; ++i) p[i] = std::uint16_t((i * 0x123 + 0x0f0) & 0x0fff);
  p[0] = 0x000;
  p[1] = 0xfff;
  return p;
}

inline std::vector<std::uint8_t> mm2_file(const Mm2Spec& spec) {
  BigEndianBytes b;
  b.u8(0).u8(0).text("TV");
  for (std::size_t i = 0; i < 11; ++i) {
    if (i < spec.slots.size()) {
      for (std::uint8_t v : spec.slots[i]) b.u8(v);
    } else {
      b.u32(0xffffffff);
    }
  }
  for (std::uint8_t v : spec.seq_header) b.u8(v);
  for (std::uint8_t v : spec.preamble) b.u8(v);
  for (const auto& block : spec.blocks) {
    b.u8(0xff);
    for (std::uint8_t v : block) b.u8(v);
  }
  b.u8(0xff);
  b.u16(std::uint32_t(spec.frames.size())).u16(3);
  for (const auto& f : spec.frames) b.u16(std::uint32_t(f.w)).u16(std::uint32_t(f.h)).u16(0);
  for (std::uint16_t w : mm2_test_palette()) b.u16(w);
  std::vector<std::uint8_t> out = b.bytes();
  for (std::size_t i = 0; i < spec.frames.size(); ++i) {
    const auto stream = i < spec.streams.size() ? spec.streams[i]
                                                : mm2_plain_stream(mm2_planes(spec.frames[i].pixels, spec.frames[i].w, spec.frames[i].h));
    out.insert(out.end(), stream.begin(), stream.end());
  }
  return out;
}

// A frame whose pixels follow a pattern that uses every pen and both run nibbles.
inline Mm2Frame mm2_pattern(std::size_t w, std::size_t h, unsigned seed) {
  Mm2Frame f{w, h, std::vector<std::uint8_t>(w * h)};
  for (std::size_t y = 0; y < h; ++y)
    for (std::size_t x = 0; x < w; ++x) {
      const unsigned v = unsigned(x * 7 + y * 13 + seed * 5);
      f.pixels[y * w + x] = std::uint8_t((x + y) % 5 == 0 ? 0 : (v % 31) + 1);
    }
  return f;
}

}  // namespace anmkit::test
