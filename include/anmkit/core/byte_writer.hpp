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

  void u8(std::uint8_t value) { put_uint(value, 1); }
  void u16(std::uint16_t value) { put_uint(value, 2); }
  void u32(std::uint32_t value) { put_uint(value, 4); }
  void i32(std::int32_t value) { put_uint(static_cast<std::uint32_t>(value), 4); }
  void f32_bits(std::uint32_t bits) { put_uint(bits, 4); }
  void bytes(std::span<const std::uint8_t> data);
  void tag(std::string_view tag);

  std::vector<std::uint8_t> take() { return std::move(bytes_); }
  const std::vector<std::uint8_t>& data() const { return bytes_; }

 private:
  void put_uint(std::uint64_t value, std::size_t width);

  std::vector<std::uint8_t> bytes_;
  std::size_t count_ = 0;
  bool counting_ = false;
  Endian endian_;
};

}  // namespace anmkit
