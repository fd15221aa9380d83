// The Might and Magic II format's registry entry: sprite animations.

#include "anmkit/formats/mm2/mm2_compose.hpp"
#include "anmkit/formats/mm2/mm2_import.hpp"
#include "anmkit/formats/mm2/mm2_info.hpp"
#include "anmkit/formats/mm2/mm2_json.hpp"
#include "anmkit/formats/mm2/mm2_read.hpp"
#include "anmkit/formats/mm2/mm2_time_edit.hpp"
#include "anmkit/formats/mm2/mm2_validate.hpp"
#include "anmkit/formats/mm2/mm2_write.hpp"
#include "../format_entry.hpp"

namespace anmkit::detail {
namespace {

class Mm2Model final : public FormatModel {
 public:
  explicit Mm2Model(mm2::File file) : file_(std::move(file)) {}
  std::vector<Diagnostic> validate() const override { return mm2::validate(file_); }
  Expected<Bytes> write() const override { return mm2::write(file_); }
  nlohmann::ordered_json to_json() const override { return mm2::to_json(file_); }
  nlohmann::ordered_json summary(const OpenOptions& options) const override { return mm2::summary(file_, options.tick_hz); }
  std::string summary_text(const nlohmann::ordered_json& summary) const override { return mm2::summary_text(summary); }
  Expected<model::SpriteAnimation> sprite(const OpenOptions& options) const override {
    return mm2::to_sprite(file_, options.tick_hz);
  }
  Expected<std::shared_ptr<const FormatModel>> replace_frames(
      const std::vector<std::pair<std::size_t, Document::FramePicture>>& frames,
      const Document::FrameImportOptions& options) const override {
    std::map<std::size_t, mm2::FrameImage> images;
    for (const auto& [index, frame] : frames) images[index] = {frame.name, frame.picture};
    auto file = mm2::import_frames(file_, images, {options.remap, options.resize, options.scale});
    if (!file) return file.error();
    return std::shared_ptr<const FormatModel>(std::make_shared<Mm2Model>(std::move(*file)));
  }
  Expected<TimeEdited> edit_time(const model::TimeEdit& edit, const ReadLimits& limits) const override {
    auto edited = mm2::edit_time(file_, edit, limits);
    if (!edited) return edited.error();
    TimeEdited out;
    if (!edited->unchanged) out.model = std::make_shared<Mm2Model>(std::move(edited->file));
    out.notes = std::move(edited->notes);
    return out;
  }

 private:
  mm2::File file_;
};

Expected<std::shared_ptr<const FormatModel>> read(std::span<const std::uint8_t> bytes, const OpenOptions& options) {
  auto file = mm2::read(bytes, options.limits);
  if (!file) return file.error();
  return std::shared_ptr<const FormatModel>(std::make_shared<Mm2Model>(std::move(*file)));
}

Expected<std::shared_ptr<const FormatModel>> from_json(const nlohmann::ordered_json& document, const OpenOptions& options) {
  auto file = mm2::from_json(document, options.limits);
  if (!file) return file.error();
  return std::shared_ptr<const FormatModel>(std::make_shared<Mm2Model>(std::move(*file)));
}

const FormatEntry& entry() {
  static const FormatEntry entry{
      .info = {.name = "mm2", .title = "Might and Magic II sprite animation (Amiga, ANM TV)", .sprite = true, .time_edits = true,
               .animation_extension = ".anm"},
      .signature = "MM2 ('00 00 54 56')",
      .sniff = mm2::looks_like_mm2,
      .read = read,
      .from_json = from_json,
  };
  return entry;
}

}  // namespace

}  // namespace anmkit::detail

ANMKIT_FORMAT_ENTRY(mm2, entry)
