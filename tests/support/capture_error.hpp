#pragma once
// Runs code that must throw ErrorException (codec internals) and returns the error it carried.

#include <gtest/gtest.h>

#include "anmkit/core/error.hpp"

namespace anmkit::test {

template <class Action>
Error capture_error(Action&& action) {
  try {
    action();
  } catch (ErrorException& e) {
    return e.error;
  }
  ADD_FAILURE() << "expected an ErrorException";
  return make_error(ErrorCode::io, "no error was thrown");
}

}  // namespace anmkit::test
