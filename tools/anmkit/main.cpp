// anmkit: one command-line tool for the `.anm` animation formats.

#include <csignal>

#include "cli_common.hpp"
#include "common/keep_freed_memory.hpp"

#include "anmkit/core/file_io.hpp"

int main(int argc, char** argv) {
  anmkit::install_interrupt_cleanup();  // Ctrl-C leaves no temporary files behind
  // A closed pipe is a failed write (exit 1 with a message, temporary files removed), not a
  // silent death by SIGPIPE in the middle of a batch.
  std::signal(SIGPIPE, SIG_IGN);
  anmkit::tools::keep_freed_memory();
  return anmkit::cli::run(argc, argv);
}
