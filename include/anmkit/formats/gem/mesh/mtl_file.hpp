#pragma once
// The lossless model of a GEM material, `.mtl` (text; notes §8): the brace language of `.mdl`,
//
//   {material bump
//     {diffuse "e-75"} {bump "e-75_nm"} {color "230 230 230 128"} {blend none} {glow 10.0}
//   }
//
// as a tree of blocks `{key values... {child}...}` whose values are words (numbers among them,
// kept as written) and quoted strings (no escapes: a string runs to the next '"'); `;` starts a
// comment that runs to the end of the line. Every token keeps the whitespace and comments before
// it, so write_mtl(read_mtl(text)) == text for every text read_mtl() accepts.
//
// The tree is flat: blocks in the order of their '{' (a parent before its children), each
// naming its parent and its entries, which name child blocks by index. Nothing walks it by
// recursion.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace anmkit::gem::mesh {

struct MtlToken {
  std::string space;         // whitespace and comments before the token, as written
  std::string text;          // a word as written; a string's bytes between its quotes; empty for { and }
  std::uint64_t offset = 0;  // where the token begins in the text it was read from (0 when built)
  friend bool operator==(const MtlToken& a, const MtlToken& b) { return a.space == b.space && a.text == b.text; }
};

enum class MtlEntryKind : std::uint8_t { word, string, block };

struct MtlEntry {
  MtlEntryKind kind = MtlEntryKind::word;
  MtlToken token;           // a word or a string
  std::uint32_t block = 0;  // a block: its index in MtlFile::blocks
  friend bool operator==(const MtlEntry&, const MtlEntry&) = default;
};

struct MtlBlock {
  MtlToken open;   // '{'
  MtlToken key;    // the word after '{'
  std::vector<MtlEntry> entries;  // values and child blocks, in order
  MtlToken close;  // '}'
  std::int32_t parent = -1;       // index in MtlFile::blocks; -1 at the top level
  friend bool operator==(const MtlBlock&, const MtlBlock&) = default;
};

struct MtlFile {
  std::vector<MtlBlock> blocks;
  std::vector<std::uint32_t> top;  // the top-level blocks, in order
  std::string trailing;            // whitespace and comments after the last block
  friend bool operator==(const MtlFile&, const MtlFile&) = default;
};

// Nesting deeper than this is refused by the reader (real files nest 2 deep; SOEdit's option
// blocks make 3).
inline constexpr std::size_t mtl_max_depth = 32;

// Keys are compared as the game does, ignoring ASCII case.
bool mtl_key_is(std::string_view key, std::string_view expected);

}  // namespace anmkit::gem::mesh
