#pragma once
// The sprite kinds of export_as (png, gif, ilbm, iff), made by the image layer. The WebAssembly
// build has no image layer: there, export_images_absent.cpp stands in and says so.

#include <string_view>

#include "anmkit/export.hpp"

namespace anmkit::detail {

// `options` already checked, with file_name set (export_kinds.cpp).
Expected<Export> export_image(const Document& document, std::string_view kind, const ExportOptions& options);

}  // namespace anmkit::detail
