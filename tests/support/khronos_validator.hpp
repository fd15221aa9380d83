#pragma once
// The Khronos glTF Validator (tools/gltf-validator, npm) run on a file: the tests hold every glTF
// anmkit writes to 0 errors and 0 warnings. `report` is a scratch file for its JSON report.

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include <nlohmann/json.hpp>

#include "support/run_cli.hpp"

namespace anmkit::test {

inline void expect_khronos_valid(const std::string& validator, const std::string& path, const std::string& report) {
  const int validated = std::system(("node " + shell_quote(validator) + " " + shell_quote(path) + " > " + report).c_str());
  const std::string validation = slurp(report);
  EXPECT_EQ(validated, 0) << validation;
  const nlohmann::json v = nlohmann::json::parse(validation, nullptr, false);
  ASSERT_FALSE(v.is_discarded()) << validation;
  EXPECT_EQ(v.value("errors", -1), 0) << validation;
  EXPECT_EQ(v.value("warnings", -1), 0) << validation;
}

}  // namespace anmkit::test
