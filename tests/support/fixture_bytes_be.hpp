#pragma once
// Hand-built big-endian fixtures (GameCube formats), written field by field in the test.

#include <bit>
#include <cstdint>
#include <initializer_list>
#include <string_view>
#include <vector>

namespace anmkit::test {

class BigEndianBytes {
 public:
  BigEndianBytes& u8(std::uint32_t v) { return be(v, 1); }
  BigEndianBytes& u16(std::uint32_t v) { return be(v, 2); }
  BigEndianBytes& s16(int v) { return be(static_cast<std::uint32_t>(v) & 0xffff, 2); }
  BigEndianBytes& u32(std::uint32_t v) { return be(v, 4); }
  BigEndianBytes& f32(float v) { return be(std::bit_cast<std::uint32_t>(v), 4); }
  BigEndianBytes& f32s(std::initializer_list<float> vs) {
    for (float v : vs) f32(v);
    return *this;
  }
  BigEndianBytes& zeros(std::size_t n) {
    bytes_.insert(bytes_.end(), n, 0);
    return *this;
  }
  BigEndianBytes& text(std::string_view s) {
    for (char c : s) bytes_.push_back(static_cast<std::uint8_t>(c));
    return *this;
  }
  // An LM track: count, index, flag.
  BigEndianBytes& track(std::uint32_t count, std::uint32_t index, std::uint32_t flag = 0) {
    return u16(count).u16(index).u16(flag);
  }
  std::size_t size() const { return bytes_.size(); }
  const std::vector<std::uint8_t>& bytes() const { return bytes_; }
  operator const std::vector<std::uint8_t>&() const { return bytes_; }

 private:
  BigEndianBytes& be(std::uint32_t v, int width) {
    for (int i = width - 1; i >= 0; --i) bytes_.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
    return *this;
  }
  std::vector<std::uint8_t> bytes_;
};

// Two nodes, canonical layout, with shared data (see lm_read_test.cpp for the values).
inline std::vector<std::uint8_t> lm_two_node_fixture() {
  BigEndianBytes b;
  b.u8(2).u8(1).u16(0).u32(60);
  b.u32(0x84).u32(0x84 + 7 * 4).u32(0x84 + 17 * 4).u32(0x18);  // scale, rotation, translation, groups
  // node 0: scale default; rx default, ry constant 90, rz 3 keys; tx 2 keys with out slopes, ty constant, tz default
  b.track(0, 0).track(0, 0).track(0, 0).track(0, 0).track(1, 0).track(3, 1).track(2, 0, 0x80).track(1, 8).track(0, 0);
  // node 1: scale 2 2 (shared constant) and 2 keys; rz shares node 0's keys; translation shares a constant
  b.track(1, 0).track(1, 0).track(2, 1).track(0, 0).track(0, 0).track(3, 1).track(1, 8).track(1, 8).track(1, 8);
  b.f32s({2.0f, 0, 1, 0, 30, 3, 0});                        // scale
  b.f32s({90.0f, 0, 0, 0, 30, 45, 1.5f, 60, 90, 0});         // rotation
  b.f32s({0, 10, 0.5f, 1.0f, 60, 40, 0.25f, -0.5f, 7.5f});  // translation
  return b.bytes();
}

}  // namespace anmkit::test
