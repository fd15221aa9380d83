// The file sources (core/file_source.hpp): files handed over as bytes are found as the game finds
// files on disk (either case, `\` or `/`, "$/" in the shared folder), and refused where the disk
// refuses them, in the same words; the disk's own "$/" and roots.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "anmkit/core/file_source.hpp"
#include "anmkit/core/path_text.hpp"
#include "support/run_cli.hpp"

namespace anmkit {
namespace {

std::vector<std::uint8_t> bytes(const std::string& text) { return {text.begin(), text.end()}; }
std::string text(const std::vector<std::uint8_t>& b) { return {b.begin(), b.end()}; }

MemoryFiles vehicle() {
  MemoryFiles files;
  EXPECT_TRUE(files.add("tank/tank.mdl", bytes("mdl")));
  EXPECT_TRUE(files.add("tank\\Fire.anm", bytes("fire")));
  EXPECT_TRUE(files.add("tank/meshes/Body.PLY", bytes("body")));
  EXPECT_TRUE(files.add("texture/common/steel.dds", bytes("steel")));
  EXPECT_TRUE(files.add("secret.txt", bytes("secret")));
  return files;
}

TEST(MemoryFiles, NamesAreRelativePathsWithoutEmptyDotOrDotDotParts) {
  MemoryFiles files;
  for (const char* bad : {"", "/etc/passwd", "C:\\x", "a//b", "a/", "./a", "a/./b", "a/../b", "..", "a\\..\\b"}) {
    const auto added = files.add(bad, {});
    ASSERT_FALSE(added) << bad;
    EXPECT_EQ(added.error().code, ErrorCode::bad_value);
    EXPECT_EQ(added.error().message,
              std::string("'") + bad + "' is no file name: expected folders and a file, relative, with no empty, '.' or '..' part");
  }
  EXPECT_FALSE(files.add(std::string_view("a\0b", 3), {}));
  EXPECT_EQ(files.size(), 0u);
  EXPECT_TRUE(files.add("a\\b.anm", bytes("one")));
  EXPECT_TRUE(files.add("a/b.anm", bytes("two")));  // the same name: replaced
  EXPECT_EQ(files.size(), 1u);
  EXPECT_EQ(text(*files.read("a/b.anm", 100)), "two");
}

TEST(MemoryFiles, ReadsAFileByItsNameInEitherCaseWithinTheLimit) {
  const MemoryFiles files = vehicle();
  EXPECT_EQ(text(*files.read("tank/fire.anm", 100)), "fire");
  EXPECT_EQ(text(*files.read("TANK\\MESHES\\body.ply", 100)), "body");
  const auto big = files.read("tank/tank.mdl", 2);
  ASSERT_FALSE(big);
  EXPECT_EQ(big.error().code, ErrorCode::too_large);
  EXPECT_EQ(big.error().to_string(), "tank/tank.mdl: error: larger than the input limit of 2 bytes");
  const auto missing = files.read("tank/stop.anm", 100);
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().to_string(), "tank/stop.anm: error: cannot open: No such file or directory");
  EXPECT_EQ(files.kind("tank/Fire.anm"), FileKind::file);
  EXPECT_EQ(files.kind("tank/meshes"), FileKind::folder);
  EXPECT_EQ(files.kind("tank/mesh"), FileKind::none);
  EXPECT_EQ(files.kind("tank/fire.anm"), FileKind::none);  // kind() takes the path a resolve gave
}

TEST(MemoryFiles, ResolvesANameAsTheGameDoesAndRefusesOneThatLeadsOut) {
  const MemoryFiles files = vehicle();
  const NameRules none;
  EXPECT_EQ(*files.resolve("tank/tank.mdl", "fire.anm", none), "tank/Fire.anm");
  EXPECT_EQ(*files.resolve("tank/tank.mdl", "MESHES\\body.ply", none), "tank/meshes/Body.PLY");
  EXPECT_EQ(*files.resolve("tank/tank.mdl", "./meshes/../Fire.anm", none), "tank/Fire.anm");
  EXPECT_EQ(*files.resolve("tank/tank.mdl", "stop.anm", none), "tank/stop.anm");  // not there: where it was looked for
  // ... in the folders that are there as they are spelt (as the disk says them), the rest as named.
  EXPECT_EQ(*files.resolve("tank/tank.mdl", "Meshes\\Other\\gun.ply", none), "tank/meshes/Other/gun.ply");
  EXPECT_EQ(*files.resolve("tank/tank.mdl", "../TEXTURE/COMMON/x.dds", {.roots = {"TEXTURE"}}), "texture/common/x.dds");

  const auto out = files.resolve("tank/tank.mdl", "../secret.txt", none);
  ASSERT_FALSE(out);
  EXPECT_EQ(out.error().to_string(), "tank/../secret.txt: error: '../secret.txt' leads out of the folder of tank/tank.mdl (give a root it "
                                     "may lead to, the game's resource folder, with the reference_roots option)");
  ASSERT_EQ(out.error().settings.size(), 1u);
  EXPECT_EQ(out.error().settings[0].setting, "reference_roots");
  EXPECT_FALSE(files.resolve("tank/tank.mdl", "../../x", none));  // above the top
  const auto absolute = files.resolve("tank/tank.mdl", "/secret.txt", none);
  ASSERT_FALSE(absolute);
  EXPECT_EQ(absolute.error().message, "an absolute path; files are named relative to the folder of the file that names them");

  NameRules rooted;
  rooted.roots = {"texture"};
  EXPECT_EQ(*files.resolve("tank/tank.mdl", "..\\texture\\COMMON\\steel.dds", rooted), "texture/common/steel.dds");
  const auto still_out = files.resolve("tank/tank.mdl", "../secret.txt", rooted);
  ASSERT_FALSE(still_out);
  EXPECT_EQ(still_out.error().message, "'../secret.txt' leads out of the folder of tank/tank.mdl, and under none of the roots given "
                                       "(the reference_roots option)");
}

TEST(MemoryFiles, SharedNamesAreLookedForInTheSharedFolder) {
  const MemoryFiles files = vehicle();
  NameRules rules;
  const auto unshared = files.resolve("tank/tank.mdl", "$/common/steel.dds", rules);
  ASSERT_FALSE(unshared);
  EXPECT_EQ(unshared.error().message, "a name in the game's shared folder ('$/'), which was not given (the texture_dir option)");
  EXPECT_EQ(unshared.error().settings[0].setting, "texture_dir");
  rules.shared = "texture";
  EXPECT_EQ(*files.resolve("tank/tank.mdl", "$/Common/Steel.dds", rules), "texture/common/steel.dds");
  EXPECT_EQ(*files.resolve("tank/tank.mdl", "$\\common\\steel.dds", rules), "texture/common/steel.dds");
  EXPECT_FALSE(files.resolve("tank/tank.mdl", "$/../secret.txt", rules));
}

TEST(MemoryFiles, TwoFilesDifferingOnlyInCaseAreAmbiguous) {
  MemoryFiles files;
  ASSERT_TRUE(files.add("tank/fire.anm", bytes("a")));
  ASSERT_TRUE(files.add("tank/FIRE.anm", bytes("b")));
  EXPECT_EQ(*files.resolve("tank/tank.mdl", "fire.anm", {}), "tank/fire.anm");  // spelt as one of them
  const auto ambiguous = files.resolve("tank/tank.mdl", "Fire.anm", {});
  ASSERT_FALSE(ambiguous);
  EXPECT_EQ(ambiguous.error().code, ErrorCode::bad_value);
  EXPECT_EQ(ambiguous.error().to_string(), "tank/Fire.anm: error: 'tank/Fire.anm' is ambiguous: the files 'tank/FIRE.anm' and "
                                           "'tank/fire.anm' differ only in case (the game, on Windows, would not tell them apart)");
}

TEST(MemoryFiles, ANamedFileIsCheckedBeforeItIsReadAndReadWithinTheBudget) {
  const MemoryFiles files = vehicle();
  std::string path;
  std::vector<std::string> seen;
  const auto check = [&](const OpenedFile& opened) -> Expected<void> {
    seen.push_back(opened.real_path + " " + std::to_string(opened.size));
    return {};
  };
  EXPECT_EQ(text(*files.read_named("tank/tank.mdl", "FIRE.ANM", {}, 100, check, path)), "fire");
  EXPECT_EQ(path, "tank/Fire.anm");
  EXPECT_EQ(seen, std::vector<std::string>{"tank/Fire.anm 4"});
  const auto refuse = [](const OpenedFile&) -> Expected<void> { return make_error(ErrorCode::too_large, "no room"); };
  const auto refused = files.read_named("tank/tank.mdl", "fire.anm", {}, 100, refuse, path);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().message, "no room");
  const auto missing = files.read_named("tank/tank.mdl", "stop.anm", {}, 100, {}, path);
  ASSERT_FALSE(missing);
  EXPECT_EQ(path, "tank/stop.anm");
  EXPECT_EQ(missing.error().to_string(), "tank/stop.anm: error: cannot open: No such file or directory");
}

TEST(MemoryFiles, AFileBelowAFolderIsReadAsNamedOnly) {
  const MemoryFiles files = vehicle();
  std::string path;
  EXPECT_EQ(text(*files.read_below("tank", "Fire.anm", "the glTF file's folder", 100, {}, path)), "fire");
  EXPECT_EQ(path, "tank/Fire.anm");
  const auto other_case = files.read_below("tank", "fire.anm", "the glTF file's folder", 100, {}, path);
  ASSERT_FALSE(other_case);
  EXPECT_EQ(other_case.error().message, "no such file");
  const auto out = files.read_below("tank", "../secret.txt", "the glTF file's folder", 100, {}, path);
  ASSERT_FALSE(out);
  EXPECT_EQ(out.error().message, "leads out of the glTF file's folder tank (to tank/../secret.txt)");
  const auto big = files.read_below("tank", "Fire.anm", "the glTF file's folder", 3, {}, path);
  ASSERT_FALSE(big);
  EXPECT_EQ(big.error().code, ErrorCode::too_large);
}

// A file named without its bytes (a browser's picked file not read yet) is found as any other,
// refused when read, and read once its bytes are given; giving a name again keeps its bytes.
TEST(MemoryFiles, ADeclaredFileIsFoundByItsNameAndReadOnceItsBytesAreGiven) {
  MemoryFiles files = vehicle();
  ASSERT_TRUE(files.declare("tank/Stop.ANM"));
  ASSERT_TRUE(files.declare("tank/Fire.anm"));  // given already: its bytes stay
  EXPECT_EQ(files.size(), 6u);
  EXPECT_EQ(text(*files.read("tank/Fire.anm", 100)), "fire");
  EXPECT_EQ(files.kind("tank/Stop.ANM"), FileKind::file);
  EXPECT_EQ(*files.resolve("tank/tank.mdl", "stop.anm", {}), "tank/Stop.ANM");
  EXPECT_FALSE(files.has_bytes("tank/Stop.ANM"));
  EXPECT_TRUE(files.has_bytes("tank/Fire.anm"));
  EXPECT_FALSE(files.has_bytes("tank/nothing.anm"));
  std::string path;
  const auto named = files.read_named("tank/tank.mdl", "STOP.anm", {}, 100, {}, path);
  ASSERT_FALSE(named);
  EXPECT_EQ(named.error().code, ErrorCode::io);
  EXPECT_EQ(named.error().to_string(), "tank/Stop.ANM: error: its name was handed over, not its bytes");
  EXPECT_EQ(path, "tank/Stop.ANM");
  const auto read = files.read("tank/stop.anm", 100);
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error().to_string(), "tank/Stop.ANM: error: its name was handed over, not its bytes");
  const auto below = files.read_below("tank", "Stop.ANM", "the glTF file's folder", 100, {}, path);
  ASSERT_FALSE(below);
  EXPECT_EQ(below.error().message, "its name was handed over, not its bytes");
  ASSERT_TRUE(files.add("tank\\Stop.ANM", bytes("stop")));
  EXPECT_TRUE(files.has_bytes("tank/Stop.ANM"));
  EXPECT_EQ(text(*files.read_named("tank/tank.mdl", "STOP.anm", {}, 100, {}, path)), "stop");
  ASSERT_TRUE(files.declare("tank/Stop.ANM"));  // named again: its bytes stay
  EXPECT_EQ(text(*files.read("tank/Stop.ANM", 100)), "stop");
  const auto bad = files.declare("../x");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().message, "'../x' is no file name: expected folders and a file, relative, with no empty, '.' or '..' part");
}

// The disk's "$/": names in the shared folder, found in either case, kept in it.
TEST(DiskFiles, SharedNamesAreLookedForInTheSharedFolder) {
  test::TempDir dir;
  std::filesystem::create_directories(dir.path() / "tank");
  std::filesystem::create_directories(dir.path() / "texture" / "common");
  dir.write_text("tank/tank.mdl", "mdl");
  dir.write_text("texture/common/Steel.dds", "steel");
  dir.write_text("secret.txt", "secret");
  const auto files = disk_files();
  NameRules rules;
  const auto unshared = files->resolve(dir.file("tank/tank.mdl"), "$/common/steel.dds", rules);
  ASSERT_FALSE(unshared);
  EXPECT_EQ(unshared.error().message, "a name in the game's shared folder ('$/'), which was not given (the texture_dir option)");
  rules.shared = dir.file("texture");
  const auto found = files->resolve(dir.file("tank/tank.mdl"), "$\\COMMON\\steel.dds", rules);
  ASSERT_TRUE(found) << found.error().to_string();
#if !defined(_WIN32)  // (Windows finds the name as given, in its own case)
  EXPECT_EQ(*found, (std::filesystem::path(dir.file("texture")) / "common" / "Steel.dds").string());
#endif
  EXPECT_EQ(files->kind(*found), FileKind::file);
  EXPECT_EQ(files->kind(dir.file("texture")), FileKind::folder);
  EXPECT_EQ(files->kind(dir.file("nothing")), FileKind::none);
  std::string path;
  EXPECT_EQ(text(*files->read_named(dir.file("tank/tank.mdl"), "$/common/steel.dds", rules, 100, {}, path)), "steel");
  const auto out = files->resolve(dir.file("tank/tank.mdl"), "$/../secret.txt", rules);
  ASSERT_FALSE(out);
  EXPECT_NE(out.error().message.find("'$/../secret.txt' leads out of the folder of"), std::string::npos) << out.error().message;
}

TEST(PathText, PartsOfAPathAsTheFileSystemGivesThem) {
  for (const std::string path : {"a/b.mdl", "b.mdl", "a/.bashrc", "a/b", "a/b.tar.gz", "..", ".", "a/", "a.b/c", "/x.Y", "a/b."}) {
    const std::filesystem::path p(path);
    EXPECT_EQ(path_file_name(path), p.filename().string()) << path;
    EXPECT_EQ(path_stem(path), p.stem().string()) << path;
    EXPECT_EQ(path_extension(path), p.extension().string()) << path;
  }
}

}  // namespace
}  // namespace anmkit
