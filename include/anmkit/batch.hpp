#pragma once
// Many files at once: every animation (and, for glTF, every model) found in files and folders,
// converted on every core to one export kind (export.hpp), mirroring the input tree under an
// output folder. What the command line's `batch` runs, for every front end: the library plans,
// works and writes; the caller's sink says what became of each file.
//
// The output is the same whatever `jobs` is: the same files, and the results handed to the sink
// in the same order (input order, each as soon as every file before it is done). Memory stays
// flat in the files' sizes and in their number: the tree is walked lazily, and a worker holds
// one file at a time. Before the work, walks plan the run (8-byte hashes an input and an output
// name, dropped before the work starts): no output may replace an input of the run (nor a file
// a model among them reads), and inputs that would write the same output all fail.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "anmkit/anmkit.hpp"
#include "anmkit/export.hpp"

namespace anmkit {

struct BatchOptions {
  std::vector<std::string> inputs;  // files and folders (walked recursively, in name order)
  std::string output;               // the folder the input tree is mirrored under
  std::string to;                   // one of export_kinds()
  unsigned jobs = 0;                // workers; 0: every core
  // glTF: more skeletons for animations whose own folder has none (SkeletonFinder's roots).
  std::vector<std::string> skeleton_roots;
  bool fail_fast = false;           // no new file is started after one fails
  OpenOptions open;                 // how each file is opened (limits, roots, the formats' own options)
  ExportOptions export_options;     // how each is written
};

// What became of one input.
struct BatchResult {
  enum class Kind { converted, skipped, failed } kind = Kind::failed;
  std::string input;       // its path
  std::uint64_t bytes = 0;  // its size (converted)
  std::string output;      // converted: the first file written
  // skipped: why ("not an animation", or the export plan's reason), and the settings it names.
  std::string skipped_why;
  std::vector<SettingMention> skipped_settings;
  Error error{};           // failed: why, naming the file
  // glTF of a format with skeleton files, when one was looked for (a skeleton root, or an LM
  // file's model beside it): the model used ("" for none), why it or none, and the model files
  // of its folder that could not be read.
  bool skeleton_looked_for = false;
  std::string skeleton;
  std::string skeleton_why;
  std::vector<SettingMention> skeleton_why_settings;
  std::vector<Error> skeleton_unreadable;
  std::vector<Warning> warnings;  // what the conversion left out (a model's missing textures)
};

struct BatchProgress {
  std::uint64_t files_done = 0, files = 0;  // files: as the plan counted them
  std::uint64_t bytes_done = 0, bytes = 0;
};

struct BatchSink {
  // The model files under the skeleton roots that could not be read (skipped), said once before
  // any result.
  std::function<void(const std::vector<Error>&)> unreadable_roots;
  // Each input's result, in input order, one call at a time (from any worker); false stops the
  // run: no new file is started (those started still give their results). An exception it
  // throws stops the run the same way.
  std::function<bool(BatchResult&&)> result;
  // Called every `progress_every` seconds (0.01 to 3600) from the calling thread while the
  // workers run (none when empty, or when the work runs on the calling thread itself); an
  // exception it throws ends its calls, not the run.
  std::function<void(const BatchProgress&)> progress;
  double progress_every = 0.2;
};

struct BatchSummary {
  BatchProgress done;
  bool stopped = false;  // fail_fast stopped the run
};

// Runs the batch; each file's failure is its result, never the call's. Errors: an `output` that
// cannot be made, a `to` that is no export kind, a bad option.
Expected<BatchSummary> batch(const BatchOptions& options, const BatchSink& sink);

}  // namespace anmkit
