// SkeletonFinder: the one rule pairing an animation with its model file (skeleton_search.hpp).

#include "anmkit/skeleton_search.hpp"

#include "anmkit/core/folders.hpp"
#include "anmkit/core/guard.hpp"
#include "anmkit/core/path_utf8.hpp"
#include <algorithm>
#include <filesystem>
#include <functional>
#include <map>

#include <fmt/format.h>

#include "model_folders.hpp"
#include "referenced_input.hpp"
#include "registry.hpp"

namespace anmkit {

namespace fs = std::filesystem;
using detail::KnownModel;
using detail::KnownSequence;

struct SkeletonFinder::State {
  explicit State(OpenOptions o) : options(std::move(o)), folders(options) {}
  OpenOptions options;
  detail::ModelFolders folders;
  // The roots' models, in search order, kept alive by the folders' lists they point into.
  std::vector<std::shared_ptr<const detail::FolderModels>> root_lists;
  std::vector<const KnownModel*> root_models;
  std::vector<Error> root_unreadable;
  // Rule 3's index: a sequence's file name (lower case) -> the root models naming it, in order.
  std::multimap<std::string, const KnownModel*> by_file_name;
  // Rule 1's index of the roots: the file a sequence names, or its folder and lower-case name.
  std::multimap<FileId, std::pair<const KnownModel*, const KnownSequence*>> by_file;
  std::multimap<std::pair<FileId, std::string>, std::pair<const KnownModel*, const KnownSequence*>> by_folder_and_name;

  void add_root_list(std::shared_ptr<const detail::FolderModels> list) {
    for (const auto& model : list->models) {
      if (std::any_of(root_models.begin(), root_models.end(), [&](const KnownModel* m) { return m->id == model.id; })) continue;
      root_models.push_back(&model);
      for (const auto& s : model.sequences) {
        if (!s.lower_file_name.empty()) by_file_name.emplace(s.lower_file_name, &model);
        if (s.file_id) by_file.emplace(*s.file_id, std::pair{&model, &s});
        if (s.folder_id) by_folder_and_name.emplace(std::pair{*s.folder_id, s.lower_file_name}, std::pair{&model, &s});
      }
    }
    for (const auto& e : list->unreadable) root_unreadable.push_back(e);
    root_lists.push_back(std::move(list));
  }
};

namespace {

// The folders under `root` (itself included) holding a model file, in path order. Iterative,
// and links to folders are not followed, so a loop of links cannot make it run forever; a
// folder one may not read is passed over. Listed by core (core/folders.hpp), which on Windows
// reaches past MAX_PATH.
std::vector<std::string> model_folders_under(const std::string& root, std::vector<Error>& unreadable) {
  std::vector<std::string> out;
  std::vector<std::string> pending{root};
  while (!pending.empty()) {
    const std::string folder = std::move(pending.back());
    pending.pop_back();
    std::error_code ec;
    const auto entries = list_folder(folder, ec);
    if (ec == std::errc::permission_denied) continue;
    if (ec) {
      Error e = make_error(ErrorCode::io, "cannot list the folder: " + ec.message());
      e.file = root;
      unreadable.push_back(std::move(e));
      break;
    }
    for (const FolderEntry& entry : entries) {
      const fs::path path = fs_path(folder) / fs_path(entry.name);
      if (entry.directory && !entry.link) {
        pending.push_back(utf8(path));
      } else if (entry.regular && detail::has_model_extension(entry.name)) {
        out.push_back(utf8(path.parent_path()));
      }
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::string file_name(const std::string& path) { return utf8(fs_path(path).filename()); }

// The animation as the rule sees it; its bones read from the document only when a rule needs them.
struct Animation {
  std::string path;
  std::string folder;       // where to look for its models ("." for a bare name)
  fs::path spelled_folder;  // its folder as the caller spelled it (empty for a bare name)
  std::optional<FileId> id, folder_id;
  std::string lower_name;
  std::string_view format;
  std::string_view extension;  // the format's model extension
  std::function<std::optional<std::vector<std::string>>()> read_bones;
  mutable std::optional<std::optional<std::vector<std::string>>> bones;  // lower case; nullopt: unknown

  const std::optional<std::vector<std::string>>& bone_names() const {
    if (!bones) bones = read_bones ? read_bones() : std::nullopt;
    return *bones;
  }
  // How many of its bones the model lacks; nullopt when its bones are unknown. An animation of
  // no bones says nothing about its skeleton: it fits none.
  std::optional<std::size_t> bones_lacking(const KnownModel& model) const {
    const auto& names = bone_names();
    if (!names || names->empty()) return std::nullopt;
    return std::size_t(std::count_if(names->begin(), names->end(), [&](const std::string& n) {
      return !std::binary_search(model.lower_joints.begin(), model.lower_joints.end(), n);
    }));
  }
  bool has_its_bones(const KnownModel& model) const { return bones_lacking(model) == std::size_t(0); }
};

// Rule 1: the sequence's file is the animation, or (no such file on disk) the same name in the
// same folder, case-insensitively, as on Windows.
bool names_this_file(const KnownSequence& s, const Animation& a) {
  if (s.file_id) return a.id && *s.file_id == *a.id;
  return s.folder_id && a.folder_id && *s.folder_id == *a.folder_id && !s.lower_file_name.empty() &&
         s.lower_file_name == a.lower_name;
}

bool of_format(const KnownModel& model, const Animation& a) { return model.entry->info.name == a.format; }

// The model's path as the caller would spell it: beside the animation when in its folder.
std::string spelled(const KnownModel& model, const Animation& a, bool in_its_folder) {
  if (!in_its_folder) return model.path;
  const std::string name = file_name(model.path);
  return a.spelled_folder.empty() ? name : utf8(a.spelled_folder / fs_path(name));
}

std::string bone_count_words(std::size_t n) { return n == 1 ? "the 1 bone it animates" : fmt::format("all {} bones it animates", n); }

// The reason, in words and with the settings they name.
void say(SkeletonMatch& out, Wording why) {
  out.why = std::move(why.text);
  out.why_settings = std::move(why.settings);
}

// "from the search roots: REST", the roots named as the setting they are.
Wording from_roots(std::string rest) {
  Wording out("from ");
  out += naming("search_roots", "the search roots");
  out += rest;
  return out;
}

SkeletonMatch search(const SkeletonFinder::State& state, const Animation& a) {
  SkeletonMatch out;
  if (a.extension.empty()) {
    out.why = "its format has no model file";
    return out;
  }
  const auto own = state.folders.get(a.folder);
  if (own) out.unreadable = own->unreadable;

  // 1. A model naming this very file: its own folder's, then the roots'; one with its bones first.
  struct Listing {
    const KnownModel* model;
    const KnownSequence* sequence;
    bool in_its_folder;
  };
  std::vector<Listing> listings;
  const auto add = [&](const KnownModel* m, const KnownSequence* s, bool own_folder) {
    if (!of_format(*m, a)) return;
    for (const auto& l : listings) {
      if (l.model->id == m->id) return;
    }
    listings.push_back({m, s, own_folder});
  };
  if (own) {
    for (const auto& m : own->models) {
      for (const auto& s : m.sequences) {
        if (names_this_file(s, a)) {
          add(&m, &s, true);
          break;
        }
      }
    }
  }
  if (a.id) {
    for (auto [it, end] = state.by_file.equal_range(*a.id); it != end; ++it) add(it->second.first, it->second.second, false);
  }
  if (a.folder_id) {
    for (auto [it, end] = state.by_folder_and_name.equal_range({*a.folder_id, a.lower_name}); it != end; ++it) {
      if (!it->second.second->file_id) add(it->second.first, it->second.second, false);
    }
  }
  if (!listings.empty()) {
    const auto best = std::find_if(listings.begin(), listings.end(), [&](const Listing& l) { return a.has_its_bones(*l.model); });
    const Listing& l = best != listings.end() ? *best : listings.front();
    out.model = spelled(*l.model, a, l.in_its_folder);
    out.reason = SkeletonReason::lists_it;
    out.sequence = l.sequence->name;
    out.why = fmt::format("{} lists it as sequence '{}'{}", file_name(l.model->path), l.sequence->name,
                          l.sequence->how_named.empty() ? "" : " (" + l.sequence->how_named + ")");
    return out;
  }

  // 2. A model of its format in its own folder with every bone it animates.
  std::vector<std::string> own_of_format;
  if (own) {
    for (const auto& m : own->models) {
      if (!of_format(m, a)) continue;
      own_of_format.push_back(file_name(m.path));
      if (a.has_its_bones(m)) {
        out.model = spelled(m, a, true);
        out.reason = SkeletonReason::has_its_bones;
        out.why = fmt::format("in its folder, with {}", bone_count_words(a.bone_names()->size()));
        return out;
      }
    }
  }
  // Never a model from elsewhere when its own folder has models of its format, even ones that
  // cannot be read (the right one may be among them).
  if (own) {
    for (const auto& e : own->unreadable) {
      if (model::ascii_lower(utf8(fs_path(e.file).extension())) == a.extension) {
        own_of_format.push_back(file_name(e.file) + ", unreadable");
      }
    }
  }
  if (!own_of_format.empty()) {
    out.reason = SkeletonReason::none_fits_its_folder;
    out.why = fmt::format("its folder's {} {} ({}) neither {} it nor {} every bone it animates; none from another folder is taken",
                          a.extension, own_of_format.size() == 1 ? "file" : "files", fmt::join(own_of_format, ", "),
                          own_of_format.size() == 1 ? "lists" : "list", own_of_format.size() == 1 ? "has" : "have");
    return out;
  }

  // 3. A root's model naming a file of its name; one with its bones first.
  const KnownModel* first = nullptr;
  for (auto [it, end] = state.by_file_name.equal_range(a.lower_name); it != end; ++it) {
    const KnownModel* m = it->second;
    if (!of_format(*m, a)) continue;
    if (a.has_its_bones(*m)) {
      out.model = m->path;
      out.reason = SkeletonReason::names_its_file_name;
      say(out, from_roots(fmt::format(": names a file of that name, with {}", bone_count_words(a.bone_names()->size()))));
      return out;
    }
    if (!first) first = m;
  }
  if (first) {
    out.model = first->path;
    out.reason = SkeletonReason::names_its_file_name_lacking_bones;
    const auto lacking = a.bones_lacking(*first);
    say(out, from_roots(lacking ? fmt::format(": names a file of that name, without {} of the {} bones it animates", *lacking,
                                              a.bone_names()->size())
                                : std::string(": names a file of that name (its bones not compared)")));
    return out;
  }
  Wording none(fmt::format("no {} file in its folder or under ", a.extension));
  none += naming("search_roots", "the search roots");
  none += " names it";
  say(out, std::move(none));
  return out;
}

Animation animation_at(const std::string& path, const FormatInfo& format) {
  Animation a;
  a.path = path;
  const fs::path p = fs_path(path);
  a.spelled_folder = p.parent_path();
  a.folder = a.spelled_folder.empty() ? std::string(".") : utf8(a.spelled_folder);
  a.id = file_id(path);
  a.folder_id = file_id(a.folder);
  a.lower_name = model::ascii_lower(utf8(p.filename()));
  a.format = format.name;
  a.extension = format.skeleton_extension;
  return a;
}

// Everything the search might throw (an allocation that fails, a codec's ErrorException, which
// is no std::exception) as a match of none, saying why.
template <class F>
SkeletonMatch guarded_search(F&& f) noexcept {
  try {
    return f();
  } catch (...) {
    SkeletonMatch out;
    try {
      out.why = fmt::format("the search failed: {}", caught_error().message);
    } catch (...) {
      // No memory left even for the words: a match of none, unexplained.
    }
    return out;
  }
}

}  // namespace

SkeletonFinder::SkeletonFinder(std::vector<std::string> roots, OpenOptions options)
    : state_(std::make_unique<State>(std::move(options))) {
  for (const auto& root : roots) {
    if (is_folder(root)) {
      for (const auto& folder : model_folders_under(root, state_->root_unreadable)) {
        if (auto list = state_->folders.get(folder)) state_->add_root_list(std::move(list));
      }
    } else {
      // A model file named on its own.
      auto list = std::make_shared<detail::FolderModels>();
      if (auto model = detail::read_known_model(root, state_->options, list->unreadable)) {
        list->models.push_back(std::move(*model));
      } else if (list->unreadable.empty()) {
        Error e = make_error(ErrorCode::unknown_format, "not a model file of any format");
        e.file = root;
        list->unreadable.push_back(std::move(e));
      }
      state_->add_root_list(std::move(list));
    }
  }
}

SkeletonFinder::~SkeletonFinder() = default;
SkeletonFinder::SkeletonFinder(SkeletonFinder&&) noexcept = default;
SkeletonFinder& SkeletonFinder::operator=(SkeletonFinder&&) noexcept = default;

SkeletonMatch SkeletonFinder::find(const std::string& animation, const Document& document) const {
  return guarded_search([&] {
    Animation a = animation_at(animation, document.format());
    a.read_bones = [&document]() -> std::optional<std::vector<std::string>> {
      auto clip = document.sampling_clip();
      if (!clip) return std::nullopt;
      std::vector<std::string> names;
      for (const auto& bone : (*clip)->bones) names.push_back(model::ascii_lower(bone.name));
      return names;
    };
    return search(*state_, a);
  });
}

SkeletonMatch SkeletonFinder::find(const std::string& animation, const FormatInfo& format) const {
  return guarded_search([&] { return search(*state_, animation_at(animation, format)); });
}

Expected<SkeletonMatch> SkeletonFinder::find(const std::string& animation) const {
  OpenOptions options = state_->options;
  options.skeleton.clear();
  auto document = Document::open(animation, options);
  if (!document) {
    // Opened by content alone: an animation that needs its model to open (an LM file whose node
    // count only its .bin gives) is still paired by name.
    auto bytes = detail::read_input(animation, options);
    if (!bytes) return document.error();
    const auto format = detect(*bytes);
    if (!format) return document.error();
    return find(animation, *format);
  }
  return find(animation, *document);
}

std::vector<std::string> SkeletonFinder::root_models() const {
  std::vector<std::string> out;
  for (const KnownModel* m : state_->root_models) out.push_back(m->path);
  return out;
}

const std::vector<Error>& SkeletonFinder::root_unreadable() const { return state_->root_unreadable; }

}  // namespace anmkit
