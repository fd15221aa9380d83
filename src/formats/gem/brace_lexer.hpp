#pragma once
// The tokens of the brace language of `.mdl` and `.mtl`, each with the whitespace and comments
// before it: shared by the reader and by the writer's check that what it writes reads back the same.

#include <cstdint>
#include <string_view>

namespace anmkit::gem::detail {

inline bool brace_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
// A byte that ends a word.
inline bool brace_word_end(char c) { return brace_space(c) || c == '{' || c == '}' || c == '"' || c == ';'; }

struct BraceLexeme {
  enum Kind { open, close, string, word, end, unterminated } kind;
  std::string_view space;  // before the token
  std::string_view text;   // a word; a string's bytes between its quotes
  std::size_t offset;      // where the token begins
};

class BraceLexer {
 public:
  explicit BraceLexer(std::string_view text) : text_(text) {}

  BraceLexeme next() {
    const std::size_t start = pos_;
    for (;;) {
      while (pos_ < text_.size() && brace_space(text_[pos_])) ++pos_;
      if (pos_ < text_.size() && text_[pos_] == ';') {  // a comment, to the end of the line
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
        continue;
      }
      break;
    }
    const std::string_view space = text_.substr(start, pos_ - start);
    const std::size_t at = pos_;
    if (pos_ == text_.size()) return {BraceLexeme::end, space, {}, at};
    const char c = text_[pos_];
    if (c == '{') return ++pos_, BraceLexeme{BraceLexeme::open, space, {}, at};
    if (c == '}') return ++pos_, BraceLexeme{BraceLexeme::close, space, {}, at};
    if (c == '"') {
      const std::size_t close = text_.find('"', pos_ + 1);
      if (close == std::string_view::npos) return {BraceLexeme::unterminated, space, text_.substr(at + 1), at};
      pos_ = close + 1;
      return {BraceLexeme::string, space, text_.substr(at + 1, close - at - 1), at};
    }
    while (pos_ < text_.size() && !brace_word_end(text_[pos_])) ++pos_;
    return {BraceLexeme::word, space, text_.substr(at, pos_ - at), at};
  }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
};

}  // namespace anmkit::gem::detail
