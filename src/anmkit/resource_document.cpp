// A resource as a document (GEM .ply mesh, .mtl material, .vol volume, armour .mdl): its reader's
// summary and rules, its bytes as they were, and its lossless model as JSON (which nothing builds
// back), made when asked for.

#include "anmkit/core/json_pretty.hpp"
#include "anmkit/core/path_text.hpp"
#include "anmkit/model/clip.hpp"
#include "file_documents.hpp"
#include "registry.hpp"
#include "summary.hpp"

namespace anmkit::detail {
namespace {

class ResourceDocument final : public FormatModel {
 public:
  ResourceDocument(ResourceReader::Read read, std::span<const std::uint8_t> bytes)
      : read_(std::move(read)), bytes_(bytes.begin(), bytes.end()) {}

  DocumentKind kind() const override { return DocumentKind::resource; }
  std::vector<Diagnostic> validate() const override { return read_.file.diagnostics; }
  Expected<Bytes> write() const override { return bytes_; }
  // (A dump is tens of times its file's size: made only here, from the model the reader kept.)
  nlohmann::ordered_json to_json() const override { return read_.dump(); }
  nlohmann::ordered_json summary(const OpenOptions&) const override { return {}; }
  std::string summary_text(const nlohmann::ordered_json&) const override { return {}; }
  Expected<Summary> file_summary(const std::string&, const OpenOptions&) const override { return read_.file.summary; }

 private:
  ResourceReader::Read read_;
  Bytes bytes_;
};

}  // namespace

Expected<OpenedFile> read_resource_document(std::span<const std::uint8_t> bytes, const std::string& name, const OpenOptions& options) {
  const std::string extension = model::ascii_lower(path_extension(name));
  // A signature decides first; a text without one is known by its extension.
  for (const bool by_signature : {true, false}) {
    for (const FormatEntry* entry : entries()) {
      for (const ResourceReader& reader : entry->resources) {
        const bool taken = by_signature ? reader.sniff != nullptr && reader.sniff(bytes)
                                        : reader.sniff == nullptr && reader.extension == extension;
        if (!taken) continue;
        auto read = reader.read(bytes, name, options.limits);
        if (!read) return read.error();
        read->file.summary.json = pretty_json(summary_json(read->file.summary));
        return OpenedFile{entry, std::make_shared<const ResourceDocument>(std::move(*read), bytes)};
      }
    }
  }
  return make_error(ErrorCode::unknown_format, "not a file anmkit reads (an animation, a model, a mesh or a material)");
}

}  // namespace anmkit::detail
