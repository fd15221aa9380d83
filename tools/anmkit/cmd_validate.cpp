// anmkit validate FILE... [--json]: exit 0 when every file is valid, 1 when any is not.

#include <cstdio>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "anmkit/core/json_pretty.hpp"
#include "anmkit/core/json_text.hpp"
#include "cli_common.hpp"
#include "format_flags.hpp"
#include "folder_tally.hpp"
#include "anmkit/inputs.hpp"

namespace anmkit::cli {
namespace {

nlohmann::ordered_json diagnostic_json(const Diagnostic& d) {
  nlohmann::ordered_json j = {{"severity", severity_name(d.severity)}, {"id", d.id}};
  j["offset"] = d.offset ? nlohmann::ordered_json(*d.offset) : nlohmann::ordered_json(nullptr);
  j["pointer"] = d.pointer;
  j["message"] = json_text(d.message);
  return j;
}

std::vector<Diagnostic> unreadable(const Error& e) {
  return {Diagnostic{Severity::error, fmt::format("read.{}", error_code_name(e.code)), in_cli_words(e.message, e.settings), e.offset, e.pointer}};
}

std::optional<std::vector<Diagnostic>> check(const InputFile& in, const OpenOptions& options) {
  // A file named on the command line is checked whatever it is: a model validates as it reads
  // (what its reader did not read are warnings), a mesh or material by its own rules. A folder's
  // walk checks its animations, and its models only for whether they read.
  auto document = Document::open(in.path, in.from_folder ? folder_walk(options) : any_file(options));
  if (!document) {
    if (passed_over(in, document.error())) return std::nullopt;  // not an animation
    return unreadable(document.error());
  }
  if (in.from_folder && document->kind() != DocumentKind::animation) return std::nullopt;
  return document->validate();
}

}  // namespace

void add_validate(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("validate", "Check files against the format's rules (exit 0 when all are valid)");
  cmd->footer(
      "Diagnostics go to stderr as FILE:OFFSET: error|warning: MESSAGE; stdout gets one verdict line per file.\n"
      "Exit 0 when all files are valid, 1 when any is not, 2 on a usage error.");
  struct Options {
    std::vector<std::string> files;
    bool json = false;
    bool strict = false;
    FormatFlags format;
  };
  auto opt = std::make_shared<Options>();
  cmd->add_option("FILE", opt->files, "Animation files or folders (walked recursively)")->required();
  cmd->add_flag("--json", opt->json, "Print a JSON report on stdout instead of diagnostics and verdicts");
  cmd->add_flag("--strict", opt->strict, "Count warnings as errors");
  opt->format.add_to(cmd, FormatFlags::opening);
  cmd->callback([opt, &exit_code] {
    nlohmann::ordered_json report = nlohmann::ordered_json::array();
    const OpenOptions options = opt->format.open_options();
    FolderTally tally;
    std::size_t valid_count = 0, invalid_count = 0, warning_count = 0;
    for (const auto& in : expand_inputs(opt->files)) {
      const std::string& path = in.path;
      if (!in.error.empty()) {
        ++tally.unlisted;
        exit_code = cli::report(make_error(ErrorCode::io, in.error), path);
        continue;
      }
      ++tally.files;
      const auto found = check(in, options);
      if (!found) {
        tally.skip(in.path);
        continue;
      }
      const std::vector<Diagnostic>& diagnostics = *found;
      std::size_t errors = 0, warnings = 0;
      for (const auto& d : diagnostics) (d.severity == Severity::error ? errors : warnings)++;
      const bool valid = errors == 0 && (!opt->strict || warnings == 0);
      (valid ? valid_count : invalid_count)++;
      warning_count += warnings;
      if (!valid) exit_code = exit_failure;
      if (opt->json) {
        nlohmann::ordered_json list = nlohmann::ordered_json::array();
        for (const auto& d : diagnostics) list.push_back(diagnostic_json(d));
        report.push_back({{"file", json_text(path)}, {"valid", valid}, {"errors", errors}, {"warnings", warnings},
                          {"diagnostics", std::move(list)}});
        continue;
      }
      for (const auto& d : diagnostics) print_diagnostic(path, d);
      print_line(stdout, fmt::format("{}: {}{}", path, valid ? "valid" : "invalid",
                                     errors + warnings == 0 ? std::string()
                                                            : fmt::format(" ({} error{}, {} warning{})", errors, errors == 1 ? "" : "s",
                                                                          warnings, warnings == 1 ? "" : "s")));
    }
    if (opt->json) {
      std::fputs((pretty_json(report) + "\n").c_str(), stdout);
    } else if (walks_a_folder(opt->files)) {
      // (JSON output stays one document: the array holds every file counted here but the skipped.)
      std::printf("%zu file%s: %zu valid, %zu invalid, %zu warning%s, %s\n", tally.files, tally.files == 1 ? "" : "s",
                  valid_count, invalid_count, warning_count, warning_count == 1 ? "" : "s", tally.skipped_text().c_str());
    }
  });
}

}  // namespace anmkit::cli
