#pragma once
// The tokens of the `.mtl` brace language, each with the whitespace and comments before it:
// shared by the reader and by the writer's check that what it writes reads back the same.

#include <cstdint>
#include <string_view>

namespace anmkit::gem::mesh::detail {

inline bool mtl_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
// A byte that ends a word.
inline bool mtl_word_end(char c) { return mtl_space(c) || c == '{' || c == '}' || c == '"' || c == ';'; }

struct MtlLexeme {
  enum Kind { open, close, string, word, end, unterminated } kind;
  std::string_view space;  // before the token
  std::string_view text;   // a word; a string's bytes between its quotes
  std::size_t offset;      // where the token begins
};

class MtlLexer {
 public:
  explicit MtlLexer(std::string_view text) : text_(text) {}

  MtlLexeme next() {
    const std::size_t start = pos_;
    for (;;) {
      while (pos_ < text_.size() && mtl_space(text_[pos_])) ++pos_;
      if (pos_ < text_.size() && text_[pos_] == ';') {  // a comment, to the end of the line
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
        continue;
      }
      break;
    }
    const std::string_view space = text_.substr(start, pos_ - start);
    const std::size_t at = pos_;
    if (pos_ == text_.size()) return {MtlLexeme::end, space, {}, at};
    const char c = text_[pos_];
    if (c == '{') return ++pos_, MtlLexeme{MtlLexeme::open, space, {}, at};
    if (c == '}') return ++pos_, MtlLexeme{MtlLexeme::close, space, {}, at};
    if (c == '"') {
      const std::size_t close = text_.find('"', pos_ + 1);
      if (close == std::string_view::npos) return {MtlLexeme::unterminated, space, text_.substr(at + 1), at};
      pos_ = close + 1;
      return {MtlLexeme::string, space, text_.substr(at + 1, close - at - 1), at};
    }
    while (pos_ < text_.size() && !mtl_word_end(text_[pos_])) ++pos_;
    return {MtlLexeme::word, space, text_.substr(at, pos_ - at), at};
  }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
};

}  // namespace anmkit::gem::mesh::detail
