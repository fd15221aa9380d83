// export_as's sprite kinds: a sprite sheet with its cell map (png), an animated GIF of a sequence
// (gif), one composed state as IFF ILBM (ilbm, iff).

#include <filesystem>

#include <fmt/format.h>

#include "anmkit/core/path_utf8.hpp"
#include "anmkit/image/ilbm.hpp"
#include "anmkit/image/sprite_outputs.hpp"
#include "export_images.hpp"

namespace anmkit::detail {
namespace {

// An option's value past what the file holds: the document's error.
Error past_the_file(const Document& document, Wording message) {
  Error e = make_error(ErrorCode::bad_value, std::move(message));
  e.file = document.name();
  return e;
}

}  // namespace

Expected<Export> export_image(const Document& document, std::string_view kind, const ExportOptions& options) {
  auto sprite = document.sprite();
  if (!sprite) return sprite.error();
  const std::size_t scale = options.scale;
  const std::uint64_t max_pixels = options.limits.max_output_pixels;
  if (kind == "png") {
    auto files = sprite_outputs::encode_sheet(*sprite, options.raw, scale, options.file_name,
                                              utf8(fs_path(document.name()).filename()), max_pixels);
    if (!files) return files.error();
    return Export{{{".png", std::move(files->png)}, {".json", {files->json.begin(), files->json.end()}}}, {}};
  }
  if (kind == "gif") {
    if (options.sequence && *options.sequence >= sprite->sequences.size()) {
      Wording why = naming("sequence", "the sequence option");
      why += fmt::format(" {}: the file has {} sequences", *options.sequence, sprite->sequences.size());
      return past_the_file(document, std::move(why));
    }
    bool fell_back = false;
    const auto sequence = options.sequence ? std::optional<std::size_t>(std::size_t(*options.sequence)) : std::nullopt;
    auto steps = sprite_outputs::gif_steps(*sprite, sequence, options.flipbook, std::uint32_t(options.flipbook_ticks), fell_back);
    if (!steps) return steps.error();
    auto gif = sprite_outputs::encode_gif(*sprite, *steps, scale, max_pixels);
    if (!gif) return gif.error();
    Export out{{{".gif", std::move(*gif)}}, {}};
    if (fell_back) {
      Wording why("no non-empty sequence; writing the composed states in order (");
      why += naming("flipbook", "the flipbook option");
      why += ")";
      out.warnings.push_back({document.name(), std::move(why.text), std::move(why.settings)});
    }
    return out;
  }
  // ilbm, iff: one composed state.
  if (options.state >= sprite->state_count()) {
    if (sprite->state_count() == 0) return past_the_file(document, "the file has no composed states");
    Wording why = naming("state", "the state option");
    why += fmt::format(" {}: the file has composed states 0..{}", options.state, sprite->state_count() - 1);
    return past_the_file(document, std::move(why));
  }
  auto iff = ilbm::encode(model::scaled(sprite->state(options.state), scale), sprite->palette, sprite->planes, 0);
  if (!iff) return iff.error();
  return Export{{{"." + std::string(kind), std::move(*iff)}}, {}};
}

}  // namespace anmkit::detail
