#pragma once
// The lossless model of a GEM material, `.mtl` (text; notes §8): the brace language of `.mdl`
// (brace_text.hpp),
//
//   {material bump
//     {diffuse "e-75"} {bump "e-75_nm"} {color "230 230 230 128"} {blend none} {glow 10.0}
//   }
//
// read and written back as that tree: write_mtl(read_mtl(text)) == text for every text read_mtl()
// accepts.

#include <cstddef>
#include <string_view>

#include "anmkit/formats/gem/brace_text.hpp"

namespace anmkit::gem::mesh {

using MtlToken = BraceToken;
using MtlEntryKind = BraceEntryKind;
using MtlEntry = BraceEntry;
using MtlBlock = BraceBlock;
using MtlFile = BraceText;

// Nesting deeper than this is refused by the reader (real files nest 2 deep; SOEdit's option
// blocks make 3).
inline constexpr std::size_t mtl_max_depth = 32;

// Keys are compared as the game does, ignoring ASCII case.
inline bool mtl_key_is(std::string_view key, std::string_view expected) { return key_is(key, expected); }

}  // namespace anmkit::gem::mesh
