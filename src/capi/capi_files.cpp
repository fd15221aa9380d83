// The C API's files handed over as bytes (anmkit_files): a MemoryFiles the options name.

#include "capi_support.hpp"

using namespace anmkit;
using capi::fail;
using capi::guarded;
using capi::ok;

extern "C" {

anmkit_status anmkit_files_new(anmkit_files** out, anmkit_error* error) {
  return guarded(error, [&] {
    if (out == nullptr) return capi::null_argument(error, "out");
    *out = new anmkit_files{};
    return ok(error);
  });
}

anmkit_status anmkit_files_add(anmkit_files* files, const char* name, const void* data, size_t size, anmkit_error* error) {
  return guarded(error, [&] {
    if (files == nullptr) return capi::null_argument(error, "files");
    if (name == nullptr) return capi::null_argument(error, "name");
    if (data == nullptr && size != 0) return capi::null_argument(error, "data");
    const auto* first = static_cast<const std::uint8_t*>(data);
    std::vector<std::uint8_t> bytes(first, first + size);
    if (auto added = files->files->add(name, std::move(bytes)); !added) return fail(error, added.error());
    return ok(error);
  });
}

anmkit_status anmkit_files_declare(anmkit_files* files, const char* name, anmkit_error* error) {
  return guarded(error, [&] {
    if (files == nullptr) return capi::null_argument(error, "files");
    if (name == nullptr) return capi::null_argument(error, "name");
    if (auto declared = files->files->declare(name); !declared) return fail(error, declared.error());
    return ok(error);
  });
}

void anmkit_files_free(anmkit_files* files) { delete files; }

}  // extern "C"
