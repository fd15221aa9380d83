// glTF back into a game file with the original as the base (--base): an unedited trip through
// another tool gives the original byte for byte, an edit changes only the key it touched; without
// a base, float noise adds no key; whatever is dropped is a warning.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>

#include "anmkit/anmkit.hpp"
#include "anmkit/core/float_bits.hpp"
#include "anmkit/formats/gem/gem_read.hpp"
#include "anmkit/formats/lm/lm_curves.hpp"
#include "anmkit/formats/lm/lm_read.hpp"
#include "anmkit/model/tolerance.hpp"
#include "support/fixture_bytes.hpp"
#include "support/foreign_gltf_tool.hpp"
#include "support/run_cli.hpp"

namespace anmkit::test {
namespace {

namespace fs = std::filesystem;

fs::path examples() { return fs::path(ANMKIT_SOURCE_DIR) / "examples"; }

// The file exported to .glb (with its skeleton when given) as the CLI would.
std::vector<std::uint8_t> glb_of(const fs::path& path, const OpenOptions& options = {}) {
  auto doc = Document::open(path.string(), options);
  EXPECT_TRUE(doc) << doc.error().to_string();
  auto gltf = doc->to_gltf({true, "clip"});
  EXPECT_TRUE(gltf) << gltf.error().to_string();
  return gltf->bytes;
}

Expected<Document::GltfImport> import_over(const std::vector<std::uint8_t>& glb, const fs::path& base, std::string_view target,
                                           const OpenOptions& open = {}) {
  GltfImportOptions options;
  if (!base.empty()) {
    auto doc = Document::open(base.string(), open);
    if (!doc) return doc.error();
    options.base = std::make_shared<const Document>(std::move(*doc));
  }
  return Document::import_gltf(glb, target, options, "back.glb");
}

std::vector<std::string> texts(const std::vector<Warning>& warnings) {
  std::vector<std::string> out;
  for (const auto& w : warnings) out.push_back(w.file + ": " + w.message);
  return out;
}

std::string target_of(const gem::File& file) {
  const bool frm3 = !file.frames.empty() && file.frames[0].chunk == gem::FrameChunk::frm3;
  return "gem-" + gem::version_name(file.version) + (frm3 ? "-frm3" : "");
}

// Every GEM file through the foreign tool and back over itself: the same bytes.
void expect_identical_through_tool(const fs::path& path, const OpenOptions& options = {}) {
  SCOPED_TRACE(path.string());
  const auto original = read_bytes(path);
  auto file = gem::read(original);
  ASSERT_TRUE(file);
  const auto foreign = through_foreign_tool(glb_of(path, options));
  auto back = import_over(foreign, path, target_of(*file));
  ASSERT_TRUE(back) << back.error().to_string();
  EXPECT_TRUE(back->warnings.empty()) << ::testing::PrintToString(texts(back->warnings));
  auto bytes = back->document.write();
  ASSERT_TRUE(bytes);
  EXPECT_EQ(bytes->size(), original.size());
  EXPECT_TRUE(*bytes == original);
}

TEST(GltfBase, RealFilesThroughAnotherToolComeBackByteForByte) {
  ANMKIT_REQUIRE_GEM_CORPUS(corpus);
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(corpus)) {
    if (entry.path().extension() != ".anm") continue;
    ++files;
    OpenOptions options;
    if (entry.path().filename().string().rfind("goh_e25_", 0) == 0) options.skeleton = (corpus / "goh_e25_tank-e-25.mdl").string();
    expect_identical_through_tool(entry.path(), options);
  }
  EXPECT_EQ(files, 6u);
}

TEST(GltfBase, ExamplesThroughAnotherToolComeBackByteForByte) {
  for (const char* name : {"turret_v60.anm", "turret_v61_frm3.anm", "track_meshanim_v61.anm", "turret_v40.anm"}) {
    expect_identical_through_tool(examples() / name);
  }
}

TEST(GltfBase, OneEditedKeyChangesOnlyThatKey) {
  const fs::path path = examples() / "turret_v60.anm";
  const auto original = read_bytes(path);
  auto file = gem::read(original);
  ASSERT_TRUE(file);
  // The bone with the most position keys: its second key holds until its third; move it 0.5 along x.
  std::map<std::uint8_t, std::vector<std::uint32_t>> position_frames;
  for (const auto& frame : file->frames) {
    for (const auto& key : file->keys_of(frame)) {
      if (key.flags & gem::flag::position) position_frames[key.bone].push_back(frame.number);
    }
  }
  std::uint8_t bone = 0;
  for (const auto& [b, frames] : position_frames) {
    if (frames.size() > position_frames[bone].size()) bone = b;
  }
  ASSERT_GE(position_frames[bone].size(), 3u);
  const std::string bone_name = file->bones[bone].name;
  const std::uint32_t from = position_frames[bone][1], to = position_frames[bone][2];
  std::uint32_t edited_value = 0;
  ForeignToolOptions tool;
  tool.edit = [&](const std::string& name, int f, float* t, float*, float*) {
    if (name == bone_name && std::uint32_t(f) >= from && std::uint32_t(f) < to) t[0] += 0.5f;
  };
  auto back = import_over(through_foreign_tool(glb_of(path), tool), path, "gem-6.0");
  ASSERT_TRUE(back) << back.error().to_string();
  auto bytes = back->document.write();
  ASSERT_TRUE(bytes);
  ASSERT_EQ(bytes->size(), original.size());
  auto edited = gem::read(*bytes);
  ASSERT_TRUE(edited);
  EXPECT_EQ(edited->frames, file->frames);
  EXPECT_EQ(edited->keys, file->keys);
  // One float differs: that key's position x, by 0.5.
  std::vector<std::size_t> differ;
  for (std::size_t i = 0; i < file->values.size(); ++i) {
    if (edited->values[i] != file->values[i]) differ.push_back(i);
  }
  ASSERT_EQ(differ.size(), 1u);
  for (const auto& frame : file->frames) {
    for (const auto& key : file->keys_of(frame)) {
      if (key.bone == bone && frame.number == from) edited_value = key.first_value;
    }
  }
  EXPECT_EQ(differ[0], edited_value);
  EXPECT_NEAR(float_from_bits(edited->values[edited_value]) - float_from_bits(file->values[edited_value]), 0.5, 1e-5);
  std::size_t bytes_differing = 0;
  for (std::size_t i = 0; i < original.size(); ++i) bytes_differing += (*bytes)[i] != original[i];
  EXPECT_GE(bytes_differing, 1u);
  EXPECT_LE(bytes_differing, 4u);
}

// Keys by flags, for comparing how two files are keyed.
std::map<std::uint16_t, std::size_t> flag_counts(const gem::File& file) {
  std::map<std::uint16_t, std::size_t> out;
  for (const auto& key : file.keys) ++out[key.flags];
  return out;
}

TEST(GltfBase, WithoutBaseNoiseAddsNoKeyAndNoScale) {
  for (const char* name : {"turret_v60.anm", "turret_v61_frm3.anm"}) {
    SCOPED_TRACE(name);
    const fs::path path = examples() / name;
    auto original = gem::read(read_bytes(path));
    ASSERT_TRUE(original);
    ForeignToolOptions tool;
    tool.reorder = false;  // so that the bone indices compare
    auto back = import_over(through_foreign_tool(glb_of(path), tool), {}, target_of(*original));
    ASSERT_TRUE(back) << back.error().to_string();
    auto file = gem::read(*back->document.write());
    ASSERT_TRUE(file);
    EXPECT_EQ(file->keys.size(), original->keys.size());
    EXPECT_EQ(flag_counts(*file), flag_counts(*original));
    for (const auto& key : file->keys) EXPECT_FALSE(key.flags & gem::flag::scale);
    // The mirrored basis is stated as the game states it: the mirror flag with its rotation.
    for (std::size_t k = 0; k < file->keys.size(); ++k) {
      if (file->keys[k].bone == 0) {
        EXPECT_EQ(file->keys[k].flags, original->keys[k].flags) << k;
      }
    }
  }
}

TEST(GltfBase, RealFileWithoutBaseKeepsItsKeyCount) {
  ANMKIT_REQUIRE_GEM_CORPUS(corpus);
  const fs::path path = corpus / "goh_e25_fire.anm";
  auto original = gem::read(read_bytes(path));
  ASSERT_TRUE(original);
  OpenOptions options;
  options.skeleton = (corpus / "goh_e25_tank-e-25.mdl").string();
  ForeignToolOptions tool;
  tool.reorder = false;
  auto back = import_over(through_foreign_tool(glb_of(path, options), tool), {}, "gem-6.0");
  ASSERT_TRUE(back);
  auto file = gem::read(*back->document.write());
  ASSERT_TRUE(file);
  EXPECT_EQ(original->keys.size(), 137u);
  EXPECT_EQ(file->keys.size(), 137u);
  EXPECT_EQ(flag_counts(*file), flag_counts(*original));
}

constexpr const char* no_record =
    "back.glb: the glTF carries no record of a GEM file (extras.anmkit: Blender and most tools drop it): mesh-animation keys and "
    "comments cannot be restored, the bone order is the nodes' and the version the target's; give the original file with the base "
    "option to keep them";

TEST(GltfBase, WarningsSayWhatWasLeftOut) {
  const fs::path turret = examples() / "turret_v60.anm";
  // Without a base, through a tool that drops extras (the mesh animation cannot come back).
  auto track = import_over(through_foreign_tool(glb_of(examples() / "track_meshanim_v61.anm")), {}, "gem-6.1");
  ASSERT_TRUE(track);
  EXPECT_EQ(texts(track->warnings), std::vector<std::string>{no_record});
  // With a base, the mesh keys are the base's: no warning, and the same bytes (tested above).
  // A node renamed: the base's bone is kept, and the node, animated, joins the bone map with its
  // keys (a bone the user animated goes into the file); the base's bytes stay before it.
  ForeignToolOptions renamed;
  std::vector<std::uint8_t> glb = glb_of(turret);
  {
    std::string text(glb.begin(), glb.end());
    for (auto at = text.find("\"hatch\""); at != std::string::npos; at = text.find("\"hatch\"")) text.replace(at, 7, "\"lid_x\"");
    glb.assign(text.begin(), text.end());
  }
  auto lost = import_over(through_foreign_tool(glb, renamed), turret, "gem-6.0");
  ASSERT_TRUE(lost) << lost.error().to_string();
  EXPECT_EQ(texts(lost->warnings),
            (std::vector<std::string>{"back.glb: bone 'hatch' of the base has no node in the glTF: its keys are kept as the base has them",
                                      "back.glb: node 'lid_x' animated in the glTF and not in the base: added to its bone map and keyed"}));
  {
    auto grown = lost->document.clip();
    ASSERT_TRUE(grown);
    auto was = Document::open(read_bytes(turret));
    ASSERT_TRUE(was);
    const auto before = was->clip();
    ASSERT_EQ(grown->bones.size(), before->bones.size() + 1);
    EXPECT_EQ(grown->bones.back().name, "lid_x");
    // Every bone of the base as it was; lid_x keyed (the hatch's motion, under its new name).
    for (std::uint32_t f = 0; f < before->frame_count; ++f) {
      const auto a = model::sample(*before, f), b = model::sample(*grown, f);
      for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(a[i], b[i]) << before->bones[i].name << " at frame " << f;
    }
    EXPECT_FALSE(grown->bones.back().rotation.empty() && grown->bones.back().translation.empty());
  }
  // Another version asked for than the base's.
  auto other = import_over(through_foreign_tool(glb_of(turret)), turret, "gem-6.1");
  ASSERT_TRUE(other);
  EXPECT_EQ(texts(other->warnings),
            std::vector<std::string>{"back.glb: the base is gem-6.0 and the file is written as the base is, not as gem-6.1"});
  // Made at 24 fps, read at 30: keys between whole frames.
  ForeignToolOptions at24;
  at24.fps = 24;
  auto slow = import_over(through_foreign_tool(glb_of(turret), at24), turret, "gem-6.0");
  ASSERT_TRUE(slow);
  ASSERT_FALSE(slow->warnings.empty());
  EXPECT_EQ(texts(slow->warnings)[0],
            "back.glb: 225 keys of the animation fall between whole frames at 30 fps (the first at frame 1.25); only whole frames "
            "are sampled. If the glTF was made at another frame rate, give it with the fps option");
}

// A tool that samples every bone of the skeleton (Blender does) over a file that keys a few: a
// bone it did not move is not added to the bone map, and the file comes back byte for byte; a
// bone the file never keys, set once (one key in Blender holds for the whole action), is added
// and holds that value from frame 0, every base bone keeping its poses.
TEST(GltfBase, ABoneSetOnceLandsAndBonesLeftAloneAreNotAdded) {
  TempDir dir;
  const fs::path turret = examples() / "turret_v60.anm";
  {
    std::ofstream mdl(dir.file("tank.mdl"));
    mdl << "{Skeleton {bone \"basis\" {bone \"body\" {bone \"turret1\" {bone \"gun_rot\"}} {bone \"hatch\"}"
           " {bone \"antenna\" {Position 1 2 3}} {bone \"lamp\"}}}}\n";
  }
  OpenOptions with_skeleton;
  with_skeleton.skeleton = dir.file("tank.mdl");
  const auto glb = glb_of(turret, with_skeleton);
  ForeignToolOptions plain;
  plain.reorder = false;
  auto same = import_over(through_foreign_tool(glb, plain), turret, "gem-6.0");
  ASSERT_TRUE(same) << same.error().to_string();
  EXPECT_EQ(texts(same->warnings), std::vector<std::string>{"back.glb: 2 nodes of the glTF are not animated and not a bone of "
                                                            "the base: left out ('antenna', 'lamp')"});
  EXPECT_EQ(*same->document.write(), read_bytes(turret));

  const model::Quat turn{0, 0, std::sin(0.25f), std::cos(0.25f)};
  ForeignToolOptions set_once = plain;
  set_once.edit = [&](const std::string& name, int, float*, float* r, float*) {
    if (name == "antenna") r[0] = turn.x, r[1] = turn.y, r[2] = turn.z, r[3] = turn.w;
  };
  auto edited = import_over(through_foreign_tool(glb, set_once), turret, "gem-6.0");
  ASSERT_TRUE(edited) << edited.error().to_string();
  EXPECT_EQ(texts(edited->warnings),
            (std::vector<std::string>{"back.glb: 1 node of the glTF is not animated and not a bone of the base: left out ('lamp')",
                                      "back.glb: node 'antenna' animated in the glTF and not in the base: added to its bone map and keyed"}));
  auto grown = edited->document.clip();
  ASSERT_TRUE(grown);
  auto was = Document::open(turret.string());
  ASSERT_TRUE(was);
  const auto before = was->clip();
  ASSERT_EQ(grown->bones.size(), before->bones.size() + 1);
  EXPECT_EQ(grown->bones.back().name, "antenna");
  for (std::uint32_t f = 0; f < before->frame_count; ++f) {
    const auto a = model::sample(*before, f), b = model::sample(*grown, f);
    for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(a[i], b[i]) << before->bones[i].name << " at frame " << f;
    const model::BonePose antenna = b.back();
    ASSERT_TRUE(antenna.has_rotation) << "frame " << f;
    EXPECT_NEAR(std::fabs(antenna.rotation.x * turn.x + antenna.rotation.y * turn.y + antenna.rotation.z * turn.z +
                          antenna.rotation.w * turn.w), 1.0, 1e-6) << "frame " << f;
    // Its position is its rest's, which the .mdl gives and the merge does not key.
    EXPECT_FALSE(antenna.has_translation) << "frame " << f;
  }
}

TEST(GltfBase, CliNamesItsOptions) {
  TempDir dir;
  const fs::path turret = examples() / "turret_v60.anm";
  ForeignToolOptions at24;
  at24.fps = 24;
  const auto glb = through_foreign_tool(glb_of(turret), at24);
  {
    std::ofstream out(dir.file("back.glb"), std::ios::binary);
    out.write(reinterpret_cast<const char*>(glb.data()), std::streamsize(glb.size()));
  }
  auto r = run_cli({"convert", dir.file("back.glb"), "-o", dir.file("x.anm"), "--to", "gem-6.0"}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("give it with --fps"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("give the original file with --base ORIGINAL.anm to keep them"), std::string::npos) << r.err;
  const auto clean = through_foreign_tool(glb_of(turret));
  {
    std::ofstream out(dir.file("clean.glb"), std::ios::binary);
    out.write(reinterpret_cast<const char*>(clean.data()), std::streamsize(clean.size()));
  }
  r = run_cli({"convert", dir.file("clean.glb"), "-o", dir.file("y.anm"), "--to", "gem-6.0", "--base", turret.string()}, dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(read_bytes(dir.file("y.anm")), read_bytes(turret));
}

TEST(GltfBase, LmDoorComesBackByteForByte) {
  const fs::path door = examples() / "mansion_door.anm";
  OpenOptions open;
  open.skeleton = (examples() / "mansion_door.bin").string();
  const auto original = read_bytes(door);
  const auto glb = glb_of(door, open);
  for (bool foreign : {false, true}) {
    SCOPED_TRACE(foreign ? "through another tool" : "as anmkit wrote it");
    ForeignToolOptions tool;
    tool.rewrite_mirror = false;
    auto back = import_over(foreign ? through_foreign_tool(glb, tool) : glb, door, "lm", open);
    ASSERT_TRUE(back) << back.error().to_string();
    EXPECT_TRUE(back->warnings.empty()) << ::testing::PrintToString(texts(back->warnings));
    EXPECT_EQ(*back->document.write(), original);
  }
}

TEST(GltfBase, ABaseOfAnotherFormatIsAnError) {
  const fs::path turret = examples() / "turret_v60.anm";
  auto back = import_over(glb_of(turret), turret, "lm");
  ASSERT_FALSE(back);
  EXPECT_EQ(back.error().to_string(), "back.glb: error: the base " + turret.string() + " is a gem file, but the target 'lm' is not");
}

TEST(GltfBase, LmEditRebuildsOnlyThatTrack) {
  const fs::path door = examples() / "mansion_door.anm";
  OpenOptions open;
  open.skeleton = (examples() / "mansion_door.bin").string();
  ForeignToolOptions tool;
  tool.rewrite_mirror = false;
  tool.edit = [](const std::string& name, int f, float* t, float*, float*) {
    if (name == "node_1") t[1] += 0.25f * float(f);  // node 1 rises as the door opens
  };
  auto back = import_over(through_foreign_tool(glb_of(door, open), tool), door, "lm", open);
  ASSERT_TRUE(back) << back.error().to_string();
  auto edited = lm::read(*back->document.write(), 3u);
  auto base = lm::read(read_bytes(door), 3u);
  ASSERT_TRUE(edited && base);
  auto a = lm::decode_curves(base->file), b = lm::decode_curves(edited->file);
  ASSERT_TRUE(a && b);
  ASSERT_EQ(a->size(), b->size());
  for (std::size_t n = 0; n < a->size(); ++n) {
    for (std::size_t slot = 0; slot < 9; ++slot) {
      if (n == 1 && slot == 7) {
        EXPECT_NE((*a)[n].curves[slot], (*b)[n].curves[slot]);
        EXPECT_NEAR(lm::evaluate((*b)[n].curves[slot], 40, 0), lm::evaluate((*a)[n].curves[slot], 40, 0) + 10, 1e-4);
      } else {
        EXPECT_EQ((*a)[n].curves[slot], (*b)[n].curves[slot]) << "node " << n << " " << lm::track_names[slot];
      }
    }
  }
}

TEST(GltfBase, FrmnBaseEditedIsRewrittenWithAWarning) {
  const fs::path turret = examples() / "turret_v40.anm";
  ForeignToolOptions tool;
  tool.edit = [](const std::string& name, int, float* t, float*, float*) {
    if (name == "hatch") t[2] += 1;
  };
  auto back = import_over(through_foreign_tool(glb_of(turret), tool), turret, "gem-4.0");
  ASSERT_TRUE(back) << back.error().to_string();
  EXPECT_EQ(texts(back->warnings),
            std::vector<std::string>{"back.glb: the base cannot be kept key by key (its frames are FRMN records): the edited file is "
                                     "keyed as the exporter keys it"});
  auto file = gem::read(*back->document.write());
  ASSERT_TRUE(file);
  EXPECT_EQ(file->version, gem::version_4_0);
  EXPECT_EQ(file->bones, gem::read(read_bytes(turret))->bones);
}

}  // namespace
}  // namespace anmkit::test
