#include "anmkit/core/byte_writer.hpp"

#include <bit>
#include <cstring>

namespace anmkit {

void ByteWriter::u32s(std::span<const std::uint32_t> values) {
  if (counting_) {
    count_ += 4 * values.size();
    return;
  }
  const bool same_order = (endian_ == Endian::little) == (std::endian::native == std::endian::little);
  if (same_order) {
    const std::size_t at = bytes_.size();
    bytes_.resize(at + 4 * values.size());
    if (!values.empty()) std::memcpy(bytes_.data() + at, values.data(), 4 * values.size());
    return;
  }
  for (std::uint32_t v : values) u32(v);
}

void ByteWriter::bytes(std::span<const std::uint8_t> data) {
  if (counting_) {
    count_ += data.size();
    return;
  }
  bytes_.insert(bytes_.end(), data.begin(), data.end());
}

void ByteWriter::tag(std::string_view tag) {
  bytes({reinterpret_cast<const std::uint8_t*>(tag.data()), tag.size()});
}

}  // namespace anmkit
