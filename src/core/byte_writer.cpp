#include "anmkit/core/byte_writer.hpp"

namespace anmkit {

void ByteWriter::put_uint(std::uint64_t value, std::size_t width) {
  if (counting_) {
    count_ += width;
    return;
  }
  for (std::size_t i = 0; i < width; ++i) {
    const std::size_t shift = 8 * (endian_ == Endian::little ? i : width - 1 - i);
    bytes_.push_back(static_cast<std::uint8_t>(value >> shift));
  }
}

void ByteWriter::bytes(std::span<const std::uint8_t> data) {
  if (counting_) {
    count_ += data.size();
    return;
  }
  bytes_.insert(bytes_.end(), data.begin(), data.end());
}

void ByteWriter::tag(std::string_view tag) {
  for (char c : tag) put_uint(static_cast<std::uint8_t>(c), 1);
}

}  // namespace anmkit
