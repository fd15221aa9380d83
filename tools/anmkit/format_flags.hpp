#pragma once
// The formats' own options on a command, as the registry declares them: --NAME for each
// FormatOption, and a format's own name for its skeleton (--bin). Nothing here names a format.

#include <map>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "anmkit/anmkit.hpp"

namespace anmkit::cli {

class FormatFlags {
 public:
  enum Use : unsigned { opening = 1, importing = 2 };
  // Adds the options that apply to `use` (and the skeleton's own names) to `command`.
  void add_to(CLI::App* command, unsigned use);
  // The skeleton given under a format's own name for it (--bin); "" when none.
  const std::string& skeleton() const { return skeleton_; }
  // The settings given for `use`, each with how it was given ("--nodes").
  FormatSettings settings(unsigned use) const;
  // The value given for an option, else its default (a choice's first; "" for the others).
  std::string value_or_default(std::string_view name) const;
  // The front door's options: the limits, the skeleton under its own name, the settings.
  OpenOptions open_options() const;

 private:
  struct Given {
    FormatOption option;
    std::string value;
    CLI::Option* flag = nullptr;
  };
  std::map<std::string, Given, std::less<>> given_;
  std::string skeleton_;
  std::vector<std::pair<std::string, CLI::Option*>> skeleton_flags_;  // "--bin", ...: each format's own name for it
};

}  // namespace anmkit::cli
