#include "anmkit/formats/gem/armour.hpp"

#include <fmt/format.h>

#include "anmkit/core/printable.hpp"
#include "anmkit/formats/gem/brace_text.hpp"
#include "anmkit/formats/gem/mdl.hpp"
#include "brace_lexer.hpp"

namespace anmkit::gem {
namespace {

using detail::BraceLexeme;

Armour parse(std::span<const std::uint8_t> bytes) {
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  const auto fail = [&](std::uint64_t at, const std::string& message) {
    throw ErrorException{make_error(ErrorCode::bad_value, fmt::format("line {}: {}", line_at(bytes, at), message), at)};
  };
  detail::BraceLexer lex(text);
  Armour out;
  std::size_t depth = 0;       // blocks open
  std::size_t parens = 0;      // the open form's '(' not yet closed
  std::int64_t volume = -1;    // the top-level {volume} open
  std::string child;           // the key of the block open inside it ("thickness", "tags")
  for (BraceLexeme t = lex.next();; t = lex.next()) {
    if (t.kind == BraceLexeme::unterminated) fail(t.offset, "a string without its closing '\"'");
    if (t.kind == BraceLexeme::end) {
      if (depth > 0) fail(t.offset, fmt::format("the end of the text with {} block{} still open", depth, depth == 1 ? "" : "s"));
      if (parens > 0) fail(out.forms.back().offset, "a form without its closing ')'");
      return out;
    }
    if (t.kind == BraceLexeme::open) {
      const BraceLexeme key = lex.next();
      if (key.kind != BraceLexeme::word) fail(key.offset, "expected a key word after '{'");
      if (depth == 0 && key_is(key.text, "volume")) {
        out.volumes.push_back({{}, std::nullopt, {}, t.offset});
        volume = std::int64_t(out.volumes.size() - 1);
      }
      if (depth == 1) child = std::string(key.text);
      ++depth;
      continue;
    }
    if (t.kind == BraceLexeme::close) {
      if (depth == 0) fail(t.offset, "'}' without a matching '{'");
      if (--depth == 0) volume = -1;
      if (depth <= 1) child.clear();
      continue;
    }
    if (depth > 0) {
      if (volume < 0) continue;
      ArmourVolume& v = out.volumes[std::size_t(volume)];
      if (depth == 1 && v.name.empty()) v.name = std::string(t.text);
      if (depth == 2 && key_is(child, "thickness") && !v.thickness) v.thickness = std::string(t.text);
      if (depth == 2 && key_is(child, "tags")) v.tags.emplace_back(t.text);
      continue;
    }
    // A top-level value: a form's, from its '(' to the ')' that closes it.
    const std::size_t end = t.offset + t.text.size() + (t.kind == BraceLexeme::string ? 2 : 0);
    if (parens == 0) {
      if (t.kind != BraceLexeme::word || !t.text.starts_with("(")) {
        fail(t.offset, fmt::format("'{}' outside a form and outside a block, where a form begins with '('", printable(t.text)));
      }
      out.forms.push_back({std::string(t.text.substr(1)), {}, t.offset});
    } else if (out.forms.back().name.empty()) {
      out.forms.back().name = std::string(t.text);
    }
    if (t.kind == BraceLexeme::word) {
      for (char c : t.text) {
        if (c == '(') ++parens;
        if (c == ')' && parens > 0) --parens;
      }
    }
    ArmourForm& form = out.forms.back();
    form.text = std::string(text.substr(std::size_t(form.offset), end - std::size_t(form.offset)));
  }
}

}  // namespace

Expected<Armour> read_armour(std::span<const std::uint8_t> text, const ReadLimits& limits) {
  if (auto size = check_input_size(text.size(), limits); !size) return size.error();
  return catch_errors([&] { return parse(text); });
}

bool looks_like_armour(std::span<const std::uint8_t> text) { return mdl_kind(text) == MdlKind::armour; }

std::string armour_summary_text(const Armour& armour) {
  std::vector<std::string> names, volumes;
  for (const ArmourForm& f : armour.forms) names.push_back(printable(f.name));
  for (const ArmourVolume& v : armour.volumes) {
    volumes.push_back(v.thickness ? fmt::format("{} ({})", printable(v.name), printable(*v.thickness)) : printable(v.name));
  }
  return fmt::format("  {:<12}{}{}{}\n  {:<12}{}{}{}\n", "forms", names.size(), names.empty() ? "" : ": ", fmt::join(names, ", "),
                     "volumes", volumes.size(), volumes.empty() ? "" : " (thickness): ", fmt::join(volumes, ", "));
}

}  // namespace anmkit::gem
