// save_as: an export written to disk, for the front ends that save what they export (the
// add-on, Python, the C API), with the document's own rule: never over its source unless asked.

#include <filesystem>

#include "anmkit/core/file_io.hpp"
#include "anmkit/core/guard.hpp"
#include "anmkit/core/path_utf8.hpp"
#include "anmkit/export.hpp"

namespace anmkit {

Expected<SavedExport> save_as(const Document& document, std::string_view kind, const std::string& path,
                              const ExportOptions& options, const SaveOptions& save) {
  return guard([&]() -> Expected<SavedExport> {
    if (path.empty()) return make_error(ErrorCode::io, "no file to save to (the path is empty)");
    ExportOptions named = options;
    if (named.file_name.empty()) named.file_name = utf8(fs_path(path).filename());
    auto exported = export_as(document, kind, named);
    if (!exported) return exported.error();
    SavedExport saved;
    for (std::size_t i = 0; i < exported->files.size(); ++i) {
      saved.paths.push_back(i == 0 ? path : utf8(fs_path(path).replace_extension(exported->files[i].suffix)));
    }
    // Every name checked before any is written: a refusal leaves nothing half saved.
    for (const std::string& to : saved.paths) {
      if (!save.overwrite_source && !document.source_path().empty() && same_file(to, document.source_path())) {
        Error refused = make_error(ErrorCode::io, "refusing to overwrite the file the document was opened from");
        refused.file = to;
        return refused;
      }
    }
    for (std::size_t i = 0; i < saved.paths.size(); ++i) {
      if (auto written = write_file_atomic(saved.paths[i], exported->files[i].bytes, save.durability); !written) {
        return written.error();
      }
    }
    saved.warnings = std::move(exported->warnings);
    return saved;
  });
}

}  // namespace anmkit
