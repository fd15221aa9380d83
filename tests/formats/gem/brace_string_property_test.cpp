// BraceString against std::string on random strings (rapidcheck: the native suite only).

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "anmkit/formats/gem/brace_string.hpp"

namespace anmkit::gem {
namespace {

RC_GTEST_PROP(BraceString, KeepsEveryStringAsGiven, (const std::string& s, const std::string& t)) {
  BraceString a = s;
  RC_ASSERT(a.view() == s);
  a = t;
  RC_ASSERT(a.view() == t);
  BraceString b = a;
  RC_ASSERT(b == a);
  RC_ASSERT(b.view() == t);
}

}  // namespace
}  // namespace anmkit::gem
