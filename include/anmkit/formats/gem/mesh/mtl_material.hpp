#pragma once
// What a `.mtl` says, read from its tree (notes §8, after SOEdit's parse_mtl and the exporters):
// the shader, the texture slots, {color}, {blend}, {alpharef}, the flags (with or without a value:
// `{emitsheat}`, `{glow 10.0}`) and the value keys; keys that no known reader has are kept and
// listed, never fatal. Keys compare ignoring case. The first top-level {material} block is read;
// validate_mtl() reports anything else.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "anmkit/formats/gem/mesh/mtl_file.hpp"

namespace anmkit::gem::mesh {

enum class MtlBlend : std::uint8_t { none, test, blend, add, sub, unknown };

// A block under {material}, by its key, as written.
struct MtlKeyed {
  std::string key;              // as written ("diffuse", "FakeReflection")
  std::vector<std::string> values;  // its words and strings, as written (strings without quotes)
  std::uint32_t block = 0;      // its index in MtlFile::blocks
};

struct MtlTexture : MtlKeyed {
  std::string name;                  // the quoted texture name (no extension; "$/..." = the game's tree)
  std::vector<MtlKeyed> options;     // its own blocks: {MipMap n}, {AlphaChannel n}, {Axis a b}
};

struct Material {
  bool found = false;                // a top-level {material} block exists
  std::uint32_t block = 0;           // its index
  std::string shader;                // its first word: simple, bump, envmap, multiply (or as written)
  std::vector<MtlTexture> textures;  // diffuse, bump (a normal map), specular, lightmap, mask, ...
  std::optional<std::array<float, 4>> color;  // {color "r g b a"} or {color r g b a}, 0..255
  std::optional<MtlBlend> blend;
  std::string blend_text;            // the {blend} value as written
  std::optional<float> alpharef;     // {alpharef n}, 0..255 (the exporters' default 127)
  std::vector<MtlKeyed> flags;       // known flags and value keys (tile, glow, emitsheat, gloss_scale, ...)
  std::vector<MtlKeyed> unknown;     // keys no known reader has: kept, listed

  // The texture of a slot ("diffuse", "bump", ...; ignoring case), or nullptr.
  const MtlTexture* texture(std::string_view slot) const;
  // The flag or value key of that name, or nullptr.
  const MtlKeyed* flag(std::string_view key) const;
};

Material mtl_material(const MtlFile& file);

// How many flags and unknown keys a summary lists, each list followed by a count: a material can
// hold hundreds of thousands of unknown keys (a hostile one: three bytes each), which its dump
// lists and a summary need not.
inline constexpr std::size_t mtl_keys_listed = 100;

// What `anmkit info` says about a .mtl: the shader, each texture, colour, blend, alpharef, flags
// and unknown keys (the first mtl_keys_listed of each), a line each (as the other formats' summaries).
std::string summary_text(const Material& material);

// The words of the brace language the readers know: texture slots, flags, keys with a value.
bool is_texture_slot(std::string_view key);
bool is_flag_key(std::string_view key);   // with or without a value (glow has one in real files)
bool is_value_key(std::string_view key);  // a number follows
std::string_view blend_name(MtlBlend blend);  // "none", "test", ...

// The four numbers of a {color} block: one string ("230 230 230 128") or four words; nullopt when
// it holds anything else.
std::optional<std::array<float, 4>> mtl_color(const MtlBlock& block);

// A number as the readers take it (a word that is a whole decimal float); nullopt otherwise.
std::optional<float> mtl_number(std::string_view text);

}  // namespace anmkit::gem::mesh
