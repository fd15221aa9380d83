#pragma once
// Floats to and from decimal text exactly as <charconv> does, also where the standard library has
// no floating-point <charconv>: Emscripten 3.1's libc++ (the WebAssembly build) has neither
// std::from_chars nor std::to_chars for floats. Where it has them (libstdc++, the native build)
// they are used as they are; the portable forms below stand in elsewhere, and are compiled on
// every build so that the native tests hold them to the standard library's results.

#include <charconv>
#include <string>

namespace anmkit {

// std::from_chars(first, last, value) for a float, general format: an optional '-', then digits
// with an optional point and exponent, or inf, infinity, nan, nan(chars), any case; correctly
// rounded; result_out_of_range, `value` untouched, when a number rounds to infinity or to zero
// (a non-zero one).
std::from_chars_result float_from_chars(const char* first, const char* last, float& value);

// std::to_chars(first, last, value) for a finite float, as a string: the shortest decimal that
// reads back as `value`, nearest to it, plain or with an exponent, whichever is shorter (an
// integer plainly written is exact: 80084418560, not 80084420000).
std::string shortest_float_text(float value);

namespace detail {
// The portable forms, on strtof (correctly rounded in glibc and musl) and fmt's shortest float
// digits.
std::from_chars_result float_from_chars_portable(const char* first, const char* last, float& value);
std::string shortest_float_text_portable(float value);
}  // namespace detail

}  // namespace anmkit
