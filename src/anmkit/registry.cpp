#include "registry.hpp"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

namespace anmkit::detail {

// The library's own entries, listed by the build from src/anmkit/entries/ (linked_entries.cpp):
// referring to them keeps every entry file in a static library.
extern const void* const linked_entries[];

namespace {

// Filled before main() by each FormatRegistration; read-only afterwards.
std::vector<const FormatEntry& (*)()>& registrations() {
  static std::vector<const FormatEntry& (*)()> all;
  return all;
}

}  // namespace

FormatRegistration::FormatRegistration(const FormatEntry& (*entry)()) { registrations().push_back(entry); }

std::span<const FormatEntry* const> entries() {
  static const std::vector<const FormatEntry*> sorted = [] {
    // The address, taken for real (volatile): what makes the linker keep the entry files.
    [[maybe_unused]] const void* volatile anchor = linked_entries;
    std::vector<const FormatEntry*> out;
    for (auto entry : registrations()) out.push_back(&entry());
    std::sort(out.begin(), out.end(), [](const FormatEntry* a, const FormatEntry* b) {
      const bool a_signed = !a->signature.empty(), b_signed = !b->signature.empty();
      return a_signed != b_signed ? a_signed : a->info.name < b->info.name;
    });
    return out;
  }();
  return sorted;
}

const FormatEntry* find_entry(std::string_view name) {
  for (const FormatEntry* e : entries()) {
    if (e->info.name == name) return e;
  }
  return nullptr;
}

Expected<std::shared_ptr<const FormatModel>> FormatModel::convert(std::string_view target) const {
  return make_error(ErrorCode::unsupported, fmt::format("cannot convert to '{}'", target));
}

Error FormatModel::unsupported(std::string_view what) const {
  return make_error(ErrorCode::unsupported, fmt::format("this format holds no {}", what));
}

Error FormatModel::not_a_model() const {
  return make_error(ErrorCode::unsupported, fmt::format("not a model file that names animations but {}",
                                                        kind() == DocumentKind::animation ? "an animation" : "a resource"));
}

}  // namespace anmkit::detail

namespace anmkit {

std::vector<FormatInfo> formats() {
  std::vector<FormatInfo> out;
  for (const auto* e : detail::entries()) out.push_back(e->info);
  return out;
}

const detail::FormatEntry* detail::detect_entry(std::span<const std::uint8_t> bytes) {
  for (const auto* e : entries()) {
    if (e->sniff(bytes)) return e;
  }
  return nullptr;
}

std::optional<FormatInfo> detect(std::span<const std::uint8_t> bytes) {
  if (const auto* e = detail::detect_entry(bytes)) return e->info;
  return std::nullopt;
}

namespace {
std::vector<std::string_view> collect(std::vector<std::string_view> FormatInfo::*list) {
  std::vector<std::string_view> out;
  for (const auto* e : detail::entries()) {
    for (auto t : e->info.*list) {
      if (std::find(out.begin(), out.end(), t) == out.end()) out.push_back(t);
    }
  }
  return out;
}
}  // namespace

std::vector<GameFileKind> game_file_kinds() {
  std::vector<GameFileKind> out;
  const auto add = [&out](const GameFileKind& kind) {
    const auto same = [&kind](const GameFileKind& k) { return k.format == kind.format && k.name == kind.name && k.extension == kind.extension; };
    if (!kind.extension.empty() && std::none_of(out.begin(), out.end(), same)) out.push_back(kind);
  };
  for (const auto* e : detail::entries()) {
    const std::string_view format = e->info.name;
    add({format, "animation", e->info.animation_extension, DocumentKind::animation});
    add({format, "model", e->info.skeleton_extension, DocumentKind::model});
    for (const detail::KnownFile& known : e->known_files) {
      const bool read = std::any_of(e->resources.begin(), e->resources.end(),
                                    [&known](const detail::ResourceReader& r) { return r.extension == known.extension; });
      add({format, known.kind, known.extension, read ? std::optional(DocumentKind::resource) : std::nullopt});
    }
  }
  return out;
}

std::vector<std::string_view> convert_targets() { return collect(&FormatInfo::convert_targets); }
std::vector<std::string_view> import_targets() { return collect(&FormatInfo::import_targets); }

}  // namespace anmkit
