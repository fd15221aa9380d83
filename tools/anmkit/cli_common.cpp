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

Expected<gem::File> load_gem(const Input& input) {
  auto file = gem::read(input.bytes);
  if (!file) {
    file.error().file = input.path;
    return file.error();
  }
  return file;
}

void print_error(const Error& error) { std::fprintf(stderr, "%s\n", format_error(error).c_str()); }

void print_error(const std::string& file, const Error& error) {
  Error copy = error;
  if (copy.file.empty()) copy.file = file;
  print_error(copy);
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
