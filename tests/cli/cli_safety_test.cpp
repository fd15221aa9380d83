// Issue 17, "writes that must not happen" and "quietly wrong": no output replaces an input of
// the run, collisions fail the same for every -j, temporary files are exclusive and never left
// behind by a signal, non-regular outputs are written in place, modes are kept, every number is
// range-checked, a failed stdout is exit 1, an unreadable folder is a failure, and a control
// byte in a file name cannot fake a line.

#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include <charconv>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include <fmt/format.h>

#include "support/fixture_bytes.hpp"
#include "support/run_cli.hpp"

namespace anmkit::test {
namespace {

namespace fs = std::filesystem;

const fs::path examples = fs::path(ANMKIT_SOURCE_DIR) / "examples";

std::string example(const char* name) { return (examples / name).string(); }

// Runs the CLI with stdout sent to `out` (a path the shell opens) and stderr captured.
CliResult run_cli_to(const std::vector<std::string>& args, const std::string& out, const TempDir& dir) {
  std::string command = shell_quote(ANMKIT_CLI);
  for (const auto& a : args) command += " " + shell_quote(a);
  const std::string err = dir.file(".stderr");
  command += " >" + shell_quote(out) + " 2>" + shell_quote(err);
  const int status = std::system(command.c_str());
  CliResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.err = slurp(err);
  return r;
}

// Starts the CLI in the background with stdout on `out_fd` and stderr on `err_fd` (/dev/null
// for -1).
pid_t spawn_cli(const std::vector<std::string>& args, int out_fd = -1, int err_fd = -1) {
  std::vector<std::string> all{ANMKIT_CLI};
  all.insert(all.end(), args.begin(), args.end());
  const pid_t child = ::fork();
  if (child != 0) return child;
  const int null = ::open("/dev/null", O_RDWR);
  ::dup2(out_fd >= 0 ? out_fd : null, 1);
  ::dup2(err_fd >= 0 ? err_fd : null, 2);
  std::vector<char*> argv;
  for (auto& a : all) argv.push_back(a.data());
  argv.push_back(nullptr);
  ::execv(argv[0], argv.data());
  ::_exit(127);
}

std::vector<std::string> tree(const fs::path& root) {
  std::vector<std::string> out;
  if (!fs::exists(root)) return out;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    if (!e.is_directory()) out.push_back(fs::relative(e.path(), root).string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string copy(const TempDir& dir, const char* example_name, const std::string& to) {
  fs::create_directories(fs::path(dir.file(to)).parent_path());
  fs::copy_file(examples / example_name, dir.file(to), fs::copy_options::overwrite_existing);
  return dir.file(to);
}

unsigned mode_of(const std::string& path) {
  struct stat st {};
  ::stat(path.c_str(), &st);
  return st.st_mode & 07777;
}

// ---- 1. Writes ----

TEST(CliSafety, BatchNeverOverwritesAnInputWithAnotherInputsConversion) {
  // `t.v40` and `t.anm` both convert to `t.anm`: both fail, and the input `t.anm` is untouched.
  TempDir dir;
  copy(dir, "turret_v40.anm", "in/t.v40");
  const std::string t = copy(dir, "turret_v60.anm", "in/t.anm");
  for (const char* jobs : {"1", "2"}) {
    auto r = run_cli({"batch", dir.file("in"), "-o", dir.file("in"), "--to", "gem-6.1", "-j", jobs}, dir);
    EXPECT_EQ(r.exit_code, 1) << jobs;
    EXPECT_EQ(r.err, t + ": error: its output " + t + " is also the output of " + dir.file("in") +
                         "/t.v40; nothing is written for either (outputs are named by the input's path without its extension)\n" +
                         dir.file("in") + "/t.v40: error: its output " + t + " is also the output of " + t +
                         "; nothing is written for either (outputs are named by the input's path without its extension)\n")
        << jobs;
    EXPECT_EQ(r.out, "2 files: 0 converted, 0 skipped (0 not animations), 2 failed\n");
    EXPECT_EQ(read_bytes(t), read_bytes(examples / "turret_v60.anm"));
    EXPECT_EQ(tree(dir.path() / "in"), (std::vector<std::string>{"t.anm", "t.v40"}));
  }
}

TEST(CliSafety, BatchToJsonKeepsAJsonInputBesideItsAnimation) {
  TempDir dir;
  copy(dir, "turret_v60.anm", "in/g.anm");
  const std::string json = dir.write_text("in/g.json", "{\"mine\": true}\n");
  auto r = run_cli({"batch", dir.file("in"), "-o", dir.file("in"), "--to", "json"}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, json + ": error: refusing to overwrite an input of this run (batch never replaces its inputs)\n");
  EXPECT_EQ(r.out, "skipped " + json + ": not an animation\n2 files: 0 converted, 1 skipped (1 not an animation), 1 failed\n");
  EXPECT_EQ(slurp(json), "{\"mine\": true}\n");
}

TEST(CliSafety, BatchRefusesToWriteOverAnInputThroughALink) {
  // The output folder holds a link named like an output, to an input: writing there would
  // replace the link, not the input, but it names an input of the run all the same.
  TempDir dir;
  const std::string input = copy(dir, "turret_v60.anm", "in/g.anm");
  const std::string other = dir.write_text("in/notes.json", "notes\n");
  fs::create_directories(dir.path() / "out");
  fs::create_symlink(other, dir.path() / "out/g.json");
  auto r = run_cli({"batch", input, other, "-o", dir.file("out"), "--to", "json"}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, dir.file("out") + "/g.json: error: refusing to overwrite an input of this run (batch never replaces its inputs)\n");
  EXPECT_EQ(slurp(other), "notes\n");
  EXPECT_TRUE(fs::is_symlink(dir.path() / "out/g.json"));
}

TEST(CliSafety, TwoInputsForOneOutputFailTheSameForEveryJ) {
  TempDir dir;
  const std::string a = copy(dir, "turret_v60.anm", "d1/x.anm");
  const std::string b = copy(dir, "turret_v40.anm", "d2/x.anm");
  const std::string out = dir.file("out");
  const std::string why = "; nothing is written for either (outputs are named by the input's path without its extension)\n";
  for (const char* jobs : {"1", "2", "8"}) {
    fs::remove_all(out);
    auto r = run_cli({"batch", a, b, "-o", out, "--to", "json", "-j", jobs}, dir);
    EXPECT_EQ(r.exit_code, 1) << jobs;
    EXPECT_EQ(r.err, a + ": error: its output " + out + "/x.json is also the output of " + b + why + b + ": error: its output " +
                         out + "/x.json is also the output of " + a + why)
        << jobs;
    EXPECT_EQ(r.out, "2 files: 0 converted, 0 skipped (0 not animations), 2 failed\n") << jobs;
    EXPECT_EQ(tree(out), std::vector<std::string>{}) << jobs;
  }
}

TEST(CliSafety, NamesThatDifferInCaseCollideOnlyWhenBothWrite) {
  TempDir dir;
  const std::string lower = copy(dir, "turret_v60.anm", "in/a.anm");
  const std::string upper = copy(dir, "turret_v40.anm", "in/a.ANM");
  dir.write_text("in/b.txt", "not an animation");  // b.txt and b.anm: only one writes b.json
  copy(dir, "turret_v60.anm", "in/b.anm");
  for (const char* jobs : {"1", "2"}) {
    const std::string out = dir.file(std::string("out") + jobs);
    auto r = run_cli({"batch", dir.file("in"), "-o", out, "--to", "json", "-j", jobs}, dir);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find(upper + ": error: its output " + out + "/a.json is also the output of " + lower + ";"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(lower + ": error: its output " + out + "/a.json is also the output of " + upper + ";"), std::string::npos) << r.err;
    EXPECT_NE(r.out.find("4 files: 1 converted, 1 skipped (1 not an animation), 2 failed\n"), std::string::npos) << r.out;
    EXPECT_EQ(tree(out), std::vector<std::string>{"b.json"});
  }
}

// batch plans on hashes of output names and of inputs' identities (memory that does not grow
// with the number of files), and confirms each match on the real names and identities. With
// every hash equal (a test-only setting), every name and every existing output matches by hash:
// the runs must be the same as with real hashes, to the byte.
TEST(CliSafety, BatchDecidesOnRealNamesNotOnTheirHashes) {
  TempDir dir;
  // Distinct outputs: three animations, one of them in a subfolder, and a file that is not one.
  copy(dir, "turret_v60.anm", "many/a.anm");
  copy(dir, "turret_v40.anm", "many/b.anm");
  copy(dir, "turret_v60.anm", "many/sub/c.anm");
  dir.write_text("many/notes.txt", "not an animation");
  // Two inputs for one output, and a third that writes alone.
  const std::string x1 = copy(dir, "turret_v60.anm", "d1/x.anm");
  const std::string x2 = copy(dir, "turret_v40.anm", "d2/x.anm");
  const std::string y = copy(dir, "turret_v60.anm", "d2/y.anm");
  // An output that is an input (g.json beside g.anm, written into the input folder), and one
  // that is not (h.anm's h.json, new).
  copy(dir, "turret_v60.anm", "own/g.anm");
  const std::string g_json = dir.write_text("own/g.json", "{\"mine\": true}\n");
  copy(dir, "turret_v60.anm", "own/h.anm");
  struct Case {
    std::vector<std::string> inputs;
    std::string output;
    int exit_code;
  };
  const std::vector<Case> cases = {
      {{dir.file("many")}, "out_many", 0},
      {{x1, x2, y}, "out_x", 1},
      {{dir.file("own")}, "own", 1},
  };
  for (const Case& c : cases) {
    for (const char* jobs : {"1", "2"}) {
      SCOPED_TRACE(c.output + " -j" + jobs);
      std::vector<CliResult> runs;
      std::vector<std::vector<std::string>> trees;
      for (const char* bits : {"64", "0", "1"}) {
        // A previous output in the output folder: replaced, being no input of the run.
        if (c.output != "own") {
          fs::remove_all(dir.path() / c.output);
          fs::create_directories(dir.path() / c.output);
          dir.write_text(c.output + "/a.json", "old\n");
        } else {
          fs::remove(dir.path() / "own/h.json");
        }
        ::setenv("ANMKIT_TEST_PLAN_HASH_BITS", bits, 1);
        std::vector<std::string> args{"batch"};
        args.insert(args.end(), c.inputs.begin(), c.inputs.end());
        args.insert(args.end(), {"-o", dir.file(c.output), "--to", "json", "-j", jobs});
        runs.push_back(run_cli(args, dir));
        ::unsetenv("ANMKIT_TEST_PLAN_HASH_BITS");
        trees.push_back(tree(dir.path() / c.output));
        EXPECT_EQ(runs.back().exit_code, c.exit_code) << bits << runs.back().err;
        if (c.output == "out_many") {
          EXPECT_NE(slurp(dir.file("out_many/a.json")), "old\n") << bits;
        }
        EXPECT_EQ(slurp(g_json), "{\"mine\": true}\n") << bits;
      }
      for (std::size_t i = 1; i < runs.size(); ++i) {
        EXPECT_EQ(runs[i].out, runs[0].out) << i;
        EXPECT_EQ(runs[i].err, runs[0].err) << i;
        EXPECT_EQ(trees[i], trees[0]) << i;
      }
      if (c.output == "out_many") {
        EXPECT_EQ(trees[0], (std::vector<std::string>{"a.json", "b.json", "sub/c.json"}));
        EXPECT_EQ(runs[0].err, "");
      } else if (c.output == "out_x") {
        EXPECT_EQ(trees[0], (std::vector<std::string>{"a.json", "y.json"}));
        EXPECT_NE(runs[0].err.find(x1 + ": error: its output " + dir.file("out_x") + "/x.json is also the output of " + x2 + ";"),
                  std::string::npos)
            << runs[0].err;
        EXPECT_EQ(runs[0].out.substr(runs[0].out.rfind("3 files")), "3 files: 1 converted, 0 skipped (0 not animations), 2 failed\n");
      } else {
        EXPECT_EQ(runs[0].err, g_json + ": error: refusing to overwrite an input of this run (batch never replaces its inputs)\n");
        EXPECT_TRUE(fs::exists(dir.path() / "own/h.json"));
      }
    }
  }
}

TEST(CliSafety, ModelAndBaseAndFrameFilesAreInputsToo) {
  TempDir dir;
  const std::string refused = ": error: refusing to overwrite the input file; pass --in-place to replace it\n";
  const std::string door = copy(dir, "mansion_door.anm", "door.anm");
  const std::string bin = copy(dir, "mansion_door.bin", "door.bin");
  auto r = run_cli({"dump", door, "--bin", bin, "-o", bin}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, bin + refused);
  EXPECT_EQ(read_bytes(bin), read_bytes(examples / "mansion_door.bin"));

  r = run_cli({"convert", door, "--bin", bin, "-o", dir.file("door.glb")}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string glb = dir.file("door.glb");
  r = run_cli({"convert", door, "--bin", glb, "-o", glb}, dir);  // (a .glb is no .bin: the read fails first)
  EXPECT_EQ(r.exit_code, 1);

  const std::string turret = copy(dir, "turret_v60.anm", "turret.anm");
  const std::string mdl = dir.file("skeleton.mdl");
  fs::copy_file(fs::path(ANMKIT_SOURCE_DIR) / "fuzz/seeds/mdl/skeleton.mdl", mdl);
  const auto mdl_bytes = read_bytes(mdl);
  r = run_cli({"convert", turret, "--skeleton", mdl, "--to", "gem-6.1", "-o", mdl}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, mdl + refused);
  EXPECT_EQ(read_bytes(mdl), mdl_bytes);

  // MM2: frames exported to a folder, imported back with --base: neither the base nor a frame
  // may be the output.
  const std::string ghost = copy(dir, "ghost_mm2.anm", "ghost.anm");
  r = run_cli({"convert", ghost, "-o", dir.file("frames") + "/"}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string frame = dir.file("frames/raw_000.png");
  const auto frame_bytes = read_bytes(frame);
  r = run_cli({"convert", dir.file("frames"), "--base", ghost, "-o", ghost}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, ghost + refused);
  EXPECT_EQ(read_bytes(ghost), read_bytes(examples / "ghost_mm2.anm"));
  r = run_cli({"convert", dir.file("frames"), "--base", ghost, "-o", frame}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, frame + refused);
  EXPECT_EQ(read_bytes(frame), frame_bytes);
  // --in-place lets it through.
  r = run_cli({"convert", dir.file("frames"), "--base", ghost, "-o", ghost, "--in-place"}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

TEST(CliSafety, ANonRegularOutputIsWrittenInPlaceNeverReplaced) {
  TempDir dir;
  // A null device of the test's own (a regression must not replace the machine's /dev/null).
  const std::string null = dir.file("null");
  struct stat st {};
  if (::mknod(null.c_str(), S_IFCHR | 0666, makedev(1, 3)) == 0) {
    auto r = run_cli({"dump", example("turret_v60.anm"), "-o", null}, dir);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    ASSERT_EQ(::lstat(null.c_str(), &st), 0);
    EXPECT_TRUE(S_ISCHR(st.st_mode)) << "the null device is still the device";
    fs::remove(null);
  } else {
    std::fprintf(stderr, "(no mknod here: the character device case is left out; the fifo case stands for it)\n");
  }

  // A fifo: the reader gets the dump; the fifo stays a fifo.
  const std::string fifo = dir.file("pipe");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::string received;
  std::thread reader([&] { received = slurp(fifo); });
  auto r = run_cli({"dump", example("turret_v60.anm"), "-o", fifo}, dir);
  reader.join();
  EXPECT_EQ(r.exit_code, 0) << r.err;
  auto expected = run_cli({"dump", example("turret_v60.anm")}, dir);
  EXPECT_EQ(received, expected.out);
  ASSERT_EQ(::lstat(fifo.c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode));
  EXPECT_EQ(tree(dir.path()), (std::vector<std::string>{".stderr", ".stdout", "pipe"})) << "no temporary file left";

  // A folder is an error, not a rename.
  fs::create_directories(dir.path() / "folder.json");
  r = run_cli({"dump", example("turret_v60.anm"), "-o", dir.file("folder.json")}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, dir.file("folder.json") + ": error: is a directory, expected a file\n");
}

TEST(CliSafety, AReplacedOutputKeepsItsModeAndANewOneGetsTheUmasks) {
  TempDir dir;
  const std::string out = dir.write_text("out.json", "old\n");
  ASSERT_EQ(::chmod(out.c_str(), 0640), 0);
  auto r = run_cli({"dump", example("turret_v60.anm"), "-o", out}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(mode_of(out), 0640u);
  EXPECT_EQ(slurp(out).substr(0, 1), "{");
  const mode_t old = ::umask(027);
  r = run_cli({"dump", example("turret_v60.anm"), "-o", dir.file("new.json")}, dir);
  ::umask(old);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(mode_of(dir.file("new.json")), 0640u) << "0666 less the umask 027";
}

TEST(CliSafety, OutputNamesUpToNameMaxWork) {
  TempDir dir;
  const std::string name(255, 'n');
  auto r = run_cli({"dump", example("turret_v60.anm"), "-o", dir.file(name)}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::is_regular_file(dir.file(name)));
  // batch: a 250-byte stem plus ".json" is 255 bytes.
  const std::string stem(250, 's');
  copy(dir, "turret_v60.anm", "in/" + stem + ".anm");
  r = run_cli({"batch", dir.file("in"), "-o", dir.file("out"), "--to", "json"}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(tree(dir.path() / "out"), std::vector<std::string>{stem + ".json"});
}

// SIGINT, SIGTERM or SIGHUP at any moment of a batch leaves no temporary file: each run is
// signalled at a different share of the work, while the workers create, write and rename. The
// share is counted in outputs written, not in time, so that a loaded machine (a sanitizer build,
// another test beside it) still signals each run while it works.
void interrupt_batches(unsigned jobs, int runs) {
  TempDir dir;
  const auto bytes = read_bytes(examples / "turret_v40.anm");
  fs::create_directories(dir.path() / "in");
  constexpr int files = 1500;
  for (int i = 0; i < files; ++i) dir.write("in/t" + std::to_string(i) + ".anm", bytes);
  const std::string out = dir.file("out");
  const std::vector<std::string> batch = {"batch", dir.file("in"), "-o", out, "--to", "json", "-j", std::to_string(jobs)};
  const int signals[] = {SIGINT, SIGTERM, SIGHUP};
  int interrupted = 0;
  for (int run = 0; run < runs; ++run) {
    fs::remove_all(out);
    const pid_t child = spawn_cli(batch);
    ASSERT_GT(child, 0);
    const auto share = std::size_t(files * (0.1 + 0.7 * run / runs));
    int status = 0;
    bool ended = false;
    while (!ended) {
      std::error_code ec;
      std::size_t written = 0;
      for (auto it = fs::directory_iterator(out, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) ++written;
      if (written >= share) break;
      ended = ::waitpid(child, &status, WNOHANG) == child;
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    const int signal_number = signals[run % 3];
    if (!ended) {
      ::kill(child, signal_number);
      ASSERT_EQ(::waitpid(child, &status, 0), child);
    }
    if (WIFSIGNALED(status)) {
      EXPECT_EQ(WTERMSIG(status), signal_number);
      ++interrupted;
    }
    for (const auto& name : tree(out)) {
      EXPECT_TRUE(std::regex_match(name, std::regex(R"(t\d+\.json)"))) << "left behind: " << name << " (run " << run << ")";
    }
  }
  EXPECT_GT(interrupted, runs / 2) << "the signals came while the batch ran";
}

TEST(CliSafety, SignalsDuringBatchWithTwoWorkersLeaveNoTemporaryFile) { interrupt_batches(2, 12); }
TEST(CliSafety, SignalsDuringBatchWithSixtyFourWorkersLeaveNoTemporaryFile) { interrupt_batches(64, 8); }

// ---- 2. Numbers ----

struct NumericOption {
  std::string command;  // "" for the global options
  std::string name;     // --fps
  bool whole = false;
  std::string min, max;  // as --help prints them
};

// Whether `value` is a number the option's range holds, by the CLI's own rules written out
// again: plain decimal, finite, within [min, max] (whole numbers compared exactly).
bool in_range(const NumericOption& o, const std::string& value) {
  if (value.empty() || !(std::isdigit(static_cast<unsigned char>(value[0])) || value[0] == '.')) return false;
  if (o.whole) {
    if (value.find_first_not_of("0123456789") != std::string::npos) return false;
    std::uint64_t v = 0;
    const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
    return ec == std::errc() && v >= std::stoull(o.min) && v <= std::stoull(o.max);
  }
  double v = 0;
  const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), v);  // (no hex, unlike strtod)
  return ec == std::errc() && ptr == value.data() + value.size() && std::isfinite(v) && v >= std::stod(o.min) &&
         v <= std::stod(o.max);
}

// Every numeric option of every command, as --help lists it (TYPE:MIN..MAX): found, not
// listed by hand, so that a new option without a range shows up here.
std::vector<NumericOption> numeric_options(const TempDir& dir) {
  std::vector<NumericOption> out;
  const std::regex option(R"((?:^|\s|,)(--[a-z][a-z-]*)\s+(INT|UINT|FLOAT|NUMBER|[A-Z]+):([0-9.e+-]+?)\.\.([0-9.e+]+))");
  const std::regex number_type(R"((?:^|\s|,)(--[a-z][a-z-]*)\s+(INT|UINT|FLOAT|NUMBER)\b)");
  for (const std::string command : {"", "info", "validate", "dump", "build", "sample", "convert", "batch"}) {
    auto help = run_cli(command.empty() ? std::vector<std::string>{"--help"} : std::vector<std::string>{command, "--help"}, dir);
    std::istringstream lines(help.out);
    for (std::string line; std::getline(lines, line);) {
      std::smatch m;
      if (std::regex_search(line, m, option)) {
        // Global options are listed again under each command: keep them once.
        if (!command.empty() && m[1].str().starts_with("--max-")) continue;
        out.push_back({command, m[1].str(), m[2].str() != "FLOAT", m[3].str(), m[4].str()});
      } else if (std::regex_search(line, m, number_type)) {
        ADD_FAILURE() << (command.empty() ? "anmkit" : command) << " " << m[1].str() << " takes a number without a range: " << line;
      }
    }
  }
  return out;
}

// A command line the option can be added to (inputs that exist, options it does not exclude).
std::vector<std::string> base_command(const NumericOption& o, const TempDir& dir) {
  const std::string turret = example("turret_v60.anm"), door = example("mansion_door.anm"), ghost = example("ghost_mm2.anm");
  if (o.command.empty()) return {"info", turret};
  if (o.command == "info" || o.command == "validate") return {o.command, door};
  if (o.command == "dump") return {"dump", door, "-o", dir.file("x.json")};
  if (o.command == "sample") {
    if (o.name == "--frame" || o.name == "--time") return {"sample", door};
    return {"sample", door, "--frame", "0"};
  }
  if (o.command == "convert") {
    if (o.name == "--tolerance") return {"convert", dir.file("door.gltf"), "--to", "lm", "-o", dir.file("x.anm")};
    if (o.name == "--fps") return {"convert", door, "-o", dir.file("x.glb")};
    if (o.name == "--nodes") return {"convert", door, "--repack", "-o", dir.file("x.anm")};
    if (o.name == "--state") return {"convert", ghost, "-o", dir.file("x.iff")};
    return {"convert", ghost, "-o", dir.file("x.gif")};
  }
  if (o.command == "batch") return {"batch", door, "-o", dir.file("batch"), "--to", "json"};
  return {o.command, turret};
}

TEST(CliSafety, EveryNumericOptionRefusesNonFiniteNegativeAndOutOfRangeNumbers) {
  TempDir dir;
  ASSERT_EQ(run_cli({"convert", example("mansion_door.anm"), "-o", dir.file("door.gltf")}, dir).exit_code, 0);
  const auto options = numeric_options(dir);
  std::set<std::string> found;
  for (const auto& o : options) found.insert(o.command + " " + o.name);
  // The ones known today are all found (the search itself works).
  for (const char* known : {" --max-bytes", " --max-frames", " --max-bones", " --max-keys", " --max-pixels", " --max-sequences",
                            "info --fps", "info --tick-hz", "info --nodes", "validate --nodes", "dump --nodes", "sample --frame",
                            "sample --time", "sample --fps", "sample --nodes", "convert --tolerance", "convert --nodes",
                            "convert --sequence", "convert --flipbook-ticks", "convert --tick-hz", "convert --state",
                            "convert --scale", "convert --fps", "batch --jobs"}) {
    EXPECT_TRUE(found.count(known)) << known << " not found in --help";
  }
  const std::vector<std::string> hostile = {"nan", "inf", "-1", "1e308", "1e-300", "18446744073709551616", "0x10", "", "1,5"};
  for (const auto& o : options) {
    for (const auto& value : hostile) {
      auto args = base_command(o, dir);
      args.push_back(o.name);
      args.push_back(value);
      auto r = run_cli(args, dir);
      // In range: accepted (whatever the command then makes of it). Else exit 2 naming the
      // option and its range.
      const std::string where = o.command + " " + o.name + " " + value;
      if (in_range(o, value)) {
        EXPECT_NE(r.exit_code, 2) << where << "\n" << r.err;
        continue;
      }
      EXPECT_EQ(r.exit_code, 2) << where << "\n" << r.err;
      const std::string range = fmt::format("a {} number from {} to {}", o.whole ? "whole" : "finite", o.min, o.max);
      EXPECT_NE(r.err.find(o.name + ": expected " + range + ", found '" + value + "'"), std::string::npos) << where << "\n" << r.err;
    }
  }
}

TEST(CliSafety, ATimeBeyondTheLastPossibleFrameIsAUsageError) {
  TempDir dir;
  auto r = run_cli({"sample", example("mansion_door.anm"), "--time", "1e9", "--fps", "10000"}, dir);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--time: 1000000000 s at 10000 fps is frame 10000000000000, past the largest frame 4294967295"), std::string::npos) << r.err;
}

// ---- 3. Output that cannot be written, unreadable folders, control bytes ----

TEST(CliSafety, AFullStdoutIsAFailure) {
  TempDir dir;
  const std::string turret = example("turret_v60.anm");
  const std::string full = ": error: write failed: No space left on device\n";
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"info", turret},
           {"info", turret, "--json"},
           {"validate", turret},
           {"validate", turret, "--json"},
           {"sample", turret, "--frame", "0"},
           {"dump", turret},
           {"batch", turret, "-o", dir.file("out"), "--to", "json"},
           {"--help"}}) {
    auto r = run_cli_to(args, "/dev/full", dir);
    EXPECT_EQ(r.exit_code, 1) << args[0];
    EXPECT_EQ(r.err, "<stdout>" + full) << args[0];
  }
}

TEST(CliSafety, AClosedPipeIsAFailureNotASilentExit) {
  TempDir dir;
  for (const auto& args : std::vector<std::vector<std::string>>{{"info", example("turret_v60.anm")},
                                                                {"validate", example("turret_v60.anm")},
                                                                {"sample", example("turret_v60.anm"), "--frame", "0"},
                                                                {"batch", example("turret_v60.anm"), "-o", dir.file("out"), "--to", "json"}}) {
    int ends[2];
    ASSERT_EQ(::pipe(ends), 0);
    ::close(ends[0]);  // nobody reads
    const int err = ::open(dir.file("err").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    const pid_t child = spawn_cli(args, ends[1], err);
    ::close(ends[1]);
    ::close(err);
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status)) << args[0] << ": ended by signal " << (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    EXPECT_EQ(WEXITSTATUS(status), 1) << args[0];
    EXPECT_EQ(slurp(dir.file("err")), "<stdout>: error: write failed: Broken pipe\n") << args[0];
  }
}

// The walk's listing of `locked` (mode 000) fails: run as `nobody` when this is root, for whom
// permissions do not stop a listing.
TEST(CliSafety, AnUnreadableFolderIsReportedNotCountedAsNothing) {
  TempDir dir;
  ASSERT_EQ(::chmod(dir.path().c_str(), 0755), 0);
  copy(dir, "turret_v60.anm", "in/locked/t.anm");
  copy(dir, "turret_v60.anm", "in/open.anm");
  fs::create_directories(dir.path() / "out");
  ASSERT_EQ(::chmod(dir.file("out").c_str(), 0777), 0);
  ASSERT_EQ(::chmod(dir.file("in/locked").c_str(), 0), 0);
  std::vector<std::string> as;
  if (::geteuid() == 0) {
    if (::access("/usr/bin/setpriv", X_OK) != 0) GTEST_SKIP() << "root, and no setpriv to drop privileges";
    as = {"/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", ANMKIT_CLI};
  } else {
    as = {ANMKIT_CLI};
  }
  auto run_as = [&](std::vector<std::string> args) {
    std::string command;
    for (const auto& a : as) command += shell_quote(a) + " ";
    for (const auto& a : args) command += shell_quote(a) + " ";
    command += ">" + shell_quote(dir.file("o")) + " 2>" + shell_quote(dir.file("e"));
    const int status = std::system(command.c_str());
    return CliResult{WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(dir.file("o")), slurp(dir.file("e"))};
  };
  const std::string locked = dir.file("in") + "/locked";
  const std::string denied = locked + ": error: cannot list the folder: Permission denied\n";
  auto r = run_as({"validate", dir.file("in")});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, denied);
  EXPECT_EQ(r.out, dir.file("in") + "/open.anm: valid\n1 file: 1 valid, 0 invalid, 0 warnings, 0 skipped, 1 folder not listed\n");
  r = run_as({"info", dir.file("in")});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, denied);
  r = run_as({"batch", dir.file("in"), "-o", dir.file("out"), "--to", "json"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, denied);
  EXPECT_EQ(r.out, "converted " + dir.file("in") + "/open.anm -> " + dir.file("out") + "/open.json\n" +
                       "2 files: 1 converted, 0 skipped (0 not animations), 1 failed\n");
  ::chmod(dir.file("in/locked").c_str(), 0755);
}

TEST(CliSafety, AControlByteInAFileNameCannotFakeALine) {
  TempDir dir;
  const std::string name = "t.anm: error: fake\nx\x1b[2J\\.anm";
  const std::string file = copy(dir, "turret_v60.anm", "in/" + name);
  const std::string shown = dir.file("in") + "/t.anm: error: fake\\nx\\x1b[2J\\\\.anm";
  auto r = run_cli({"validate", file}, dir);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, shown + ": valid\n");
  r = run_cli({"info", file}, dir);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')), shown + ": GEM skeletal animation (EANM) 6.0, 740 bytes");
  r = run_cli({"sample", file, "--frame", "0"}, dir);
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')), shown + ": frame 0 of 25");
  r = run_cli({"batch", dir.file("in"), "-o", dir.file("out"), "--to", "json"}, dir);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "converted " + shown + " -> " + dir.file("out") + "/t.anm: error: fake\\nx\\x1b[2J\\\\.json\n" +
                       "1 file: 1 converted, 0 skipped (0 not animations), 0 failed\n");
  // An error naming the file: one line.
  const std::string broken = dir.write("in/bad\nname.anm", {'E', 'A', 'N', 'M'});
  r = run_cli({"validate", broken}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(r.err.rfind(dir.file("in") + "/bad\\nname.anm:", 0), 0u) << r.err;
}

}  // namespace
}  // namespace anmkit::test
