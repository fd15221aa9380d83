// The C API on model files (GEM .mdl, LM .bin): their summary, as text or JSON, and their
// sequences as values (anmkit_model).

#include <memory>

#include "capi_support.hpp"

using namespace anmkit;
using capi::fail;
using capi::guarded;
using capi::ok;

struct anmkit_model {
  Summary summary;
};

namespace {
// A model file's summary through the one door: a file that is none is unknown_format.
Expected<Summary> model_summary(const char* path, const OpenOptions& options) {
  OpenOptions models_only = options;
  models_only.kinds = {.animations = false, .models = true, .resources = false};
  auto document = Document::open(path, models_only);
  if (!document) return document.error();
  return document->summary();
}
}  // namespace

extern "C" {

anmkit_status anmkit_model_summary(const char* path, const anmkit_open_options* options, int as_json, char** text,
                                   size_t* size, anmkit_error* error) {
  return guarded(error, [&] {
    if (text != nullptr) *text = nullptr;
    if (path == nullptr) return capi::null_argument(error, "path");
    anmkit_status status = ANMKIT_OK;
    const auto o = capi::open_options(options, error, status);
    if (!o) return status;
    const auto summary = model_summary(path, *o);
    if (!summary) return fail(error, summary.error());
    const std::string& s = as_json != 0 ? summary->json : summary->text;
    return capi::hand_out(s.data(), s.size(), true, text, size, error);
  });
}

anmkit_status anmkit_model_open(const char* path, const anmkit_open_options* options, anmkit_model** out,
                                anmkit_error* error) {
  return guarded(error, [&] {
    if (out == nullptr) return capi::null_argument(error, "out");
    *out = nullptr;
    if (path == nullptr) return capi::null_argument(error, "path");
    anmkit_status status = ANMKIT_OK;
    const auto o = capi::open_options(options, error, status);
    if (!o) return status;
    auto summary = model_summary(path, *o);
    if (!summary) return fail(error, summary.error());
    *out = new anmkit_model{std::move(*summary)};
    return ok(error);
  });
}

const char* anmkit_model_format(const anmkit_model* model) {
  return model != nullptr ? model->summary.format.c_str() : nullptr;
}

size_t anmkit_model_joint_count(const anmkit_model* model) { return model != nullptr ? model->summary.joints.size() : 0; }

size_t anmkit_model_sequence_count(const anmkit_model* model) {
  return model != nullptr ? model->summary.sequences.size() : 0;
}

anmkit_status anmkit_model_sequence_get(const anmkit_model* model, size_t index, anmkit_model_sequence* out,
                                        anmkit_error* error) {
  return guarded(error, [&] {
    if (model == nullptr) return capi::null_argument(error, "model");
    const auto& sequences = model->summary.sequences;
    if (index >= sequences.size()) {
      return fail(error, ANMKIT_ERROR_INVALID_ARGUMENT,
                  "sequence " + std::to_string(index) + " of " + std::to_string(sequences.size()));
    }
    const SummarySequence& s = sequences[index];
    anmkit_model_sequence value{};
    value.name = s.name.c_str();
    value.name_size = s.name.size();
    value.file = s.file.c_str();
    value.file_size = s.file.size();
    value.declared_by = s.declared_by.c_str();
    value.declared_by_size = s.declared_by.size();
    value.how_named = s.how_named.c_str();
    value.how_named_size = s.how_named.size();
    value.exists = s.exists ? 1 : 0;
    value.path = s.path.c_str();
    value.path_size = s.path.size();
    if (!capi::write_struct(out, value)) return capi::bad_struct(error, "out", out);
    return ok(error);
  });
}

void anmkit_model_free(anmkit_model* model) { delete model; }

}  // extern "C"
