// anmkit::batch (batch.hpp): the library's run of many files, which the command line only prints:
// each input's result handed to the sink in input order, the same for any number of workers,
// failures as values naming the file, and the outputs written under the output folder.
#include <gtest/gtest.h>

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "anmkit/batch.hpp"
#include "support/fixture_bytes.hpp"
#include "support/run_cli.hpp"

namespace anmkit {
namespace {

namespace fs = std::filesystem;

std::string example(const char* name) { return (fs::path(ANMKIT_SOURCE_DIR) / "examples" / name).string(); }

// "converted IN -> OUT", "skipped IN: WHY" or "failed FILE: MESSAGE", a result a line.
std::vector<std::string> run(const BatchOptions& options, BatchSummary& summary) {
  std::vector<std::string> lines;
  BatchSink sink;
  sink.result = [&](BatchResult&& r) {
    switch (r.kind) {
      case BatchResult::Kind::converted: lines.push_back("converted " + r.input + " -> " + r.output); break;
      case BatchResult::Kind::skipped: lines.push_back("skipped " + r.input + ": " + r.skipped_why); break;
      case BatchResult::Kind::failed: lines.push_back("failed " + r.error.to_string()); break;
    }
    return true;
  };
  auto done = batch(options, sink);
  EXPECT_TRUE(done) << done.error().to_string();
  if (done) summary = *done;
  return lines;
}

TEST(LibraryBatch, ResultsComeInInputOrderTheSameForAnyNumberOfWorkers) {
  test::TempDir dir;
  fs::create_directories(dir.path() / "in" / "sub");
  for (const char* name : {"turret_v40.anm", "turret_v60.anm", "ghost_mm2.anm"}) {
    fs::copy_file(example(name), dir.path() / "in" / name);
    fs::copy_file(example(name), dir.path() / "in" / "sub" / name);
  }
  dir.write_text("in/notes.txt", "not an animation");
  dir.write_text("in/broken.anm", "EANM");
  BatchOptions options;
  options.inputs = {dir.file("in")};
  options.to = "json";
  std::vector<std::vector<std::string>> runs;
  for (unsigned jobs : {1u, 2u}) {
    options.output = dir.file("out" + std::to_string(jobs));
    options.jobs = jobs;
    BatchSummary summary;
    auto lines = run(options, summary);
    for (auto& line : lines) {
      const auto at = line.find(options.output);
      if (at != std::string::npos) line.replace(at, options.output.size(), "OUT");
    }
    runs.push_back(lines);
    EXPECT_EQ(summary.done.files_done, 8u);
    EXPECT_EQ(summary.done.files, 8u);
    EXPECT_FALSE(summary.stopped);
    EXPECT_EQ(test::read_bytes(fs::path(options.output) / "sub" / "turret_v60.json").size(),
              fs::file_size(dir.path() / "out1" / "sub" / "turret_v60.json"));
  }
  const std::string in = dir.file("in");
  ASSERT_EQ(runs[0].size(), 8u);
  EXPECT_EQ(runs[0][0].rfind("failed " + in + "/broken.anm", 0), 0u) << runs[0][0];
  EXPECT_EQ(runs[0][1], "converted " + in + "/ghost_mm2.anm -> OUT/ghost_mm2.json");
  EXPECT_EQ(runs[0][2], "skipped " + in + "/notes.txt: not an animation");
  EXPECT_EQ(runs[0][3], "converted " + in + "/sub/ghost_mm2.anm -> OUT/sub/ghost_mm2.json");
  EXPECT_EQ(runs[0][7], "converted " + in + "/turret_v60.anm -> OUT/turret_v60.json");
  EXPECT_EQ(runs[0], runs[1]);
}

TEST(LibraryBatch, FailFastStopsTakingFilesAndAKindThatIsNoneIsRefused) {
  test::TempDir dir;
  dir.write_text("a.anm", "EANM");
  fs::copy_file(example("turret_v60.anm"), dir.path() / "b.anm");
  BatchOptions options;
  options.inputs = {dir.file("a.anm"), dir.file("b.anm")};
  options.output = dir.file("out");
  options.to = "json";
  options.jobs = 1;
  options.fail_fast = true;
  BatchSummary summary;
  const auto lines = run(options, summary);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].rfind("failed " + dir.file("a.anm") + ":", 0), 0u) << lines[0];
  EXPECT_TRUE(summary.stopped);
  EXPECT_FALSE(fs::exists(dir.path() / "out" / "b.json"));

  options.to = "mp4";
  const auto refused = batch(options, {});
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::bad_value);
  EXPECT_EQ(refused.error().message, "'mp4' is no export kind");
}

}  // namespace
}  // namespace anmkit

namespace anmkit {
namespace {

// A sink that throws, from its result or its progress, stops the run or its progress calls; the
// workers are joined either way (an exception through running threads would end the process).
TEST(LibraryBatch, ASinkThatThrowsStopsTheRunAndItsWorkersAreJoined) {
  test::TempDir dir;
  for (int k = 0; k < 40; ++k) fs::copy_file(example("turret_v60.anm"), dir.path() / ("t" + std::to_string(k) + ".anm"));
  BatchOptions options;
  options.inputs = {dir.path().string()};
  options.output = dir.file("out");
  options.to = "json";
  options.jobs = 2;
  std::size_t results = 0, progress_calls = 0;
  BatchSink sink;
  sink.result = [&](BatchResult&&) -> bool {
    if (++results == 3) throw std::runtime_error("the sink's own failure");
    return true;
  };
  sink.progress_every = -1;  // (taken as 0.2 s)
  sink.progress = [&](const BatchProgress&) {
    ++progress_calls;
    throw std::runtime_error("no progress");
  };
  auto done = batch(options, sink);
  ASSERT_TRUE(done) << done.error().to_string();
  EXPECT_TRUE(done->stopped);
  EXPECT_GE(results, 3u);
  EXPECT_LT(results, 40u);  // (those already running still report)
  EXPECT_LE(progress_calls, 1u);
}

}  // namespace
}  // namespace anmkit
