#pragma once
// A model's summary or figure through the one door (Document::open, then the call), for tests
// that ask about a model file by its path; a file of another kind fails the test's expectation
// with what it is.

#include <string>

#include "anmkit/anmkit.hpp"

namespace anmkit::test {

inline Expected<Document> model_document(const std::string& path, OpenOptions options = {}) {
  options.kinds = OpenKinds::all();
  auto document = Document::open(path, options);
  if (document && document->kind() != DocumentKind::model) {
    return make_error(ErrorCode::unknown_format, "opened as " + std::string(kind_name(document->kind())) + ", not as a model");
  }
  return document;
}

inline Expected<Summary> summary_of(const std::string& path, const OpenOptions& options = {}) {
  auto document = model_document(path, options);
  if (!document) return document.error();
  return document->summary();
}

inline Expected<ModelFigure> figure_of(const std::string& path, const OpenOptions& options = {}) {
  auto document = model_document(path, options);
  if (!document) return document.error();
  return document->figure();
}

}  // namespace anmkit::test
