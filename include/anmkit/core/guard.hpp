#pragma once
// The one exception guard that every entry point of the library runs its body in: an error a
// codec throws (ErrorException) comes back as the value it carries, an allocation that fails as
// out_of_memory, anything else (a bug) as internal. Nothing crosses an entry point.

#include "anmkit/core/error.hpp"

namespace anmkit {

// The exception being handled, as an error; call only inside a catch block.
Error caught_error();

// body() (which returns an Expected<T> or anything an Error converts to), or the error of what it
// threw.
template <class Body>
auto guard(Body&& body) -> decltype(body()) {
  try {
    return body();
  } catch (...) {
    return caught_error();
  }
}

}  // namespace anmkit
