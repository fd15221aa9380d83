// export_as's sprite kinds in a build without the image layer (WebAssembly: no libspng or
// giflib): a clear error instead of a link failure.

#include <fmt/format.h>

#include "export_images.hpp"

namespace anmkit::detail {

Expected<Export> export_image(const Document& document, std::string_view kind, const ExportOptions&) {
  Wording why = naming("export_kind", "the export kind");
  why += fmt::format(" {} is not in this build (it has no image layer)", kind);
  Error e = make_error(ErrorCode::unsupported, std::move(why));
  e.file = document.name();
  return e;
}

}  // namespace anmkit::detail
