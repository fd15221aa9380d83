// The C API on a model document (kind "model": GEM .mdl, LM .bin): its sequences as values.

#include "capi_support.hpp"

using namespace anmkit;
using capi::fail;
using capi::guarded;
using capi::ok;

namespace {
// The model's sequences, looked for once, by the first call that wants them (any thread).
const Expected<std::vector<SummarySequence>>& sequences_of(const anmkit_document& document) {
  auto& d = const_cast<anmkit_document&>(document);
  std::call_once(d.sequences_once, [&] { d.sequences = d.doc.sequences(); });
  return *d.sequences;
}
}  // namespace

extern "C" {

size_t anmkit_sequence_count(const anmkit_document* document) {
  if (document == nullptr || document->doc.kind() != DocumentKind::model) return 0;
  try {
    const auto& sequences = sequences_of(*document);
    return sequences ? sequences->size() : 0;
  } catch (...) {
    return 0;  // (an allocation that failed: none to give)
  }
}

anmkit_status anmkit_sequence_get(const anmkit_document* document, size_t index, anmkit_model_sequence* out,
                                  anmkit_error* error) {
  return guarded(error, [&] {
    if (document == nullptr) return capi::null_argument(error, "document");
    const auto& sequences = sequences_of(*document);
    if (!sequences) return fail(error, sequences.error());
    if (index >= sequences->size()) {
      return fail(error, ANMKIT_ERROR_INVALID_ARGUMENT,
                  "sequence " + std::to_string(index) + " of " + std::to_string(sequences->size()));
    }
    const SummarySequence& s = (*sequences)[index];
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

}  // extern "C"
