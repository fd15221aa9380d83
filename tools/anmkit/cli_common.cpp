#include "cli_common.hpp"

#include <cstdio>

#include <fmt/format.h>

#include "anmkit/core/file_io.hpp"
#include "anmkit/formats/gem/gem_read.hpp"

namespace anmkit::cli {

Expected<Input> load(const std::string& path) {
  auto bytes = read_file(path);
  if (!bytes) return bytes.error();
  Input input{path, std::move(*bytes), Format::unknown};
  input.format = detect_format(input.bytes);
  if (input.format == Format::unknown) {
    Error e = make_error(ErrorCode::unknown_format,
                         "not a recognised animation: no known signature at the start (GEM files start with 'EANM')", 0);
    e.file = path;
    return e;
  }
  return input;
}

Expected<LoadedGem> load_gem(const std::string& path) {
  auto input = load(path);
  if (!input) return input.error();
  auto file = gem::read(input->bytes);
  if (!file) {
    file.error().file = path;
    return file.error();
  }
  return LoadedGem{std::move(*input), std::move(*file)};
}

void print_error(const Error& error) { std::fprintf(stderr, "%s\n", format_error(error).c_str()); }

int report(Error error, const std::string& file) {
  if (error.file.empty()) error.file = file;
  print_error(error);
  return exit_failure;
}

void print_diagnostic(const std::string& file, const Diagnostic& diagnostic) {
  std::fprintf(stderr, "%s\n", format_diagnostic(file, diagnostic).c_str());
}

Expected<void> write_output(const std::string& path, std::span<const std::uint8_t> bytes,
                            const std::vector<std::string>& inputs, bool force) {
  if (!force) {
    for (const auto& input : inputs) {
      if (path != "-" && same_file(path, input)) {
        Error e = make_error(ErrorCode::io, "refusing to overwrite the input file; pass --force to replace it");
        e.file = path;
        return e;
      }
    }
  }
  return write_file_atomic(path, bytes);
}

Expected<void> write_output(const std::string& path, const std::string& text,
                            const std::vector<std::string>& inputs, bool force) {
  return write_output(path, {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()}, inputs, force);
}

}  // namespace anmkit::cli
