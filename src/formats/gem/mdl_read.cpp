// read_mdl(): a `.mdl` text as the game reads it, on the brace text's tree (docs/formats/gem-mesh.md,
// "The .mdl grammar"). One pass over the blocks in the order of their '{' (a parent before its
// children), each read by the role of its parent: no recursion on input.

#include "anmkit/formats/gem/mdl.hpp"

#include <cmath>
#include <optional>
#include <string_view>
#include <unordered_map>

#include <fmt/format.h>

#include "anmkit/core/diagnostic_cap.hpp"

#include "anmkit/core/float_text.hpp"
#include "anmkit/core/printable.hpp"
#include "anmkit/model/clip.hpp"
#include "anmkit/model/rest_affine.hpp"
#include "brace_lexer.hpp"

namespace anmkit::gem {
namespace {

// What a block is to the model, decided by its key and its parent's role.
enum class Role : std::uint8_t {
  skeleton,
  bone,
  animation,  // a bone's or the skeleton's list of sequences
  sequence,
  volume,     // a top-level collision volume
  lodview,
  obstacle,
  known,      // a block the game writes whose values this model keeps unread ({limits}, {speed}, ...)
  unread,     // inside a known or unknown block: not judged here
};

// The blocks each role holds that the model keeps as they are, unread: what the game writes there
// (the real files of ../shared/corpus and the exporters, gem-mesh.notes.md §10).
constexpr std::string_view bone_kept[] = {"limits", "speed", "parameters", "terminator"};
constexpr std::string_view sequence_kept[] = {"speed", "resume", "events"};
constexpr std::string_view volume_kept[] = {"thickness", "tags"};
constexpr std::string_view obstacle_kept[] = {"obb2", "rotate"};
constexpr std::string_view top_kept[] = {"obstacle", "area"};
constexpr std::string_view bone_kinds[] = {"revolute", "prizmatic", "socket"};

template <std::size_t N>
bool one_of(std::string_view key, const std::string_view (&keys)[N]) {
  for (std::string_view k : keys) {
    if (key_is(key, k)) return true;
  }
  return false;
}

std::string shown(std::string_view text) {
  return text.size() <= 40 ? printable(text) : printable(text.substr(0, 40)) + "...";
}

class Reader {
 public:
  Reader(std::span<const std::uint8_t> bytes, const ReadLimits& limits, Mdl& mdl)
      : lines_(bytes), limits_(limits), mdl_(mdl), text_(mdl.text) {}

  void run() {
    const std::size_t n = text_.blocks.size();
    roles_.assign(n, Role::unread);
    owner_.assign(n, -1);
    sequence_of_.assign(n, -1);
    volume_of_.assign(n, -1);
    lod_group_.assign(n, -1);
    lod_views_.assign(n, 0);
    for (std::uint32_t b = 0; b < n; ++b) read_block(b);
    if (skeleton_ < 0) {
      fail(ErrorCode::bad_magic, 0,
           "not a GEM model: no {skeleton} block (a model's text holds one, with its bones)");
    }
    if (mdl_.bones.empty()) {
      const BraceBlock& s = text_.blocks[std::size_t(skeleton_)];
      fail(ErrorCode::bad_value, s.open.offset, "the {skeleton} holds no {bone}: a model has at least one bone");
    }
    for (MdlVolume& volume : mdl_.volumes) {
      if (volume.bone.empty()) continue;
      const auto found = by_name_.find(model::ascii_lower(volume.bone));
      volume.bone_index = found == by_name_.end() ? -1 : found->second;
      if (volume.bone_index < 0) {
        note("gem.mdl-volume-bone", volume.offset,
             fmt::format("volume '{}' is placed on bone '{}', which the skeleton does not have", shown(volume.name),
                         shown(volume.bone)));
      }
    }
    check_rest_sizes();
    notes_cap_.close(mdl_.notes, [&](std::uint64_t offset) { return fmt::format("line {}: ", lines_.line(offset)); });
  }

 private:
  // glTF's inverse bind matrices multiply one bone's rest transform composed down the skeleton by
  // another's inverse: each within 1e18 keeps that product (at most 3e36) a float. A bone past it
  // (a {Matrix34 3e38 ...}, whose scale alone overflows a float) rests as the identity in its
  // parent's frame, said with its line; its text stays as it is.
  void check_rest_sizes() {
    constexpr double rest_bound = 1e18;
    std::vector<model::Affine> world(mdl_.bones.size());
    for (std::size_t b = 0; b < mdl_.bones.size(); ++b) {
      MdlBone& bone = mdl_.bones[b];
      const model::Affine parent = bone.parent >= 0 ? world[std::size_t(bone.parent)] : model::Affine{};
      const model::Decomposed d = model::decompose(bone.rest);
      world[b] = parent * model::rest_affine(d.translation, d.rotation, d.scale);
      if (model::within(world[b], rest_bound) && model::within(model::inverse(world[b]), rest_bound)) continue;
      note("gem.mdl-rest-overflow", transform_at_[b],
           fmt::format("bone '{}': its rest transform, composed with its parents' or inverted, passes 1e18 or a float (no "
                       "glTF bind matrix holds it): read as the identity, the bone resting at its parent's origin",
                       shown(bone.name)));
      bone.rest = {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};
      world[b] = parent;
    }
  }

  // (No {skeleton} is said of the whole text, without a line.)
  [[noreturn]] void fail(ErrorCode code, std::uint64_t offset, Wording message) {
    Error error = make_error(code, std::move(message), offset);
    if (code != ErrorCode::bad_magic) prepend(error, fmt::format("line {}: ", lines_.line(offset)));
    throw ErrorException{std::move(error)};
  }

  void note(std::string id, std::uint64_t offset, std::string message) {
    if (!notes_cap_.keep(id, Severity::warning, offset)) return;
    mdl_.notes.push_back({Severity::warning, std::move(id), fmt::format("line {}: {}", lines_.line(offset), message),
                          offset, {}});
  }

  void unknown(const BraceBlock& block, std::string_view where) {
    note("gem.mdl-unknown-block", block.open.offset,
         fmt::format("a block {{{}}} {}, which no reader of models knows: kept as it is, not read", shown(block.key.text),
                     where));
  }

  // The values of a block (its words and strings), in order.
  static std::vector<const BraceEntry*> values(const BraceBlock& block) {
    std::vector<const BraceEntry*> out;
    for (const BraceEntry& e : block.entries) {
      if (e.kind != BraceEntryKind::block) out.push_back(&e);
    }
    return out;
  }

  // A block that takes no values: any it holds is a note.
  void no_values(const BraceBlock& block) {
    for (const BraceEntry* v : values(block)) {
      note("gem.mdl-stray-value", v->token.offset,
           fmt::format("'{}' in the {{{}}} block, which takes no value here: kept, not read", shown(v->token.text),
                       shown(block.key.text)));
    }
  }

  static std::optional<float> number(const BraceEntry& e) {
    if (e.kind != BraceEntryKind::word) return std::nullopt;
    float value = 0;
    const std::string_view t = e.token.text;
    auto [ptr, ec] = float_from_chars(t.data(), t.data() + t.size(), value);
    if (ec != std::errc() || ptr != t.data() + t.size() || !std::isfinite(value)) return std::nullopt;
    return value;
  }

  // {Matrix34 12 numbers}, {Orientation 9} or {Position 3} into `rest`; false when `block` is none of them.
  bool transform(const BraceBlock& block, model::Matrix34& rest, std::string_view whose, int& given) {
    const std::string_view key = block.key.text;
    std::size_t first = 0, count = 0;
    int part = 0;  // 1: the rows, 2: the origin
    if (key_is(key, "matrix34")) {
      count = 12, part = 3;
    } else if (key_is(key, "orientation")) {
      count = 9, part = 1;
    } else if (key_is(key, "position")) {
      first = 9, count = 3, part = 2;
    } else {
      return false;
    }
    const auto v = values(block);
    if (v.size() != count) {
      fail(ErrorCode::bad_value, block.open.offset,
           fmt::format("the {{{}}} of {} holds {} value{}, where it takes {} numbers", shown(key), whose, v.size(),
                       v.size() == 1 ? "" : "s", count));
    }
    for (std::size_t i = 0; i < count; ++i) {
      const auto value = number(*v[i]);
      if (!value) {
        fail(ErrorCode::bad_value, v[i]->token.offset,
             fmt::format("the {{{}}} of {} holds '{}' where it takes a number", shown(key), whose, shown(v[i]->token.text)));
      }
      rest[first + i] = *value;
    }
    if ((given & part) != 0) {
      note("gem.mdl-transform-twice", block.open.offset,
           fmt::format("{} is given its {} a second time, by {{{}}}: the last one is used", whose,
                       part == 2 ? "origin" : part == 1 ? "axes" : "transform", shown(key)));
    }
    given |= part;
    return true;
  }

  // A name given as the block's one value, quoted or bare; nullopt (with a note) when it has none.
  std::optional<std::string> file_name(const BraceBlock& block, std::string_view what) {
    const auto v = values(block);
    if (v.size() == 1) return v[0]->token.text.str();
    note("gem.mdl-bad-name", block.open.offset,
         fmt::format("a {{{}}} with {} values, where it takes one {}: not read", shown(block.key.text), v.size(), what));
    return std::nullopt;
  }

  void read_block(std::uint32_t index) {
    const BraceBlock& block = text_.blocks[index];
    const std::string_view key = block.key.text;
    if (block.parent < 0) return read_top(index, block, key);
    const auto parent = std::size_t(block.parent);
    const Role parent_role = roles_[parent];
    owner_[index] = owner_[parent];
    switch (parent_role) {
      case Role::skeleton:
        if (key_is(key, "bone")) return read_bone(index, block);
        if (key_is(key, "animation")) return set(index, Role::animation);
        return unknown(block, "in the {skeleton}");
      case Role::bone:
        return read_in_bone(index, block, key);
      case Role::animation:
        if (key_is(key, "sequence")) return read_sequence(index, block);
        return unknown(block, "in an {animation}");
      case Role::sequence: {
        sequence_of_[index] = sequence_of_[parent];
        MdlSequence& sequence = mdl_.sequences[std::size_t(sequence_of_[index])];
        if (key_is(key, "file")) {
          if (auto file = file_name(block, "file name")) {
            sequence.file = std::move(*file);
            sequence.file_given = true;
          }
          return;
        }
        if (one_of(key, sequence_kept)) return set(index, Role::known);
        return unknown(block, fmt::format("in sequence '{}'", shown(sequence.name)));
      }
      case Role::volume:
        return read_in_volume(index, block, key, mdl_.volumes[std::size_t(volume_of_[parent])]);
      case Role::lodview: {
        MdlBone& bone = mdl_.bones[std::size_t(owner_[index])];
        if (key_is(key, "volumeview")) {
          if (auto file = file_name(block, "mesh file")) {
            bone.views.push_back({std::move(*file), lod_views_[parent]++, lod_group_[parent], block.open.offset});
          }
          return;
        }
        if (key_is(key, "off")) {
          bone.lod_off = true;
          return;
        }
        if (key_is(key, "lodview")) {
          // Not a level of the bone's: what it holds is kept, and said not to be shown.
          return note("gem.mdl-lod-nested", block.open.offset,
                      fmt::format("a {{LODView}} inside a {{LODView}} of bone '{}', which no reader of models knows: kept as "
                                  "it is, and no mesh in it is shown",
                                  shown(bone.name)));
        }
        return unknown(block, "in a {LODView}");
      }
      case Role::obstacle:
        if (one_of(key, obstacle_kept)) return set(index, Role::known);
        return unknown(block, "in an {obstacle}");
      case Role::known:
      case Role::unread:
        return;
    }
  }

  void set(std::uint32_t index, Role role) {
    roles_[index] = role;
    if (role == Role::animation || role == Role::skeleton || role == Role::lodview || role == Role::obstacle) {
      no_values(text_.blocks[index]);
    }
  }

  void read_top(std::uint32_t index, const BraceBlock& block, std::string_view key) {
    if (key_is(key, "skeleton")) {
      if (skeleton_ >= 0) {
        fail(ErrorCode::bad_value, block.open.offset,
             fmt::format("a second {{skeleton}} (the first is on line {}): a model has one",
                         lines_.line(text_.blocks[std::size_t(skeleton_)].open.offset)));
      }
      skeleton_ = std::int32_t(index);
      return set(index, Role::skeleton);
    }
    if (key_is(key, "volume")) {
      MdlVolume volume;
      const auto v = values(block);
      if (!v.empty()) volume.name = v[0]->token.text;
      for (std::size_t i = 1; i < v.size(); ++i) {
        note("gem.mdl-stray-value", v[i]->token.offset,
             fmt::format("'{}' after the name of volume '{}': kept, not read", shown(v[i]->token.text), shown(volume.name)));
      }
      volume.offset = block.open.offset;
      mdl_.volumes.push_back(std::move(volume));
      volume_transforms_.push_back(0);
      volume_of_[index] = std::int32_t(mdl_.volumes.size() - 1);
      roles_[index] = Role::volume;
      return;
    }
    if (key_is(key, "obstacle")) {
      roles_[index] = Role::obstacle;
      return;
    }
    if (one_of(key, top_kept)) return set(index, Role::known);
    unknown(block, "at the top level");
  }

  void read_bone(std::uint32_t index, const BraceBlock& block) {
    // [kind] name, before the bone's blocks.
    std::vector<const BraceEntry*> head;
    bool after_blocks = false;
    for (const BraceEntry& e : block.entries) {
      if (e.kind == BraceEntryKind::block) {
        after_blocks = true;
      } else if (after_blocks) {
        note("gem.mdl-stray-value", e.token.offset,
             fmt::format("'{}' among the blocks of a bone, where it takes none: kept, not read", shown(e.token.text)));
      } else {
        head.push_back(&e);
      }
    }
    if (head.empty() || head.size() > 2) {
      fail(ErrorCode::bad_value, block.open.offset,
           head.empty() ? std::string("a {bone} without its name (expected {bone [kind] \"name\" ...})")
                        : fmt::format("a {{bone}} with {} values before its blocks, where it takes its kind and its name "
                                      "(expected {{bone [kind] \"name\" ...}})",
                                      head.size()));
    }
    MdlBone bone;
    bone.name = head.back()->token.text;
    if (head.size() == 2) {
      bone.kind = head[0]->token.text;
      if (head[0]->kind != BraceEntryKind::word || !one_of(bone.kind, bone_kinds)) {
        note("gem.mdl-bone-kind", head[0]->token.offset,
             fmt::format("bone '{}' is of kind '{}', which no reader of models knows (revolute, prizmatic, socket): read "
                         "as a bone of no kind",
                         shown(bone.name), shown(bone.kind)));
      }
    }
    const int parent = block.parent >= 0 ? owner_[std::size_t(block.parent)] : -1;
    bone.parent = parent;
    bone.offset = block.open.offset;
    bone.block = index;
    const int self = int(mdl_.bones.size());
    if (mdl_.bones.size() >= limits_.max_bones) {
      fail(ErrorCode::too_large, block.open.offset,
           past_limit(fmt::format("bone '{}' is one more than the limit of {} bones", shown(bone.name), limits_.max_bones),
                      "limits.max_bones"));
    }
    if (parent < 0) {
      if (first_root_ >= 0) {
        note("gem.mdl-second-root", block.open.offset,
             fmt::format("bone '{}' is a second root: the skeleton's first root is '{}' (line {}), and every other "
                         "bone hangs below it",
                         shown(bone.name), shown(mdl_.bones[std::size_t(first_root_)].name),
                         lines_.line(mdl_.bones[std::size_t(first_root_)].offset)));
      } else {
        first_root_ = self;
      }
    }
    const auto [named, fresh] = by_name_.emplace(model::ascii_lower(bone.name), self);
    if (!fresh) {
      note("gem.mdl-bone-twice", block.open.offset,
           fmt::format("a second bone named '{}' (the first is on line {}): animations find the first",
                       shown(bone.name), lines_.line(mdl_.bones[std::size_t(named->second)].offset)));
    }
    mdl_.bones.push_back(std::move(bone));
    transforms_.push_back(0);
    transform_at_.push_back(block.open.offset);
    lod_groups_.push_back(0);
    owner_[index] = self;
    roles_[index] = Role::bone;
  }

  void read_in_bone(std::uint32_t index, const BraceBlock& block, std::string_view key) {
    const int self = owner_[index];
    MdlBone& bone = mdl_.bones[std::size_t(self)];
    if (key_is(key, "bone")) return read_bone(index, block);
    if (key_is(key, "animation")) return set(index, Role::animation);
    if (transform(block, bone.rest, fmt::format("bone '{}'", shown(bone.name)), transforms_[std::size_t(self)])) {
      transform_at_[std::size_t(self)] = block.open.offset;
      return;
    }
    if (key_is(key, "volumeview")) {
      if (auto file = file_name(block, "mesh file")) bone.views.push_back({std::move(*file), 0, -1, block.open.offset});
      return;
    }
    if (key_is(key, "lodview")) {
      lod_group_[index] = lod_groups_[std::size_t(self)]++;
      return set(index, Role::lodview);
    }
    if (key_is(key, "visibility")) {
      const auto v = values(block);
      const auto value = v.size() == 1 ? number(*v[0]) : std::nullopt;
      if (!value) {
        note("gem.mdl-bad-visibility", block.open.offset,
             fmt::format("the {{{}}} of bone '{}' is not one number: not read, the bone is shown", shown(key),
                         shown(bone.name)));
        return;
      }
      bone.shown = *value != 0;
      return;
    }
    if (one_of(key, bone_kept)) return set(index, Role::known);
    unknown(block, fmt::format("in bone '{}'", shown(bone.name)));
  }

  void read_sequence(std::uint32_t index, const BraceBlock& block) {
    const auto v = values(block);
    if (v.empty()) fail(ErrorCode::bad_value, block.open.offset, "a {sequence} without its name (expected {sequence \"name\" ...})");
    for (std::size_t i = 1; i < v.size(); ++i) {
      note("gem.mdl-stray-value", v[i]->token.offset,
           fmt::format("'{}' after the name of sequence '{}': kept, not read", shown(v[i]->token.text),
                       shown(v[0]->token.text)));
    }
    const std::string name = v[0]->token.text.str();
    // Each names a file a conversion reads and looks for: a model declares tens, not thousands.
    if (mdl_.sequences.size() >= limits_.max_sequences) {
      fail(ErrorCode::too_large, block.open.offset,
           past_limit(fmt::format("sequence '{}' is one more than the limit of {} sequences", shown(name), limits_.max_sequences),
                      "limits.max_sequences"));
    }
    mdl_.sequences.push_back({name, name + ".anm", false, owner_[index], index});
    sequence_of_[index] = std::int32_t(mdl_.sequences.size() - 1);
    roles_[index] = Role::sequence;
  }

  void read_in_volume(std::uint32_t index, const BraceBlock& block, std::string_view key, MdlVolume& volume) {
    const std::string whose = fmt::format("volume '{}'", shown(volume.name));
    int& given = volume_transforms_[std::size_t(volume_of_[std::size_t(block.parent)])];
    if (transform(block, volume.transform, whose, given)) return;
    if (key_is(key, "bone")) {
      if (auto bone = file_name(block, "bone name")) volume.bone = std::move(*bone);
      return;
    }
    const bool polyhedron = key_is(key, "polyhedron");
    if (polyhedron || key_is(key, "box") || key_is(key, "sphere") || key_is(key, "cylinder")) {
      if (volume.shape != MdlVolume::Shape::none) {
        note("gem.mdl-volume-shape-twice", block.open.offset,
             fmt::format("{} is given a second shape, {{{}}}: the first is used", whose, shown(key)));
        return;
      }
      if (polyhedron) {
        volume.shape = MdlVolume::Shape::polyhedron;
        volume.file = file_name(block, ".vol file").value_or("");
        return;
      }
      volume.shape = key_is(key, "box") ? MdlVolume::Shape::box
                     : key_is(key, "sphere") ? MdlVolume::Shape::sphere
                                             : MdlVolume::Shape::cylinder;
      for (const BraceEntry* v : values(block)) {
        const auto value = number(*v);
        if (!value) {
          note("gem.mdl-bad-size", v->token.offset,
               fmt::format("the {{{}}} of {} holds '{}' where it takes a number: its sizes end there", shown(key), whose,
                           shown(v->token.text)));
          break;
        }
        volume.size.push_back(*value);
      }
      return;
    }
    if (one_of(key, volume_kept)) return set(index, Role::known);
    unknown(block, fmt::format("in {}", whose));
  }

  LineIndex lines_;  // of the text read
  DiagnosticCap notes_cap_;
  const ReadLimits& limits_;
  Mdl& mdl_;
  const BraceText& text_;
  std::vector<Role> roles_;
  std::vector<int> owner_;  // per block: the bone it belongs to (its own for a {bone}), -1 for none
  // Per block: the sequence or volume it is or is in; a {LODView}'s number among its bone's, and
  // the views read in it so far.
  std::vector<std::int32_t> sequence_of_, volume_of_, lod_group_, lod_views_;
  std::unordered_map<std::string, int> by_name_;  // lower-case bone name -> its first bone
  std::vector<int> transforms_;         // per bone: which parts of its transform were given (1 axes, 2 origin)
  std::vector<std::uint64_t> transform_at_;  // per bone: where its last transform block starts (its {bone} without one)
  std::vector<int> lod_groups_;         // per bone: its {LODView} blocks so far
  std::vector<int> volume_transforms_;  // per volume, as transforms_
  std::int32_t skeleton_ = -1;
  int first_root_ = -1;
};

}  // namespace

const MdlView* MdlBone::mesh() const {
  for (const MdlView& v : views) {
    if (v.lod_group < 0) return &v;
  }
  for (const MdlView& v : views) {
    if (v.lod_group == 0) return &v;
  }
  return nullptr;
}

std::string_view shape_name(MdlVolume::Shape shape) {
  switch (shape) {
    case MdlVolume::Shape::polyhedron: return "polyhedron";
    case MdlVolume::Shape::box: return "box";
    case MdlVolume::Shape::sphere: return "sphere";
    case MdlVolume::Shape::cylinder: return "cylinder";
    case MdlVolume::Shape::none: return "none";
  }
  return "none";
}

int Mdl::find_bone(std::string_view name) const {
  for (std::size_t i = 0; i < bones.size(); ++i) {
    if (model::names_equal(bones[i].name, name)) return int(i);
  }
  return -1;
}

Expected<Mdl> read_mdl(std::span<const std::uint8_t> bytes, const ReadLimits& limits) {
  if (auto size = check_input_size(bytes.size(), limits); !size) return size.error();
  if (mdl_kind(bytes) == MdlKind::armour) {
    return make_error(ErrorCode::bad_magic,
                      "an armour file, not a model: the game keeps armour and durability under the .mdl name "
                      "too (`(\"set-...\" ...)` forms and {volume} blocks with their {thickness}), and a model begins "
                      "with {skeleton}",
                      0);
  }
  // Depth is not limited: the tree is read and walked with explicit stacks.
  auto text = read_brace_text(bytes, limits, SIZE_MAX);
  if (!text) {
    const std::uint64_t at = text.error().offset.value_or(0);
    prepend(text.error(), fmt::format("line {}: ", line_at(bytes, at)));
    return text.error();
  }
  return catch_errors([&]() -> Mdl {
    Mdl mdl;
    mdl.text = std::move(*text);
    Reader(bytes, limits, mdl).run();
    return mdl;
  });
}

Expected<std::vector<std::uint8_t>> write_mdl(const Mdl& mdl) { return write_brace_text(mdl.text); }

bool looks_like_mdl(std::span<const std::uint8_t> bytes) {
  // The whole text: comment lines before the first block may be any length (the lexer skips them
  // in one pass, and anything else ends the look at its first token).
  detail::BraceLexer lex({reinterpret_cast<const char*>(bytes.data()), bytes.size()});
  const auto open = lex.next();
  if (open.kind != detail::BraceLexeme::open) return false;
  const auto key = lex.next();
  return key.kind == detail::BraceLexeme::word && key_is(key.text, "skeleton");
}

MdlKind mdl_kind(std::span<const std::uint8_t> bytes) {
  if (looks_like_mdl(bytes)) return MdlKind::model;
  // The top level, token by token: a {skeleton} anywhere makes a model; `(` forms and {volume}
  // blocks alone an armour file.
  detail::BraceLexer lex({reinterpret_cast<const char*>(bytes.data()), bytes.size()});
  std::size_t depth = 0;
  bool armour = false;
  for (auto t = lex.next(); t.kind != detail::BraceLexeme::end && t.kind != detail::BraceLexeme::unterminated; t = lex.next()) {
    if (t.kind == detail::BraceLexeme::close) {
      if (depth == 0) return MdlKind::neither;
      --depth;
      continue;
    }
    if (t.kind == detail::BraceLexeme::open) {
      const auto key = lex.next();
      if (depth++ > 0) continue;
      if (key.kind != detail::BraceLexeme::word) return MdlKind::neither;
      if (key_is(key.text, "skeleton")) return MdlKind::model;
      if (!key_is(key.text, "volume")) return MdlKind::neither;
      armour = true;
      continue;
    }
    if (depth > 0) continue;
    // A top-level value: the start of a form, `("set-..." ...)`, or inside one.
    if (t.kind == detail::BraceLexeme::word && t.text.starts_with("(")) armour = true;
  }
  return armour ? MdlKind::armour : MdlKind::neither;
}

}  // namespace anmkit::gem
