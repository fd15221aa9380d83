#pragma once
// The lossless Might and Magic II (Amiga) "ANM TV" model. Big endian. Layout (notes points 1-9):
// magic 00 00 54 56; 11 prelude slots (u8 x, y, w, h; FF FF FF FF unused) at 0x04; three unknown
// bytes at 0x30; the sequence section from 0x33 (a preamble, then blocks each introduced by FF,
// the last FF immediately followed by the image chunk); the image chunk: u16 frame count, u16
// depth_or_mode, per frame u16 width, height, flags, 32 u16 palette words, then each frame's
// pixel stream (a nibble RLE of 5 bitplanes) back to back to the end of the file.

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace anmkit::mm2 {

using Bytes = std::vector<std::uint8_t>;

inline constexpr std::size_t prelude_slots = 11;
inline constexpr std::size_t sequence_start = 0x33;
inline constexpr std::size_t planes = 5;
inline constexpr std::size_t palette_size = 32;

struct Slot {
  std::array<std::uint8_t, 4> raw{0xff, 0xff, 0xff, 0xff};  // x, y, w, h as stored
  bool used() const { return raw != std::array<std::uint8_t, 4>{0xff, 0xff, 0xff, 0xff}; }
  std::uint8_t x() const { return raw[0]; }
  std::uint8_t y() const { return raw[1]; }
  std::uint8_t w() const { return raw[2]; }
  std::uint8_t h() const { return raw[3]; }
  friend bool operator==(const Slot&, const Slot&) = default;
};

struct FrameInfo {
  std::uint16_t width = 0, height = 0, flags = 0;
  friend bool operator==(const FrameInfo&, const FrameInfo&) = default;
};

struct File {
  std::array<Slot, prelude_slots> prelude{};  // slot i belongs to stored frame i + 1
  std::array<std::uint8_t, 3> seq_header{};   // seq_a, seq_b, seq_c: meaning unknown, kept
  Bytes preamble;                             // sequence-section bytes before the first FF
  std::vector<Bytes> blocks;                  // each block's bytes after its FF (no FF inside)
  std::uint16_t depth_or_mode = 3;
  std::vector<FrameInfo> frames;              // the frame count is frames.size()
  std::array<std::uint16_t, palette_size> palette{};  // Amiga 0x0RGB words
  std::vector<Bytes> streams;                 // each frame's pixel stream as stored
  friend bool operator==(const File&, const File&) = default;
};

// Offset of the image chunk (its frame count) in the encoded file.
std::size_t image_chunk_offset(const File& file);

// One playable sequence: (composed state, delay in ticks) pairs of a block.
struct Step {
  std::uint8_t state = 0;
  std::uint8_t delay = 0;
  friend bool operator==(const Step&, const Step&) = default;
};
struct Sequence {
  std::vector<Step> steps;
  std::optional<std::uint8_t> odd_byte;  // a block of odd length ends with an unpaired byte
};
Sequence parse_sequence(const Bytes& block);
Bytes encode_sequence(const Sequence& sequence);

// A delay of 0 advances on the next tick: it lasts one tick.
inline std::uint32_t step_ticks(const Step& s) { return s.delay == 0 ? 1u : s.delay; }

// Bytes per bitplane row (padded to 16-bit words) and per plane.
inline std::size_t row_bytes(std::size_t width) { return ((width + 15) >> 3) & ~std::size_t(1); }
inline std::size_t ras_size(std::size_t width, std::size_t height) { return height * row_bytes(width); }

}  // namespace anmkit::mm2
