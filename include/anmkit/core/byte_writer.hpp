#pragma once
// Appends little- or big-endian fields to a byte vector. A writer made with
// ByteWriter::counting() stores nothing and only counts, so an encoder run once through it
// reports the exact size it needs (as cgltf/fastgltf writers do).

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "anmkit/core/byte_reader.hpp"

namespace anmkit {

class ByteWriter {
 public:
  explicit ByteWriter(Endian endian = Endian::little) : endian_(endian) {}
  static ByteWriter counting(Endian endian = Endian::little) {
    ByteWriter w(endian);
    w.counting_ = true;
    return w;
  }

  void reserve(std::size_t size) { if (!counting_) bytes_.reserve(size); }
  std::size_t size() const { return counting_ ? count_ : bytes_.size(); }

  void u8(std::uint8_t value) { put_uint<1>(value); }
  void u16(std::uint16_t value) { put_uint<2>(value); }
  void u32(std::uint32_t value) { put_uint<4>(value); }
  void i32(std::int32_t value) { put_uint<4>(static_cast<std::uint32_t>(value)); }
  void f32_bits(std::uint32_t bits) { put_uint<4>(bits); }
  // Each value as a u32; one copy when the byte orders agree (a GEM key's floats, for one).
  void u32s(std::span<const std::uint32_t> values);
  void bytes(std::span<const std::uint8_t> data);
  void tag(std::string_view tag);

  std::vector<std::uint8_t> take() { return std::move(bytes_); }
  const std::vector<std::uint8_t>& data() const { return bytes_; }

 private:
  // Inline: writers call this per field, and a call per field was most of their time.
  template <std::size_t Width>
  void put_uint(std::uint32_t value) {
    if (counting_) {
      count_ += Width;
      return;
    }
    const std::size_t at = bytes_.size();
    bytes_.resize(at + Width);
    std::uint8_t* out = bytes_.data() + at;
    for (std::size_t i = 0; i < Width; ++i) {
      out[i] = static_cast<std::uint8_t>(value >> (8 * (endian_ == Endian::little ? i : Width - 1 - i)));
    }
  }

  std::vector<std::uint8_t> bytes_;
  std::size_t count_ = 0;
  bool counting_ = false;
  Endian endian_;
};

}  // namespace anmkit
