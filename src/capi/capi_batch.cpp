// The C API's batch (anmkit_batch): the library's run of many files (anmkit/batch.hpp), each
// file's result handed to the caller's sink.

#include <memory>

#include "anmkit/batch.hpp"
#include "capi_support.hpp"

using namespace anmkit;
using capi::fail;
using capi::guarded;
using capi::ok;

namespace {

anmkit_batch_options default_batch_options() {
  anmkit_batch_options o{};
  o.struct_size = sizeof(anmkit_batch_options);
  return o;
}

}  // namespace

extern "C" {

void anmkit_batch_options_init(anmkit_batch_options* options) {
  if (options != nullptr) *options = default_batch_options();
}

anmkit_status anmkit_batch(const anmkit_batch_options* given, anmkit_batch_sink sink, void* user, uint64_t* files, anmkit_error* error) {
  return guarded(error, [&] {
    if (files != nullptr) *files = 0;
    const auto c = capi::read_struct(given, default_batch_options());
    if (!c) return capi::bad_struct(error, "options", given);
    if (c->output == nullptr) return capi::null_argument(error, "output");
    if (c->to == nullptr) return capi::null_argument(error, "to");
    anmkit_status status = ANMKIT_OK;
    BatchOptions options;
    auto inputs = capi::c_strings(c->inputs, c->input_count, "inputs", error, status);
    if (!inputs) return status;
    auto roots = capi::c_strings(c->skeleton_roots, c->skeleton_root_count, "skeleton_roots", error, status);
    if (!roots) return status;
    auto open = capi::open_options(c->open, error, status);
    if (!open) return status;
    options.inputs = std::move(*inputs);
    options.skeleton_roots = std::move(*roots);
    options.output = c->output;
    options.to = c->to;
    options.jobs = c->jobs;
    options.fail_fast = c->fail_fast != 0;
    options.export_options.limits = open->limits;
    options.open = std::move(*open);
    std::uint64_t given_results = 0;
    BatchSink out;
    out.result = [&](BatchResult&& r) {
      ++given_results;
      if (sink == nullptr) return true;
      anmkit_error failure{};
      if (r.kind == BatchResult::Kind::failed) fail(&failure, r.error);
      const std::unique_ptr<anmkit_diagnostics> warnings(capi::hand_warnings(r.warnings, "batch.warning"));
      anmkit_batch_result result{};
      result.struct_size = sizeof result;
      result.kind = r.kind == BatchResult::Kind::converted ? 0 : r.kind == BatchResult::Kind::skipped ? 1 : 2;
      result.input = r.input.c_str();
      result.output = r.output.c_str();
      result.skipped_why = r.skipped_why.c_str();
      result.error = r.kind == BatchResult::Kind::failed ? &failure : nullptr;
      result.skeleton_looked_for = r.skeleton_looked_for ? 1 : 0;
      result.skeleton = r.skeleton.c_str();
      result.skeleton_why = r.skeleton_why.c_str();
      result.warnings = warnings.get();
      result.bytes = r.bytes;
      return sink(&result, user) == 0;
    };
    auto done = batch(options, out);
    if (files != nullptr) *files = given_results;
    if (!done) return fail(error, done.error());
    return ok(error);
  });
}

}  // extern "C"
