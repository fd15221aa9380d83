#pragma once
// Bounds-checked reading of little- and big-endian fields from a byte span.
// A read past the end throws ErrorException{truncated} naming the offset and the field; codecs
// catch it at their entry points and return Expected<T>. Nothing here allocates.

#include <array>
#include <bit>
#include <cstring>
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

  // The fixed-width reads are inline: they are the codecs' inner loops. Only the failure path,
  // which formats the message, is out of line.
  std::uint8_t u8(std::string_view what) {
    need(1, what);
    return data_[pos_++];
  }
  std::uint16_t u16(std::string_view what) {
    need(2, what);
    const std::uint8_t* p = data_.data() + pos_;
    pos_ += 2;
    return endian_ == Endian::little ? std::uint16_t(p[0] | (p[1] << 8)) : std::uint16_t((p[0] << 8) | p[1]);
  }
  std::uint32_t u32(std::string_view what) {
    need(4, what);
    const std::uint8_t* p = data_.data() + pos_;
    pos_ += 4;
    return endian_ == Endian::little
               ? std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 | std::uint32_t(p[3]) << 24
               : std::uint32_t(p[3]) | std::uint32_t(p[2]) << 8 | std::uint32_t(p[1]) << 16 | std::uint32_t(p[0]) << 24;
  }
  std::int32_t i32(std::string_view what) { return static_cast<std::int32_t>(u32(what)); }
  // N consecutive 32-bit fields (vectors, matrices) with one bounds check.
  template <std::size_t N>
  std::array<std::uint32_t, N> u32_array(std::string_view what) {
    need(4 * N, what);
    std::array<std::uint32_t, N> out;
    const std::uint8_t* p = data_.data() + pos_;
    if (endian_ == Endian::little && std::endian::native == std::endian::little) {
      std::memcpy(out.data(), p, 4 * N);
    } else {
      for (std::size_t i = 0; i < N; ++i, p += 4) {
        out[i] = endian_ == Endian::little
                     ? std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 | std::uint32_t(p[3]) << 24
                     : std::uint32_t(p[3]) | std::uint32_t(p[2]) << 8 | std::uint32_t(p[1]) << 16 | std::uint32_t(p[0]) << 24;
      }
    }
    pos_ += 4 * N;
    return out;
  }
  // The bytes not yet read, and a checked skip past some of them: for codecs that decode a run
  // of fields after one bounds check of their own.
  std::span<const std::uint8_t> unread() const { return data_.subspan(pos_); }
  void skip(std::size_t count, std::string_view what) {
    need(count, what);
    pos_ += count;
  }
  // A 32-bit float as its raw bits.
  std::uint32_t f32_bits(std::string_view what) { return u32(what); }
  std::span<const std::uint8_t> bytes(std::size_t count, std::string_view what);
  std::array<char, 4> tag(std::string_view what);

  // True when the next four bytes are `tag` (false near the end, never throws).
  bool next_tag_is(std::string_view tag) const;
  // Reads a four-byte tag and fails with bad_magic/unknown_chunk unless it equals `tag`.
  void expect_tag(std::string_view tag, std::string_view what);
  // Reads a file's signature and fails with bad_magic at offset 0 unless it equals `signature`:
  // "not WHAT: expected signature 'EPLY', found 'XXXX'" (what the bytes begin with, even when
  // fewer than four).
  void expect_signature(std::string_view signature, std::string_view what);

  // Fails with too_large unless `count` elements of at least `min_element_size` bytes fit in
  // what remains. Call before allocating anything sized by `count`.
  void check_count(std::uint64_t count, std::size_t min_element_size, std::string_view what) const;

  [[noreturn]] void fail_at(std::size_t offset, ErrorCode code, Wording message) const;

 private:
  void need(std::size_t count, std::string_view what) const {
    if (count > remaining()) [[unlikely]] fail_truncated(count, what);
  }
  [[noreturn]] void fail_truncated(std::size_t count, std::string_view what) const;

  std::span<const std::uint8_t> data_;
  std::size_t pos_ = 0;
  Endian endian_;
};

// Printable form of a tag for messages: "FRM2", or hex bytes when not printable.
std::string tag_for_message(std::span<const std::uint8_t> bytes);

}  // namespace anmkit
