// anmkit: one command-line tool for the `.anm` animation formats.

#include <cstdio>
#include <exception>

#include <CLI/CLI.hpp>

#include "cli_common.hpp"
#include "common/keep_freed_memory.hpp"

#include "anmkit/core/file_io.hpp"

int main(int argc, char** argv) {
  anmkit::install_interrupt_cleanup();  // Ctrl-C leaves no temporary files behind
  anmkit::tools::keep_freed_memory();
  CLI::App app{"anmkit: identify, check, dump, edit and convert .anm animation files.\n"
               "Formats: GEM skeletal animation (EANM; Soldiers: Heroes of WWII, Men of War, Gates of Hell),\n"
               "Luigi's Mansion node animation (GameCube), Might and Magic II sprites (Amiga)."};
  app.set_version_flag("--version", "anmkit 0.1.0");
  app.require_subcommand(1, 1);
  app.fallthrough(true);  // the global --max-* options may follow the subcommand
  anmkit::cli::add_limit_options(app);

  int exit_code = anmkit::cli::exit_ok;
  anmkit::cli::add_info(app, exit_code);
  anmkit::cli::add_validate(app, exit_code);
  anmkit::cli::add_dump(app, exit_code);
  anmkit::cli::add_build(app, exit_code);
  anmkit::cli::add_sample(app, exit_code);
  anmkit::cli::add_convert(app, exit_code);
  anmkit::cli::add_batch(app, exit_code);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int rc = app.exit(e);  // prints help/version on stdout, errors on stderr
    return rc == 0 ? anmkit::cli::exit_ok : anmkit::cli::exit_usage;
  } catch (const std::exception& e) {
    // The last line of defence: every input error has its own message; this is a bug's.
    std::fprintf(stderr, "anmkit: internal error: %s\n", e.what());
    return anmkit::cli::exit_failure;
  }
  return exit_code;
}
