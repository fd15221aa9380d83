// The export kinds (json, glTF, the sprite images, every format's convert targets) and what each
// writes for a format, from the registry's FormatInfo alone: no format is named here.

#include "anmkit/export.hpp"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "anmkit/core/guard.hpp"
#include "anmkit/core/path_utf8.hpp"
#include "export_images.hpp"

namespace anmkit {
namespace {

enum class Applies { any, skeletal, sprite };

// The kinds every format may have, by what it holds. The convert targets follow (the game file).
struct InterchangeKind {
  std::string_view name;
  Applies applies;
  std::vector<std::string_view> suffixes;
};

const std::vector<InterchangeKind>& interchange_kinds() {
  static const std::vector<InterchangeKind> kinds = {
      {"json", Applies::any, {".json"}},        {"glb", Applies::skeletal, {".glb"}},
      {"gltf", Applies::skeletal, {".gltf"}},   {"png", Applies::sprite, {".png", ".json"}},
      {"gif", Applies::sprite, {".gif"}},       {"ilbm", Applies::sprite, {".ilbm"}},
      {"iff", Applies::sprite, {".iff"}},
  };
  return kinds;
}

const InterchangeKind* find_interchange(std::string_view kind) {
  for (const auto& k : interchange_kinds()) {
    if (k.name == kind) return &k;
  }
  return nullptr;
}

bool holds(const std::vector<std::string_view>& list, std::string_view name) {
  return std::find(list.begin(), list.end(), name) != list.end();
}

std::string upper(std::string_view name) {
  std::string out(name);
  for (char& c : out) {
    if (c >= 'a' && c <= 'z') c = char(c - 'a' + 'A');
  }
  return out;
}

// "GEM", "GEM and LM": the formats a predicate holds for, as messages name formats.
template <class Pred>
std::string format_names(Pred&& pred) {
  std::string out;
  for (const FormatInfo& f : formats()) {
    if (pred(f)) out += (out.empty() ? "" : " and ") + upper(f.name);
  }
  return out;
}

bool applies(Applies a, const FormatInfo& format) {
  return a == Applies::any || (a == Applies::skeletal && format.skeletal) || (a == Applies::sprite && format.sprite);
}

// Why an interchange kind writes nothing for the format.
std::string skip_reason(const InterchangeKind& kind, const FormatInfo& format) {
  if (kind.applies == Applies::skeletal) {
    // The two sprite kinds batch has always named (its summaries are asserted as they are).
    if (format.sprite) return fmt::format("{} sprites convert to png or gif, not glTF", upper(format.name));
    return fmt::format("{} files hold no skeletal clip for glTF", upper(format.name));
  }
  const std::string sprites = format_names([](const FormatInfo& f) { return f.sprite; });
  return fmt::format("{} is for {} sprites", kind.name, sprites.empty() ? "no registered format's" : sprites);
}

std::string listed(const std::vector<std::string>& kinds) {
  std::string out;
  for (const auto& k : kinds) out += (out.empty() ? "" : ", ") + k;
  return out;
}

std::vector<std::uint8_t> text_bytes(const std::string& text) { return {text.begin(), text.end()}; }

// The document's name without folder and extension.
std::string stem(const Document& document) { return utf8(fs_path(document.name()).stem()); }

}  // namespace

Expected<void> check_range(std::string_view setting, std::uint64_t value, WholeRange range) {
  if (range.holds(value)) return {};
  return make_error(ErrorCode::bad_value, fmt::format("{} must be from {} to {}, found {}", setting, range.min, range.max, value));
}

Expected<void> check_export_options(const ExportOptions& options) {
  if (auto checked = check_range("scale", options.scale, scale_range); !checked) return checked;
  return check_range("flipbook ticks", options.flipbook_ticks, flipbook_ticks_range);
}

std::vector<std::string> export_kinds() {
  std::vector<std::string> out;
  for (const auto& k : interchange_kinds()) out.emplace_back(k.name);
  for (auto target : convert_targets()) {
    if (std::find(out.begin(), out.end(), target) == out.end()) out.emplace_back(target);
  }
  return out;
}

std::vector<std::string> export_kinds(const FormatInfo& format) {
  std::vector<std::string> out;
  for (const auto& k : interchange_kinds()) {
    if (applies(k.applies, format)) out.emplace_back(k.name);
  }
  for (auto target : format.convert_targets) out.emplace_back(target);
  return out;
}

Expected<ExportPlan> export_plan(const FormatInfo& format, std::string_view kind) {
  if (const InterchangeKind* k = find_interchange(kind)) {
    if (!applies(k->applies, format)) return ExportPlan{{}, skip_reason(*k, format)};
    return ExportPlan{{k->suffixes.begin(), k->suffixes.end()}, {}};
  }
  // Another version or layout of the format: the game file again.
  if (holds(format.convert_targets, kind)) return ExportPlan{{".anm"}, {}};
  const std::string owners = format_names([&](const FormatInfo& f) { return holds(f.convert_targets, kind); });
  if (!owners.empty()) {
    Wording why = naming("export_kind", "the export kind");
    why += fmt::format(" {} is for {} files", kind, owners);
    return ExportPlan{{}, std::move(why.text), std::move(why.settings)};
  }
  return make_error(ErrorCode::unsupported, fmt::format("no export kind '{}' (there are {})", kind, listed(export_kinds())));
}

Expected<Export> export_as(const Document& document, std::string_view kind, const ExportOptions& options) {
  return guard([&]() -> Expected<Export> {
    if (auto checked = check_export_options(options); !checked) return checked.error();
    auto plan = export_plan(document.format(), kind);
    if (!plan) return plan.error();
    if (plan->suffixes.empty()) {
      Error e = make_error(ErrorCode::unsupported, plan->skip);
      e.settings = plan->skip_settings;
      e.file = document.name();
      return e;
    }
    if (kind == "json") {
      auto json = document.to_json();
      if (!json) return json.error();
      return Export{{{".json", text_bytes(*json + "\n")}}, {}};
    }
    if (kind == "glb" || kind == "gltf") {
      GltfExportOptions gltf_options;
      gltf_options.binary = kind == "glb";
      gltf_options.animation_name = options.animation_name;
      auto gltf = document.to_gltf(gltf_options);
      if (!gltf) return gltf.error();
      return Export{{{plan->suffixes.front(), std::move(gltf->bytes)}}, std::move(gltf->warnings)};
    }
    if (const InterchangeKind* k = find_interchange(kind); k && k->applies == Applies::sprite) {
      ExportOptions named = options;
      if (named.file_name.empty()) named.file_name = stem(document) + plan->suffixes.front();
      return detail::export_image(document, kind, named);
    }
    auto converted = document.convert(kind);
    if (!converted) return converted.error();
    auto bytes = converted->write();
    if (!bytes) return bytes.error();
    return Export{{{".anm", std::move(*bytes)}}, {}};
  });
}

}  // namespace anmkit
