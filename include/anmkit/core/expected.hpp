#pragma once
// Expected<T>: a value or an Error, in the style of std::expected (C++23) and fastgltf.

#include <cassert>
#include <optional>
#include <utility>
#include <variant>

#include "anmkit/core/error.hpp"

namespace anmkit {

template <class T>
class [[nodiscard]] Expected {
 public:
  Expected(T value) : state_(std::in_place_index<0>, std::move(value)) {}
  Expected(Error error) : state_(std::in_place_index<1>, std::move(error)) {}

  bool has_value() const noexcept { return state_.index() == 0; }
  explicit operator bool() const noexcept { return has_value(); }

  T& value() & { assert(has_value()); return std::get<0>(state_); }
  const T& value() const& { assert(has_value()); return std::get<0>(state_); }
  T&& value() && { assert(has_value()); return std::get<0>(std::move(state_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  Error& error() & { assert(!has_value()); return std::get<1>(state_); }
  const Error& error() const& { assert(!has_value()); return std::get<1>(state_); }

 private:
  std::variant<T, Error> state_;
};

template <>
class [[nodiscard]] Expected<void> {
 public:
  Expected() = default;
  Expected(Error error) : error_(std::move(error)) {}

  bool has_value() const noexcept { return !error_.has_value(); }
  explicit operator bool() const noexcept { return has_value(); }
  Error& error() { assert(error_); return *error_; }
  const Error& error() const { assert(error_); return *error_; }

 private:
  std::optional<Error> error_;
};

// Runs codec internals that report failure by throwing ErrorException, and returns their result
// (or the error) as an Expected. Public entry points use it so that nothing throws past them.
template <class Body>
auto catch_errors(Body&& body) -> Expected<decltype(body())> {
  try {
    return body();
  } catch (ErrorException& e) {
    return std::move(e.error);
  }
}

}  // namespace anmkit
