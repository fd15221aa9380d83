#include "anmkit/core/error.hpp"

#include <algorithm>

#include "anmkit/core/diagnostic.hpp"

namespace anmkit {

std::string_view error_code_name(ErrorCode code) {
  switch (code) {
    case ErrorCode::io: return "io";
    case ErrorCode::truncated: return "truncated";
    case ErrorCode::bad_magic: return "bad_magic";
    case ErrorCode::bad_value: return "bad_value";
    case ErrorCode::too_large: return "too_large";
    case ErrorCode::unknown_chunk: return "unknown_chunk";
    case ErrorCode::unsupported: return "unsupported";
    case ErrorCode::invalid_model: return "invalid_model";
    case ErrorCode::json: return "json";
    case ErrorCode::unknown_format: return "unknown_format";
    case ErrorCode::out_of_memory: return "out_of_memory";
    case ErrorCode::internal: return "internal";
  }
  return "unknown";
}

std::string Error::to_string() const { return format_error(*this); }

Error make_error(ErrorCode code, Wording message, std::optional<std::uint64_t> offset) {
  return Error{code, std::move(message.text), offset, {}, {}, std::move(message.settings)};
}

void prepend(Error& error, std::string_view text) {
  error.message.insert(0, text);
  for (auto& m : error.settings) m.at += text.size();
}

Wording wording_of(const Error& error) {
  Wording out(error.message);
  out.settings = error.settings;
  return out;
}

Wording& Wording::operator+=(std::string_view more) {
  text += more;
  return *this;
}

Wording& Wording::operator+=(const Wording& more) {
  if (&more == this) return *this += Wording(more);  // a copy: appending reads what it grows
  for (const auto& m : more.settings) settings.push_back({m.setting, text.size() + m.at, m.size});
  text += more.text;
  return *this;
}

Wording& Wording::setting(std::string_view setting, std::string_view words) {
  if (words.empty()) words = setting;
  settings.push_back({std::string(setting), text.size(), words.size()});
  text += words;
  return *this;
}

Wording naming(std::string_view setting, std::string_view words) {
  Wording out;
  out.setting(setting, words);
  return out;
}

Wording past_limit(std::string message, std::string_view limit) {
  Wording out(std::move(message));
  out += " (";
  out.setting(limit);
  out += ")";
  return out;
}

std::string reworded(std::string_view text, const std::vector<SettingMention>& settings,
                     const std::function<std::optional<std::string>(std::string_view setting)>& words) {
  std::string out;
  std::size_t done = 0;  // text before this is in `out`; mentions are taken in order, none overlapping
  std::vector<const SettingMention*> order;
  for (const auto& m : settings) order.push_back(&m);
  std::sort(order.begin(), order.end(), [](const SettingMention* a, const SettingMention* b) { return a->at < b->at; });
  for (const SettingMention* m : order) {
    if (m->at < done || m->at > text.size() || m->size > text.size() - m->at) continue;
    const auto said = words(m->setting);
    if (!said) continue;
    out.append(text.substr(done, m->at - done));
    out += *said;
    done = m->at + m->size;
  }
  out.append(text.substr(done));
  return out;
}

}  // namespace anmkit
