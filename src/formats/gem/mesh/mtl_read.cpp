#include "anmkit/formats/gem/mesh/mtl_read.hpp"

#include <fmt/format.h>

#include "anmkit/core/printable.hpp"
#include "mtl_lexer.hpp"

namespace anmkit::gem::mesh {
namespace {

using detail::MtlLexeme;

[[noreturn]] void fail(ErrorCode code, Wording message, std::uint64_t offset) {
  throw ErrorException{make_error(code, std::move(message), offset)};
}

// A token for a message: its first 40 bytes, made printable.
std::string shown(std::string_view text) {
  return text.size() <= 40 ? printable(text) : printable(text.substr(0, 40)) + "...";
}

std::string described(const MtlLexeme& t) {
  switch (t.kind) {
    case MtlLexeme::open: return "'{'";
    case MtlLexeme::close: return "'}'";
    case MtlLexeme::string: return fmt::format("the string \"{}\"", shown(t.text));
    case MtlLexeme::word: return fmt::format("'{}'", shown(t.text));
    case MtlLexeme::end: return "the end of the text";
    case MtlLexeme::unterminated: return "a string";
  }
  return "?";
}

MtlToken token(const MtlLexeme& t) { return MtlToken{std::string(t.space), std::string(t.text), t.offset}; }

MtlFile parse(std::string_view text) {
  detail::MtlLexer lex(text);
  MtlFile file;
  std::vector<std::uint32_t> open;  // the blocks not yet closed, innermost last
  for (;;) {
    const MtlLexeme t = lex.next();
    switch (t.kind) {
      case MtlLexeme::end:
        if (!open.empty()) {
          const MtlBlock& innermost = file.blocks[open.back()];
          fail(ErrorCode::truncated,
               fmt::format("the end of the text inside the block '{}' opened at offset {} ({} block{} still open)",
                           shown(innermost.key.text), innermost.open.offset, open.size(), open.size() == 1 ? "" : "s"),
               text.size());
        }
        file.trailing = std::string(t.space);
        return file;
      case MtlLexeme::unterminated:
        fail(ErrorCode::bad_value, "a string without its closing '\"'", t.offset);
      case MtlLexeme::open: {
        if (open.size() >= mtl_max_depth) {
          fail(ErrorCode::too_large, fmt::format("blocks nested deeper than {}", mtl_max_depth), t.offset);
        }
        const MtlLexeme key = lex.next();
        if (key.kind != MtlLexeme::word) {
          fail(key.kind == MtlLexeme::end ? ErrorCode::truncated : ErrorCode::bad_value,
               fmt::format("expected a key word after '{{', found {}", described(key)), key.offset);
        }
        const auto index = std::uint32_t(file.blocks.size());
        MtlBlock block;
        block.open = token(t);
        block.key = token(key);
        block.parent = open.empty() ? -1 : std::int32_t(open.back());
        file.blocks.push_back(std::move(block));
        if (open.empty()) {
          file.top.push_back(index);
        } else {
          file.blocks[open.back()].entries.push_back({MtlEntryKind::block, {}, index});
        }
        open.push_back(index);
        break;
      }
      case MtlLexeme::close:
        if (open.empty()) fail(ErrorCode::bad_value, "'}' without a matching '{'", t.offset);
        file.blocks[open.back()].close = token(t);
        open.pop_back();
        break;
      case MtlLexeme::string:
      case MtlLexeme::word:
        if (open.empty()) {
          fail(ErrorCode::bad_value, fmt::format("expected '{{' at the top level, found {}", described(t)), t.offset);
        }
        file.blocks[open.back()].entries.push_back(
            {t.kind == MtlLexeme::word ? MtlEntryKind::word : MtlEntryKind::string, token(t), 0});
        break;
    }
  }
}

}  // namespace

Expected<MtlFile> read_mtl(std::span<const std::uint8_t> bytes, const ReadLimits& limits) {
  if (auto size = check_input_size(bytes.size(), limits); !size) return size.error();
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  return catch_errors([&] { return parse(text); });
}

}  // namespace anmkit::gem::mesh
