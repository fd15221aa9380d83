#include "anmkit/formats/gem/mdl.hpp"

#include <algorithm>
#include <charconv>
#include <string_view>

#include <fmt/format.h>

#include "anmkit/core/float_text.hpp"
#include "anmkit/model/clip.hpp"

namespace anmkit::gem {
namespace {

struct Token {
  enum Kind { open, close, string, word, end } kind;
  std::string_view text;
  std::size_t offset;
};

class Lexer {
 public:
  explicit Lexer(std::string_view text) : text_(text) {}

  Token next() {
    for (;;) {
      while (pos_ < text_.size() && is_space(text_[pos_])) ++pos_;
      if (pos_ < text_.size() && text_[pos_] == ';') {  // comment to the end of the line
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
        continue;
      }
      break;
    }
    const std::size_t at = pos_;
    if (pos_ == text_.size()) return {Token::end, {}, at};
    const char c = text_[pos_];
    if (c == '{') { ++pos_; return {Token::open, text_.substr(at, 1), at}; }
    if (c == '}') { ++pos_; return {Token::close, text_.substr(at, 1), at}; }
    if (c == '"') {
      const std::size_t close = text_.find('"', pos_ + 1);
      if (close == std::string_view::npos) {
        throw ErrorException{make_error(ErrorCode::bad_value, "unterminated string", at)};
      }
      pos_ = close + 1;
      return {Token::string, text_.substr(at + 1, close - at - 1), at};
    }
    while (pos_ < text_.size() && !is_space(text_[pos_]) && text_[pos_] != '{' && text_[pos_] != '}' &&
           text_[pos_] != '"' && text_[pos_] != ';') {
      ++pos_;
    }
    return {Token::word, text_.substr(at, pos_ - at), at};
  }

 private:
  static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
  std::string_view text_;
  std::size_t pos_ = 0;
};

float number(const Token& t) {
  float value = 0;
  if (t.kind == Token::word) {
    auto [ptr, ec] = float_from_chars(t.text.data(), t.text.data() + t.text.size(), value);
    if (ec == std::errc() && ptr == t.text.data() + t.text.size()) return value;
  }
  throw ErrorException{make_error(ErrorCode::bad_value, fmt::format("expected a number, found '{}'", t.text), t.offset)};
}

// One open block on the explicit stack (no recursion on input).
struct Block {
  std::string_view head;
  int bone = -1;  // the bone this block belongs to (its own index for a {bone} block)
  int sequence = -1;
};

}  // namespace

int Mdl::find_bone(std::string_view name) const {
  for (std::size_t i = 0; i < bones.size(); ++i) {
    if (model::names_equal(bones[i].name, name)) return int(i);
  }
  return -1;
}

bool looks_like_mdl(std::span<const std::uint8_t> bytes) {
  // The whole text: comment lines before the first block may be any length (the lexer skips them
  // in one pass, and anything else ends the look at its first token).
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  Lexer lex(text);
  try {
    const Token open = lex.next();
    const Token head = lex.next();
    return open.kind == Token::open && head.kind == Token::word && head.text == "Skeleton";
  } catch (ErrorException&) {
    return false;
  }
}

Expected<Mdl> read_mdl(std::span<const std::uint8_t> bytes) {
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  return catch_errors([&]() -> Mdl {
    Lexer lex(text);
    Mdl mdl;
    std::vector<Block> stack;
    for (Token t = lex.next(); t.kind != Token::end; t = lex.next()) {
      if (t.kind == Token::close) {
        if (stack.empty()) throw ErrorException{make_error(ErrorCode::bad_value, "'}' without a matching '{'", t.offset)};
        stack.pop_back();
        continue;
      }
      if (t.kind != Token::open) continue;  // values of blocks we do not read
      const Token head = lex.next();
      if (head.kind != Token::word) {
        throw ErrorException{make_error(ErrorCode::bad_value, "expected a block name after '{'", head.offset)};
      }
      Block block{head.text, stack.empty() ? -1 : stack.back().bone, -1};
      if (head.text == "bone") {
        Token name = lex.next();
        if (name.kind == Token::word) name = lex.next();  // a joint kind such as `revolute`
        if (name.kind != Token::string) {
          throw ErrorException{make_error(ErrorCode::bad_value, "expected the bone's quoted name", name.offset)};
        }
        mdl.bones.push_back(MdlBone{std::string(name.text), block.bone, {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}, t.offset});
        block.bone = int(mdl.bones.size() - 1);
      } else if (head.text == "sequence") {
        const Token name = lex.next();
        if (name.kind != Token::string) {
          throw ErrorException{make_error(ErrorCode::bad_value, "expected the sequence's quoted name", name.offset)};
        }
        mdl.sequences.push_back({std::string(name.text), std::string(name.text) + ".anm", false, block.bone});
        block.sequence = int(mdl.sequences.size() - 1);
      } else if (head.text == "file" && !stack.empty() && stack.back().sequence >= 0) {
        const Token file = lex.next();
        if (file.kind != Token::string) {
          throw ErrorException{make_error(ErrorCode::bad_value, "expected the quoted file name", file.offset)};
        }
        auto& sequence = mdl.sequences[std::size_t(stack.back().sequence)];
        sequence.file = std::string(file.text);
        sequence.file_given = true;
      } else if ((head.text == "Orientation" || head.text == "Matrix34" || head.text == "Position") &&
                 block.bone >= 0) {
        const std::size_t first = head.text == "Position" ? 9 : 0;
        const std::size_t count = head.text == "Orientation" ? 9 : head.text == "Matrix34" ? 12 : 3;
        auto& rest = mdl.bones[std::size_t(block.bone)].rest;
        for (std::size_t i = 0; i < count; ++i) rest[first + i] = number(lex.next());
      }
      stack.push_back(block);
    }
    if (!stack.empty()) {
      throw ErrorException{make_error(ErrorCode::truncated, fmt::format("{} block(s) still open at the end", stack.size()), text.size())};
    }
    return mdl;
  });
}

}  // namespace anmkit::gem
