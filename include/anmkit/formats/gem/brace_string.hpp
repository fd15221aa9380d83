#pragma once
// The bytes of one token of a brace text (brace_text.hpp): a string in 16 bytes, where
// std::string takes 32. A model's text is mostly short tokens (keys, numbers, a line break and its
// indentation), and a file of nothing but empty blocks makes three tokens of every three bytes, so
// the size of this type is most of what a text tree costs (docs/SECURITY.md, "Bounded work").
//
// Up to 15 bytes are kept in place; a longer string on the heap. Byte 15 says which: in place, it
// is 15 minus the length (so a 15-byte string ends in a zero); on the heap, it is `on_heap`, and
// bytes 0-7 hold the pointer and 8-11 the length. Read and written through memcpy: no union, no
// type punning.

#include <cstdint>
#include <cstring>
#include <limits>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>

namespace anmkit::gem {

class BraceString {
 public:
  BraceString() noexcept { clear_bytes(); }
  BraceString(std::string_view s) { assign_new(s); }           // NOLINT: converts as std::string does
  BraceString(const char* s) : BraceString(std::string_view(s)) {}  // NOLINT
  BraceString(const std::string& s) : BraceString(std::string_view(s)) {}  // NOLINT
  BraceString(const BraceString& other) { assign_new(other.view()); }
  BraceString(BraceString&& other) noexcept {
    std::memcpy(bytes_, other.bytes_, sizeof bytes_);
    other.clear_bytes();
  }
  BraceString& operator=(const BraceString& other) {
    if (this != &other) *this = other.view();
    return *this;
  }
  BraceString& operator=(BraceString&& other) noexcept {
    if (this != &other) {
      release();
      std::memcpy(bytes_, other.bytes_, sizeof bytes_);
      other.clear_bytes();
    }
    return *this;
  }
  BraceString& operator=(std::string_view s) {
    BraceString fresh(s);  // `s` may be this string's own bytes
    return *this = std::move(fresh);
  }
  BraceString& operator=(const std::string& s) { return *this = std::string_view(s); }
  BraceString& operator=(const char* s) { return *this = std::string_view(s); }
  ~BraceString() { release(); }

  std::string_view view() const noexcept {
    if (bytes_[15] != on_heap) return {bytes_, std::size_t(in_place - std::uint8_t(bytes_[15]))};
    return {heap_pointer(), heap_size()};
  }
  operator std::string_view() const noexcept { return view(); }  // NOLINT: reads as a string does
  std::string str() const { return std::string(view()); }

  const char* data() const noexcept { return view().data(); }
  std::size_t size() const noexcept { return view().size(); }
  bool empty() const noexcept { return size() == 0; }
  std::size_t find(char c, std::size_t from = 0) const noexcept { return view().find(c, from); }
  bool starts_with(std::string_view prefix) const noexcept { return view().starts_with(prefix); }

  friend bool operator==(const BraceString& a, const BraceString& b) noexcept { return a.view() == b.view(); }
  friend bool operator==(const BraceString& a, std::string_view b) noexcept { return a.view() == b; }
  friend bool operator==(const BraceString& a, const char* b) noexcept { return a.view() == std::string_view(b); }
  friend std::string operator+(const BraceString& a, std::string_view b) { return std::string(a.view()).append(b); }

 private:
  static constexpr char on_heap = char(0xff);
  static constexpr std::uint8_t in_place = 15;  // the longest string kept in place

  void clear_bytes() noexcept {
    std::memset(bytes_, 0, sizeof bytes_);
    bytes_[15] = char(in_place);
  }
  const char* heap_pointer() const noexcept {
    const char* p = nullptr;
    std::memcpy(&p, bytes_, sizeof p);
    return p;
  }
  std::uint32_t heap_size() const noexcept {
    std::uint32_t n = 0;
    std::memcpy(&n, bytes_ + 8, sizeof n);
    return n;
  }
  // Into a string holding nothing on the heap.
  void assign_new(std::string_view s) {
    clear_bytes();
    if (s.size() <= in_place) {
      if (!s.empty()) std::memcpy(bytes_, s.data(), s.size());
      bytes_[15] = char(in_place - s.size());
      return;
    }
    // A token of 4 GiB or more would need a brace text past any input limit.
    if (s.size() > std::numeric_limits<std::uint32_t>::max()) throw std::length_error("a brace token of 4 GiB or more");
    char* p = new char[s.size()];
    std::memcpy(p, s.data(), s.size());
    const auto n = std::uint32_t(s.size());
    std::memcpy(bytes_, &p, sizeof p);
    std::memcpy(bytes_ + 8, &n, sizeof n);
    bytes_[15] = on_heap;
  }
  void release() noexcept {
    if (bytes_[15] == on_heap) delete[] heap_pointer();
    clear_bytes();
  }

  char bytes_[16];
};

static_assert(sizeof(BraceString) == 16);
static_assert(sizeof(void*) <= 8);

}  // namespace anmkit::gem
