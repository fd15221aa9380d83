#pragma once
// At most so many diagnostics of one kind for one file. A text file can hold a finding every few
// bytes (a `.mdl` of 300 000 empty unknown blocks, each a note of some 300 bytes); a report of
// that many identical lines helps nobody and costs a hundred times the file. Past the cap the
// findings of that id are counted, not kept, and one closing diagnostic of the same id and
// severity says how many were left out and where the first of them is.

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "anmkit/core/diagnostic.hpp"

namespace anmkit {

class DiagnosticCap {
 public:
  static constexpr std::size_t per_kind = 1000;

  // Counts a finding of `id`; true while it is among the first `per_kind` of its id (keep it:
  // make its message only then).
  bool keep(std::string_view id, Severity severity, std::optional<std::uint64_t> offset);

  struct LeftOut {
    std::string id;
    Severity severity;
    std::size_t count;                    // findings not kept
    std::optional<std::uint64_t> offset;  // the first of them
  };
  // Those past the cap, in the order of their ids.
  std::vector<LeftOut> left_out() const;

  // keep() and a closing diagnostic for each id past the cap, on a list: "N more findings of this
  // kind (ID) from here on are not listed: a file lists at most 1000 of one kind", the message
  // prefixed by `where(offset)` when given (a text file's "line N: ").
  template <class Where>
  void close(std::vector<Diagnostic>& out, Where where) const {
    for (const LeftOut& l : left_out()) out.push_back(closing(l, l.offset ? where(*l.offset) : std::string()));
  }
  void close(std::vector<Diagnostic>& out) const {
    close(out, [](std::uint64_t) { return std::string(); });
  }

 private:
  static Diagnostic closing(const LeftOut& l, std::string prefix);
  struct Count {
    std::size_t seen = 0;
    Severity severity = Severity::warning;
    std::optional<std::uint64_t> first_left_out;
  };
  std::map<std::string, Count, std::less<>> counts_;
};

}  // namespace anmkit
