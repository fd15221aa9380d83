// model_figure(): what a model file shows on its skeleton, as its format's entry reads it.

#include "anmkit/core/guard.hpp"
#include "model_file.hpp"
#include "referenced_input.hpp"

namespace anmkit {

Expected<ModelFigure> model_figure(const std::string& path, const OpenOptions& given) {
  auto figure = guard([&]() -> Expected<ModelFigure> {
    const OpenOptions options = detail::with_files(given);
    auto opened = detail::open_model_file(path, options);
    if (!opened) return opened.error();
    if (opened->entry->model_figure) return opened->entry->model_figure(path, opened->bytes, options);
    ModelFigure out;
    out.skeleton = std::move(opened->model.skeleton);
    return out;
  });
  if (!figure && figure.error().file.empty()) figure.error().file = path;
  return figure;
}

}  // namespace anmkit
