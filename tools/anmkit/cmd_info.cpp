// anmkit info FILE... [--json]: what each file is and what it holds.

#include <cstdio>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "format_flags.hpp"
#include "folder_tally.hpp"
#include "anmkit/inputs.hpp"

namespace anmkit::cli {

void add_info(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("info", "Show what each file is: format, version, frames, bones or nodes, keys");
  struct Options {
    std::vector<std::string> files;
    bool json = false;
    double fps = model::default_fps;
    double tick_hz = model::default_tick_hz;
    FormatFlags format;
  };
  auto opt = std::make_shared<Options>();
  cmd->add_option("FILE", opt->files, "Animation files or folders (walked recursively; format detected by content)")->required();
  cmd->add_flag("--json", opt->json, "Print JSON: an object for one file, an array for several");
  cmd->add_option("--fps", opt->fps, "LM: frames per second, for the duration")
      ->capture_default_str()
      ->check(real_number(fps_range));
  cmd->add_option("--tick-hz", opt->tick_hz, "MM2: game ticks per second, for sequence durations")
      ->capture_default_str()
      ->check(real_number(tick_hz_range));
  opt->format.add_to(cmd, FormatFlags::opening);
  cmd->callback([opt, &exit_code] {
    std::vector<Summary> all;
    OpenOptions options = opt->format.open_options();
    options.fps = opt->fps;
    options.tick_hz = opt->tick_hz;
    const auto inputs = expand_inputs(opt->files);
    FolderTally tally;
    std::size_t described = 0, unreadable = 0;
    const auto show = [&](const Summary& summary) {
      ++described;
      if (opt->json) {
        all.push_back(summary);
        return;
      }
      // The library's text says every name printable (a newline in a name is not a line, a NUL
      // does not end the output), so it is written as it is.
      std::fwrite(summary.text.data(), 1, summary.text.size(), stdout);
    };
    const auto fail = [&](const Error& error) {
      ++unreadable;
      exit_code = report(error);
    };
    for (const auto& in : inputs) {
      if (!in.error.empty()) {
        ++tally.unlisted;
        exit_code = report(make_error(ErrorCode::io, in.error), in.path);
        continue;
      }
      ++tally.files;
      // A file named on the command line is described whatever it is (an animation, a model, a
      // mesh); a folder's walk describes its animations and passes over the rest.
      auto document = Document::open(in.path, in.from_folder ? folder_walk(options) : any_file(options));
      if (!document) {
        if (passed_over(in, document.error())) {
          tally.skip(in.path);
        } else {
          fail(document.error());
        }
        continue;
      }
      if (in.from_folder && document->kind() != DocumentKind::animation) {
        tally.skip(in.path);
        continue;
      }
      const auto summary = document->summary();
      if (!summary) {
        fail(summary.error());
        continue;
      }
      show(*summary);
    }
    if (opt->json) {
      // (The JSON stays one document, without the summary line: it lists every file described.)
      const bool one = all.size() == 1 && inputs.size() == 1 && !inputs[0].from_folder;
      std::fputs(((one ? all[0].json : summaries_json(all)) + "\n").c_str(), stdout);
    } else if (walks_a_folder(opt->files)) {
      std::printf("%zu file%s: %zu described, %zu unreadable, %s\n", tally.files, tally.files == 1 ? "" : "s", described,
                  unreadable, tally.skipped_text().c_str());
    }
  });
}

}  // namespace anmkit::cli
