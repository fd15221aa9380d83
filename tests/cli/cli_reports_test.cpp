// Folder reports that miss nothing (issue 16): every file a walk finds is counted, a `.anm` that no
// format recognises is reported with the reason, every folder command ends with a summary line,
// batch --skeleton-dir says which skeleton each file used, and info describes model files.

#include <gtest/gtest.h>

#include <filesystem>

#include <sys/stat.h>
#include <sys/wait.h>

#include <nlohmann/json.hpp>

#include "support/externals.hpp"
#include "support/fixture_bytes.hpp"
#include "support/run_cli.hpp"

namespace anmkit::test {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

const fs::path examples = fs::path(ANMKIT_SOURCE_DIR) / "examples";

// A folder with one of each: a valid animation, an empty .anm, a .anm whose header is damaged
// (no format's signature), a truncated animation, and a file that is not an animation.
class FolderReport : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::create_directories(dir.path() / "in");
    fs::copy_file(examples / "turret_v60.anm", dir.path() / "in/a_turret.anm");
    dir.write("in/b_empty.anm", {});
    auto damaged = read_bytes(examples / "turret_v60.anm");
    damaged[3] = 'X';  // EANX
    dir.write("in/c_damaged.anm", damaged);
    auto cut = read_bytes(examples / "turret_v60.anm");
    cut.resize(100);
    dir.write("in/d_cut.anm", cut);
    dir.write_text("in/e_notes.txt", "not an animation");
  }
  std::string in(const std::string& name) const { return dir.file("in") + "/" + name; }
  std::string unrecognised(const std::string& name, bool empty) const {
    return in(name) + ":0: error: not a recognised animation: " +
           (empty ? std::string("the file is empty")
                  : std::string("no GEM ('EANM') or MM2 ('00 00 54 56') signature, and not a plausible LM header")) +
           "\n";
  }
  const std::string cut_error = ":94: error: unexpected end of data: expected key orientation (3 floats) (12 bytes), 6 remain\n";
  TempDir dir;
};

TEST_F(FolderReport, ValidateReportsEveryAnmAndEndsWithASummary) {
  auto r = run_cli({"validate", dir.file("in")}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, in("a_turret.anm") + ": valid\n" +                                  //
                       in("b_empty.anm") + ": invalid (1 error, 0 warnings)\n" +      //
                       in("c_damaged.anm") + ": invalid (1 error, 0 warnings)\n" +    //
                       in("d_cut.anm") + ": invalid (1 error, 0 warnings)\n" +        //
                       "5 files: 1 valid, 3 invalid, 0 warnings, 1 skipped (not an animation)\n");
  EXPECT_EQ(r.err, unrecognised("b_empty.anm", true) + unrecognised("c_damaged.anm", false) + in("d_cut.anm") + cut_error);
}

TEST_F(FolderReport, ValidateJsonListsTheBrokenAnmAndHasNoSummary) {
  auto r = run_cli({"validate", "--json", dir.file("in")}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "");
  const auto report = json::parse(r.out);  // one document: no summary line after it
  ASSERT_EQ(report.size(), 4u) << r.out;
  EXPECT_EQ(report[1]["file"], in("b_empty.anm"));
  EXPECT_EQ(report[1]["valid"], false);
  EXPECT_EQ(report[1]["diagnostics"][0]["id"], "read.unknown_format");
  EXPECT_EQ(report[1]["diagnostics"][0]["message"], "not a recognised animation: the file is empty");
}

TEST_F(FolderReport, InfoReportsEveryAnmAndEndsWithASummary) {
  auto r = run_cli({"info", dir.file("in")}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out.substr(r.out.rfind('\n', r.out.size() - 2) + 1), "5 files: 1 described, 3 unreadable, 1 skipped (not an animation)\n");
  EXPECT_EQ(r.err, unrecognised("b_empty.anm", true) + unrecognised("c_damaged.anm", false) + in("d_cut.anm") + cut_error);
  r = run_cli({"info", "--json", dir.file("in")}, dir);
  EXPECT_EQ(json::parse(r.out).size(), 1u) << "--json: the array, and no summary line";
}

TEST_F(FolderReport, NamedFilesGetNoSummary) {
  auto r = run_cli({"validate", in("a_turret.anm"), in("e_notes.txt")}, dir);
  EXPECT_EQ(r.exit_code, 1) << "a file named on the command line is never passed over";
  EXPECT_EQ(r.out, in("a_turret.anm") + ": valid\n" + in("e_notes.txt") + ": invalid (1 error, 0 warnings)\n");
}

TEST_F(FolderReport, BatchFailsABrokenAnmAndGivesEverySkipItsReason) {
  fs::copy_file(examples / "ghost_mm2.anm", dir.path() / "in/f_ghost.anm");
  auto r = run_cli({"batch", dir.file("in"), "-o", dir.file("out"), "--to", "glb", "-j", "2"}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "converted " + in("a_turret.anm") + " -> " + dir.file("out") + "/a_turret.glb\n" +
                       "skipped " + in("e_notes.txt") + ": not an animation\n" +
                       "skipped " + in("f_ghost.anm") + ": MM2 sprites convert to png or gif, not glTF\n" +
                       "6 files: 1 converted, 2 skipped (1 not an animation, 1 MM2 sprites convert to png or gif, not glTF), "
                       "3 failed\n");
  EXPECT_EQ(r.err, unrecognised("b_empty.anm", true) + unrecognised("c_damaged.anm", false) + in("d_cut.anm") + cut_error);
}

// The real e25 tank: its .mdl names fire.anm and stop.anm (no {file}: the sequence's name) and
// start's {file ".anm"}; an animation it does not name gets no skeleton, and says so.
TEST(BatchSkeletonReport, EachLineNamesTheSkeletonOrSaysThereIsNone) {
  ANMKIT_REQUIRE_GEM_CORPUS(corpus);
  TempDir dir;
  fs::create_directories(dir.path() / "in");
  fs::create_directories(dir.path() / "models/tank");
  fs::copy_file(corpus / "goh_e25_fire.anm", dir.path() / "in/fire.anm");
  fs::copy_file(corpus / "goh_e25_stop.anm", dir.path() / "in/stop.anm");
  fs::copy_file(corpus / "goh_e100_body_r_min.anm", dir.path() / "in/body_r.anm");
  fs::copy_file(corpus / "goh_e25_tank-e-25.mdl", dir.path() / "models/tank/tank-e-25.mdl");
  auto r = run_cli({"batch", dir.file("in"), "-o", dir.file("out"), "--to", "glb", "--skeleton-dir", dir.file("models")}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string mdl = dir.file("models") + "/tank/tank-e-25.mdl";
  EXPECT_EQ(r.out, "converted " + dir.file("in") + "/body_r.anm -> " + dir.file("out") + "/body_r.glb (no skeleton found)\n" +
                       "converted " + dir.file("in") + "/fire.anm -> " + dir.file("out") + "/fire.glb (skeleton " + mdl + ")\n" +
                       "converted " + dir.file("in") + "/stop.anm -> " + dir.file("out") + "/stop.glb (skeleton " + mdl + ")\n" +
                       "3 files: 3 converted, 0 skipped (0 not animations), 0 failed; 1 converted without a skeleton\n");
  EXPECT_EQ(r.err, "");
}

TEST(ModelInfo, AnMdlDescribesItsSkeletonAndSequences) {
  ANMKIT_REQUIRE_GEM_CORPUS(corpus);
  TempDir dir;
  fs::create_directories(dir.path() / "tank");
  fs::copy_file(corpus / "goh_e25_tank-e-25.mdl", dir.path() / "tank/tank-e-25.mdl");
  fs::copy_file(corpus / "goh_e25_fire.anm", dir.path() / "tank/fire.anm");
  const std::string mdl = dir.file("tank/tank-e-25.mdl");
  auto r = run_cli({"info", mdl}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out.substr(0, r.out.find('\n') + 1), mdl + ": GEM model (.mdl), 11794 bytes\n");
  EXPECT_EQ(r.out.substr(r.out.find("  depth")),
            "  depth       6 (the most bones on a path from a root)\n"
            "  roots       basis\n"
            "  sequences   3, 1 of their files present\n"
            "    start       .anm (missing)\n"
            "    stop        stop.anm (no {file}: named after the sequence; missing)\n"
            "    fire        fire.anm (no {file}: named after the sequence; present)\n"
            // What it shows: its meshes are not beside it here (the corpus holds the .mdl alone).
            "  meshes      0 (0 triangles), 22 not found or not read\n"
            "  materials   0\n"
            "  textures    0 found, 0 missing\n"
            "    22 of the meshes it names are not beside it (body.ply, trackr.ply, wheelr7.ply and 19 more; the game may keep them in "
            "its archives): left out\n");
  r = run_cli({"info", "--json", mdl}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto info = json::parse(r.out);
  EXPECT_EQ(info["format"], "gem");
  EXPECT_EQ(info["kind"], "model");
  EXPECT_EQ(info["bone_count"], 54);
  EXPECT_EQ(info["bones"][0], (json{{"name", "basis"}, {"parent", nullptr}}));
  EXPECT_EQ(info["sequences"][1], (json{{"name", "stop"}, {"file", "stop.anm"}, {"file_given", false}, {"exists", false}}));
  EXPECT_EQ(info["sequences"][2], (json{{"name", "fire"}, {"file", "fire.anm"}, {"file_given", false}, {"exists", true}}));
}

TEST(ModelInfo, AnLmBinDescribesItsSceneGraph) {
  TempDir dir;
  const std::string bin = (examples / "mansion_door.bin").string();
  auto r = run_cli({"info", bin}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, bin + ": Luigi's Mansion model (.bin), 516 bytes\n" +
                       "  nodes       3: node_0, node_1, node_2\n"
                       "  depth       3 (the most nodes on a path from a root)\n"
                       "  roots       node_0\n"
                       "  sequences   1, 1 of their files present\n"
                       "    mansion_door mansion_door.anm (paired by name; present)\n");
  r = run_cli({"info", "--json", bin}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(json::parse(r.out)["sequences"][0],
            (json{{"name", "mansion_door"}, {"file", "mansion_door.anm"}, {"file_given", false}, {"exists", true}}));
  // A file that is neither an animation nor a model: the animation's reason. Named .mdl, the game
  // reads it as a model: the .mdl reader's reason, with its line.
  const auto text = dir.write_text("notes.txt", "just some text");
  r = run_cli({"info", text}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, text + ":0: error: not a recognised animation: no GEM ('EANM') or MM2 ('00 00 54 56') signature, and not a "
                          "plausible LM header\n");
  const auto named = dir.write_text("notes.mdl", "just some text");
  r = run_cli({"info", named}, dir);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, named + ":0: error: line 1: expected '{' at the top level, found 'just'\n");
}

}  // namespace
}  // namespace anmkit::test

namespace anmkit::test {
namespace {

// Names from a file reach the terminal escaped: an ESC sequence, a newline that would forge a
// line of its own, a NUL that would end the output; everything after them is still printed.
TEST(InfoReport, NamesFromTheFileArePrintedEscapedAndWhole) {
  TempDir dir;
  auto dump = json::parse(run_cli({"dump", (fs::path(ANMKIT_SOURCE_DIR) / "examples/turret_v60.anm").string()}, dir).out);
  ASSERT_TRUE(dump["bones"].is_array());
  dump["bones"][1]["name"] = "a\x1b[2J\nfile.anm: error: forged";
  dump["bones"][2]["name"] = std::string("c\0d", 3);
  dir.write_text("edited.json", dump.dump());
  auto r = run_cli({"build", dir.file("edited.json"), "-o", dir.file("edited.anm")}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = run_cli({"info", dir.file("edited.anm")}, dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.find('\x1b'), std::string::npos);
  EXPECT_EQ(r.out.find('\0'), std::string::npos);
  EXPECT_EQ(r.out.find("\nfile.anm: error: forged"), std::string::npos);
  // Control bytes escaped; a name with a NUL as its bytes in hex (the names' one escape: a C
  // string would end at the NUL).
  EXPECT_NE(r.out.find(", a\\x1b[2J\\nfile.anm: error: forged, hex:630064, "), std::string::npos) << r.out;
  // What follows the bones is there: the keys, the flags, the comments.
  EXPECT_NE(r.out.find("\n  keys        "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n  comments    "), std::string::npos) << r.out;
}

}  // namespace
}  // namespace anmkit::test

namespace anmkit::test {
namespace {

// A FIFO that no one writes is read as what it holds (nothing) at once: info and validate given
// one, or a batch whose planned file became one, do not hang.
TEST(InfoReport, AFifoWithoutAWriterDoesNotHang) {
  TempDir dir;
  const std::string fifo = dir.file("pipe.anm");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  for (const char* command : {"info", "validate"}) {
    // (timeout: a hang fails the test instead of the whole suite)
    const std::string line = "timeout 20 " + shell_quote(ANMKIT_CLI) + " " + command + " " + shell_quote(fifo) + " >" +
                             shell_quote(dir.file(".out")) + " 2>" + shell_quote(dir.file(".err"));
    const int status = std::system(line.c_str());
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 1) << command << " (124: timed out)";
    EXPECT_NE(slurp(dir.file(".err")).find(fifo + ":0: error: not a recognised animation: the file is empty"), std::string::npos)
        << command << ": " << slurp(dir.file(".err"));
  }
}

}  // namespace
}  // namespace anmkit::test
