#pragma once
// The skeleton part of a GEM `.mdl` model (text): bones with their parents and rest matrices,
// and the animation sequences bound to `.anm` files. Everything else in the file is skipped.
//
//   {Skeleton {animation {sequence "fire" {file "fire.anm"}}}
//             {bone [revolute] "basis" {Orientation 3x3} {bone "body" {Matrix34 4x3} ...}}}
//
// {Orientation} gives rows 0-2 of the bone's Matrix34, {Position} row 3 (notes point 16).

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "anmkit/core/expected.hpp"
#include "anmkit/model/math.hpp"

namespace anmkit::gem {

struct MdlBone {
  std::string name;
  int parent = -1;  // index into Mdl::bones, -1 for a root
  model::Matrix34 rest{1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};
  std::uint64_t offset = 0;  // where its {bone block starts
};

struct MdlSequence {
  std::string name;
  std::string file;  // the {file} value, or "<name>.anm" when the sequence has none
  bool file_given = false;  // the sequence has a {file} (else `file` is the name it was looked for under)
  int bone = -1;            // the bone whose block declares it (Mdl::bones), -1 outside any bone
};

struct Mdl {
  std::vector<MdlBone> bones;  // parents come before their children
  std::vector<MdlSequence> sequences;
  int find_bone(std::string_view name) const;  // case-insensitive; -1 when absent
};

Expected<Mdl> read_mdl(std::span<const std::uint8_t> text);

// True when the text's first block (after `;` comment lines) is `{Skeleton`.
bool looks_like_mdl(std::span<const std::uint8_t> text);

}  // namespace anmkit::gem
