// Every real file in ../shared/corpus/gem: reads, validates cleanly, survives dump and build
// byte for byte, and means what the game's own model and exporter dump say.

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <regex>
#include <sstream>

#include "anmkit/core/json_input.hpp"
#include "anmkit/core/json_pretty.hpp"
#include "anmkit/formats/gem/gem_clip.hpp"
#include "anmkit/formats/gem/gem_json.hpp"
#include "anmkit/formats/gem/gem_read.hpp"
#include "anmkit/formats/gem/gem_validate.hpp"
#include "anmkit/formats/gem/gem_write.hpp"
#include "anmkit/formats/gem/mdl.hpp"
#include "anmkit/core/float_bits.hpp"
#include "support/fixture_bytes.hpp"

namespace anmkit::gem {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> anm_files(const fs::path& dir) {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() == ".anm") out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(GemCorpus, EveryFileValidatesAndRoundTripsThroughJson) {
  ANMKIT_REQUIRE_GEM_CORPUS(dir);
  const auto files = anm_files(dir);
  ASSERT_EQ(files.size(), 6u);
  for (const auto& path : files) {
    SCOPED_TRACE(path.filename().string());
    const auto bytes = test::read_bytes(path);
    auto file = read(bytes);
    ASSERT_TRUE(file) << file.error().to_string();
    EXPECT_TRUE(validate(*file).empty());
    EXPECT_EQ(*write(*file), bytes);
    const std::string text = pretty_json(to_json(*file));
    auto rebuilt = from_json(nlohmann::ordered_json::parse(text));
    ASSERT_TRUE(rebuilt) << rebuilt.error().to_string();
    auto again = write(*rebuilt);
    ASSERT_TRUE(again);
    EXPECT_EQ(*again, bytes) << "dump then build must give identical bytes";
  }
}

TEST(GemCorpus, ConvertingARealFileToItsOwnVersionReproducesTheExporter) {
  ANMKIT_REQUIRE_GEM_CORPUS(dir);
  for (const char* name : {"goh_e25_fire.anm", "goh_e25_stop.anm", "goh_e100_body_r_min.anm",
                           "goh_e75_open_driver_sparse.anm", "goh_pzh2000x_trackL_meshanim.anm"}) {
    SCOPED_TRACE(name);
    const auto bytes = test::read_bytes(dir / name);
    auto file = read(bytes);
    ASSERT_TRUE(file);
    auto converted = from_clip(to_clip(*file), Target::gem_6_0);
    ASSERT_TRUE(converted);
    EXPECT_EQ(*write(*converted), bytes);
  }
}

TEST(GemCorpus, ExpectedShapeOfTheRealFiles) {
  ANMKIT_REQUIRE_GEM_CORPUS(dir);
  auto v61 = read(test::read_bytes(dir / "goh_m18_shell_eject_v61.anm"));
  ASSERT_TRUE(v61);
  EXPECT_EQ(v61->version, version_6_1);
  auto sparse = read(test::read_bytes(dir / "goh_e75_open_driver_sparse.anm"));
  ASSERT_TRUE(sparse);
  EXPECT_EQ(sparse->frame_count, 286u);
  EXPECT_EQ(sparse->frames.size(), 26u);
  auto mesh = read(test::read_bytes(dir / "goh_pzh2000x_trackL_meshanim.anm"));
  ASSERT_TRUE(mesh);
  const Key& first = mesh->keys_of(mesh->frames[0])[0];
  EXPECT_EQ(first.flags, 0x2b);
  EXPECT_EQ(mesh->mesh(first)->size(), 8u + 410 * 56 + 24 + 8);
}

TEST(GemCorpus, FireFrameZeroMatchesTheModelSkeleton) {
  ANMKIT_REQUIRE_GEM_CORPUS(dir);
  auto file = read(test::read_bytes(dir / "goh_e25_fire.anm"));
  ASSERT_TRUE(file);
  auto mdl = read_mdl(test::read_bytes(dir / "goh_e25_tank-e-25.mdl"));
  ASSERT_TRUE(mdl) << mdl.error().to_string();
  const model::Clip clip = to_clip(*file);
  const auto pose = model::sample(clip, 0);
  for (const char* name : {"body", "basis"}) {
    SCOPED_TRACE(name);
    const int in_mdl = mdl->find_bone(name);
    ASSERT_GE(in_mdl, 0);
    std::size_t in_anm = 0;
    while (in_anm < clip.bones.size() && !model::names_equal(clip.bones[in_anm].name, name)) ++in_anm;
    ASSERT_LT(in_anm, clip.bones.size());
    const model::Decomposed rest = model::decompose(mdl->bones[std::size_t(in_mdl)].rest);
    EXPECT_LT(model::quat_angle_between(pose[in_anm].rotation, rest.rotation), 1e-5f);
    EXPECT_EQ(pose[in_anm].mirrored, rest.mirrored);
    EXPECT_NEAR(pose[in_anm].translation.x, rest.translation.x, 1e-5);
    EXPECT_NEAR(pose[in_anm].translation.y, rest.translation.y, 1e-5);
    EXPECT_NEAR(pose[in_anm].translation.z, rest.translation.z, 1e-4);
  }
  // body: Matrix34 rows (0 -1 0), (1 0 0), (0 0 1) are the columns of a -90 degree turn about Z.
  const auto& body = pose[1];
  EXPECT_NEAR(body.rotation.z, -0.70710678f, 1e-6);
  EXPECT_NEAR(body.rotation.w, 0.70710678f, 1e-6);
}

// One frame of the 3ds Max exporter's text dump (goh_e25_anim.txt).
struct TextKey {
  int frame;
  std::optional<int> visibility;
  std::optional<model::Vec3> position;
  std::optional<model::Quat> orientation;  // x y z w, as printed
};

std::map<std::string, std::vector<TextKey>> read_exporter_dump(const fs::path& path, const std::string& sequence) {
  std::ifstream in(path);
  std::map<std::string, std::vector<TextKey>> out;
  const std::regex section(R"(-= Animation: (\w+), Node (\S+) =-)");
  std::string line, node;
  bool wanted = false;
  while (std::getline(in, line)) {
    std::smatch m;
    std::istringstream words(line);
    std::string word;
    words >> word;
    if (std::regex_search(line, m, section)) {
      wanted = m[1] == sequence;
      node = m[2];
      std::transform(node.begin(), node.end(), node.begin(), [](char c) { return char(std::tolower(c)); });
    } else if (!wanted) {
      continue;
    } else if (word == "Frame") {
      TextKey k{};
      words >> k.frame;
      out[node].push_back(k);
    } else if (word == "Visibility") {
      int v;
      words >> v;
      out[node].back().visibility = v;
    } else if (word == "Position") {
      model::Vec3 p;
      words >> p.x >> p.y >> p.z;
      out[node].back().position = p;
    } else if (word == "Orientation") {
      model::Quat q;
      words >> q.x >> q.y >> q.z >> q.w;
      out[node].back().orientation = q;
    }
  }
  return out;
}

TEST(GemCorpus, FireKeysAgreeWithTheExporterDump) {
  ANMKIT_REQUIRE_GEM_CORPUS(dir);
  auto file = read(test::read_bytes(dir / "goh_e25_fire.anm"));
  ASSERT_TRUE(file);
  const auto dump = read_exporter_dump(dir / "goh_e25_anim.txt", "fire");
  ASSERT_EQ(dump.size(), 54u);
  constexpr int first_frame = 70;  // "fire" runs from frame 70 to 100 of the exporter's timeline

  struct Keyed {
    std::uint16_t flags;
    KeyFields fields;
  };
  std::map<std::string, std::vector<std::pair<std::uint32_t, Keyed>>> keys;  // by lower-case name
  for (const Frame& f : file->frames) {
    for (const Key& k : file->keys_of(f)) {
      std::string name = file->bones[k.bone].name;
      std::transform(name.begin(), name.end(), name.begin(), [](char c) { return char(std::tolower(c)); });
      keys[name].push_back({f.number, Keyed{k.flags, file->fields(k)}});
    }
  }
  std::size_t compared = 0;
  for (const auto& [node, text_keys] : dump) {
    SCOPED_TRACE(node);
    const auto& anm_keys = keys[node];
    ASSERT_EQ(anm_keys.size(), text_keys.size()) << "the same frames are keyed";
    for (std::size_t i = 0; i < text_keys.size(); ++i) {
      const TextKey& t = text_keys[i];
      const Keyed& k = anm_keys[i].second;
      EXPECT_EQ(anm_keys[i].first, std::uint32_t(t.frame - first_frame));
      EXPECT_EQ(t.position.has_value(), k.fields.position.has_value());
      EXPECT_EQ(t.orientation.has_value(), k.fields.orientation.has_value());
      if (t.visibility) {
        EXPECT_EQ(*t.visibility == 1, (k.flags & flag::visible) != 0);
      }
      if (t.position && k.fields.position) {
        for (std::size_t c = 0; c < 3; ++c) {
          const float text_value = c == 0 ? t.position->x : c == 1 ? t.position->y : t.position->z;
          EXPECT_NEAR(float_from_bits((*k.fields.position)[c]), text_value, 1e-5 + 1e-5 * std::fabs(text_value));
        }
      }
      if (t.orientation && k.fields.orientation) {
        // The exporter prints Max's quaternion; the column-convention rotation is its conjugate.
        const model::Quat expected{-t.orientation->x, -t.orientation->y, -t.orientation->z, t.orientation->w};
        const auto& o = *k.fields.orientation;
        const model::Quat stored = model::quat_from_xyz(float_from_bits(o[0]), float_from_bits(o[1]), float_from_bits(o[2]));
        // Rebuilding w = sqrt(1 - x² - y² - z²) magnifies float rounding when w is near 0, so the
        // rotation agrees to 1e-3 rad; the stored x, y, z agree to the dump's six digits.
        EXPECT_LT(model::quat_angle_between(stored, model::normalized(expected)), 1e-3f);
        const model::Quat positive = model::with_positive_w(expected);
        const bool w_near_zero = std::fabs(expected.w) < 1e-3f;
        for (std::size_t c = 0; c < 3; ++c) {
          const float want = c == 0 ? positive.x : c == 1 ? positive.y : positive.z;
          const float got = float_from_bits(o[c]);
          if (w_near_zero) {
            EXPECT_NEAR(std::fabs(got), std::fabs(want), 2e-6);
          } else {
            EXPECT_NEAR(got, want, 2e-6) << "stored xyz are those of the rotation with w >= 0";
          }
        }
      }
      ++compared;
    }
  }
  EXPECT_GT(compared, 100u);
}

}  // namespace
}  // namespace anmkit::gem
