// anmkit build IN.json -o OUT.anm: the exact inverse of dump. Errors name the JSON pointer.

#include "anmkit/core/file_io.hpp"
#include "anmkit/core/json_input.hpp"
#include "anmkit/formats/gem/gem_json.hpp"
#include "anmkit/formats/gem/gem_validate.hpp"
#include "anmkit/formats/gem/gem_write.hpp"
#include "anmkit/formats/lm/lm_json.hpp"
#include "anmkit/formats/lm/lm_validate.hpp"
#include "anmkit/formats/lm/lm_write.hpp"
#include "anmkit/formats/mm2/mm2_json.hpp"
#include "anmkit/formats/mm2/mm2_validate.hpp"
#include "anmkit/formats/mm2/mm2_write.hpp"
#include "cli_common.hpp"

namespace anmkit::cli {
namespace {

struct Options {
  std::string json;
  std::string output;
  bool force = false;
  bool no_validate = false;
};

// One format's path from a parsed document to bytes: model, validation (findings point into the
// JSON), encoding.
template <class Codec>
Expected<std::vector<std::uint8_t>> build(const nlohmann::ordered_json& doc, const Options& opt, bool& invalid) {
  auto file = Codec::from_json(doc);
  if (!file) return file.error();
  if (!opt.no_validate) {
    auto diagnostics = Codec::validate(*file);
    for (auto& d : diagnostics) {
      d.offset.reset();  // the input is JSON: point into it
      print_diagnostic(opt.json, d);
    }
    invalid = has_errors(diagnostics);
    if (invalid) return std::vector<std::uint8_t>{};
  }
  return Codec::write(*file);
}

struct GemCodec {
  static auto from_json(const nlohmann::ordered_json& d) { return gem::from_json(d); }
  static auto validate(const gem::File& f) { return gem::validate(f); }
  static auto write(const gem::File& f) { return gem::write(f); }
};

struct LmCodec {
  static auto from_json(const nlohmann::ordered_json& d) { return lm::from_json(d); }
  static auto validate(const lm::File& f) { return lm::validate(f); }
  static auto write(const lm::File& f) { return lm::write(f); }
};

struct Mm2Codec {
  static auto from_json(const nlohmann::ordered_json& d) { return mm2::from_json(d); }
  static auto validate(const mm2::File& f) { return mm2::validate(f); }
  static auto write(const mm2::File& f) { return mm2::write(f); }
};

}  // namespace

void add_build(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("build", "Build an animation file from a JSON dump (edited or not)");
  auto opt = std::make_shared<Options>();
  cmd->add_option("IN", opt->json, "JSON dump (see docs/json-schema.md)")->required();
  cmd->add_option("-o,--output", opt->output, "Output animation file")->required();
  cmd->add_flag("--in-place,--force", opt->force, "Allow the output to replace an input file");
  cmd->add_flag("--no-validate", opt->no_validate, "Write even when the result breaks the format's rules");
  cmd->callback([opt, &exit_code] {
    auto fail = [&](Error e) { exit_code = report(std::move(e), opt->json); };
    auto text = read_file(opt->json, limits().max_input_bytes);
    if (!text) return fail(text.error());
    bool invalid = false;
    auto doc = catch_errors([&] { return json_input::parse(*text); });
    if (!doc) return fail(doc.error());
    const std::string format = doc->is_object() && doc->contains("format") && (*doc)["format"].is_string()
                                   ? (*doc)["format"].get<std::string>()
                                   : "";
    auto bytes = format == "lm"    ? build<LmCodec>(*doc, *opt, invalid)
                 : format == "mm2" ? build<Mm2Codec>(*doc, *opt, invalid)
                                   : build<GemCodec>(*doc, *opt, invalid);
    if (!bytes) return fail(bytes.error());
    if (invalid) {
      exit_code = exit_failure;
      return;
    }
    if (auto written = write_output(opt->output, *bytes, {opt->json}, opt->force); !written) fail(written.error());
  });
}

}  // namespace anmkit::cli
