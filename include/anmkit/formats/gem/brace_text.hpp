#pragma once
// The lossless model of GEM's brace language, the text of `.mdl` models and `.mtl` materials:
//
//   {skeleton {bone revolute "turret" {limits -10 30} {Position 1 2 3}}}   ; a comment
//
// a tree of blocks `{key values... {child}...}` whose values are words (numbers among them, kept
// as written) and quoted strings (no escapes: a string runs to the next '"'); `;` starts a comment
// that runs to the end of the line. Every token keeps the whitespace and comments before it, so
// write_brace_text(read_brace_text(text)) == text for every text read_brace_text() accepts. Keys are
// kept as written; the game compares them without regard to case (key_is).
//
// The tree is flat: blocks in the order of their '{' (a parent before its children), each naming
// its parent and its entries, which name child blocks by index. Nothing walks it by recursion.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "anmkit/core/expected.hpp"
#include "anmkit/core/limits.hpp"
#include "anmkit/formats/gem/brace_string.hpp"

namespace anmkit::gem {

struct BraceToken {
  BraceString space;         // whitespace and comments before the token, as written
  BraceString text;          // a word as written; a string's bytes between its quotes; empty for { and }
  std::uint64_t offset = 0;  // where the token begins in the text it was read from (0 when built)
  friend bool operator==(const BraceToken& a, const BraceToken& b) { return a.space == b.space && a.text == b.text; }
};

enum class BraceEntryKind : std::uint8_t { word, string, block };

struct BraceEntry {
  BraceEntryKind kind = BraceEntryKind::word;
  BraceToken token;         // a word or a string
  std::uint32_t block = 0;  // a block: its index in BraceText::blocks
  friend bool operator==(const BraceEntry&, const BraceEntry&) = default;
};

struct BraceBlock {
  BraceToken open;   // '{'
  BraceToken key;    // the word after '{'
  std::vector<BraceEntry> entries;  // values and child blocks, in order
  BraceToken close;  // '}'
  std::int32_t parent = -1;         // index in BraceText::blocks; -1 at the top level
  friend bool operator==(const BraceBlock&, const BraceBlock&) = default;
};

struct BraceText {
  std::vector<BraceBlock> blocks;
  std::vector<std::uint32_t> top;  // the top-level blocks, in order
  std::string trailing;            // whitespace and comments after the last block
  friend bool operator==(const BraceText&, const BraceText&) = default;
};

// A key compared as the game compares it, ignoring ASCII case.
bool key_is(std::string_view key, std::string_view expected);

// The 1-based line of a byte offset in `text` (an offset past the end: the last line), counted
// from the start: for one message. A reader that places many uses a LineIndex.
std::size_t line_at(std::span<const std::uint8_t> text, std::uint64_t offset);

// Lines of a text found in time that does not grow with the text: the count of line breaks before
// every 4 KiB step, made on the first question, then at most one step counted for each (a file of
// 300 000 notes took minutes when each counted from the start). The text must outlive it.
class LineIndex {
 public:
  explicit LineIndex(std::span<const std::uint8_t> text) : text_(text) {}
  std::size_t line(std::uint64_t offset) const;

 private:
  static constexpr std::size_t step = 4096;
  std::span<const std::uint8_t> text_;
  mutable std::vector<std::size_t> breaks_before_;  // breaks before byte k * step
};

// Errors (with the byte offset): too_large past limits.max_input_bytes or blocks nested deeper
// than `max_depth` (the reader keeps an explicit stack: depth costs no recursion),
// bad_value for text outside a block, a '{' not followed by a key word, a '}' without its '{' or a
// string without its closing '"', truncated when blocks are still open at the end. The keys and
// values are not judged here (each file's own reader does).
Expected<BraceText> read_brace_text(std::span<const std::uint8_t> text, const ReadLimits& limits, std::size_t max_depth);

// The tree -> text, exactly as read. Fails (invalid_model, with the JSON pointer of the block) when
// the tree does not hold together: an entry naming a block that is not its child, a block reached
// twice or never, a string holding '"', a word that would not read back as one word, a space that
// is not whitespace and comments.
Expected<std::vector<std::uint8_t>> write_brace_text(const BraceText& text);

}  // namespace anmkit::gem
