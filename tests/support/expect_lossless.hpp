#pragma once
// The check every reader test starts with: the bytes parse, and writing the parsed model gives
// the same bytes back (anmkit's promise that a read and write loses nothing).

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "anmkit/core/expected.hpp"

namespace anmkit::test {

// `parsed` is what the reader returned for `bytes`; `model_of` picks the lossless file model out
// of it and `write` is the format's writer. Returns the parsed value, or a default one after a
// test failure.
template <class T, class ModelOf, class Write>
T expect_lossless(const Expected<T>& parsed, const std::vector<std::uint8_t>& bytes, ModelOf&& model_of, Write&& write) {
  EXPECT_TRUE(parsed) << (parsed ? "" : parsed.error().to_string());
  if (!parsed) return {};
  const auto again = write(model_of(*parsed));
  EXPECT_TRUE(again) << (again ? "" : again.error().to_string());
  if (again) {
    EXPECT_EQ(*again, bytes) << "write(read(bytes)) must give the same bytes";
  }
  return *parsed;
}

// The same where the reader returns the file model itself.
template <class T, class Write>
T expect_lossless(const Expected<T>& parsed, const std::vector<std::uint8_t>& bytes, Write&& write) {
  return expect_lossless(parsed, bytes, [](const T& model) -> const T& { return model; }, write);
}

}  // namespace anmkit::test
