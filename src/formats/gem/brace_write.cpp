#include "anmkit/formats/gem/brace_text.hpp"

#include <fmt/format.h>

#include "brace_lexer.hpp"

namespace anmkit::gem {
namespace {

[[noreturn]] void fail(std::string pointer, std::string message) {
  Error e = make_error(ErrorCode::invalid_model, std::move(message));
  e.pointer = std::move(pointer);
  throw ErrorException{std::move(e)};
}

// Whitespace and comments only, each comment ended by a line break (or by the end of the text,
// for the trailing space), so that the token after it is not read as part of it.
bool is_space(std::string_view s, bool at_end) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (detail::brace_space(s[i])) continue;
    if (s[i] != ';') return false;
    const std::size_t line_end = s.find('\n', i);
    if (line_end == std::string_view::npos) return at_end;
    i = line_end;
  }
  return true;
}

bool is_word(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (detail::brace_word_end(c)) return false;
  }
  return true;
}

class Writer {
 public:
  explicit Writer(const BraceText& file) : file_(file), reached_(file.blocks.size(), false) {}

  std::vector<std::uint8_t> run() {
    for (std::size_t i = 0; i < file_.top.size(); ++i) {
      write_block(file_.top[i], -1, fmt::format("/top/{}", i));
    }
    if (!is_space(file_.trailing, true)) fail("/trailing", "the trailing text is not whitespace and comments");
    put(file_.trailing);
    for (std::size_t b = 0; b < reached_.size(); ++b) {
      if (!reached_[b]) fail(fmt::format("/blocks/{}", b), fmt::format("block {} is no entry of any block", b));
    }
    return std::move(out_);
  }

 private:
  struct Open {
    std::uint32_t block;
    std::size_t next = 0;  // its next entry to write
  };

  void put(std::string_view s) {
    out_.insert(out_.end(), s.begin(), s.end());
    after_word_ = false;
  }

  // A word, after its space: one that follows another word with no space between would read back
  // as part of it.
  void put_word(const BraceToken& t, const std::string& pointer, const char* what) {
    if (!is_word(t.text)) fail(pointer, fmt::format("{} that would not read back as one word", what));
    if (after_word_ && t.space.empty()) fail(pointer, fmt::format("{} right after another word, with no space between", what));
    put(t.text);
    after_word_ = true;
  }

  void put_space(const BraceToken& t, const std::string& pointer) {
    if (!is_space(t.space, false)) fail(pointer, "a token's space is not whitespace and comments ended by a line break");
    if (t.space.empty()) return;
    put(t.space);
  }

  void begin(std::uint32_t index, std::int32_t parent, const std::string& pointer) {
    if (index >= file_.blocks.size()) fail(pointer, fmt::format("block {} of {}", index, file_.blocks.size()));
    if (reached_[index]) fail(pointer, fmt::format("block {} is an entry twice", index));
    reached_[index] = true;
    const BraceBlock& block = file_.blocks[index];
    const std::string here = fmt::format("/blocks/{}", index);
    if (block.parent != parent) {
      fail(here, fmt::format("block {} names parent {} but is an entry of {}", index, block.parent, parent));
    }
    put_space(block.open, here);
    put("{");
    put_space(block.key, here + "/key");
    put_word(block.key, here + "/key", "a key");
  }

  // Iterative: a block's entries, its children's in turn, with an explicit stack.
  void write_block(std::uint32_t root, std::int32_t parent, const std::string& pointer) {
    begin(root, parent, pointer);
    std::vector<Open> stack{{root}};
    while (!stack.empty()) {
      Open& top = stack.back();
      const BraceBlock& block = file_.blocks[top.block];
      if (top.next == block.entries.size()) {
        put_space(block.close, fmt::format("/blocks/{}", top.block));
        put("}");
        stack.pop_back();
        continue;
      }
      const std::size_t e = top.next++;
      const BraceEntry& entry = block.entries[e];
      const std::string here = fmt::format("/blocks/{}/entries/{}", top.block, e);
      switch (entry.kind) {
        case BraceEntryKind::word:
          put_space(entry.token, here);
          put_word(entry.token, here, "a word");
          break;
        case BraceEntryKind::string:
          put_space(entry.token, here);
          if (entry.token.text.find('"') != std::string::npos) fail(here, "a string holding '\"'");
          put("\"");
          put(entry.token.text);
          put("\"");
          break;
        case BraceEntryKind::block: {
          const std::uint32_t child = entry.block;
          begin(child, std::int32_t(top.block), here);  // `top` is not used past this point
          stack.push_back({child});
          break;
        }
      }
    }
  }

  const BraceText& file_;
  std::vector<bool> reached_;
  std::vector<std::uint8_t> out_;
  bool after_word_ = false;
};

}  // namespace

Expected<std::vector<std::uint8_t>> write_brace_text(const BraceText& text) {
  return catch_errors([&] { return Writer(text).run(); });
}

}  // namespace anmkit::gem
