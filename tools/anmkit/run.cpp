// The command line, parsed and run: everything main() does but set up the process, so that a
// fuzz target can call it in-process.

#include <cstdio>
#include <exception>

#include <CLI/CLI.hpp>

#include "cli_common.hpp"

namespace anmkit::cli {

int run(int argc, char** argv) {
  CLI::App app{"anmkit: identify, check, dump, edit and convert .anm animation files.\n"
               "Formats: GEM skeletal animation (EANM; Soldiers: Heroes of WWII, Men of War, Gates of Hell),\n"
               "Luigi's Mansion node animation (GameCube), Might and Magic II sprites (Amiga)."};
  // Options are `--name` and `-n` on every platform: CLI11's Windows-style `/name` (its default
  // under _WIN32) would take the path `/data/x.anm` for an option. Set before the subcommands,
  // which take it from here.
  app.allow_windows_style_options(false);
  app.set_version_flag("--version", "anmkit " ANMKIT_VERSION_STRING);
  app.require_subcommand(1, 1);
  app.fallthrough(true);  // the global --max-* options may follow the subcommand
  add_limit_options(app);

  int exit_code = exit_ok;
  add_info(app, exit_code);
  add_validate(app, exit_code);
  add_dump(app, exit_code);
  add_build(app, exit_code);
  add_sample(app, exit_code);
  add_convert(app, exit_code);
  add_edit(app, exit_code);
  add_batch(app, exit_code);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int rc = app.exit(e);  // prints help/version on stdout, errors on stderr
    return check_stdout(rc == 0 ? exit_ok : exit_usage);
  } catch (const std::exception& e) {
    // The last line of defence: every input error has its own message; this is a bug's.
    std::fprintf(stderr, "anmkit: internal error: %s\n", e.what());
    return exit_failure;
  }
  // Whatever a command printed must have reached stdout: a full disk or a closed pipe is a failure.
  return check_stdout(exit_code);
}

}  // namespace anmkit::cli
