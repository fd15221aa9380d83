// anmkit::batch (batch.hpp): the plan, the workers and the writing of a run of many files; the
// caller's sink says what became of each.

#include "anmkit/batch.hpp"

#include <algorithm>
#include <chrono>
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
#include "anmkit/core/guard.hpp"
#include "anmkit/core/path_utf8.hpp"
#if defined(_WIN32)
#include "anmkit/core/windows_api.hpp"
#endif
#include "anmkit/inputs.hpp"
#include "anmkit/skeleton_search.hpp"

namespace anmkit {
namespace {

namespace fs = std::filesystem;

BatchResult converted(const std::string& input, std::string output, std::uint64_t size) {
  BatchResult out;
  out.kind = BatchResult::Kind::converted;
  out.input = input;
  out.output = std::move(output);
  out.bytes = size;
  return out;
}

BatchResult skipped(const std::string& input, std::string why) {
  BatchResult out;
  out.kind = BatchResult::Kind::skipped;
  out.input = input;
  out.skipped_why = std::move(why);
  return out;
}

BatchResult failed(Error e, const std::string& path) {
  if (e.file.empty()) e.file = path;
  BatchResult out;
  out.kind = BatchResult::Kind::failed;
  out.input = path;
  out.error = std::move(e);
  return out;
}

// What --to `to` writes for a file of `format` (suffixes after the input's path without its
// extension), or none and why: the library's plan (export_plan).
struct Suffixes {
  std::vector<std::string> suffixes;
  std::string skip;
  std::vector<SettingMention> skip_settings;
};
Suffixes output_suffixes(const FormatInfo& format, const std::string& to) {
  auto plan = export_plan(format, to);
  if (!plan) return {};  // (checked to be one of the library's kinds)
  return {plan->suffixes, plan->skip, plan->skip_settings};
}

// Every suffix --to `to` may write, whatever the format.
std::vector<std::string> every_output_suffix(const std::string& to) {
  std::vector<std::string> out;
  for (const FormatInfo& format : formats()) {
    for (auto& suffix : output_suffixes(format, to).suffixes) {
      if (std::find(out.begin(), out.end(), suffix) == out.end()) out.push_back(std::move(suffix));
    }
  }
  return out;
}

// Where an input's outputs go: the output folder, the input's path below its argument, no extension.
std::string output_base(const BatchOptions& opt, const InputFile& in) {
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
  static void each_input(const BatchOptions& opt, const SkeletonFinder& skeletons, F&& f, bool model_files = true) {
    for (const auto& path : skeletons.root_models()) f(path, nullptr);
    const bool gltf = opt.to == "glb" || opt.to == "gltf";
    InputWalker walker(opt.inputs, opt.output);
    while (auto in = walker.next()) {
      if (!in->error.empty()) continue;  // (a folder that cannot be listed is reported by the work)
      f(in->path, &*in);
      if (!model_files || !gltf || game_file_kind(in->path) != "model") continue;
      OpenOptions as_model = opt.open;
      as_model.kinds = OpenKinds::all();
      auto model = Document::open(in->path, as_model);
      auto files = model ? model->files_read() : Expected<std::vector<std::string>>(model.error());
      if (files) {
        for (const std::string& file : *files) f(file, nullptr);
      }
    }
  }

  static Plan make(const BatchOptions& opt, const SkeletonFinder& skeletons) {
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
        if (writes_output(name, opt.to, opt.open.limits)) writers.push_back(name);
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
  static bool writes_output(const std::string& path, const std::string& to, const ReadLimits& limits) {
    auto bytes = read_file(path, limits.max_input_bytes);
    if (!bytes) return false;
    const auto format = detect(*bytes);
    if (!format) return (to == "glb" || to == "gltf") && looks_like_model(*bytes, path);
    return !output_suffixes(*format, to).suffixes.empty();
  }
};

// A model file that names its animations (GEM .mdl), for --to glb or gltf: the whole vehicle, its
// meshes and every sequence (model_to_gltf), as convert writes it.
BatchResult convert_model(const InputFile& in, const BatchOptions& opt, const Plan& plan, std::uint64_t size) {
  auto gltf = model_to_gltf(in.path, opt.open, opt.to == "glb");
  if (!gltf) return failed(gltf.error(), in.path);
  const std::string target = output_base(opt, in) + (opt.to == "glb" ? ".glb" : ".gltf");
  if (plan.inputs.holds(target)) {
    return failed(make_error(ErrorCode::io, "refusing to overwrite an input of this run (batch never replaces its inputs)"), target);
  }
  std::error_code ec;
  create_folders(utf8(fs_path(target).parent_path()), ec);
  if (auto w = write_file_atomic(target, gltf->bytes, Durability::deferred); !w) return failed(w.error(), target);
  BatchResult out = converted(in.path, target, size);
  out.warnings = std::move(gltf->warnings);
  return out;
}

BatchResult convert_one(const InputFile& in, const BatchOptions& opt, const SkeletonFinder& skeletons, const Plan& plan) {
  if (!in.error.empty()) return failed(make_error(ErrorCode::io, in.error), in.path);
  if (const auto it = plan.collisions.find(in.path); it != plan.collisions.end()) {
    return failed(make_error(ErrorCode::io, it->second), in.path);
  }
  auto bytes = read_file(in.path, opt.open.limits.max_input_bytes);
  if (!bytes) return failed(bytes.error(), in.path);
  const auto format = detect(*bytes);
  OpenOptions options = opt.open;
  const bool gltf = opt.to == "glb" || opt.to == "gltf";
  if (!format && looks_like_model(*bytes, in.path)) {
    if (gltf) return convert_model(in, opt, plan, bytes->size());
    // Not converted to KIND, but a model that does not read is a failure of the run, not a skip.
    OpenOptions as_model = options;
    as_model.kinds = OpenKinds::all();
    if (auto model = Document::open(in.path, as_model); !model) return failed(model.error(), in.path);  // (reads no mesh)
    return skipped(in.path, "not an animation");
  }
  if (!format) {
    // A file named like an animation that no format recognises is a broken one (folder_tally.hpp);
    // batch passes over any other, named or found (it converts what it can).
    if (!named_like_an_animation(in.path)) return skipped(in.path, "not an animation");
    auto document = Document::open(*bytes, options, in.path);
    if (!document) return failed(document.error(), in.path);
    return skipped(in.path, "not an animation");  // (open() detects as detect() does: not reached)
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
  if (const Suffixes planned = output_suffixes(*format, opt.to); planned.suffixes.empty()) {
    BatchResult out = skipped(in.path, planned.skip);
    out.skipped_settings = planned.skip_settings;
    return out;
  }
  const bool looked_for = gltf && !format->skeleton_extension.empty() && (!opt.skeleton_roots.empty() || !options.skeleton.empty());
  auto exported = export_as(*document, opt.to, opt.export_options);
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
  BatchResult out = converted(in.path, written, size);
  out.skeleton_looked_for = looked_for;
  out.skeleton = options.skeleton;
  out.skeleton_why = match.why;
  out.skeleton_why_settings = match.why_settings;
  out.skeleton_unreadable = std::move(match.unreadable);
  return out;
}


}  // namespace

Expected<BatchSummary> batch(const BatchOptions& given, const BatchSink& sink) {
  return guard([&]() -> Expected<BatchSummary> {
    const auto kinds = export_kinds();
    if (std::find(kinds.begin(), kinds.end(), given.to) == kinds.end()) {
      return make_error(ErrorCode::bad_value, fmt::format("'{}' is no export kind", given.to));
    }
    // One file source for the whole run: each folder listed once for all its files.
    BatchOptions opt = given;
    if (!opt.open.files) opt.open.files = disk_files();
    OpenOptions search_options;
    search_options.limits = opt.open.limits;
    const SkeletonFinder skeletons(opt.skeleton_roots, search_options);
    if (sink.unreadable_roots && !skeletons.root_unreadable().empty()) sink.unreadable_roots(skeletons.root_unreadable());
    const Plan plan = Plan::make(opt, skeletons);
    std::mutex mutex;  // guards everything below
    InputWalker walker(opt.inputs, opt.output);
    std::size_t taken = 0, next_report = 0, running = 0;  // running: workers started and not done
    BatchSummary summary;
    summary.done.files = plan.files;
    summary.done.bytes = plan.bytes;
    std::map<std::size_t, BatchResult> finished;  // done, waiting for an earlier file
    // Results go out in input order, each as soon as every file before it is done.
    const auto report_ready = [&] {
      while (!finished.empty() && finished.begin()->first == next_report) {
        BatchResult result = std::move(finished.begin()->second);
        finished.erase(finished.begin());
        ++next_report;
        try {
          if (sink.result && !sink.result(std::move(result))) summary.stopped = true;
        } catch (...) {
          summary.stopped = true;
        }
      }
    };
    auto worker = [&] {
      while (true) {
        std::optional<InputFile> in;
        std::size_t index = 0;
        {
          std::lock_guard lock(mutex);
          if (!summary.stopped) in = walker.next();
          if (!in) {
            --running;
            return;
          }
          index = taken++;
        }
        // An exception must not leave a worker thread (that ends the process): it fails the file.
        BatchResult result;
        try {
          result = convert_one(*in, opt, skeletons, plan);
        } catch (...) {
          result = failed(caught_error(), in->path);
        }
        std::lock_guard lock(mutex);
        summary.done.bytes_done += result.bytes;
        ++summary.done.files_done;
        if (result.kind == BatchResult::Kind::failed && opt.fail_fast) summary.stopped = true;
        finished.emplace(index, std::move(result));
        report_ready();
      }
    };
    // The workers: `jobs` threads, as many as start; none (WebAssembly without threads, or no
    // thread could start): one, on the calling thread, without progress calls.
    std::vector<std::thread> pool;
#if !defined(__EMSCRIPTEN__) || defined(__EMSCRIPTEN_PTHREADS__)
    const unsigned jobs = opt.jobs ? opt.jobs : std::max(1u, std::thread::hardware_concurrency());
    for (unsigned j = 0; j < jobs; ++j) {
      {
        std::lock_guard lock(mutex);
        ++running;
      }
      try {
        pool.emplace_back(worker);
      } catch (...) {
        std::lock_guard lock(mutex);
        --running;
        break;
      }
    }
#endif
    if (pool.empty()) {
      {
        std::lock_guard lock(mutex);
        ++running;
      }
      worker();
    }
    bool progress = sink.progress && !pool.empty();
    // At most 100 calls a second (a NaN or a negative period is the default's 0.2 s).
    const double period = sink.progress_every >= 0.01 && sink.progress_every <= 3600 ? sink.progress_every
                          : sink.progress_every > 3600                             ? 3600.0
                          : sink.progress_every >= 0                               ? 0.01
                                                                                   : 0.2;
    while (progress) {
      std::this_thread::sleep_for(std::chrono::duration<double>(period));
      BatchProgress now;
      {
        std::lock_guard lock(mutex);
        if (running == 0) break;  // (files may have come or gone since they were counted)
        now = summary.done;
      }
      try {
        sink.progress(now);
      } catch (...) {
        progress = false;  // (the workers must still be joined)
      }
    }
    for (auto& t : pool) t.join();
    if (is_folder(opt.output)) sync_filesystem(opt.output);
    return summary;
  });
}

}  // namespace anmkit
