// The C API's lists of findings (anmkit_diagnostics): a validation's, and the warnings of a
// conversion or an export, each with the settings its message names.

#include "capi_support.hpp"

using namespace anmkit;
using capi::fail;
using capi::guarded;
using capi::ok;

namespace anmkit::capi {

SaidSettings said_settings(const std::vector<SettingMention>& mentions, std::size_t message_size, std::size_t capacity) {
  std::vector<const SettingMention*> order;
  for (const auto& m : mentions) order.push_back(&m);
  std::sort(order.begin(), order.end(), [](const SettingMention* a, const SettingMention* b) { return a->at < b->at; });
  SaidSettings said;
  for (const SettingMention* m : order) {
    if (said.count == ANMKIT_ERROR_SETTINGS || m->at > message_size || m->size > message_size - m->at) continue;
    if (m->setting.empty() || m->setting.find('\0') != std::string::npos) continue;
    if (said.names.size() + m->setting.size() + 2 > capacity) continue;  // its NUL and the list's
    said.names += m->setting;
    said.names += '\0';
    said.at[said.count] = static_cast<std::uint32_t>(m->at);
    said.size[said.count] = static_cast<std::uint32_t>(m->size);
    ++said.count;
  }
  return said;
}

anmkit_diagnostics* hand_diagnostics(std::vector<Diagnostic> found) { return new anmkit_diagnostics(std::move(found), {}); }

anmkit_diagnostics* hand_warnings(const std::vector<Warning>& warnings, const char* id) {
  std::vector<Diagnostic> found;
  std::vector<std::vector<SettingMention>> mentions;
  for (const Warning& w : warnings) {
    found.push_back(Diagnostic{Severity::warning, id, w.message, std::nullopt, ""});
    mentions.push_back(w.settings);
  }
  return new anmkit_diagnostics(std::move(found), std::move(mentions));
}

}  // namespace anmkit::capi

anmkit_diagnostics::anmkit_diagnostics(std::vector<Diagnostic> found, std::vector<std::vector<SettingMention>> said)
    : list(std::move(found)), mentions(std::move(said)) {
  mentions.resize(list.size());
  for (std::size_t i = 0; i < list.size(); ++i) {
    // Messages are not cut here: every mention in range is said, as far as four go.
    setting_names.push_back(capi::said_settings(mentions[i], list[i].message.size(), SIZE_MAX).names);
  }
}

extern "C" {

size_t anmkit_diagnostics_count(const anmkit_diagnostics* diagnostics) {
  return diagnostics == nullptr ? 0 : diagnostics->list.size();
}

size_t anmkit_diagnostics_count_severity(const anmkit_diagnostics* diagnostics, int32_t severity) {
  if (diagnostics == nullptr) return 0;
  const Severity wanted = severity == ANMKIT_SEVERITY_ERROR ? Severity::error : Severity::warning;
  if (severity != ANMKIT_SEVERITY_ERROR && severity != ANMKIT_SEVERITY_WARNING) return 0;
  return std::size_t(std::count_if(diagnostics->list.begin(), diagnostics->list.end(),
                                   [&](const Diagnostic& d) { return d.severity == wanted; }));
}

anmkit_status anmkit_diagnostics_get(const anmkit_diagnostics* diagnostics, size_t index, anmkit_diagnostic* out,
                                     anmkit_error* error) {
  return guarded(error, [&] {
    if (diagnostics == nullptr) return capi::null_argument(error, "diagnostics");
    if (index >= diagnostics->list.size()) {
      return fail(error, ANMKIT_ERROR_INVALID_ARGUMENT,
                  "diagnostic " + std::to_string(index) + " of " + std::to_string(diagnostics->list.size()));
    }
    const Diagnostic& d = diagnostics->list[index];
    anmkit_diagnostic c{};
    c.severity = d.severity == Severity::error ? ANMKIT_SEVERITY_ERROR : ANMKIT_SEVERITY_WARNING;
    c.has_offset = d.offset ? 1 : 0;
    c.offset = d.offset.value_or(0);
    c.id = d.id.c_str();
    c.message = d.message.c_str();
    c.pointer = d.pointer.c_str();
    c.settings = diagnostics->setting_names[index].c_str();
    const capi::SaidSettings said = capi::said_settings(diagnostics->mentions[index], d.message.size(), SIZE_MAX);
    std::copy_n(said.at, said.count, c.setting_at);
    std::copy_n(said.size, said.count, c.setting_size);
    if (!capi::write_struct(out, c)) return capi::bad_struct(error, "out", out);
    return ok(error);
  });
}

void anmkit_diagnostics_free(anmkit_diagnostics* diagnostics) { delete diagnostics; }

}  // extern "C"
