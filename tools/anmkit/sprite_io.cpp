#include "sprite_io.hpp"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <map>
#include <regex>

#include <fmt/format.h>

#include "anmkit/core/file_io.hpp"
#include "anmkit/image/ilbm.hpp"
#include "anmkit/image/png.hpp"
#include "anmkit/image/sprite_outputs.hpp"

namespace anmkit::cli {
namespace {

namespace fs = std::filesystem;

enum class Kind { folder, sheet, gif, ilbm, unknown };

Kind output_kind(const std::string& output) {
  if (!output.empty() && (output.back() == '/' || fs::is_directory(output))) return Kind::folder;
  const std::string ext = lower_extension(output);
  if (ext == ".png") return Kind::sheet;
  if (ext == ".gif") return Kind::gif;
  if (ext == ".iff" || ext == ".ilbm" || ext == ".lbm") return Kind::ilbm;
  return Kind::unknown;
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
  auto sprite = document.sprite();
  if (!sprite) return report(sprite.error(), input);
  const std::vector<model::IndexedImage>* raw = &sprite->stored;
  Writer out{inputs, opt.force};
  switch (output_kind(output)) {
    case Kind::folder: {
      std::error_code ec;
      fs::create_directories(output, ec);
      if (ec) return report(make_error(ErrorCode::io, fmt::format("cannot create the folder: {}", ec.message())), output);
      for (std::size_t i = 0; i < raw->size(); ++i) {
        out.put((fs::path(output) / fmt::format("raw_{:03}.png", i)).string(),
                png::encode_indexed(model::scaled((*raw)[i], opt.scale), sprite->palette));
      }
      for (std::size_t k = 0; k < sprite->images.size(); ++k) {
        out.put((fs::path(output) / fmt::format("composed_{:03}.png", k)).string(),
                png::encode_indexed(model::scaled(sprite->images[k], opt.scale), sprite->palette));
      }
      return out.status;
    }
    case Kind::sheet: {
      auto files = sprite_outputs::encode_sheet(opt.raw ? *raw : sprite->images, sprite->palette, opt.scale,
                                                fs::path(output).filename().string(), fs::path(input).filename().string(),
                                                opt.raw ? "frame" : "state", limits().max_output_pixels);
      if (!files) return report(files.error(), output);
      out.put(output, files->png);
      out.put(fs::path(output).replace_extension(".json").string(), std::vector<std::uint8_t>(files->json.begin(), files->json.end()));
      return out.status;
    }
    case Kind::gif: {
      if (opt.sequence >= 0 && std::size_t(opt.sequence) >= sprite->sequences.size()) {
        return report(make_error(ErrorCode::bad_value,
                                 fmt::format("--sequence {}: the file has {} sequences", opt.sequence, sprite->sequences.size())),
                      input);
      }
      bool fell_back = false;
      auto steps = sprite_outputs::gif_steps(*sprite, opt.sequence >= 0 ? std::optional<std::size_t>(std::size_t(opt.sequence)) : std::nullopt,
                                             opt.flipbook, opt.flipbook_ticks, fell_back);
      if (!steps) return report(steps.error(), input);
      if (fell_back) {
        print_line(stderr, input + ": warning: no non-empty sequence; writing the composed states in order (--flipbook)");
      }
      out.put(output, sprite_outputs::encode_gif(*sprite, *steps, opt.scale, limits().max_output_pixels));
      return out.status;
    }
    case Kind::ilbm: {
      if (opt.state >= sprite->images.size()) {
        return report(make_error(ErrorCode::bad_value, fmt::format("--state {}: the file has composed states 0..{}", opt.state,
                                                                   sprite->images.size() - 1)),
                      input);
      }
      out.put(output, ilbm::encode(model::scaled(sprite->images[opt.state], opt.scale), sprite->palette, sprite->planes, 0));
      return out.status;
    }
    case Kind::unknown: break;
  }
  report(make_error(ErrorCode::unsupported,
                    fmt::format("cannot tell what to write from '-o {}': use DIR/ (PNG frames), NAME.png (a sheet), "
                                "NAME.gif or NAME.iff",
                                output)),
         input);
  return exit_usage;  // the command line names no output there is
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
  // increment(ec): a range-for's ++ throws when the listing fails part way.
  for (auto it = fs::directory_iterator(folder, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
    const fs::directory_entry& entry = *it;
    std::smatch m;
    const std::string name = entry.path().filename().string();
    if (!std::regex_match(name, m, raw_name)) continue;
    // The number is the file name's: it may not fit any integer.
    const std::string digits = m[1].str();
    std::size_t index = 0;
    const auto [end, failed] = std::from_chars(digits.data(), digits.data() + digits.size(), index);
    if (failed != std::errc() || end != digits.data() + digits.size()) {
      const auto sprite = base->sprite();
      const std::size_t frames = sprite ? sprite->stored.size() : 0;
      return report(make_error(ErrorCode::bad_value, fmt::format("the base file has frames 0..{}, not {}", frames - 1, digits)),
                    entry.path().string());
    }
    inputs.add(entry.path().string());
    auto bytes = read_file(entry.path().string(), limits().max_input_bytes);
    if (!bytes) return report(bytes.error());
    auto picture = png::decode(*bytes, limits().max_pixels);
    if (!picture) {
      Error e = make_error(ErrorCode::bad_value, picture.error().message);
      e.file = entry.path().string();
      return report(std::move(e));
    }
    images[index] = {entry.path().string(), std::move(*picture)};
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
