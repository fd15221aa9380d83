// model_figure(): what a model file shows on its skeleton, as its format's entry reads it.

#include "anmkit/core/guard.hpp"
#include "referenced_input.hpp"
#include "registry.hpp"

namespace anmkit {

Expected<ModelFigure> model_figure(const std::string& path, const OpenOptions& options) {
  auto figure = guard([&]() -> Expected<ModelFigure> {
    auto bytes = detail::read_input(path, options);
    if (!bytes) return bytes.error();
    for (const detail::FormatEntry* entry : detail::entries()) {
      if (!entry->read_model) continue;
      auto model = entry->read_model(path, *bytes);
      if (!model && model.error().code == ErrorCode::unknown_format) continue;
      if (!model) return model.error();
      if (entry->model_figure) return entry->model_figure(path, *bytes, options);
      ModelFigure out;
      out.skeleton = std::move(model->skeleton);
      return out;
    }
    return make_error(ErrorCode::unknown_format, "not a model file (.mdl or .bin) either");
  });
  if (!figure && figure.error().file.empty()) figure.error().file = path;
  return figure;
}

}  // namespace anmkit
