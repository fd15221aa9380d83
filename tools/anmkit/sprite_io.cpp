#include "sprite_io.hpp"

#include <algorithm>
#include <charconv>
#include <map>
#include <regex>

#include <fmt/format.h>

#include "anmkit/core/file_io.hpp"
#include "anmkit/core/folders.hpp"
#include "anmkit/core/path_utf8.hpp"
#include "anmkit/export.hpp"
#include "anmkit/image/png.hpp"
#include "gltf_convert.hpp"

namespace anmkit::cli {
namespace {

// What OUT's form asks for: a folder of PNG frames, or one of the library's export kinds ("" for
// none).
bool is_folder_output(const std::string& output) {
  return !output.empty() && (output.back() == '/' || is_folder(output));
}

std::string export_kind(const std::string& output) {
  const std::string ext = lower_extension(output);
  if (ext == ".png") return "png";  // a sheet and its .json
  if (ext == ".gif") return "gif";
  if (ext == ".iff") return "iff";
  if (ext == ".ilbm" || ext == ".lbm") return "ilbm";
  return "";
}

// Writes one output and returns exit_failure (after reporting) when it cannot.
struct Writer {
  const InputSet& inputs;
  bool force;
  int status = exit_ok;
  void put(const std::string& path, const Expected<std::vector<std::uint8_t>>& bytes) {
    if (!bytes) {
      status = report(bytes.error(), path);
      return;
    }
    if (auto written = write_output(path, *bytes, inputs, force); !written) status = report(written.error());
  }
};

}  // namespace

int export_sprite(const Document& document, const std::string& output, const InputSet& inputs, const SpriteExportOptions& opt) {
  const std::string& input = document.name();
  Writer out{inputs, opt.force};
  if (is_folder_output(output)) {
    auto sprite = document.sprite();
    if (!sprite) return report(sprite.error(), input);
    const std::vector<model::IndexedImage>* raw = &sprite->stored;
    std::error_code ec;
    create_folders(output, ec);
    if (ec) return report(make_error(ErrorCode::io, fmt::format("cannot create the folder: {}", ec.message())), output);
    for (std::size_t i = 0; i < raw->size(); ++i) {
      out.put(utf8(fs_path(output) / fmt::format("raw_{:03}.png", i)),
              png::encode_indexed(model::scaled((*raw)[i], opt.scale), sprite->palette));
    }
    for (std::size_t k = 0; k < sprite->state_count(); ++k) {
      out.put(utf8(fs_path(output) / fmt::format("composed_{:03}.png", k)),
              png::encode_indexed(model::scaled(sprite->state(k), opt.scale), sprite->palette));
    }
    return out.status;
  }
  const std::string kind = export_kind(output);
  if (kind.empty()) {
    report(make_error(ErrorCode::unsupported,
                      fmt::format("cannot tell what to write from '-o {}': use DIR/ (PNG frames), NAME.png (a sheet), "
                                  "NAME.gif or NAME.iff",
                                  output)),
           input);
    return exit_usage;  // the command line names no output there is
  }
  ExportOptions options;
  options.scale = opt.scale;
  options.raw = opt.raw;
  if (opt.sequence >= 0) options.sequence = std::uint64_t(opt.sequence);
  options.flipbook = opt.flipbook;
  options.flipbook_ticks = opt.flipbook_ticks;
  options.state = opt.state;
  options.limits = limits();
  options.file_name = utf8(fs_path(output).filename());  // what the sheet's .json names
  auto exported = export_as(document, kind, options);
  // An error naming no file is about the output (an image past --max-output-pixels).
  if (!exported) return report(exported.error(), output);
  print_warnings(exported->warnings);
  // The first file is OUT; the others sit beside it under its name (NAME.png's NAME.json).
  for (std::size_t i = 0; i < exported->files.size(); ++i) {
    const auto& file = exported->files[i];
    out.put(i == 0 ? output : utf8(fs_path(output).replace_extension(file.suffix)), file.bytes);
  }
  return out.status;
}

int import_sprite_frames(const std::string& folder, const std::string& output, const SpriteImportOptions& opt) {
  if (opt.base.empty()) {
    return report(make_error(ErrorCode::unsupported, "importing a folder needs --base ORIGINAL.anm (the file the frames came from)"),
                  folder);
  }
  auto base = Document::open(opt.base, open_options());
  if (!base) return report(base.error());
  if (!base->format().sprite) {
    return report(make_error(ErrorCode::unsupported, "the base is not a sprite animation"), opt.base);
  }
  InputSet inputs{opt.base};
  std::map<std::size_t, Document::FramePicture> images;
  const std::regex raw_name(R"(raw_(\d{3,})\.png)");
  std::error_code ec;
  for (const FolderEntry& entry : list_folder(folder, ec)) {
    std::smatch m;
    if (!std::regex_match(entry.name, m, raw_name)) continue;
    const std::string path = utf8(fs_path(folder) / fs_path(entry.name));
    // The number is the file name's: it may not fit any integer.
    const std::string digits = m[1].str();
    std::size_t index = 0;
    const auto [end, failed] = std::from_chars(digits.data(), digits.data() + digits.size(), index);
    if (failed != std::errc() || end != digits.data() + digits.size()) {
      const auto sprite = base->sprite();
      const std::size_t frames = sprite ? sprite->stored.size() : 0;
      return report(make_error(ErrorCode::bad_value, fmt::format("the base file has frames 0..{}, not {}", frames - 1, digits)),
                    path);
    }
    inputs.add(path);
    auto bytes = read_file(path, limits().max_input_bytes);
    if (!bytes) return report(bytes.error());
    auto picture = png::decode(*bytes, limits().max_pixels);
    if (!picture) {
      Error e = picture.error();
      e.code = ErrorCode::bad_value;
      e.file = path;
      return report(std::move(e));
    }
    images[index] = {path, std::move(*picture)};
  }
  if (ec) return report(make_error(ErrorCode::io, fmt::format("cannot list the folder: {}", ec.message())), folder);
  if (images.empty()) return report(make_error(ErrorCode::bad_value, "no raw_NNN.png files in the folder"), folder);
  auto file = base->replace_frames({images.begin(), images.end()}, {opt.remap, opt.resize, opt.scale});
  if (!file) return report(file.error(), folder);
  const auto diagnostics = file->validate();
  // A warning the base already has (same place, same words) is not news of this import.
  const auto base_diagnostics = base->validate();
  for (const auto& d : diagnostics) {
    const bool inherited = d.severity == Severity::warning &&
                           std::any_of(base_diagnostics.begin(), base_diagnostics.end(), [&d](const Diagnostic& b) {
                             return b.id == d.id && b.pointer == d.pointer && b.message == d.message;
                           });
    if (!inherited) print_diagnostic(output, d);
  }
  if (has_errors(diagnostics)) return exit_failure;
  auto bytes = file->write();
  if (!bytes) return report(bytes.error(), output);
  if (auto written = write_output(output, *bytes, inputs, opt.force); !written) return report(written.error());
  return exit_ok;
}

}  // namespace anmkit::cli
