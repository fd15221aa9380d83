#include "anmkit/formats/gem/brace_text.hpp"

#include <limits>

#include <fmt/format.h>

#include "anmkit/core/printable.hpp"
#include "brace_lexer.hpp"

namespace anmkit::gem {
namespace {

using detail::BraceLexeme;

[[noreturn]] void fail(ErrorCode code, Wording message, std::uint64_t offset) {
  throw ErrorException{make_error(code, std::move(message), offset)};
}

// A token for a message: its first 40 bytes, made printable.
std::string shown(std::string_view text) {
  return text.size() <= 40 ? printable(text) : printable(text.substr(0, 40)) + "...";
}

std::string described(const BraceLexeme& t) {
  switch (t.kind) {
    case BraceLexeme::open: return "'{'";
    case BraceLexeme::close: return "'}'";
    case BraceLexeme::string: return fmt::format("the string \"{}\"", shown(t.text));
    case BraceLexeme::word: return fmt::format("'{}'", shown(t.text));
    case BraceLexeme::end: return "the end of the text";
    case BraceLexeme::unterminated: return "a string";
  }
  return "?";
}

BraceToken token(const BraceLexeme& t) { return BraceToken{t.space, t.text, t.offset}; }

// The entries of each block, in the order of their '{', counted first so that the tree and each
// block's entries are allocated once at their size: grown by doubling, the peak would be up to
// three times that. Lenient: what does not hold together is parse()'s to say.
std::vector<std::uint32_t> entries_of_blocks(std::string_view text, std::size_t max_depth) {
  detail::BraceLexer lex(text);
  std::vector<std::uint32_t> counts;
  std::vector<std::size_t> open;
  for (BraceLexeme t = lex.next(); t.kind != BraceLexeme::end && t.kind != BraceLexeme::unterminated; t = lex.next()) {
    if (t.kind == BraceLexeme::open) {
      if (open.size() >= max_depth) break;
      if (!open.empty()) ++counts[open.back()];
      open.push_back(counts.size());
      counts.push_back(0);
      if (lex.next().kind != BraceLexeme::word) break;  // the key
    } else if (t.kind == BraceLexeme::close) {
      if (open.empty()) break;
      open.pop_back();
    } else if (!open.empty()) {
      ++counts[open.back()];
    }
  }
  return counts;
}

BraceText parse(std::string_view text, std::size_t max_depth) {
  detail::BraceLexer lex(text);
  BraceText file;
  const std::vector<std::uint32_t> entries = entries_of_blocks(text, max_depth);
  file.blocks.reserve(entries.size());
  std::vector<std::uint32_t> open;  // the blocks not yet closed, innermost last
  for (;;) {
    const BraceLexeme t = lex.next();
    switch (t.kind) {
      case BraceLexeme::end:
        if (!open.empty()) {
          const BraceBlock& innermost = file.blocks[open.back()];
          fail(ErrorCode::truncated,
               fmt::format("the end of the text inside the block '{}' opened at offset {} ({} block{} still open)",
                           shown(innermost.key.text), innermost.open.offset, open.size(), open.size() == 1 ? "" : "s"),
               text.size());
        }
        file.trailing = std::string(t.space);
        return file;
      case BraceLexeme::unterminated:
        fail(ErrorCode::bad_value, "a string without its closing '\"'", t.offset);
      case BraceLexeme::open: {
        if (open.size() >= max_depth) {
          fail(ErrorCode::too_large, fmt::format("blocks nested deeper than {}", max_depth), t.offset);
        }
        const BraceLexeme key = lex.next();
        if (key.kind != BraceLexeme::word) {
          fail(key.kind == BraceLexeme::end ? ErrorCode::truncated : ErrorCode::bad_value,
               fmt::format("expected a key word after '{{', found {}", described(key)), key.offset);
        }
        const auto index = std::uint32_t(file.blocks.size());
        BraceBlock block;
        if (index < entries.size()) block.entries.reserve(entries[index]);
        block.open = token(t);
        block.key = token(key);
        block.parent = open.empty() ? -1 : std::int32_t(open.back());
        file.blocks.push_back(std::move(block));
        if (open.empty()) {
          file.top.push_back(index);
        } else {
          file.blocks[open.back()].entries.push_back({BraceEntryKind::block, {}, index});
        }
        open.push_back(index);
        break;
      }
      case BraceLexeme::close:
        if (open.empty()) fail(ErrorCode::bad_value, "'}' without a matching '{'", t.offset);
        file.blocks[open.back()].close = token(t);
        open.pop_back();
        break;
      case BraceLexeme::string:
      case BraceLexeme::word:
        if (open.empty()) {
          fail(ErrorCode::bad_value, fmt::format("expected '{{' at the top level, found {}", described(t)), t.offset);
        }
        file.blocks[open.back()].entries.push_back(
            {t.kind == BraceLexeme::word ? BraceEntryKind::word : BraceEntryKind::string, token(t), 0});
        break;
    }
  }
}

}  // namespace

Expected<BraceText> read_brace_text(std::span<const std::uint8_t> bytes, const ReadLimits& limits, std::size_t max_depth) {
  if (auto size = check_input_size(bytes.size(), limits); !size) return size.error();
  // A token keeps its length in 32 bits (brace_string.hpp).
  if (bytes.size() > std::numeric_limits<std::uint32_t>::max()) {
    return make_error(ErrorCode::too_large, "a text of 4 GiB or more (a .mdl or .mtl is read up to 4 GiB)");
  }
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  return catch_errors([&] { return parse(text, max_depth); });
}

}  // namespace anmkit::gem
