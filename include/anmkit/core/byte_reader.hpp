#pragma once
// Bounds-checked reading of little- and big-endian fields from a byte span.
// A read past the end throws ErrorException{truncated} naming the offset and the field; codecs
// catch it at their entry points and return Expected<T>. Nothing here allocates.

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "anmkit/core/error.hpp"

namespace anmkit {

enum class Endian { little, big };

class ByteReader {
 public:
  explicit ByteReader(std::span<const std::uint8_t> data, Endian endian = Endian::little)
      : data_(data), endian_(endian) {}

  std::size_t offset() const { return pos_; }
  std::size_t size() const { return data_.size(); }
  std::size_t remaining() const { return data_.size() - pos_; }
  bool at_end() const { return pos_ == data_.size(); }

  std::uint8_t u8(std::string_view what);
  std::uint16_t u16(std::string_view what);
  std::uint32_t u32(std::string_view what);
  std::int32_t i32(std::string_view what);
  // A 32-bit float as its raw bits.
  std::uint32_t f32_bits(std::string_view what) { return u32(what); }
  std::span<const std::uint8_t> bytes(std::size_t count, std::string_view what);
  std::array<char, 4> tag(std::string_view what);

  // True when the next four bytes are `tag` (false near the end, never throws).
  bool next_tag_is(std::string_view tag) const;
  // Reads a four-byte tag and fails with bad_magic/unknown_chunk unless it equals `tag`.
  void expect_tag(std::string_view tag, std::string_view what);

  // Fails with too_large unless `count` elements of at least `min_element_size` bytes fit in
  // what remains. Call before allocating anything sized by `count`.
  void check_count(std::uint64_t count, std::size_t min_element_size, std::string_view what) const;

  [[noreturn]] void fail_at(std::size_t offset, ErrorCode code, std::string message) const;

 private:
  void need(std::size_t count, std::string_view what) const;
  std::uint64_t read_uint(std::size_t width, std::string_view what);

  std::span<const std::uint8_t> data_;
  std::size_t pos_ = 0;
  Endian endian_;
};

// Printable form of a tag for messages: "FRM2", or hex bytes when not printable.
std::string tag_for_message(std::span<const std::uint8_t> bytes);

}  // namespace anmkit
