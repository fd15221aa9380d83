// anmkit batch IN... -o OUTDIR --to KIND [-j N] [--skeleton-dir DIR] [--fail-fast] [--quiet]:
// converts every animation found in files and folders, on every core, mirroring the input tree
// under OUTDIR. The output is the same whatever -j is: the same files, and the same messages in
// the same order. Memory stays flat in the files' sizes and in their number: the tree is walked
// lazily, each file's line is printed as soon as every file before it is done, and a worker holds
// one file at a time. Walks before the work plan the run (hashes, 8 bytes an input and 8 an
// output name, dropped before the work starts): no output may replace an input of the run, and
// inputs that would write the same output all fail, whatever -j is.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>
#include <new>
#include <optional>
#include <set>
#include <string_view>
#include <thread>

#include <fmt/format.h>
#if !defined(_WIN32)
#include <sys/mman.h>
#endif

#include "anmkit/core/file_io.hpp"
#include "anmkit/core/folders.hpp"
#include "anmkit/core/path_utf8.hpp"
#if defined(_WIN32)
#include "anmkit/core/windows_api.hpp"
#endif
#include "anmkit/export.hpp"
#include "anmkit/skeleton_search.hpp"
#include "cli_common.hpp"
#include "folder_tally.hpp"
#include "gltf_convert.hpp"
#include "inputs.hpp"

namespace anmkit::cli {
namespace {

namespace fs = std::filesystem;

struct Options {
  std::vector<std::string> inputs;
  std::string output;
  std::string to;
  unsigned jobs = 0;
  std::string skeleton_dir;
  bool fail_fast = false;
  bool quiet = false;
  bool explain_skeletons = false;
};

struct Outcome {
  enum Kind { converted, skipped, failed, not_run } kind = not_run;
  std::string detail;  // the output, why it was skipped, or the first error
  std::uint64_t bytes = 0;
  // glTF of a format with skeleton files, when one was looked for (--skeleton-dir, or an LM
  // file's .bin beside it): the one used, "" for none.
  bool skeleton_looked_for = false;
  std::string skeleton{};
  std::string skeleton_why{};                // why that one, or why none (in the command line's words)
  std::vector<Error> skeleton_unreadable{};  // model files of its folder that could not be read
  std::vector<Warning> warnings{};           // what the conversion left out (a model's missing textures)
};

Outcome skipped(std::string why) { return {Outcome::skipped, std::move(why), 0}; }
Outcome failed(Error e, const std::string& path) {
  if (e.file.empty()) e.file = path;
  e.message = in_cli_words(e.message, e.settings);
  e.settings.clear();  // said in the command line's words now
  return {Outcome::failed, format_error(e), 0};
}

// The suffixes of what --to `to` writes for a file of `format` (after the input's path without
// its extension), or none and why in `skip`: the library's plan (export_plan).
std::vector<std::string> output_suffixes(const FormatInfo& format, const std::string& to, std::string& skip) {
  auto plan = export_plan(format, to);
  if (!plan) return {};  // (--to takes only the library's kinds)
  skip = in_cli_words(plan->skip, plan->skip_settings);
  return plan->suffixes;
}

// Every suffix --to `to` may write, whatever the format.
std::vector<std::string> every_output_suffix(const std::string& to) {
  std::vector<std::string> out;
  for (const FormatInfo& format : formats()) {
    std::string skip;
    for (auto& suffix : output_suffixes(format, to, skip)) {
      if (std::find(out.begin(), out.end(), suffix) == out.end()) out.push_back(std::move(suffix));
    }
  }
  return out;
}

// Where an input's outputs go: OUTDIR, the input's path below its argument, no extension.
std::string output_base(const Options& opt, const InputFile& in) {
  return utf8(fs_path(opt.output) / fs_path(in.relative).replace_extension());
}

// Memory for the plan's hashes, mapped from the system and unmapped when freed. The CLI's
// allocator keeps what is freed for the next file (tools/common/keep_freed_memory.hpp), and the
// workers allocate from arenas of their own: what the plan took from the allocator would stay
// resident through the whole run, a peak that grows with the number of files.
template <class T>
struct SystemPages {
  using value_type = T;
  SystemPages() = default;
  template <class U>
  SystemPages(const SystemPages<U>&) {}
#if defined(_WIN32)
  T* allocate(std::size_t n) {
    void* p = ::VirtualAlloc(nullptr, n * sizeof(T), MEM_COMMIT | MEM_RESERVE, PAGE_READWRITE);
    if (p == nullptr) throw std::bad_alloc();
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t) { ::VirtualFree(p, 0, MEM_RELEASE); }
#else
  T* allocate(std::size_t n) {
    void* p = ::mmap(nullptr, n * sizeof(T), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t n) { ::munmap(p, n * sizeof(T)); }
#endif
  friend bool operator==(const SystemPages&, const SystemPages&) { return true; }
};
using Hashes = std::vector<std::uint64_t, SystemPages<std::uint64_t>>;

// What the run reads and may write, planned before anything is written: every file of the run,
// by identity (no output may replace one: `-o` may name an input folder, where `g.json` is an
// input of `--to json` beside `g.anm`), and the inputs that would write one output (`d1/x.anm`
// and `d2/x.anm`, `a.anm` and `a.ANM`, `t.anm` and `t.v40`). Each of those fails and nothing is
// written for any of them, whatever -j and the order of the work.
//
// Memory must not grow with the number of files (docs/PERFORMANCE.md: a folder ten times larger
// within 10% of the peak), so the plan keeps no name and no identity a file. A first walk keeps
// 8-byte hashes of every input's identity (device and inode) and of every output name that it
// may write, in two sorted vectors mapped for them alone (SystemPages) and unmapped before the
// work starts. A second walk keeps the real names of the outputs whose hash came up more than
// once, and stats every output name: the identities of those that exist and whose hash is an
// input's. A third walk, only when there are any, keeps the inputs that really have one of those
// identities. A hash never decides alone: a name shared by hash alone has one input and fails
// none, and an identity is an input's only when an input has it. What the run keeps is the
// inputs that an output name of the run leads to (usually none) and the inputs that fail; each
// output is still looked up (stat) when it is about to be written, as before.
struct Plan {
  InputSet inputs;  // the inputs of the run that an output name of the run led to when planned
  std::map<std::string, std::string> collisions;  // input path -> why it fails
  std::uint64_t files = 0, bytes = 0;             // for the progress line

  static std::uint64_t mix(std::uint64_t z) {  // splitmix64's finaliser
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  // For the tests only: ANMKIT_TEST_PLAN_HASH_BITS=N keeps N bits of each hash (0: all hashes
  // are equal), so that every decision is seen to rest on the real names and identities.
  static std::uint64_t hash_mask() {
    static const std::uint64_t mask = [] {
      const char* bits = std::getenv("ANMKIT_TEST_PLAN_HASH_BITS");
      const unsigned long n = bits ? std::strtoul(bits, nullptr, 10) : 64;
      return n >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << n) - 1;
    }();
    return mask;
  }
  static std::uint64_t identity_hash(const FileId& id) {
    return mix(mix(id.volume + 0x9e3779b97f4a7c15ull) ^ id.index) & hash_mask();
  }
  static std::uint64_t name_hash(const std::string& name) { return mix(std::hash<std::string_view>{}(name)) & hash_mask(); }
  static bool holds(const Hashes& sorted, std::uint64_t hash) {
    return std::binary_search(sorted.begin(), sorted.end(), hash);
  }
  // Sorts and drops repeats; the vector's spare capacity is given back.
  static void sort_unique(Hashes& hashes) {
    std::sort(hashes.begin(), hashes.end());
    hashes.erase(std::unique(hashes.begin(), hashes.end()), hashes.end());
    hashes.shrink_to_fit();
  }

  // Every file the run reads, in the order of the work: the skeletons, then each input the walk
  // finds (without those it reports as failed), and for glTF each file a model among them reads
  // (its meshes, materials, textures, volumes and sequences: an output of the run must not
  // replace one, or the next run converts the vehicle without it). Those are found again at each
  // walk rather than kept: the plan keeps nothing a file. A walk that looks only at the inputs'
  // outputs passes `model_files` false, and no model is read for it.
  template <class F>
  static void each_input(const Options& opt, const SkeletonFinder& skeletons, F&& f, bool model_files = true) {
    for (const auto& path : skeletons.root_models()) f(path, nullptr);
    const bool gltf = opt.to == "glb" || opt.to == "gltf";
    InputWalker walker(opt.inputs, opt.output);
    while (auto in = walker.next()) {
      if (!in->error.empty()) continue;  // (a folder that cannot be listed is reported by the work)
      f(in->path, &*in);
      if (!model_files || !gltf || game_file_kind(in->path) != "model") continue;
      if (auto files = model_files_read(in->path, open_options())) {
        for (const std::string& file : *files) f(file, nullptr);
      }
    }
  }

  static Plan make(const Options& opt, const SkeletonFinder& skeletons) {
    Plan plan;
    const std::vector<std::string> suffixes = every_output_suffix(opt.to);
    // 1. Hashes of every input's identity and of every output name.
    Hashes input_ids, name_hashes;
    each_input(opt, skeletons, [&](const std::string& path, const InputFile* in) {
      const auto st = stat_file(path);
      if (st) input_ids.push_back(identity_hash(st->id));
      if (!in) return;
      ++plan.files;
      if (st) plan.bytes += st->size;
      const std::string base = output_base(opt, *in);
      for (const auto& suffix : suffixes) name_hashes.push_back(name_hash(base + suffix));
    });
    sort_unique(input_ids);
    // The output names' hashes that come up more than once.
    Hashes repeated;
    std::sort(name_hashes.begin(), name_hashes.end());
    for (std::size_t i = 1; i < name_hashes.size(); ++i) {
      const std::uint64_t h = name_hashes[i];
      if (h == name_hashes[i - 1] && (repeated.empty() || repeated.back() != h)) repeated.push_back(h);
    }
    Hashes().swap(name_hashes);
    // 2. The real names of those outputs, with every input naming each (a repeat of the input
    // just before it aside, as one input named twice on the command line); and the identities of
    // the outputs that exist and may be an input.
    std::map<std::string, std::vector<std::string>> shared;
    std::set<FileId> output_ids;
    each_input(opt, skeletons, [&](const std::string& path, const InputFile* in) {
      if (!in) return;
      const std::string base = output_base(opt, *in);
      for (const auto& suffix : suffixes) {
        const std::string name = base + suffix;
        if (holds(repeated, name_hash(name))) {
          auto& paths = shared[name];
          if (paths.empty() || paths.back() != path) paths.push_back(path);
        }
        if (const auto id = file_id(name); id && holds(input_ids, identity_hash(*id))) output_ids.insert(*id);
      }
    }, false);  // (the outputs of the inputs alone)
    Hashes().swap(input_ids);
    // 3. Of those identities, the inputs'.
    if (!output_ids.empty()) {
      each_input(opt, skeletons, [&](const std::string& path, const InputFile*) {
        if (const auto id = file_id(path); id && output_ids.count(*id)) plan.inputs.add(path);
      });
    }
    for (const auto& [output, names] : shared) {
      if (names.size() < 2) continue;  // one input (or a hash that two names share)
      std::vector<std::string> writers;
      for (const auto& name : names) {
        if (writes_output(name, opt.to)) writers.push_back(name);
      }
      if (writers.size() < 2) continue;
      for (const auto& name : writers) {
        std::string others;
        for (const auto& other : writers) {
          if (other != name) others += (others.empty() ? "" : " and ") + other;
        }
        plan.collisions.emplace(name, fmt::format("its output {} is also the output of {}; nothing is written for either "
                                                  "(outputs are named by the input's path without its extension)",
                                                  output, others));
      }
    }
    return plan;
  }

  // Whether the file at `path` is an animation that --to `to` writes something for.
  static bool writes_output(const std::string& path, const std::string& to) {
    auto bytes = read_file(path, limits().max_input_bytes);
    if (!bytes) return false;
    const auto format = detect(*bytes);
    std::string skip;
    if (!format) return (to == "glb" || to == "gltf") && looks_like_model(*bytes, path);
    return !output_suffixes(*format, to, skip).empty();
  }
};

// A model file that names its animations (GEM .mdl), for --to glb or gltf: the whole vehicle, its
// meshes and every sequence (model_to_gltf), as convert writes it.
Outcome convert_model(const InputFile& in, const Options& opt, const Plan& plan, std::uint64_t size) {
  auto gltf = model_to_gltf(in.path, open_options(), opt.to == "glb");
  if (!gltf) return failed(gltf.error(), in.path);
  const std::string target = output_base(opt, in) + (opt.to == "glb" ? ".glb" : ".gltf");
  if (plan.inputs.holds(target)) {
    return failed(make_error(ErrorCode::io, "refusing to overwrite an input of this run (batch never replaces its inputs)"), target);
  }
  std::error_code ec;
  create_folders(utf8(fs_path(target).parent_path()), ec);
  if (auto w = write_file_atomic(target, gltf->bytes, Durability::deferred); !w) return failed(w.error(), target);
  Outcome out{Outcome::converted, target, size};
  out.warnings = std::move(gltf->warnings);
  return out;
}

Outcome convert_one(const InputFile& in, const Options& opt, const SkeletonFinder& skeletons, const Plan& plan) {
  if (!in.error.empty()) return failed(make_error(ErrorCode::io, in.error), in.path);
  if (const auto it = plan.collisions.find(in.path); it != plan.collisions.end()) {
    return failed(make_error(ErrorCode::io, it->second), in.path);
  }
  auto bytes = read_file(in.path, limits().max_input_bytes);
  if (!bytes) return failed(bytes.error(), in.path);
  const auto format = detect(*bytes);
  OpenOptions options = open_options();
  const bool gltf = opt.to == "glb" || opt.to == "gltf";
  if (!format && looks_like_model(*bytes, in.path)) {
    if (gltf) return convert_model(in, opt, plan, bytes->size());
    // Not converted to KIND, but a model that does not read is a failure of the run, not a skip.
    OpenOptions model_only = options;  // whether it reads, not what it shows
    model_only.meshes = false;
    if (auto model = model_summary(in.path, model_only); !model) return failed(model.error(), in.path);
    return skipped("not an animation");
  }
  if (!format) {
    // A file named like an animation that no format recognises is a broken one (folder_tally.hpp);
    // batch passes over any other, named or found (it converts what it can).
    if (!named_like_an_animation(in.path)) return skipped("not an animation");
    auto document = Document::open(*bytes, options, in.path);
    if (!document) return failed(document.error(), in.path);
    return skipped("not an animation");  // (open() detects as detect() does: not reached)
  }
  // A skeleton for glTF (an LM file's model also gives its node count), by the library's rule
  // (SkeletonFinder): opened without one first for its bones, then again on the one found. A
  // file that opens only with its model (an LM file whose node count only its .bin gives) is
  // paired by name alone.
  const std::uint64_t size = bytes->size();
  auto document = Document::open(*bytes, options, in.path);
  SkeletonMatch match;
  if (!format->skeleton_extension.empty()) {
    match = document ? skeletons.find(in.path, *document) : skeletons.find(in.path, *format);
    if (match) {
      options.skeleton = match.model;
      document = Document::open(*bytes, options, in.path);
    }
  }
  bytes->clear();
  bytes->shrink_to_fit();
  if (!document) return failed(document.error(), in.path);
  std::string skip;
  if (output_suffixes(*format, opt.to, skip).empty()) return skipped(skip);
  const bool looked_for = gltf && !format->skeleton_extension.empty() && (!opt.skeleton_dir.empty() || !options.skeleton.empty());
  ExportOptions export_options;
  export_options.limits = limits();
  auto exported = export_as(*document, opt.to, export_options);
  if (!exported) return failed(exported.error(), in.path);
  const std::vector<ExportedFile>& outputs = exported->files;
  const std::string base = output_base(opt, in);
  for (const ExportedFile& o : outputs) {
    if (plan.inputs.holds(base + o.suffix)) {
      return failed(make_error(ErrorCode::io, "refusing to overwrite an input of this run (batch never replaces its inputs)"),
                    base + o.suffix);
    }
  }
  std::error_code ec;
  create_folders(utf8(fs_path(base).parent_path()), ec);
  std::string written;
  for (const ExportedFile& o : outputs) {
    const std::string target = base + o.suffix;
    // Synced once for the whole batch at the end (a sync per file would dominate).
    if (auto w = write_file_atomic(target, o.bytes, Durability::deferred); !w) return failed(w.error(), target);
    if (written.empty()) written = target;
  }
  return {Outcome::converted, written, size, looked_for, options.skeleton, in_cli_words(match.why, match.why_settings), std::move(match.unreadable)};
}

}  // namespace

void add_batch(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("batch", "Convert every animation in files and folders, on every core, into OUTDIR");
  cmd->footer(
      "Folders are walked recursively; each file's format is found by content; the input tree is mirrored under OUTDIR.\n"
      "KIND: json (lossless dumps), glb or gltf (GEM and LM, on the skeleton of the model file in the animation's folder that\n"
      "lists it or has its bones: a GEM .mdl, an LM file's .bin beside it),\n"
      "png (MM2 sprite sheets), gif (MM2, the longest sequence), ilbm or iff (MM2, the first composed state), repack (LM),\n"
      "or a GEM version (gem-4.0 .. gem-6.1-frm3): the library's export kinds (export_as).\n"
      "Files that are not animations, or that KIND does not apply to, are skipped and counted. Exit 1 when any file failed.");
  auto opt = std::make_shared<Options>();
  cmd->add_option("IN", opt->inputs, "Files and folders")->required();
  cmd->add_option("-o,--output", opt->output, "Output folder (created if missing)")->required();
  cmd->add_option("--to", opt->to, "What to write")
      ->required()
      ->check(CLI::IsMember(export_kinds()));
  cmd->add_option("-j,--jobs", opt->jobs, "Workers (default: every core)")->check(whole_number(256, 1));
  cmd->add_option("--skeleton-dir", opt->skeleton_dir,
                  "glTF: more skeletons, for animations whose own folder has no model file of their format: a GEM "
                  ".mdl or LM .bin under DIR naming a file of the animation's name (one with every bone it animates "
                  "first). A model in the animation's own folder that lists it, or has every bone it animates, comes first")
      ->check(CLI::ExistingDirectory);
  cmd->add_flag("--explain-skeletons", opt->explain_skeletons,
                "Say on each line why that skeleton was chosen, or why none was");
  cmd->add_flag("--fail-fast", opt->fail_fast, "Stop at the first file that fails");
  cmd->add_flag("-q,--quiet", opt->quiet, "Print only failures and the summary");
  cmd->callback([opt, &exit_code] {
    OpenOptions search_options;
    search_options.limits = limits();
    const SkeletonFinder skeletons(opt->skeleton_dir.empty() ? std::vector<std::string>{} : std::vector{opt->skeleton_dir},
                                   search_options);
    // Each model file that cannot be read is named once, the first time a file meets it.
    std::set<std::string> unreadable_named;
    const auto name_unreadable = [&unreadable_named](const std::vector<Error>& errors) {
      for (const auto& e : errors) {
        Error worded = e;
        worded.message = in_cli_words(e.message, e.settings);
        std::string line = format_error(worded) + " (skeleton not used)";
        if (unreadable_named.insert(line).second) print_line(stderr, line);
      }
    };
    name_unreadable(skeletons.root_unreadable());
    const Plan plan = Plan::make(*opt, skeletons);
    // On a terminal a progress line stands in for the per-file lines, which go out plain when
    // stdout is a file or a pipe. The progress line needs the total: the plan counted.
    const bool terminal = ::isatty(1) && !opt->quiet;
    const bool lines = !terminal && !opt->quiet;
    const std::uint64_t total_files = plan.files, total_bytes = plan.bytes;
    const unsigned jobs = opt->jobs ? opt->jobs : std::max(1u, std::thread::hardware_concurrency());
    std::mutex mutex;  // guards everything below
    InputWalker walker(opt->inputs, opt->output);
    std::size_t taken = 0, next_report = 0, done = 0, running = jobs;
    std::uint64_t bytes_done = 0;
    bool stop = false;
    std::map<std::size_t, std::pair<InputFile, Outcome>> finished;  // done, waiting for an earlier file
    std::size_t converted = 0, skipped_count = 0, failed_count = 0, not_animations = 0, without_skeleton = 0;
    std::map<std::string, std::size_t> other_skips;  // why -> how many, for the summary
    std::string failures;
    // Lines go out in input order, each as soon as every file before it is done.
    const auto report_ready = [&] {
      for (auto it = finished.begin(); it != finished.end() && it->first == next_report; it = finished.erase(it), ++next_report) {
        const auto& [in, o] = it->second;
        if (o.kind == Outcome::converted) {
          ++converted;
          // Which skeleton each glTF was made on, and which got none.
          name_unreadable(o.skeleton_unreadable);
          std::string skeleton;
          if (o.skeleton_looked_for) {
            const std::string why = opt->explain_skeletons ? ": " + o.skeleton_why : "";
            skeleton = o.skeleton.empty() ? " (no skeleton found" + why + ")" : " (skeleton " + o.skeleton + why + ")";
          }
          if (o.skeleton_looked_for && o.skeleton.empty()) ++without_skeleton;
          if (lines) print_line(stdout, fmt::format("converted {} -> {}{}", in.path, o.detail, skeleton));
          print_warnings(o.warnings);
        } else if (o.kind == Outcome::skipped) {
          ++skipped_count;
          if (o.detail == "not an animation") {
            ++not_animations;
          } else {
            ++other_skips[o.detail];
          }
          if (lines) print_line(stdout, fmt::format("skipped {}: {}", in.path, o.detail));
        } else if (o.kind == Outcome::failed) {
          ++failed_count;
          failures += printable_path(o.detail) + "\n";
        }
      }
    };
    auto worker = [&] {
      while (true) {
        std::optional<InputFile> in;
        std::size_t index = 0;
        {
          std::lock_guard lock(mutex);
          if (!stop) in = walker.next();
          if (!in) {
            --running;
            return;
          }
          index = taken++;
        }
        // An exception must not leave a worker thread (that ends the process): it fails the file.
        Outcome o;
        try {
          o = convert_one(*in, *opt, skeletons, plan);
        } catch (const std::exception& e) {
          o = {Outcome::failed, fmt::format("{}: internal error: {}", in->path, e.what()), 0};
        }
        std::lock_guard lock(mutex);
        bytes_done += o.bytes;
        ++done;
        if (o.kind == Outcome::failed && opt->fail_fast) stop = true;
        finished.emplace(index, std::pair{std::move(*in), std::move(o)});
        report_ready();
      }
    };
    const auto start = std::chrono::steady_clock::now();
    std::vector<std::thread> pool;
    for (unsigned j = 0; j < jobs; ++j) pool.emplace_back(worker);
    // The progress line: files done of total, MB/s, time left (from the bytes still to read).
    while (terminal) {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      std::lock_guard lock(mutex);
      if (running == 0) break;  // (files may have come or gone since they were counted)
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      const double rate = double(bytes_done) / std::max(seconds, 1e-3);
      const double left = rate > 0 ? double(total_bytes - std::min(bytes_done, total_bytes)) / rate : 0;
      std::printf("\r%zu/%llu files, %.1f MB/s, %.0f s left   ", done, static_cast<unsigned long long>(total_files), rate / 1e6,
                  left);
      std::fflush(stdout);
    }
    for (auto& t : pool) t.join();
    if (is_folder(opt->output)) sync_filesystem(opt->output);
    if (terminal) std::printf("\r%*s\r", 60, "");
    std::fputs(failures.c_str(), stderr);
    // Every file counted once, every skip with its reason.
    const std::size_t files = converted + skipped_count + failed_count;
    std::string skips = fmt::format("{} not {}", not_animations, not_animations == 1 ? "an animation" : "animations");
    for (const auto& [why, count] : other_skips) skips += fmt::format(", {} {}", count, why);
    const std::string bare = opt->skeleton_dir.empty() ? "" : fmt::format("; {} converted without a skeleton", without_skeleton);
    print_line(stdout, fmt::format("{} file{}: {} converted, {} skipped ({}), {} failed{}{}", files, files == 1 ? "" : "s", converted,
                                   skipped_count, skips, failed_count, stop ? " (stopped at the first failure)" : "", bare));
    if (failed_count > 0) exit_code = exit_failure;
  });
}

}  // namespace anmkit::cli
