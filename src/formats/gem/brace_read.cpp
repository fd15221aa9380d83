#include "anmkit/formats/gem/brace_text.hpp"

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

BraceToken token(const BraceLexeme& t) { return BraceToken{std::string(t.space), std::string(t.text), t.offset}; }

BraceText parse(std::string_view text, std::size_t max_depth) {
  detail::BraceLexer lex(text);
  BraceText file;
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
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  return catch_errors([&] { return parse(text, max_depth); });
}

}  // namespace anmkit::gem
