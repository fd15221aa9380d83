#include "model_file.hpp"

#include <fmt/format.h>

#include "anmkit/core/path_text.hpp"
#include "anmkit/model/clip.hpp"
#include "registry.hpp"

namespace anmkit::detail {

namespace {
// The known file (KnownFile::sniff) of `extension` that these bytes are, by their content; null
// when none.
const KnownFile* known_by_content(const std::string& extension, std::span<const std::uint8_t> bytes) {
  for (const FormatEntry* e : entries()) {
    for (const KnownFile& known : e->known_files) {
      if (known.sniff && known.extension == extension && known.sniff(bytes)) return &known;
    }
  }
  return nullptr;
}
}  // namespace

const FormatEntry* model_entry(const std::string& path, std::span<const std::uint8_t> bytes) {
  for (const FormatEntry* e : entries()) {
    if (e->sniff_model && e->sniff_model(bytes)) return e;
  }
  if (path.empty()) return nullptr;
  const std::string extension = model::ascii_lower(path_extension(path));
  // Another file the game keeps under that name, known by its content (GEM's armour .mdl), is not
  // a broken model.
  if (known_by_content(extension, bytes)) return nullptr;
  for (const FormatEntry* e : entries()) {
    if (e->model_extension_claims && e->info.skeleton_extension == extension) return e;
  }
  return nullptr;
}

Error not_a_model(const std::string& path, std::span<const std::uint8_t> bytes, std::string_view otherwise) {
  const std::string extension = model::ascii_lower(path_extension(path));
  if (const KnownFile* known = known_by_content(extension, bytes)) {
    return make_error(ErrorCode::unknown_format, fmt::format("{}, not a model: it has no skeleton", known->what));
  }
  return make_error(ErrorCode::unknown_format, std::string(otherwise));
}

Expected<OpenedModel> read_model_bytes(const std::string& path, std::span<const std::uint8_t> bytes, const ReadLimits& limits) {
  const FormatEntry* claimed = model_entry(path, bytes);
  std::optional<Error> claimed_error;
  for (const FormatEntry* entry : entries()) {
    if (!entry->read_model) continue;
    auto model = entry->read_model(path, bytes, limits);
    if (!model && model.error().code == ErrorCode::unknown_format) {
      if (entry == claimed) claimed_error = model.error();
      continue;
    }
    if (!model) return model.error();
    return OpenedModel{entry, std::move(*model)};
  }
  if (claimed_error) return *claimed_error;
  return not_a_model(path, bytes, "not a model file (.mdl or .bin) either");
}

}  // namespace anmkit::detail
