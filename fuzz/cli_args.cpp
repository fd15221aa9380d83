// libFuzzer target for the command line: argv from the input (arguments separated by NUL
// bytes), parsed and run in-process by anmkit::cli::run, so that options and numbers (nan,
// 2^64, -1, 1e-300), their combinations and the commands they reach are explored the way a
// user types them. Built by scripts/fuzz as fuzz_cli (run with -close_fd_mask=3: the commands
// print).
//
// Every run happens in a scratch folder laid anew from the examples (and their PNG frames and a
// glTF export), so runs do not depend on each other; an argument holding '/' or equal to ".."
// is dropped, so that nothing outside the scratch folder is read or written.

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include <unistd.h>

#include "cli_common.hpp"

namespace {

namespace fs = std::filesystem;

fs::path scratch;                                        // the folder runs happen in
std::map<std::string, std::vector<char>> template_files;  // relative path -> bytes

std::vector<char> slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

int run(std::vector<std::string> args) {
  args.insert(args.begin(), "anmkit");
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  return anmkit::cli::run(int(args.size()), argv.data());
}

// The scratch folder as the template has it, and the current folder.
void lay_out() {
  ::chdir("/");
  std::error_code ec;
  fs::remove_all(scratch, ec);
  fs::create_directories(scratch);
  for (const auto& [name, bytes] : template_files) {
    fs::create_directories((scratch / name).parent_path());
    std::ofstream(scratch / name, std::ios::binary).write(bytes.data(), std::streamsize(bytes.size()));
  }
  ::chdir(scratch.c_str());
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  char base[] = "/tmp/anmkit-fuzz-cli-XXXXXX";
  if (!::mkdtemp(base)) std::abort();
  static const fs::path top = base;
  std::atexit([] {
    std::error_code ec;
    fs::remove_all(top, ec);
  });
  scratch = top / "run";
  for (const auto& entry : fs::directory_iterator(fs::path(ANMKIT_SOURCE_DIR) / "examples")) {
    template_files[entry.path().filename().string()] = slurp(entry.path());
  }
  // PNG frames (an MM2 import's input) and a glTF file (an import's), made by the CLI itself.
  lay_out();
  run({"convert", "ghost_mm2.anm", "-o", "frames/"});
  run({"convert", "mansion_door.anm", "-o", "door.gltf"});
  for (const auto& entry : fs::recursive_directory_iterator(scratch)) {
    if (entry.is_regular_file()) template_files[fs::relative(entry.path(), scratch).string()] = slurp(entry.path());
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return 0;
  std::vector<std::string> args;
  std::string current;
  for (std::size_t i = 0; i <= size; ++i) {
    if (i < size && data[i] != 0) {
      current += char(data[i]);
      continue;
    }
    if (current.find('/') == std::string::npos && current != "..") args.push_back(current);
    current.clear();
    if (args.size() == 64) break;
  }
  lay_out();
  run(args);
  return 0;
}
