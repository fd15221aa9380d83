// anmkit: one command-line tool for the `.anm` animation formats.

#include <string>
#include <vector>

#include "cli_common.hpp"
#include "common/keep_freed_memory.hpp"
#include "common/process_setup.hpp"

#include "anmkit/core/file_io.hpp"

int main(int argc, char** argv) {
  anmkit::install_interrupt_cleanup();  // Ctrl-C leaves no temporary files behind
  std::vector<std::string> arguments = anmkit::tools::process_setup(argc, argv);
  anmkit::tools::keep_freed_memory();
  std::vector<char*> pointers;
  for (std::string& a : arguments) pointers.push_back(a.data());
  pointers.push_back(nullptr);
  return anmkit::cli::run(static_cast<int>(arguments.size()), pointers.data());
}
