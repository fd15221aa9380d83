#include "model_file.hpp"

#include "referenced_input.hpp"
#include "registry.hpp"

namespace anmkit::detail {

Expected<OpenedModel> open_model_file(const std::string& path, const OpenOptions& options) {
  auto bytes = read_input(path, options);
  if (!bytes) return bytes.error();
  for (const FormatEntry* entry : entries()) {
    if (!entry->read_model) continue;
    auto model = entry->read_model(path, *bytes);
    if (!model && model.error().code == ErrorCode::unknown_format) continue;
    if (!model) return model.error();
    return OpenedModel{entry, std::move(*model), std::move(*bytes)};
  }
  return make_error(ErrorCode::unknown_format, "not a model file (.mdl or .bin) either");
}

}  // namespace anmkit::detail
