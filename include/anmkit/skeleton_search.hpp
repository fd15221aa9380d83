#pragma once
// Which model file (GEM .mdl, LM .bin) gives an animation its skeleton: one rule for the CLI,
// the C API, Python and the add-on, so that they never disagree.
//
//   anmkit::SkeletonFinder finder({"mods/vehicles"}, options);   // once, shared by every thread
//   auto doc = anmkit::Document::open("mods/vehicles/e-75/fire.anm");
//   auto found = finder.find("mods/vehicles/e-75/fire.anm", *doc);
//   // found.model == "mods/vehicles/e-75/e-75.mdl", found.reason == "e-75.mdl lists it as sequence 'fire'"
//
// The rule, the same for every format (through the registry: each format's model extension and
// its model reader), first match wins:
//   1. a model file whose sequence list names this very file (the sequence's file, resolved
//      against the model's folder, is the animation: the same file, or in the same folder under
//      the same name compared case-insensitively, as the game does on Windows). An LM .bin lists
//      the .anm of its own name.
//   2. a model file of its format in the animation's own folder with every bone it animates.
//   3. only when its own folder holds no model file of its format (not even one that cannot be
//      read): a model file under the search roots naming a sequence file of the same file name
//      (case-insensitive), preferring one with every bone it animates.
// Ties go to the model with every bone the animation animates, then to the first by path.
// Each folder's model files are read once, whichever thread asks first; a model file that cannot
// be read is skipped and reported in `unreadable`, never fatal.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "anmkit/anmkit.hpp"

namespace anmkit {

// How the model was chosen (stable numbers: the C API's anmkit_skeleton_reason).
enum class SkeletonReason : std::int32_t {
  none = 0,                          // no model file of its format here or under the roots names it
  lists_it = 1,                      // rule 1
  has_its_bones = 2,                 // rule 2
  names_its_file_name = 3,           // rule 3, with every bone it animates
  names_its_file_name_lacking_bones = 4,  // rule 3, the best there was: some bones are not in it
  none_fits_its_folder = 5,          // its folder's model files neither list it nor have its bones
};

struct SkeletonMatch {
  std::string model;                 // the model file's path ("" when none)
  SkeletonReason reason = SkeletonReason::none;
  std::string why;                   // the reason in words: "e-75.mdl lists it as sequence 'fire'"
  std::vector<SettingMention> why_settings;  // the settings `why` names ("the search roots"), and where
  std::string sequence;              // rule 1: the sequence that names it
  // Model files this search came across that could not be read (skipped): the same list for
  // every animation of a folder, so a caller printing each once prints it in its own order.
  std::vector<Error> unreadable;
  explicit operator bool() const { return !model.empty(); }
};

class SkeletonFinder {
 public:
  // `roots`: folders (walked for model files, without following links to folders) and model
  // files. Each root folder is read now; the animations' own folders when first asked about.
  // Only options.limits is used (each model file is read within limits.max_input_bytes).
  explicit SkeletonFinder(std::vector<std::string> roots = {}, OpenOptions options = {});
  ~SkeletonFinder();
  SkeletonFinder(SkeletonFinder&&) noexcept;
  SkeletonFinder& operator=(SkeletonFinder&&) noexcept;

  // The model for the animation at `animation`, opened as `document` (its format, and its clip's
  // bone names for rules 2 and 3). Thread-safe; never throws.
  SkeletonMatch find(const std::string& animation, const Document& document) const;
  // When the animation cannot be opened without its model (an LM file whose node count only its
  // .bin gives): by its format alone, the bones unknown (rules 1 and 3).
  SkeletonMatch find(const std::string& animation, const FormatInfo& format) const;
  // Opens the animation with the finder's options, then find(animation, document).
  Expected<SkeletonMatch> find(const std::string& animation) const;

  // Every model file found under the roots, in the order they are searched (a batch counts them
  // among its inputs, so that no output replaces one).
  std::vector<std::string> root_models() const;
  // Model files under the roots that could not be read (skipped).
  const std::vector<Error>& root_unreadable() const;

 struct State;  // internal (src/anmkit/skeleton_search.cpp)

 private:
  std::unique_ptr<State> state_;
};

}  // namespace anmkit
