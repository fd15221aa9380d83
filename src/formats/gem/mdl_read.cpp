#include "anmkit/formats/gem/mdl.hpp"

#include <algorithm>
#include <charconv>
#include <optional>
#include <string_view>

#include <fmt/format.h>

#include "anmkit/core/float_text.hpp"
#include "anmkit/model/clip.hpp"

namespace anmkit::gem {
namespace {

struct Token {
  enum Kind { open, close, string, word, end } kind;
  std::string_view text;
  std::size_t offset;
};

class Lexer {
 public:
  explicit Lexer(std::string_view text) : text_(text) {}

  Token next() {
    for (;;) {
      while (pos_ < text_.size() && is_space(text_[pos_])) ++pos_;
      if (pos_ < text_.size() && text_[pos_] == ';') {  // comment to the end of the line
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
        continue;
      }
      break;
    }
    const std::size_t at = pos_;
    if (pos_ == text_.size()) return {Token::end, {}, at};
    const char c = text_[pos_];
    if (c == '{') { ++pos_; return {Token::open, text_.substr(at, 1), at}; }
    if (c == '}') { ++pos_; return {Token::close, text_.substr(at, 1), at}; }
    if (c == '"') {
      const std::size_t close = text_.find('"', pos_ + 1);
      if (close == std::string_view::npos) {
        throw ErrorException{make_error(ErrorCode::bad_value, "unterminated string", at)};
      }
      pos_ = close + 1;
      return {Token::string, text_.substr(at + 1, close - at - 1), at};
    }
    while (pos_ < text_.size() && !is_space(text_[pos_]) && text_[pos_] != '{' && text_[pos_] != '}' &&
           text_[pos_] != '"' && text_[pos_] != ';') {
      ++pos_;
    }
    return {Token::word, text_.substr(at, pos_ - at), at};
  }

  // The next token, left to be read again.
  Token peek() {
    const std::size_t saved = pos_;
    const Token t = next();
    pos_ = saved;
    return t;
  }

 private:
  static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
  std::string_view text_;
  std::size_t pos_ = 0;
};

float number(const Token& t) {
  float value = 0;
  if (t.kind == Token::word) {
    auto [ptr, ec] = float_from_chars(t.text.data(), t.text.data() + t.text.size(), value);
    if (ec == std::errc() && ptr == t.text.data() + t.text.size()) return value;
  }
  throw ErrorException{make_error(ErrorCode::bad_value, fmt::format("expected a number, found '{}'", t.text), t.offset)};
}

// One open block on the explicit stack (no recursion on input).
struct Block {
  std::string_view head;
  int bone = -1;  // the bone this block belongs to (its own index for a {bone} block)
  int sequence = -1;
  int volume = -1;     // a {Volume} block: its index in Mdl::volumes
  int lod_group = -1;  // a {LODView} block: its number among the bone's groups
  int lod_views = 0;   // a {LODView} block: the views read in it so far
};

// The name a mesh or volume block gives: a quoted string, or a bare word as written; nullopt (and
// nothing read) when the block holds neither, so that a model whose meshes or volumes are written
// unlike any real one still gives its skeleton.
std::optional<std::string> name_value(Lexer& lex) {
  const Token t = lex.peek();
  if (t.kind != Token::string && t.kind != Token::word) return std::nullopt;
  lex.next();
  return std::string(t.text);
}

std::optional<float> maybe_number(const Token& t) {
  float value = 0;
  if (t.kind != Token::word) return std::nullopt;
  auto [ptr, ec] = float_from_chars(t.text.data(), t.text.data() + t.text.size(), value);
  if (ec != std::errc() || ptr != t.text.data() + t.text.size()) return std::nullopt;
  return value;
}

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

bool looks_like_mdl(std::span<const std::uint8_t> bytes) {
  // The whole text: comment lines before the first block may be any length (the lexer skips them
  // in one pass, and anything else ends the look at its first token).
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  Lexer lex(text);
  try {
    const Token open = lex.next();
    const Token head = lex.next();
    return open.kind == Token::open && head.kind == Token::word && head.text == "Skeleton";
  } catch (ErrorException&) {
    return false;
  }
}

Expected<Mdl> read_mdl(std::span<const std::uint8_t> bytes) {
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  return catch_errors([&]() -> Mdl {
    Lexer lex(text);
    Mdl mdl;
    std::vector<Block> stack;
    std::vector<int> lod_groups;  // a bone's {LODView} blocks so far
    for (Token t = lex.next(); t.kind != Token::end; t = lex.next()) {
      if (t.kind == Token::close) {
        if (stack.empty()) throw ErrorException{make_error(ErrorCode::bad_value, "'}' without a matching '{'", t.offset)};
        stack.pop_back();
        continue;
      }
      if (t.kind != Token::open) continue;  // values of blocks we do not read
      const Token head = lex.next();
      if (head.kind != Token::word) {
        throw ErrorException{make_error(ErrorCode::bad_value, "expected a block name after '{'", head.offset)};
      }
      Block block{head.text, stack.empty() ? -1 : stack.back().bone, -1, -1, -1, 0};
      // A block right inside a {Volume}: its shape, bone and transform.
      const bool in_volume = !stack.empty() && stack.back().volume >= 0;
      if (head.text == "bone") {
        Token name = lex.next();
        if (name.kind == Token::word) name = lex.next();  // a joint kind such as `revolute`
        if (name.kind != Token::string) {
          throw ErrorException{make_error(ErrorCode::bad_value, "expected the bone's quoted name", name.offset)};
        }
        MdlBone bone;
        bone.name = std::string(name.text);
        bone.parent = block.bone;
        bone.offset = t.offset;
        mdl.bones.push_back(std::move(bone));
        lod_groups.push_back(0);
        block.bone = int(mdl.bones.size() - 1);
      } else if (head.text == "sequence") {
        const Token name = lex.next();
        if (name.kind != Token::string) {
          throw ErrorException{make_error(ErrorCode::bad_value, "expected the sequence's quoted name", name.offset)};
        }
        mdl.sequences.push_back({std::string(name.text), std::string(name.text) + ".anm", false, block.bone});
        block.sequence = int(mdl.sequences.size() - 1);
      } else if (head.text == "file" && !stack.empty() && stack.back().sequence >= 0) {
        const Token file = lex.next();
        if (file.kind != Token::string) {
          throw ErrorException{make_error(ErrorCode::bad_value, "expected the quoted file name", file.offset)};
        }
        auto& sequence = mdl.sequences[std::size_t(stack.back().sequence)];
        sequence.file = std::string(file.text);
        sequence.file_given = true;
      } else if ((head.text == "Orientation" || head.text == "Matrix34" || head.text == "Position") &&
                 (in_volume || block.bone >= 0)) {
        const std::size_t first = head.text == "Position" ? 9 : 0;
        const std::size_t count = head.text == "Orientation" ? 9 : head.text == "Matrix34" ? 12 : 3;
        auto& rest = in_volume ? mdl.volumes[std::size_t(stack.back().volume)].transform
                               : mdl.bones[std::size_t(block.bone)].rest;
        for (std::size_t i = 0; i < count; ++i) rest[first + i] = number(lex.next());
      } else if (head.text == "VolumeView" && block.bone >= 0 && !in_volume) {
        if (auto file = name_value(lex)) {
          MdlView view{std::move(*file), 0, -1, t.offset};
          if (!stack.empty() && stack.back().lod_group >= 0) {
            view.lod = stack.back().lod_views++;
            view.lod_group = stack.back().lod_group;
          }
          mdl.bones[std::size_t(block.bone)].views.push_back(std::move(view));
        }
      } else if (model::names_equal(head.text, "Visibility") && block.bone >= 0 && !in_volume &&
                 !stack.empty() && stack.back().head == "bone" && maybe_number(lex.peek())) {
        mdl.bones[std::size_t(block.bone)].shown = number(lex.next()) != 0;
      } else if (head.text == "LODView" && block.bone >= 0 && !in_volume) {
        block.lod_group = lod_groups[std::size_t(block.bone)]++;
      } else if (head.text == "OFF" && !stack.empty() && stack.back().lod_group >= 0) {
        mdl.bones[std::size_t(block.bone)].lod_off = true;
      } else if (head.text == "Volume" && block.bone < 0 && !in_volume) {
        MdlVolume volume;
        volume.name = name_value(lex).value_or("");
        volume.offset = t.offset;
        mdl.volumes.push_back(std::move(volume));
        block.volume = int(mdl.volumes.size() - 1);
      } else if (in_volume && head.text == "Bone") {
        if (auto bone = name_value(lex)) mdl.volumes[std::size_t(stack.back().volume)].bone = std::move(*bone);
      } else if (in_volume && (head.text == "Polyhedron" || head.text == "Box" || head.text == "Sphere" ||
                               head.text == "Cylinder")) {
        MdlVolume& volume = mdl.volumes[std::size_t(stack.back().volume)];
        if (volume.shape == MdlVolume::Shape::none) {
          if (head.text == "Polyhedron") {
            volume.shape = MdlVolume::Shape::polyhedron;
            volume.file = name_value(lex).value_or("");
          } else {
            volume.shape = head.text == "Box" ? MdlVolume::Shape::box
                           : head.text == "Sphere" ? MdlVolume::Shape::sphere
                                                   : MdlVolume::Shape::cylinder;
            while (auto value = maybe_number(lex.peek())) {
              lex.next();
              volume.size.push_back(*value);
            }
          }
        }
      }
      stack.push_back(block);
    }
    if (!stack.empty()) {
      throw ErrorException{make_error(ErrorCode::truncated, fmt::format("{} block(s) still open at the end", stack.size()), text.size())};
    }
    for (MdlVolume& volume : mdl.volumes) volume.bone_index = volume.bone.empty() ? -1 : mdl.find_bone(volume.bone);
    return mdl;
  });
}

}  // namespace anmkit::gem
