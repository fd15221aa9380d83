#include "anmkit/core/byte_reader.hpp"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "anmkit/core/error.hpp"

namespace anmkit {

void ByteReader::fail_at(std::size_t offset, ErrorCode code, Wording message) const {
  throw ErrorException{make_error(code, std::move(message), offset)};
}

void ByteReader::fail_truncated(std::size_t count, std::string_view what) const {
  fail_at(pos_, ErrorCode::truncated,
          fmt::format("unexpected end of data: expected {} ({} byte{}), {} remain{}", what, count, count == 1 ? "" : "s",
                      remaining(), remaining() == 1 ? "s" : ""));
}

std::span<const std::uint8_t> ByteReader::bytes(std::size_t count, std::string_view what) {
  need(count, what);
  auto out = data_.subspan(pos_, count);
  pos_ += count;
  return out;
}

std::array<char, 4> ByteReader::tag(std::string_view what) {
  auto raw = bytes(4, what);
  std::array<char, 4> out{};
  std::memcpy(out.data(), raw.data(), 4);
  return out;
}

bool ByteReader::next_tag_is(std::string_view tag) const {
  return tag.size() <= remaining() &&
         std::equal(tag.begin(), tag.end(), data_.begin() + static_cast<std::ptrdiff_t>(pos_),
                    [](char a, std::uint8_t b) { return static_cast<std::uint8_t>(a) == b; });
}

void ByteReader::expect_tag(std::string_view tag, std::string_view what) {
  const std::size_t at = pos_;
  need(tag.size(), what);
  if (!next_tag_is(tag)) {
    fail_at(at, ErrorCode::unknown_chunk,
            fmt::format("expected {} ('{}'), found '{}'", what, tag,
                        tag_for_message(data_.subspan(at, tag.size()))));
  }
  pos_ += tag.size();
}

void ByteReader::expect_signature(std::string_view signature, std::string_view what) {
  if (!next_tag_is(signature)) {
    fail_at(0, ErrorCode::bad_magic,
            fmt::format("not {}: expected signature '{}', found '{}'", what, signature,
                        tag_for_message(data_.subspan(pos_, std::min(signature.size(), remaining())))));
  }
  pos_ += signature.size();
}

void ByteReader::check_count(std::uint64_t count, std::size_t min_element_size,
                             std::string_view what) const {
  const std::uint64_t available = remaining();
  if (min_element_size != 0 && count > available / min_element_size) {
    fail_at(pos_, ErrorCode::too_large,
            fmt::format("{} {} needs at least {} bytes, but only {} remain", what, count,
                        count > UINT64_MAX / min_element_size
                            ? std::string("more than 2^64")
                            : std::to_string(count * min_element_size),
                        available));
  }
}

std::string tag_for_message(std::span<const std::uint8_t> bytes) {
  const bool printable = std::all_of(bytes.begin(), bytes.end(),
                                     [](std::uint8_t b) { return b >= 0x20 && b < 0x7f; });
  if (printable) return std::string(bytes.begin(), bytes.end());
  std::string out;
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    out += fmt::format("{}{:02x}", i ? " " : "", bytes[i]);
  }
  return out;
}

}  // namespace anmkit
