#include "anmkit/formats/gem/mdl_edit.hpp"

#include <fmt/format.h>

#include "anmkit/core/printable.hpp"
#include "anmkit/model/clip.hpp"

namespace anmkit::gem {
namespace {

[[noreturn]] void refuse(std::string message) { throw ErrorException{make_error(ErrorCode::bad_value, std::move(message))}; }

void check_text(std::string_view what, std::string_view text) {
  if (text.empty()) refuse(fmt::format("the sequence's {} is empty", what));
  if (text.find('"') != std::string_view::npos) {
    refuse(fmt::format("the sequence's {} '{}' holds '\"', which the .mdl text cannot quote", what, printable(text)));
  }
}

BraceToken token(std::string space, std::string_view text = {}) { return BraceToken{std::move(space), std::string(text), 0}; }

// The first child block of `block` with key `key`, or -1.
std::int64_t child(const BraceText& text, std::uint32_t block, std::string_view key) {
  for (const BraceEntry& e : text.blocks[block].entries) {
    if (e.kind == BraceEntryKind::block && key_is(text.blocks[e.block].key.text, key)) return e.block;
  }
  return -1;
}

// A block `{key}` added to the tree (its entries and parent set by the caller), by index.
std::uint32_t add_block(BraceText& text, std::string space, std::string key, std::int32_t parent, std::string close_space) {
  BraceBlock block;
  block.open = token(std::move(space));
  block.key = token("", key);
  block.close = token(std::move(close_space));
  block.parent = parent;
  text.blocks.push_back(std::move(block));
  return std::uint32_t(text.blocks.size() - 1);
}

// {file "name"} as the first block of `sequence`: right after its name, as the game's files have it.
void set_file(BraceText& text, std::uint32_t sequence, std::string_view file, std::string_view file_key) {
  if (const auto existing = child(text, sequence, "file"); existing >= 0) {
    for (BraceEntry& e : text.blocks[std::size_t(existing)].entries) {
      if (e.kind == BraceEntryKind::block) continue;
      e.kind = BraceEntryKind::string;
      e.token.text = std::string(file);
      return;
    }
    text.blocks[std::size_t(existing)].entries.push_back({BraceEntryKind::string, token(" ", file), 0});
    return;
  }
  const std::uint32_t block = add_block(text, " ", std::string(file_key), std::int32_t(sequence), "");
  text.blocks[block].entries.push_back({BraceEntryKind::string, token(" ", file), 0});
  auto& entries = text.blocks[sequence].entries;
  auto at = entries.begin();
  while (at != entries.end() && at->kind != BraceEntryKind::block) ++at;
  entries.insert(at, {BraceEntryKind::block, {}, block});
}

// The text written and read again: the edit as the file will say it.
Mdl reread(const BraceText& text) {
  auto bytes = write_brace_text(text);
  if (!bytes) throw ErrorException{bytes.error()};
  auto mdl = read_mdl(*bytes);
  if (!mdl) throw ErrorException{mdl.error()};
  return std::move(*mdl);
}

// The sequence of that name declared by `bone`, or -1.
int declared(const Mdl& mdl, std::string_view name, int bone) {
  for (std::size_t i = 0; i < mdl.sequences.size(); ++i) {
    if (mdl.sequences[i].bone == bone && model::names_equal(mdl.sequences[i].name, name)) return int(i);
  }
  return -1;
}

// How the file's sequences spell their keys, else lower case as most of the game's files do.
std::string key_as_written(const Mdl& mdl, std::string_view key) {
  for (const MdlSequence& s : mdl.sequences) {
    if (key_is(key, "sequence")) return mdl.text.blocks[s.block].key.text.str();
    if (const auto file = child(mdl.text, s.block, key); file >= 0) return mdl.text.blocks[std::size_t(file)].key.text.str();
  }
  return std::string(key);
}

std::uint32_t skeleton_block(const BraceText& text) {
  for (std::uint32_t b : text.top) {
    if (key_is(text.blocks[b].key.text, "skeleton")) return b;
  }
  refuse("the model has no {skeleton}");
}

}  // namespace

Expected<Mdl> add_sequence(const Mdl& mdl, std::string_view name, std::string_view file, int bone) {
  return catch_errors([&]() -> Mdl {
    check_text("name", name);
    check_text("file", file);
    if (bone < -1 || bone >= int(mdl.bones.size())) refuse(fmt::format("bone {} of {}", bone, mdl.bones.size()));
    const std::string where = bone < 0 ? std::string("the skeleton") : fmt::format("bone '{}'", printable(mdl.bones[std::size_t(bone)].name));
    if (declared(mdl, name, bone) >= 0) refuse(fmt::format("{} declares a sequence '{}' already", where, printable(name)));
    BraceText text = mdl.text;
    const std::uint32_t owner = bone < 0 ? skeleton_block(text) : mdl.bones[std::size_t(bone)].block;
    std::int64_t animation = child(text, owner, "animation");
    if (animation < 0) {
      // Laid out as the owner's first block is, before it.
      std::string space = "\n";
      auto& entries = text.blocks[owner].entries;
      auto at = entries.begin();
      while (at != entries.end() && at->kind != BraceEntryKind::block) ++at;
      if (at != entries.end()) space = text.blocks[at->block].open.space;
      animation = add_block(text, space, "animation", std::int32_t(owner), space);
      text.blocks[owner].entries.insert(at, {BraceEntryKind::block, {}, std::uint32_t(animation)});
    }
    const auto a = std::uint32_t(animation);
    // After the last sequence there, at its indentation; else one step in from the {animation}'s close.
    std::string space = text.blocks[a].close.space + "  ";
    auto& entries = text.blocks[a].entries;
    auto at = entries.end();
    for (auto e = entries.begin(); e != entries.end(); ++e) {
      if (e->kind == BraceEntryKind::block && key_is(text.blocks[e->block].key.text, "sequence")) {
        space = text.blocks[e->block].open.space;
        at = e + 1;
      }
    }
    const std::ptrdiff_t place = at - entries.begin();
    const std::uint32_t sequence = add_block(text, space, key_as_written(mdl, "sequence"), std::int32_t(a), "");
    text.blocks[sequence].entries.push_back({BraceEntryKind::string, token(" ", name), 0});
    text.blocks[a].entries.insert(text.blocks[a].entries.begin() + place, {BraceEntryKind::block, {}, sequence});
    set_file(text, sequence, file, key_as_written(mdl, "file"));
    Mdl edited = reread(text);
    const int added = declared(edited, name, bone);
    if (added < 0 || edited.sequences[std::size_t(added)].file != file) {
      throw ErrorException{make_error(ErrorCode::internal, fmt::format("the sequence '{}' did not read back as added", printable(name)))};
    }
    return edited;
  });
}

Expected<Mdl> rename_sequence(const Mdl& mdl, std::size_t index, std::string_view name, std::optional<std::string_view> file) {
  return catch_errors([&]() -> Mdl {
    if (index >= mdl.sequences.size()) refuse(fmt::format("sequence {} of {}", index, mdl.sequences.size()));
    const MdlSequence& old = mdl.sequences[index];
    check_text("name", name);
    if (file) check_text("file", *file);
    const int same = declared(mdl, name, old.bone);
    if (same >= 0 && std::size_t(same) != index) {
      refuse(fmt::format("a sequence '{}' is declared beside it already", printable(name)));
    }
    BraceText text = mdl.text;
    for (BraceEntry& e : text.blocks[old.block].entries) {
      if (e.kind == BraceEntryKind::block) continue;
      e.kind = BraceEntryKind::string;
      e.token.text = std::string(name);
      break;
    }
    const std::string kept = old.file;
    if (file || !old.file_given) set_file(text, old.block, file ? *file : std::string_view(kept), key_as_written(mdl, "file"));
    Mdl edited = reread(text);
    const MdlSequence& now = edited.sequences.at(index);
    if (now.name != name || now.file != (file ? *file : std::string_view(kept))) {
      throw ErrorException{make_error(ErrorCode::internal, fmt::format("the sequence '{}' did not read back as renamed", printable(name)))};
    }
    return edited;
  });
}

}  // namespace anmkit::gem
