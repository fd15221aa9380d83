// The skeleton search for C: the library's SkeletonFinder (anmkit/skeleton_search.hpp), one
// animation a call.

#include <algorithm>
#include <cstdlib>
#include <memory>

#include "anmkit/skeleton_search.hpp"
#include "capi_support.hpp"

using namespace anmkit;
using capi::fail;
using capi::guarded;
using capi::ok;

static_assert(std::int32_t(SkeletonReason::none) == ANMKIT_SKELETON_NONE);
static_assert(std::int32_t(SkeletonReason::lists_it) == ANMKIT_SKELETON_LISTS_IT);
static_assert(std::int32_t(SkeletonReason::has_its_bones) == ANMKIT_SKELETON_HAS_ITS_BONES);
static_assert(std::int32_t(SkeletonReason::names_its_file_name) == ANMKIT_SKELETON_NAMES_ITS_FILE_NAME);
static_assert(std::int32_t(SkeletonReason::names_its_file_name_lacking_bones) ==
              ANMKIT_SKELETON_NAMES_ITS_FILE_NAME_LACKING_BONES);
static_assert(std::int32_t(SkeletonReason::none_fits_its_folder) == ANMKIT_SKELETON_NONE_FITS_ITS_FOLDER);

extern "C" {

anmkit_status anmkit_find_skeleton(const char* animation_path, const char* const* search_roots, size_t root_count,
                                   const anmkit_open_options* options, char** model_path, size_t* model_size,
                                   int32_t* reason, char** reason_text, size_t* reason_size, anmkit_diagnostics** warnings,
                                   anmkit_error* error) {
  return guarded(error, [&] {
    if (model_path != nullptr) *model_path = nullptr;
    if (reason_text != nullptr) *reason_text = nullptr;
    if (warnings != nullptr) *warnings = nullptr;
    if (animation_path == nullptr) return capi::null_argument(error, "animation_path");
    if (model_path == nullptr || model_size == nullptr || reason == nullptr || reason_text == nullptr ||
        reason_size == nullptr) {
      return capi::null_argument(error, "an output pointer");
    }
    if (root_count != 0 && search_roots == nullptr) return capi::null_argument(error, "search_roots");
    std::vector<std::string> roots;
    for (size_t i = 0; i < root_count; ++i) {
      if (search_roots[i] == nullptr) return capi::null_argument(error, "a search root");
      roots.emplace_back(search_roots[i]);
    }
    anmkit_status status = ANMKIT_OK;
    const auto o = capi::open_options(options, error, status);
    if (!o) return status;
    const SkeletonFinder finder(std::move(roots), *o);
    auto match = finder.find(animation_path);
    if (!match) return fail(error, match.error());
    // Both texts handed out, or neither.
    char* text = nullptr;
    size_t text_size = 0;
    if (const auto s = capi::hand_out(match->why.data(), match->why.size(), true, &text, &text_size, error); s != ANMKIT_OK) {
      return s;
    }
    *model_size = 0;
    if (!match->model.empty()) {
      if (const auto s = capi::hand_out(match->model.data(), match->model.size(), true, model_path, model_size, error);
          s != ANMKIT_OK) {
        std::free(text);
        return s;
      }
    }
    *reason_text = text;
    *reason_size = text_size;
    *reason = static_cast<int32_t>(match->reason);
    if (warnings != nullptr) {
      std::vector<Diagnostic> list;
      std::vector<Error> unreadable = finder.root_unreadable();
      unreadable.insert(unreadable.end(), match->unreadable.begin(), match->unreadable.end());
      for (const Error& e : unreadable) {
        // A root's folder may be the animation's own: each model named once.
        std::string message = e.to_string();
        const auto same = [&](const Diagnostic& d) { return d.message == message; };
        if (std::none_of(list.begin(), list.end(), same)) {
          list.push_back(Diagnostic{Severity::warning, "skeleton.model", std::move(message), std::nullopt, ""});
        }
      }
      *warnings = capi::hand_diagnostics(std::move(list));
    }
    return ok(error);
  });
}

}  // extern "C"
