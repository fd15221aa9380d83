// anmkit edit IN -o OUT EDIT...: time edits of a sequence (retime, trim, reverse, insert and
// delete frames, a loop seam), applied in the order given. The library does the work
// (Document::edit_time, model/time_edit.hpp); this parses and prints.

#include <cstdio>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "format_flags.hpp"
#include "gltf_convert.hpp"

namespace anmkit::cli {

void add_edit(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("edit", "Retime, trim, reverse, insert or delete frames, or close the loop of a sequence");
  cmd->footer(fmt::format("EDIT, applied in the order given:\n{}"
                          "GEM keys keep their bytes and move to the first frame that shows them; LM curves are cut exactly;\n"
                          "MM2 frames are ticks. `edit reverse reverse` and `edit retime=2 retime=1/2` give the file back.\n"
                          "See docs/cli.md.",
                          model::time_edit_help()));
  struct Options {
    std::string input, output;
    std::vector<std::string> edits;
    bool force = false;
    FormatFlags format;
  };
  auto opt = std::make_shared<Options>();
  cmd->add_option("IN", opt->input, "Input animation file")->required();
  cmd->add_option("EDIT", opt->edits, "The edits, in order (see below)")->required();
  cmd->add_option("-o,--output", opt->output, "Output file")->required();
  cmd->add_flag("--in-place,--force", opt->force, "Allow the output to replace the input");
  opt->format.add_to(cmd, FormatFlags::opening);
  cmd->callback([opt, &exit_code] {
    std::vector<model::TimeEdit> edits;
    for (const auto& text : opt->edits) {
      auto edit = model::parse_time_edit(text);
      if (!edit) {
        // About the command line, not a file: no file name before it.
        std::fputs(("error: " + printable(edit.error().message) + "\n").c_str(), stderr);
        exit_code = exit_usage;
        return;
      }
      edits.push_back(*edit);
    }
    auto fail = [&](Error e) { exit_code = report(std::move(e), opt->input); };
    const InputSet inputs{opt->input, opt->format.skeleton()};
    auto document = Document::open(opt->input, opt->format.open_options());
    if (!document) return fail(document.error());
    if (!document->format().time_edits) {
      return fail(make_error(ErrorCode::unsupported, fmt::format("{} files have no time edits yet", document->format().title)));
    }
    Document edited = *document;
    for (const auto& edit : edits) {
      auto step = edited.edit_time(edit);
      if (!step) return fail(step.error());
      print_warnings(step->warnings);
      edited = std::move(step->document);
    }
    auto bytes = edited.write();
    if (!bytes) return fail(bytes.error());
    if (auto written = write_output(opt->output, *bytes, inputs, opt->force); !written) fail(written.error());
  });
}

}  // namespace anmkit::cli
