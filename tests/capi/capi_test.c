/* The C API (include/anmkit/anmkit.h), from C99: every function, its results on the examples
 * (values from how tools/make_examples built them) and its error paths. Built with -Wall -Wextra
 * -pedantic -Werror; run by ctest, and again under the sanitizers.
 *
 * Usage: anmkit_capi_test EXAMPLES_DIR SCRATCH_DIR */
#include "anmkit/anmkit.h"
#include "check.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char* examples;
static const char* scratch;

static anmkit_document* open_example(const char* name, const anmkit_open_options* options) {
  anmkit_document* doc = NULL;
  anmkit_error error;
  if (anmkit_open_file(path_of(examples, name), options, &doc, &error) != ANMKIT_OK) {
    fprintf(stderr, "cannot open %s: %s\n", name, error.message);
    exit(1);
  }
  return doc;
}

static void test_library(void) {
  static const unsigned char eanm[16] = {'E', 'A', 'N', 'M', 0, 0, 6, 0, 'F', 'R', 'M', 'S', 25, 0, 0, 0};
  static const unsigned char noise[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  CHECK_STR(anmkit_library_version(), "0.1.0");
  CHECK_STR(anmkit_format_name(0), "gem");
  CHECK_STR(anmkit_format_name(1), "mm2");
  CHECK_STR(anmkit_format_name(2), "lm");
  CHECK(anmkit_format_name(3) == NULL);
  CHECK_STR(anmkit_detect(eanm, sizeof eanm), "gem");
  CHECK(anmkit_detect(noise, sizeof noise) == NULL);
  CHECK(anmkit_detect(NULL, 0) == NULL);
  CHECK(anmkit_detect(NULL, 5) == NULL);
  CHECK_STR(anmkit_status_name(ANMKIT_OK), "");
  CHECK_STR(anmkit_status_name(ANMKIT_ERROR_IO), "io");
  CHECK_STR(anmkit_status_name(ANMKIT_ERROR_TOO_LARGE), "too_large");
  CHECK_STR(anmkit_status_name(ANMKIT_ERROR_UNKNOWN_FORMAT), "unknown_format");
  CHECK_STR(anmkit_status_name(ANMKIT_ERROR_INVALID_ARGUMENT), "invalid_argument");
  CHECK_STR(anmkit_status_name(ANMKIT_ERROR_BUFFER_TOO_SMALL), "buffer_too_small");
  CHECK_STR(anmkit_status_name(ANMKIT_ERROR_WRONG_KIND), "wrong_kind");
  CHECK_STR(anmkit_status_name(99), "");
  /* Freeing nothing does nothing. */
  anmkit_free(NULL);
  anmkit_diagnostics_free(NULL);
  anmkit_sampler_free(NULL);
  anmkit_bytes_free(NULL);
}

/* In anmkit_abi_layout's text: `structure`'s size, and when `field` is not NULL that field's
 * offset and size (read from the struct's own object, so that a field name of another struct is
 * never taken). 0 when they are not there. */
static int layout_of(const char* structure, const char* field, size_t* offset, size_t* size) {
  const char* text = anmkit_abi_layout();
  char key[128];
  const char* at;
  const char* end;
  snprintf(key, sizeof key, "{\"name\":\"%s\",\"size\":", structure);
  at = strstr(text, key);
  if (at == NULL) return 0;
  if (field == NULL) return sscanf(at + strlen(key), "%zu", size) == 1;
  end = strstr(at, "]}");
  snprintf(key, sizeof key, "{\"name\":\"%s\",\"offset\":", field);
  at = strstr(at, key);
  if (at == NULL || end == NULL || at > end) return 0;
  return sscanf(at + strlen(key), "%zu,\"size\":%zu", offset, size) == 2;
}

#define CHECK_LAYOUT_SIZE(S) CHECK(layout_of(#S, NULL, NULL, &size) && size == sizeof(S))
#define CHECK_LAYOUT_FIELD(S, f) \
  CHECK(layout_of(#S, #f, &offset, &size) && offset == offsetof(S, f) && size == sizeof(((S*)0)->f))

/* The layout the library reports is what this C compiler makes of the header (on WebAssembly
 * too: this test is also built with emcc). tests/capi/layout_test.py checks it lists every field. */
static void test_abi_layout(void) {
  size_t offset = 0, size = 0;
  CHECK(strncmp(anmkit_abi_layout(), "{\"pointer_size\":", 16) == 0);
  CHECK(anmkit_abi_layout() == anmkit_abi_layout());
  CHECK_LAYOUT_SIZE(anmkit_error);
  CHECK_LAYOUT_SIZE(anmkit_open_options);
  CHECK_LAYOUT_SIZE(anmkit_diagnostic);
  CHECK_LAYOUT_SIZE(anmkit_save_options);
  CHECK_LAYOUT_SIZE(anmkit_gltf_import_options);
  CHECK_LAYOUT_SIZE(anmkit_clip_info);
  CHECK_LAYOUT_SIZE(anmkit_bone);
  CHECK_LAYOUT_SIZE(anmkit_joint);
  CHECK_LAYOUT_SIZE(anmkit_pose_arrays);
  CHECK_LAYOUT_SIZE(anmkit_sprite_info);
  CHECK_LAYOUT_SIZE(anmkit_rect);
  CHECK_LAYOUT_SIZE(anmkit_sprite_step);
  CHECK_LAYOUT_SIZE(anmkit_mesh);
  CHECK_LAYOUT_SIZE(anmkit_primitive);
  CHECK_LAYOUT_SIZE(anmkit_material);
  CHECK_LAYOUT_SIZE(anmkit_texture);
  CHECK_LAYOUT_SIZE(anmkit_morph_key);
  CHECK_LAYOUT_SIZE(anmkit_mesh_morphs);
  CHECK_LAYOUT_SIZE(anmkit_morph_target);
  CHECK_LAYOUT_FIELD(anmkit_error, message);
  CHECK(offset == 1296 && size == 1024);
  CHECK_LAYOUT_FIELD(anmkit_open_options, struct_size);
  CHECK_LAYOUT_FIELD(anmkit_open_options, max_input_bytes);
  CHECK_LAYOUT_FIELD(anmkit_open_options, no_meshes);
  CHECK_LAYOUT_FIELD(anmkit_open_options, texture_dir);
  CHECK_LAYOUT_FIELD(anmkit_open_options, volumes);
  CHECK_LAYOUT_FIELD(anmkit_mesh, weights);
  CHECK_LAYOUT_FIELD(anmkit_mesh, collision);
  CHECK_LAYOUT_FIELD(anmkit_material, base_colour);
  CHECK_LAYOUT_FIELD(anmkit_texture, rgba_size);
  CHECK_LAYOUT_FIELD(anmkit_morph_target, normals);
  CHECK_LAYOUT_FIELD(anmkit_diagnostic, offset);
  CHECK_LAYOUT_FIELD(anmkit_diagnostic, pointer);
  CHECK_LAYOUT_FIELD(anmkit_gltf_import_options, target);
  CHECK_LAYOUT_FIELD(anmkit_gltf_import_options, max_input_bytes);
  CHECK_LAYOUT_FIELD(anmkit_clip_info, up_rotation);
  CHECK_LAYOUT_FIELD(anmkit_clip_info, to_right_handed);
  CHECK_LAYOUT_FIELD(anmkit_joint, scale);
  CHECK_LAYOUT_FIELD(anmkit_pose_arrays, mirrored);
  CHECK_LAYOUT_FIELD(anmkit_sprite_info, tick_hz);
  CHECK_LAYOUT_FIELD(anmkit_sprite_step, ticks);
  CHECK(!layout_of("anmkit_open_options", "no_such_field", &offset, &size));
  CHECK(!layout_of("anmkit_rect", "struct_size", &offset, &size)); /* another struct's field is not taken */
}

static void test_open_errors(void) {
  anmkit_document* doc = (anmkit_document*)&doc; /* not NULL: failures must set it to NULL */
  anmkit_error error;
  anmkit_open_options options;

  CHECK(anmkit_open_file("x", NULL, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "out is NULL");
  CHECK(anmkit_open_file(NULL, NULL, &doc, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(doc == NULL);
  CHECK_STR(error.message, "path is NULL");

  CHECK(anmkit_open_file(path_of(scratch, "missing.anm"), NULL, &doc, &error) == ANMKIT_ERROR_IO);
  CHECK(error.code == ANMKIT_ERROR_IO);
  CHECK_STR(error.file, path_of(scratch, "missing.anm"));
  CHECK(error.has_offset == 0);

  /* Not an animation: the error names the file and offset 0. */
  doc = (anmkit_document*)&doc;
  CHECK(anmkit_open_file(path_of(examples, "mansion_door.bin"), NULL, &doc, &error) == ANMKIT_ERROR_UNKNOWN_FORMAT);
  CHECK(doc == NULL);
  CHECK(error.has_offset == 1 && error.offset == 0);
  CHECK_STR(error.file, path_of(examples, "mansion_door.bin"));
  CHECK(strncmp(error.message, "not a recognised animation", 26) == 0);

  /* A NULL error is allowed: the status still says what happened. */
  CHECK(anmkit_open_file(path_of(scratch, "missing.anm"), NULL, &doc, NULL) == ANMKIT_ERROR_IO);

  anmkit_open_options_init(&options);
  CHECK(options.struct_size == sizeof options);
  CHECK(options.fps == 0 && options.skeleton == NULL && options.max_frames == 0);
  options.struct_size = 0;
  CHECK(anmkit_open_file(path_of(examples, "turret_v60.anm"), &options, &doc, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "options is NULL or its struct_size is smaller than a size_t");
  /* A size that ends inside a field (half of the skeleton pointer) is refused, not half copied;
   * one that ends where a field does (an older header's struct) is taken. */
  options.struct_size = offsetof(anmkit_open_options, skeleton) + sizeof(void*) / 2;
  options.skeleton = "x.mdl";
  CHECK(anmkit_open_file(path_of(examples, "turret_v60.anm"), &options, &doc, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(doc == NULL);
  CHECK(strstr(error.message, "options->struct_size ") == error.message &&
        strstr(error.message, " ends inside a field: give sizeof the struct") != NULL);
  options.struct_size = offsetof(anmkit_open_options, skeleton); /* the skeleton: past this caller's struct */
  CHECK(anmkit_open_file(path_of(examples, "turret_v60.anm"), &options, &doc, &error) == ANMKIT_OK);
  anmkit_free(doc);
  doc = NULL;

  anmkit_open_options_init(&options);
  {
    /* A format's own option, checked against what its entry declares. */
    const anmkit_format_setting furlongs = {"rotation-unit", "furlongs"};
    const anmkit_format_setting unknown = {"colour", "red"};
    options.format_settings = &furlongs;
    options.format_setting_count = 1;
    CHECK(anmkit_open_file(path_of(examples, "mansion_door.anm"), &options, &doc, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
    CHECK_STR(error.message, "unknown rotation unit 'furlongs' (degrees, turn4096 or radians)");
    options.format_settings = &unknown;
    CHECK(anmkit_open_file(path_of(examples, "mansion_door.anm"), &options, &doc, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
    CHECK_STR(error.message, "unknown format option 'colour' (opening takes: nodes or rotation-unit)");
    options.format_settings = NULL;
    CHECK(anmkit_open_file(path_of(examples, "mansion_door.anm"), &options, &doc, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
    CHECK_STR(error.message, "format_settings is NULL");
  }

  anmkit_open_options_init(&options);
  options.max_bones = 4;
  CHECK(anmkit_open_file(path_of(examples, "turret_v60.anm"), &options, &doc, &error) == ANMKIT_ERROR_TOO_LARGE);
  /* The setting the message names, as data: its name, and where the message says it. */
  CHECK_STR(error.message, "bone count 5 exceeds the limit of 4 bones (limits.max_bones)");
  CHECK_STR(error.settings, "limits.max_bones");
  CHECK(error.settings[strlen("limits.max_bones") + 1] == '\0');
  CHECK(error.setting_at[0] == 43 && error.setting_size[0] == 16);
  CHECK(memcmp(error.message + error.setting_at[0], "limits.max_bones", 16) == 0);
  CHECK(anmkit_open_file(path_of(examples, "turret_v60.anm"), NULL, &doc, &error) == ANMKIT_OK);
  CHECK(error.settings[0] == '\0' && error.setting_size[0] == 0);
  anmkit_free(doc);

  anmkit_open_options_init(&options);
  options.fps = -1;
  CHECK(anmkit_open_file(path_of(examples, "turret_v60.anm"), &options, &doc, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "fps must be from 0.01 to 10000, found -1");
  options.fps = NAN;
  CHECK(anmkit_open_file(path_of(examples, "turret_v60.anm"), &options, &doc, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  anmkit_open_options_init(&options);
  options.tick_hz = INFINITY;
  CHECK(anmkit_open_file(path_of(examples, "ghost_mm2.anm"), &options, &doc, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "tick_hz must be from 0.01 to 10000, found inf");

  {
    /* The ranges of the library's own numbers, for a front end's fields. */
    double min = 0, max = 0;
    CHECK(anmkit_setting_range("fps", &min, &max, &error) == ANMKIT_OK && min == 0.01 && max == 10000);
    CHECK(anmkit_setting_range("tick_hz", &min, &max, &error) == ANMKIT_OK && min == 0.01 && max == 10000);
    CHECK(anmkit_setting_range("tolerance", &min, &max, &error) == ANMKIT_OK && min == 0 && max == 1e6);
    CHECK(anmkit_setting_range("frames", &min, &max, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
    CHECK_STR(error.message, "no setting named 'frames' has a range");
    CHECK(anmkit_setting_range(NULL, &min, &max, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  }
  {
    /* The formats' own options, as their entries declare them. */
    anmkit_format_option option;
    size_t count = 0;
    int saw_rotation_unit = 0;
    memset(&option, 0, sizeof option);
    option.struct_size = sizeof option;
    while (anmkit_format_option_get(count, &option, &error) == ANMKIT_OK) {
      if (strcmp(option.name, "rotation-unit") == 0) {
        saw_rotation_unit = 1;
        CHECK(option.kind == ANMKIT_OPTION_CHOICE && option.when_opening == 1 && option.when_importing == 1);
        CHECK_STR(option.choices, "degrees");
        CHECK_STR(option.choices + strlen("degrees") + 1, "turn4096");
      }
      if (strcmp(option.name, "nodes") == 0) CHECK(option.kind == ANMKIT_OPTION_WHOLE && option.max == 4294967295u && option.excludes_skeleton == 1);
      ++count;
    }
    CHECK(count == 3 && saw_rotation_unit);
    CHECK_STR(error.message, "format option 3 of 3");
  }
  {
    /* What each format is, as the registry knows it: lists end in two NULs, empty strings are "". */
    anmkit_format_info info;
    memset(&info, 0, sizeof info);
    info.struct_size = sizeof info;
    CHECK(anmkit_format_info_get(0, &info, &error) == ANMKIT_OK);
    CHECK_STR(info.name, "gem");
    CHECK_STR(info.skeleton_extension, ".mdl");
    CHECK(info.skeletal == 1 && info.sprite == 0 && info.skeleton_lists_animations == 1 && info.whole_frames_only == 1);
    CHECK_STR(info.import_targets, "gem-4.0");
    CHECK_STR(info.import_targets + 8 + 8 + 8, "gem-6.1-frm3");
    CHECK(info.import_targets[8 + 8 + 8 + 13] == '\0');
    CHECK(anmkit_format_info_get(1, &info, &error) == ANMKIT_OK);
    CHECK_STR(info.name, "mm2");
    CHECK_STR(info.skeleton_extension, "");
    CHECK(info.sprite == 1 && info.convert_targets[0] == '\0' && info.import_targets[0] == '\0');
    CHECK(anmkit_format_info_get(3, &info, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
    CHECK_STR(error.message, "format 3 of 3");
  }
  {
    /* The kinds of file the formats read, as their entries register them: GEM's first (its
     * animations, its model, its meshes), a texture known but never opened, LM's .bin last. */
    anmkit_file_kind kind;
    size_t count = 0;
    memset(&kind, 0, sizeof kind);
    kind.struct_size = sizeof kind;
    CHECK(anmkit_file_kind_get(0, &kind, &error) == ANMKIT_OK);
    CHECK_STR(kind.format, "gem");
    CHECK_STR(kind.name, "animation");
    CHECK_STR(kind.extension, ".anm");
    CHECK(kind.opens_as == ANMKIT_KIND_ANIMATION);
    CHECK(anmkit_file_kind_get(2, &kind, &error) == ANMKIT_OK);
    CHECK_STR(kind.name, "mesh");
    CHECK_STR(kind.extension, ".ply");
    CHECK(kind.opens_as == ANMKIT_KIND_RESOURCE);
    CHECK(anmkit_file_kind_get(4, &kind, &error) == ANMKIT_OK);
    CHECK_STR(kind.name, "texture");
    CHECK_STR(kind.extension, ".dds");
    CHECK(kind.opens_as == 0);
    while (anmkit_file_kind_get(count, &kind, &error) == ANMKIT_OK) ++count;
    CHECK(count == 13);
    CHECK_STR(error.message, "file kind 13 of 13");
    CHECK(anmkit_file_kind_get(12, &kind, &error) == ANMKIT_OK);
    CHECK_STR(kind.format, "lm");
    CHECK_STR(kind.extension, ".bin");
    CHECK(kind.opens_as == ANMKIT_KIND_MODEL);
  }

  /* A limit the caller sets is applied. */
  anmkit_open_options_init(&options);
  options.max_input_bytes = 10;
  CHECK(anmkit_open_file(path_of(examples, "turret_v60.anm"), &options, &doc, &error) == ANMKIT_ERROR_TOO_LARGE);
  anmkit_open_options_init(&options);
  options.max_bones = 4;
  CHECK(anmkit_open_file(path_of(examples, "turret_v60.anm"), &options, &doc, &error) == ANMKIT_ERROR_TOO_LARGE);

  CHECK(anmkit_open_memory(NULL, 3, "x", NULL, &doc, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "bytes is NULL");
  CHECK(anmkit_open_memory("abc", 3, NULL, NULL, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(anmkit_from_json(NULL, 3, "x", NULL, &doc, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(anmkit_from_json("{", 1, "broken.json", NULL, &doc, &error) == ANMKIT_ERROR_JSON);
  CHECK(doc == NULL);
  CHECK_STR(error.file, "broken.json");
  CHECK(anmkit_from_json("{\"format\": \"gem\"}", 17, "x.json", NULL, &doc, &error) == ANMKIT_ERROR_JSON);
  CHECK(error.pointer[0] == '/' || error.pointer[0] == '\0');
}

static void test_gem(void) {
  anmkit_document* doc = open_example("turret_v60.anm", NULL);
  anmkit_document* other = NULL;
  anmkit_error error;
  anmkit_clip_info info;
  anmkit_bone bone;
  anmkit_joint joint;
  anmkit_diagnostics* diagnostics = NULL;
  uint8_t* bytes = NULL;
  size_t size = 0, file_size = 0;
  char* text = NULL;
  unsigned char* file = read_file(path_of(examples, "turret_v60.anm"), &file_size);

  CHECK_STR(anmkit_format(doc), "gem");
  CHECK_STR(anmkit_version(doc), "6.0");
  CHECK_STR(anmkit_import_target(doc), "gem-6.0");
  CHECK(anmkit_is_skeletal(doc) == 1 && anmkit_is_sprite(doc) == 0);
  CHECK_STR(anmkit_format(NULL), "");
  CHECK_STR(anmkit_version(NULL), "");
  CHECK(anmkit_is_skeletal(NULL) == 0 && anmkit_is_sprite(NULL) == 0);

  info.struct_size = sizeof info;
  CHECK(anmkit_clip_info_get(doc, &info, &error) == ANMKIT_OK);
  CHECK(error.code == ANMKIT_OK);
  CHECK(info.bone_count == 5 && info.joint_count == 0 && info.frame_count == 25 && info.loop == 0);
  CHECK_NEAR(info.fps, 30);
  /* GEM is Z up: a quarter turn about X takes it to Y up. */
  CHECK_NEAR(info.up_rotation[0], -0.70710678);
  CHECK_NEAR(info.up_rotation[3], 0.70710678);
  /* and left-handed: Y negated makes it right-handed, as the glTF export's root does. */
  CHECK(info.to_right_handed[0] == 1 && info.to_right_handed[1] == -1 && info.to_right_handed[2] == 1);
  /* An older caller's shorter struct is written only as far as it reaches. */
  memset(&info, 0xAB, sizeof info);
  info.struct_size = sizeof(size_t) + sizeof(uint32_t);
  CHECK(anmkit_clip_info_get(doc, &info, &error) == ANMKIT_OK);
  CHECK(info.bone_count == 5 && info.joint_count == 0xABABABABu);
  info.struct_size = 0;
  CHECK(anmkit_clip_info_get(doc, &info, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(anmkit_clip_info_get(NULL, &info, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "document is NULL");

  bone.struct_size = sizeof bone;
  CHECK(anmkit_bone_get(doc, 2, &bone, &error) == ANMKIT_OK);
  CHECK_STR(bone.name, "turret1");
  CHECK(bone.name_size == 7 && bone.joint == -1);
  CHECK(anmkit_bone_get(doc, 5, &bone, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "bone 5 of 5");
  joint.struct_size = sizeof joint;
  CHECK(anmkit_joint_get(doc, 0, &joint, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "joint 0 of 0");

  /* Unchanged, the bytes are the file's. */
  CHECK(anmkit_write(doc, &bytes, &size, &error) == ANMKIT_OK);
  CHECK(size == file_size && bytes != NULL && memcmp(bytes, file, size) == 0);
  anmkit_bytes_free(bytes);
  CHECK(anmkit_write(NULL, &bytes, &size, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(bytes == NULL);
  CHECK(anmkit_write(doc, NULL, &size, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);

  /* The dump and back give the same bytes. */
  CHECK(anmkit_to_json(doc, 1, &text, &size, &error) == ANMKIT_OK);
  CHECK(text != NULL && strlen(text) == size);
  CHECK(strstr(text, "\"version\": \"6.0\"") != NULL);
  CHECK(anmkit_from_json(text, size, "turret.json", NULL, &other, &error) == ANMKIT_OK);
  {
    /* The JSON limit reaches C: a dump nested deeper than max_json_depth is refused, naming it. */
    anmkit_open_options shallow;
    anmkit_document* refused = (anmkit_document*)&refused;
    anmkit_open_options_init(&shallow);
    CHECK(shallow.max_json_depth == 0);
    shallow.max_json_depth = 2;
    CHECK(anmkit_from_json(text, size, "turret.json", &shallow, &refused, &error) == ANMKIT_ERROR_JSON);
    CHECK(refused == NULL);
    CHECK(strstr(error.message, "nested deeper than the limit of 2 levels") != NULL);
    CHECK_STR(error.settings, "limits.max_json_depth");
  }
  anmkit_bytes_free(text);
  CHECK(anmkit_write(other, &bytes, &size, &error) == ANMKIT_OK);
  CHECK(size == file_size && memcmp(bytes, file, size) == 0);
  anmkit_bytes_free(bytes);
  anmkit_free(other);
  CHECK(anmkit_to_json(doc, 0, &text, &size, &error) == ANMKIT_OK);
  CHECK(strchr(text, '\n') == NULL);
  anmkit_bytes_free(text);

  CHECK(anmkit_summary(doc, 0, &text, &size, &error) == ANMKIT_OK);
  CHECK(strstr(text, "turret_v60.anm") != NULL && strstr(text, "5: basis, body, turret1, gun_rot, hatch") != NULL);
  anmkit_bytes_free(text);
  CHECK(anmkit_summary(doc, 1, &text, &size, &error) == ANMKIT_OK);
  CHECK(text[0] == '{' && strstr(text, "\"format\": \"gem\"") != NULL);
  anmkit_bytes_free(text);

  CHECK(anmkit_to_gltf(doc, 1, &bytes, &size, &error) == ANMKIT_OK);
  CHECK(size > 12 && memcmp(bytes, "glTF", 4) == 0 && bytes[4] == 2);
  anmkit_bytes_free(bytes);
  CHECK(anmkit_to_gltf(doc, 0, &bytes, &size, &error) == ANMKIT_OK);
  CHECK(bytes[0] == '{');
  anmkit_bytes_free(bytes);

  /* Converting: another version, and a target that does not exist. */
  CHECK(anmkit_convert(doc, "gem-4.0", &other, &error) == ANMKIT_OK);
  CHECK_STR(anmkit_version(other), "4.0");
  anmkit_free(other);
  CHECK(anmkit_convert(doc, "gem-9.9", &other, &error) != ANMKIT_OK);
  CHECK(other == NULL && strstr(error.message, "gem-9.9") != NULL);
  CHECK(anmkit_convert(doc, NULL, &other, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(anmkit_convert(doc, "gem-4.0", NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);

  /* Time edits: reversed twice, the file's own bytes; a bad edit names what was expected. */
  {
    anmkit_document* reversed = NULL;
    anmkit_document* back = NULL;
    anmkit_diagnostics* said = NULL;
    uint8_t* original = NULL;
    uint8_t* again = NULL;
    size_t original_size = 0, again_size = 0;
    CHECK(anmkit_edit_time(doc, "reverse", &reversed, &said, &error) == ANMKIT_OK);
    CHECK(said != NULL && anmkit_diagnostics_count(said) == 0);
    anmkit_diagnostics_free(said);
    CHECK(anmkit_edit_time(reversed, "reverse", &back, NULL, &error) == ANMKIT_OK);
    CHECK(anmkit_write(doc, &original, &original_size, &error) == ANMKIT_OK);
    CHECK(anmkit_write(back, &again, &again_size, &error) == ANMKIT_OK);
    CHECK(original_size == again_size && memcmp(original, again, original_size) == 0);
    anmkit_bytes_free(original);
    anmkit_bytes_free(again);
    anmkit_free(back);
    anmkit_free(reversed);
    CHECK(anmkit_edit_time(doc, "retime=0", &other, NULL, &error) == ANMKIT_ERROR_BAD_VALUE);
    CHECK(other == NULL && strstr(error.message, "expected retime=FACTOR") != NULL);
    CHECK(anmkit_edit_time(doc, NULL, &other, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
    CHECK(anmkit_edit_time(NULL, "reverse", &other, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
    CHECK(anmkit_edit_time(doc, "reverse", NULL, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  }

  /* A valid file has nothing to say. */
  CHECK(anmkit_validate(doc, &diagnostics, &error) == ANMKIT_OK);
  CHECK(anmkit_diagnostics_count(diagnostics) == 0);
  anmkit_diagnostics_free(diagnostics);
  CHECK(anmkit_validate(NULL, &diagnostics, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(diagnostics == NULL);
  CHECK(anmkit_validate(doc, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);

  /* Sprite calls on a skeletal document say so. */
  {
    anmkit_sprite_info sprite;
    sprite.struct_size = sizeof sprite;
    CHECK(anmkit_sprite_info_get(doc, &sprite, &error) == ANMKIT_ERROR_WRONG_KIND);
    CHECK_STR(error.message, "a gem document has no sprites");
  }
  anmkit_free(doc);
  free(file);
}

static void test_diagnostics(void) {
  size_t size = 0;
  unsigned char* file = read_file(path_of(examples, "turret_v60.anm"), &size);
  anmkit_document* doc = NULL;
  anmkit_diagnostics* diagnostics = NULL;
  anmkit_diagnostic d;
  anmkit_error error;
  /* FRMS (offset 12) says 20 frames: the keys at frames 20, 22 and 24 lie past the end. */
  file[12] = 20;
  CHECK(anmkit_open_memory(file, size, "short.anm", NULL, &doc, &error) == ANMKIT_OK);
  /* The bytes were copied: the caller's buffer may change. */
  file[12] = 25;
  CHECK(anmkit_validate(doc, &diagnostics, &error) == ANMKIT_OK);
  CHECK(anmkit_diagnostics_count(diagnostics) == 7);
  CHECK(anmkit_diagnostics_count_severity(diagnostics, ANMKIT_SEVERITY_WARNING) == 7);
  CHECK(anmkit_diagnostics_count_severity(diagnostics, ANMKIT_SEVERITY_ERROR) == 0);
  CHECK(anmkit_diagnostics_count_severity(diagnostics, 7) == 0);
  d.struct_size = sizeof d;
  CHECK(anmkit_diagnostics_get(diagnostics, 0, &d, &error) == ANMKIT_OK);
  CHECK(d.severity == ANMKIT_SEVERITY_WARNING && d.has_offset == 1 && d.offset == 573);
  CHECK_STR(d.id, "gem.key-past-end");
  CHECK_STR(d.pointer, "/frames/17/keys/0");
  CHECK_STR(d.message, "key of bone 4 'hatch' at frame 20 is past the last frame 19 (frame count 20)");
  CHECK(anmkit_diagnostics_get(diagnostics, 7, &d, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "diagnostic 7 of 7");
  d.struct_size = 2;
  CHECK(anmkit_diagnostics_get(diagnostics, 0, &d, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(anmkit_diagnostics_get(NULL, 0, &d, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(anmkit_diagnostics_count(NULL) == 0);
  anmkit_diagnostics_free(diagnostics);
  anmkit_free(doc);
  free(file);
}

static void test_save(void) {
  anmkit_document* doc = open_example("turret_v40.anm", NULL);
  anmkit_document* copy = NULL;
  anmkit_save_options options;
  anmkit_error error;
  size_t a_size = 0, b_size = 0;
  unsigned char *a, *b;
  const char* out = path_of(scratch, "saved.anm");

  CHECK(anmkit_save(doc, out, NULL, &error) == ANMKIT_OK);
  a = read_file(path_of(examples, "turret_v40.anm"), &a_size);
  b = read_file(out, &b_size);
  CHECK(b != NULL && a_size == b_size && memcmp(a, b, a_size) == 0);
  free(a);
  free(b);

  /* The file a document came from is kept unless the caller asks. */
  CHECK(anmkit_open_file(out, NULL, &copy, &error) == ANMKIT_OK);
  CHECK(anmkit_save(copy, out, NULL, &error) == ANMKIT_ERROR_IO);
  CHECK_STR(error.message, "refusing to overwrite the file the document was opened from");
  CHECK_STR(error.file, out);
  anmkit_save_options_init(&options);
  CHECK(options.struct_size == sizeof options && options.overwrite_source == 0);
  options.overwrite_source = 1;
  CHECK(anmkit_save(copy, out, &options, &error) == ANMKIT_OK);
  options.struct_size = 1;
  CHECK(anmkit_save(copy, out, &options, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(anmkit_save(copy, NULL, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(anmkit_save(NULL, out, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(anmkit_save(copy, path_of(scratch, "no-such-folder/x.anm"), NULL, &error) == ANMKIT_ERROR_IO);
  anmkit_free(copy);
  anmkit_free(doc);
}

static void test_sampling(void) {
  anmkit_document* doc = open_example("turret_v61_frm3.anm", NULL);
  anmkit_sampler* sampler = NULL;
  anmkit_error error;
  anmkit_pose_arrays arrays;
  float translation[25 * 5 * 3], rotation[25 * 5 * 4], scale[25 * 5 * 3];
  uint8_t visible[25 * 5], mirrored[25 * 5];

  CHECK(anmkit_sampler_new(doc, &sampler, &error) == ANMKIT_OK);
  anmkit_free(doc); /* the sampler keeps what it needs */
  memset(&arrays, 0, sizeof arrays);
  arrays.struct_size = sizeof arrays;
  arrays.capacity = 5;
  arrays.translation = translation;
  arrays.rotation = rotation;
  arrays.scale = scale;
  arrays.visible = visible;
  arrays.mirrored = mirrored;

  /* Frame 4: the turret has turned 30 degrees about Z; the hatch is shown. */
  CHECK(anmkit_sample(sampler, 4, &arrays, &error) == ANMKIT_OK);
  CHECK_NEAR(rotation[2 * 4 + 2], 0.258819045);
  CHECK_NEAR(rotation[2 * 4 + 3], 0.965925826);
  CHECK_NEAR(translation[2 * 3 + 1], 12.5);
  CHECK_NEAR(translation[2 * 3 + 2], 18.25);
  CHECK_NEAR(scale[2 * 3 + 0], 1);
  CHECK(visible[4] == 1 && mirrored[0] == 1 && mirrored[2] == 0);
  /* Frame 22: the hatch is hidden and turned by its key at frame 20. */
  CHECK(anmkit_sample(sampler, 22, &arrays, &error) == ANMKIT_OK);
  CHECK(visible[4] == 0);
  CHECK_NEAR(rotation[4 * 4 + 0], 0.5);
  CHECK_NEAR(rotation[4 * 4 + 3], 0.866025404);
  CHECK_NEAR(translation[4 * 3 + 0], 4);
  CHECK_NEAR(translation[4 * 3 + 1], -6);
  CHECK_NEAR(translation[4 * 3 + 2], 9.5);

  /* Every frame at once, frame after frame: the gun recoils at 16 and returns by 19. */
  arrays.capacity = 25 * 5;
  CHECK(anmkit_sample_frames(sampler, 0, 25, &arrays, &error) == ANMKIT_OK);
  CHECK_NEAR(translation[(15 * 5 + 3) * 3 + 1], 31);
  CHECK_NEAR(translation[(16 * 5 + 3) * 3 + 1], 27);
  CHECK_NEAR(translation[(17 * 5 + 3) * 3 + 1], 28.5);
  CHECK_NEAR(translation[(19 * 5 + 3) * 3 + 1], 31);
  CHECK(visible[21 * 5 + 4] == 1 && visible[22 * 5 + 4] == 0);
  CHECK_NEAR(rotation[(12 * 5 + 2) * 4 + 2], 0.707106781);

  /* Only some arrays. */
  arrays.translation = NULL;
  arrays.scale = NULL;
  arrays.visible = NULL;
  arrays.mirrored = NULL;
  CHECK(anmkit_sample(sampler, 8, &arrays, &error) == ANMKIT_OK);
  CHECK_NEAR(rotation[2 * 4 + 2], 0.5);

  /* Errors: a buffer too small, a frame that is not a number, no sampler, no arrays. */
  arrays.capacity = 4;
  CHECK(anmkit_sample(sampler, 0, &arrays, &error) == ANMKIT_ERROR_BUFFER_TOO_SMALL);
  CHECK_STR(error.message, "the arrays hold 4 entries; the clip has 5 bones");
  arrays.capacity = 25 * 5;
  CHECK(anmkit_sample_frames(sampler, 0, 26, &arrays, &error) == ANMKIT_ERROR_BUFFER_TOO_SMALL);
  CHECK_STR(error.message, "the arrays hold 125 entries; 26 frames of 5 bones need 130");
  CHECK(anmkit_sample_frames(sampler, 0, 0xFFFFFFFFu, &arrays, &error) == ANMKIT_ERROR_BUFFER_TOO_SMALL);
  CHECK(anmkit_sample(sampler, NAN, &arrays, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "the frame is not a finite number");
  CHECK(anmkit_sample(sampler, INFINITY, &arrays, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(anmkit_sample(NULL, 0, &arrays, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(anmkit_sample(sampler, 0, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(anmkit_sample_frames(NULL, 0, 1, &arrays, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  arrays.struct_size = 0;
  CHECK(anmkit_sample_frames(sampler, 0, 1, &arrays, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  /* Ending inside the visible pointer: refused before anything is written through it. */
  arrays.struct_size = offsetof(anmkit_pose_arrays, visible) + 1;
  CHECK(anmkit_sample(sampler, 0, &arrays, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(strstr(error.message, "out->struct_size ") == error.message);
  CHECK(anmkit_sample_frames(sampler, 0, 1, &arrays, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  anmkit_sampler_free(sampler);

  CHECK(anmkit_sampler_new(NULL, &sampler, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(sampler == NULL);
}

static void test_lm(void) {
  anmkit_open_options options;
  anmkit_document* doc;
  anmkit_sampler* sampler = NULL;
  anmkit_error error;
  anmkit_clip_info info;
  anmkit_joint joint;
  anmkit_bone bone;
  anmkit_pose_arrays arrays;
  float rotation[3 * 4], translation[3 * 3], scale[3 * 3];

  anmkit_open_options_init(&options);
  options.skeleton = path_of(examples, "mansion_door.bin");
  doc = open_example("mansion_door.anm", &options);
  CHECK_STR(anmkit_format(doc), "lm");
  CHECK_STR(anmkit_version(doc), "2");
  CHECK_STR(anmkit_import_target(doc), "lm");
  info.struct_size = sizeof info;
  CHECK(anmkit_clip_info_get(doc, &info, &error) == ANMKIT_OK);
  CHECK(info.bone_count == 3 && info.joint_count == 3 && info.frame_count == 60 && info.loop == 1);
  joint.struct_size = sizeof joint;
  CHECK(anmkit_joint_get(doc, 0, &joint, &error) == ANMKIT_OK);
  CHECK(joint.parent == -1);
  CHECK(anmkit_joint_get(doc, 2, &joint, &error) == ANMKIT_OK);
  CHECK(joint.parent == 1 && joint.mirrored == 0);
  bone.struct_size = sizeof bone;
  CHECK(anmkit_bone_get(doc, 2, &bone, &error) == ANMKIT_OK);
  CHECK(bone.joint == 2);

  CHECK(anmkit_sampler_new(doc, &sampler, &error) == ANMKIT_OK);
  memset(&arrays, 0, sizeof arrays);
  arrays.struct_size = sizeof arrays;
  arrays.capacity = 3;
  arrays.rotation = rotation;
  arrays.translation = translation;
  arrays.scale = scale;
  /* Frame 30: the door open 90 degrees about Y; frame 10: the knob at -45 degrees about X. */
  CHECK(anmkit_sample(sampler, 30, &arrays, &error) == ANMKIT_OK);
  CHECK_NEAR(rotation[1 * 4 + 1], 0.707106781);
  CHECK_NEAR(rotation[1 * 4 + 3], 0.707106781);
  CHECK_NEAR(translation[1 * 3 + 0], -4);
  CHECK(anmkit_sample(sampler, 10, &arrays, &error) == ANMKIT_OK);
  CHECK_NEAR(rotation[2 * 4 + 0], -0.382683432);
  CHECK_NEAR(rotation[2 * 4 + 3], 0.923879533);
  CHECK_NEAR(scale[2 * 3 + 0], 0.75);
  CHECK_NEAR(translation[2 * 3 + 0], 7);
  CHECK_NEAR(translation[0 * 3 + 1], 12.5);
  anmkit_sampler_free(sampler);

  {
    anmkit_document* repacked = NULL;
    CHECK(anmkit_convert(doc, "repack", &repacked, &error) == ANMKIT_OK);
    CHECK_STR(anmkit_format(repacked), "lm");
    anmkit_free(repacked);
  }
  anmkit_free(doc);
}

static void test_sprite(void) {
  anmkit_document* doc = open_example("ghost_mm2.anm", NULL);
  anmkit_document* edited = NULL;
  anmkit_error error;
  anmkit_sprite_info info;
  anmkit_rect drawn, size;
  anmkit_sprite_step steps[8];
  size_t count = 0;
  uint8_t palette[32 * 4], patch[12 * 3], canvas[36 * 28];

  CHECK_STR(anmkit_format(doc), "mm2");
  CHECK(anmkit_is_sprite(doc) == 1 && anmkit_is_skeletal(doc) == 0);
  info.struct_size = sizeof info;
  CHECK(anmkit_sprite_info_get(doc, &info, &error) == ANMKIT_OK);
  /* The base is 30 x 28; the arm patch at x 26 reaches 10 further: a 36 x 28 canvas. */
  CHECK(info.width == 36 && info.height == 28);
  CHECK(info.frame_count == 4 && info.state_count == 4 && info.sequence_count == 3);
  CHECK(info.palette_size == 32 && info.planes == 5);
  CHECK_NEAR(info.tick_hz, 60);

  /* Amiga 0x0RGB words: pen 2 is 0xEEF; pen 0 is transparent. */
  CHECK(anmkit_sprite_palette(doc, palette, sizeof palette, &error) == ANMKIT_OK);
  CHECK(palette[3] == 0);
  CHECK(palette[8] == 0xEE && palette[9] == 0xEE && palette[10] == 0xFF && palette[11] == 255);
  CHECK(anmkit_sprite_palette(doc, palette, 127, &error) == ANMKIT_ERROR_BUFFER_TOO_SMALL);
  CHECK_STR(error.message, "the buffer holds 127 bytes; the palette needs 128");
  CHECK(anmkit_sprite_palette(doc, NULL, 128, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);

  /* Patch 1: both eyes closed, 12 x 3 at (9, 9). */
  CHECK(anmkit_sprite_frame_rect(doc, 1, &drawn, &size, &error) == ANMKIT_OK);
  CHECK(drawn.x == 9 && drawn.y == 9 && drawn.width == 12 && drawn.height == 3);
  CHECK(size.width == 12 && size.height == 3);
  CHECK(anmkit_sprite_frame_rect(doc, 0, &drawn, NULL, &error) == ANMKIT_OK);
  CHECK(drawn.x == 0 && drawn.y == 0 && drawn.width == 30 && drawn.height == 28);
  CHECK(anmkit_sprite_frame_rect(doc, 4, &drawn, &size, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "frame 4 of 4");
  CHECK(anmkit_sprite_frame_pixels(doc, 1, patch, sizeof patch, &error) == ANMKIT_OK);
  CHECK(patch[1 * 12 + 0] == 1 && patch[1 * 12 + 4] == 3 && patch[0] == 3);
  CHECK(anmkit_sprite_frame_pixels(doc, 1, patch, 35, &error) == ANMKIT_ERROR_BUFFER_TOO_SMALL);
  CHECK_STR(error.message, "the buffer holds 35 bytes; the image is 12 x 3");

  /* Composed: the eye (pen 10 on row 10) in state 0, closed (pen 1) in state 1. */
  CHECK(anmkit_sprite_state_pixels(doc, 0, canvas, sizeof canvas, &error) == ANMKIT_OK);
  CHECK(canvas[10 * 36 + 9] == 10);
  CHECK(anmkit_sprite_state_pixels(doc, 1, canvas, sizeof canvas, &error) == ANMKIT_OK);
  CHECK(canvas[10 * 36 + 9] == 1);
  CHECK(anmkit_sprite_state_pixels(doc, 9, canvas, sizeof canvas, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);

  /* Sequences as the file's (state, delay) pairs; the second block is empty. */
  CHECK(anmkit_sprite_sequence(doc, 0, NULL, 0, &count, &error) == ANMKIT_OK);
  CHECK(count == 4);
  CHECK(anmkit_sprite_sequence(doc, 0, steps, 8, &count, &error) == ANMKIT_OK);
  CHECK(steps[0].state == 0 && steps[0].ticks == 40 && steps[1].state == 1 && steps[1].ticks == 6);
  CHECK(steps[2].state == 0 && steps[2].ticks == 30);
  CHECK(anmkit_sprite_sequence(doc, 1, steps, 8, &count, &error) == ANMKIT_OK);
  CHECK(count == 0);
  CHECK(anmkit_sprite_sequence(doc, 2, steps, 8, &count, &error) == ANMKIT_OK);
  CHECK(count == 4 && steps[1].state == 3 && steps[1].ticks == 12 && steps[3].state == 0 && steps[3].ticks == 8);
  CHECK(anmkit_sprite_sequence(doc, 2, steps, 3, &count, &error) == ANMKIT_ERROR_BUFFER_TOO_SMALL);
  CHECK(anmkit_sprite_sequence(doc, 3, steps, 8, &count, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(anmkit_sprite_sequence(doc, 0, steps, 8, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);

  /* Import: the eyes patch with its outline row in pen 8; the other frames keep their bytes. */
  memset(patch, 8, 12);
  CHECK(anmkit_sprite_replace_frame(doc, 1, 12, 3, patch, NULL, 0, &edited, &error) == ANMKIT_OK);
  CHECK(anmkit_sprite_state_pixels(edited, 1, canvas, sizeof canvas, &error) == ANMKIT_OK);
  CHECK(canvas[9 * 36 + 9] == 8 && canvas[9 * 36 + 20] == 8 && canvas[10 * 36 + 9] == 1);
  CHECK(anmkit_sprite_state_pixels(edited, 0, canvas, sizeof canvas, &error) == ANMKIT_OK);
  CHECK(canvas[10 * 36 + 9] == 10);
  anmkit_free(edited);
  {
    /* The same picture as RGBA: pen 8 is 0xF00, opaque. */
    uint8_t rgba[12 * 3 * 4];
    size_t i;
    for (i = 0; i < 12 * 3; ++i) {
      rgba[4 * i] = 0xFF, rgba[4 * i + 1] = 0, rgba[4 * i + 2] = 0, rgba[4 * i + 3] = 255;
    }
    CHECK(anmkit_sprite_replace_frame(doc, 1, 12, 3, NULL, rgba, 0, &edited, &error) == ANMKIT_OK);
    CHECK(anmkit_sprite_state_pixels(edited, 1, canvas, sizeof canvas, &error) == ANMKIT_OK);
    CHECK(canvas[10 * 36 + 9] == 8);
    anmkit_free(edited);
    rgba[0] = 0x12; /* a colour not in the palette */
    CHECK(anmkit_sprite_replace_frame(doc, 1, 12, 3, NULL, rgba, 0, &edited, &error) != ANMKIT_OK);
    CHECK(edited == NULL && strstr(error.message, "not in the palette") != NULL);
    CHECK(anmkit_sprite_replace_frame(doc, 1, 12, 3, NULL, rgba, ANMKIT_IMPORT_REMAP, &edited, &error) == ANMKIT_OK);
    anmkit_free(edited);
  }
  {
    /* Another size without the resize flag: refused (the buffer holds 13 x 3 pens). */
    uint8_t wider[13 * 3];
    memset(wider, 1, sizeof wider);
    CHECK(anmkit_sprite_replace_frame(doc, 1, 13, 3, wider, NULL, 0, &edited, &error) != ANMKIT_OK);
    CHECK(edited == NULL);
  }
  CHECK(anmkit_sprite_replace_frame(doc, 1, 12, 3, NULL, NULL, 0, &edited, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "both pens and rgba is NULL");
  CHECK(anmkit_sprite_replace_frame(doc, 1, 12, 3, patch, NULL, 4, &edited, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "unknown flags 4");
  CHECK(anmkit_sprite_replace_frame(doc, 1, 65536, 65536, patch, NULL, 0, &edited, &error) == ANMKIT_ERROR_TOO_LARGE);
  CHECK(anmkit_sprite_replace_frame(doc, 1, 12, 3, patch, NULL, 0, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);

  /* Skeletal calls on a sprite document say so. */
  {
    anmkit_sampler* sampler = NULL;
    anmkit_clip_info clip;
    clip.struct_size = sizeof clip;
    CHECK(anmkit_sampler_new(doc, &sampler, &error) == ANMKIT_ERROR_WRONG_KIND);
    CHECK_STR(error.message, "a mm2 document has no skeleton or clip");
    CHECK(anmkit_clip_info_get(doc, &clip, &error) == ANMKIT_ERROR_WRONG_KIND);
  }
  anmkit_free(doc);
}

/* A glTF back into a game file over its original (anmkit_from_gltf), and a model file's
 * sequences as one glTF (anmkit_model_to_gltf), and its summary as a document's. */
static void test_gltf_and_models(void) {
  anmkit_error error;
  anmkit_document* original = open_example("turret_v60.anm", NULL);
  anmkit_document* back = NULL;
  anmkit_diagnostics* warnings = NULL;
  anmkit_gltf_import_options options;
  uint8_t* gltf = NULL;
  uint8_t* bytes = NULL;
  size_t gltf_size = 0, size = 0, original_size = 0;
  unsigned char* original_bytes = read_file(path_of(examples, "turret_v60.anm"), &original_size);
  anmkit_diagnostic d;
  char* text = NULL;
  FILE* mdl;

  CHECK(anmkit_to_gltf(original, 1, &gltf, &gltf_size, &error) == ANMKIT_OK);
  anmkit_gltf_import_options_init(&options);
  CHECK(options.struct_size == sizeof options && options.target == NULL && options.base == NULL && options.fps == 0);
  options.target = "gem-6.0";
  options.base = original;
  CHECK(anmkit_from_gltf(gltf, gltf_size, "back.glb", &options, &back, &warnings, &error) == ANMKIT_OK);
  CHECK(anmkit_diagnostics_count(warnings) == 0);
  anmkit_diagnostics_free(warnings);
  CHECK(anmkit_write(back, &bytes, &size, &error) == ANMKIT_OK);
  CHECK(size == original_size && memcmp(bytes, original_bytes, size) == 0); /* the file itself */
  anmkit_bytes_free(bytes);
  anmkit_free(back);

  /* Over a base of another version: written as the base is, and said. */
  options.target = "gem-6.1";
  CHECK(anmkit_from_gltf(gltf, gltf_size, "back.glb", &options, &back, &warnings, &error) == ANMKIT_OK);
  CHECK_STR(anmkit_version(back), "6.0");
  CHECK(anmkit_diagnostics_count(warnings) == 1);
  CHECK(anmkit_diagnostics_get(warnings, 0, (d.struct_size = sizeof d, &d), &error) == ANMKIT_OK);
  CHECK(d.severity == ANMKIT_SEVERITY_WARNING && d.has_offset == 0);
  CHECK_STR(d.id, "gltf.import");
  CHECK_STR(d.message, "the base is gem-6.0 and the file is written as the base is, not as gem-6.1");
  anmkit_diagnostics_free(warnings);
  anmkit_free(back);

  /* The glTF's JSON held to max_json_depth. */
  options.max_json_depth = 3;
  back = (anmkit_document*)&back;
  CHECK(anmkit_from_gltf(gltf, gltf_size, "back.glb", &options, &back, NULL, &error) == ANMKIT_ERROR_JSON);
  CHECK(back == NULL && strstr(error.message, "nested deeper than the limit of 3 levels") != NULL);
  options.max_json_depth = 0;

  /* Without a base, and without asking for the warnings. */
  options.base = NULL;
  options.target = "gem-4.0";
  CHECK(anmkit_from_gltf(gltf, gltf_size, NULL, &options, &back, NULL, &error) == ANMKIT_OK);
  CHECK_STR(anmkit_version(back), "4.0");
  anmkit_free(back);

  /* Errors: no options, no target, a target of no format, bad numbers, damaged bytes. */
  CHECK(anmkit_from_gltf(gltf, gltf_size, "x", NULL, &back, &warnings, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(back == NULL && warnings == NULL);
  options.target = NULL;
  CHECK(anmkit_from_gltf(gltf, gltf_size, "x", &options, &back, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "options->target is NULL");
  options.target = "gem-9.9";
  CHECK(anmkit_from_gltf(gltf, gltf_size, "x", &options, &back, NULL, &error) != ANMKIT_OK);
  CHECK(back == NULL && strstr(error.message, "gem-9.9") != NULL);
  options.target = "gem-6.0";
  options.fps = -1;
  CHECK(anmkit_from_gltf(gltf, gltf_size, "x", &options, &back, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "fps must be from 0.01 to 10000, found -1");
  options.fps = 0;
  options.tolerance = 2e6f;
  CHECK(anmkit_from_gltf(gltf, gltf_size, "x", &options, &back, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "tolerance must be from 0 to 1e+06, found 2e+06");
  options.tolerance = 0;
  CHECK(anmkit_from_gltf(gltf, 20, "cut.glb", &options, &back, NULL, &error) != ANMKIT_OK);
  CHECK(back == NULL && strcmp(error.file, "cut.glb") == 0);
  CHECK(anmkit_from_gltf(NULL, 4, "x", &options, &back, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(anmkit_from_gltf(gltf, gltf_size, "x", &options, NULL, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  anmkit_bytes_free(gltf);

  /* A model file: two bones, a sequence with its file (the turret example's copy, whose bones
   * the skeleton partly lacks) and one without. */
  mdl = fopen(path_of(scratch, "two.mdl"), "wb");
  CHECK(mdl != NULL);
  if (mdl != NULL) {
    fputs("{Skeleton {animation {sequence \"turn\" {file \"turn.anm\"}} {sequence \"gone\"}}\n"
          "  {bone \"basis\" {bone \"body\" {Position 1 2 3}}}}\n", mdl);
    fclose(mdl);
  }
  mdl = fopen(path_of(scratch, "turn.anm"), "wb");
  CHECK(mdl != NULL);
  if (mdl != NULL) {
    fwrite(original_bytes, 1, original_size, mdl);
    fclose(mdl);
  }
  CHECK(anmkit_model_to_gltf(path_of(scratch, "two.mdl"), NULL, 1, &gltf, &gltf_size, &warnings, &error) == ANMKIT_OK);
  CHECK(gltf_size > 12 && memcmp(gltf, "glTF", 4) == 0);
  CHECK(anmkit_diagnostics_count(warnings) >= 1); /* "gone": no gone.anm */
  CHECK(anmkit_diagnostics_get(warnings, 0, (d.struct_size = sizeof d, &d), &error) == ANMKIT_OK);
  CHECK_STR(d.id, "model.sequence");
  anmkit_diagnostics_free(warnings);
  anmkit_bytes_free(gltf);
  CHECK(anmkit_model_to_gltf(path_of(scratch, "two.mdl"), NULL, 0, &gltf, &gltf_size, NULL, &error) == ANMKIT_OK);
  CHECK(gltf[0] == '{');
  anmkit_bytes_free(gltf);
  CHECK(anmkit_model_to_gltf(path_of(examples, "turret_v60.anm"), NULL, 1, &gltf, &gltf_size, &warnings, &error) != ANMKIT_OK);
  CHECK(gltf == NULL && warnings == NULL);
  CHECK(anmkit_model_to_gltf(NULL, NULL, 1, &gltf, &gltf_size, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);

  {
    /* A model is a document of its kind when the options take models: its summary as `info`. */
    anmkit_open_options any;
    anmkit_document* model = NULL;
    anmkit_open_options_init(&any);
    CHECK(any.kinds == 0);
    any.kinds = ANMKIT_KIND_ANY;
    CHECK(anmkit_open_file(path_of(scratch, "two.mdl"), &any, &model, &error) == ANMKIT_OK);
    CHECK_STR(anmkit_kind(model), "model");
    CHECK_STR(anmkit_format(model), "gem");
    CHECK(anmkit_summary(model, 1, &text, &size, &error) == ANMKIT_OK);
    CHECK(strstr(text, "\"bone_count\": 2") != NULL);
    CHECK(strstr(text, "\"file\": \"turn.anm\"") != NULL);
    CHECK(strlen(text) == size);
    anmkit_bytes_free(text);
    CHECK(anmkit_summary(model, 0, &text, &size, &error) == ANMKIT_OK);
    CHECK(strstr(text, "bones       2: basis, body") != NULL);
    anmkit_bytes_free(text);
    anmkit_free(model);
    CHECK(anmkit_open_file(path_of(scratch, "missing.mdl"), &any, &model, &error) == ANMKIT_ERROR_IO);
    CHECK(model == NULL);
    /* By default a model is no animation, and says what it is not; a kind past the flags is refused. */
    CHECK(anmkit_open_file(path_of(scratch, "two.mdl"), NULL, &model, &error) == ANMKIT_ERROR_UNKNOWN_FORMAT);
    any.kinds = 8;
    CHECK(anmkit_open_file(path_of(scratch, "two.mdl"), &any, &model, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
    CHECK_STR(error.message, "options->kinds must be ANMKIT_KIND_* or'ed (0 to 7), found 8");
    CHECK(anmkit_kind(NULL)[0] == '\0');
  }

  /* A new sequence declared in the model: its text with one more sequence, nothing written. */
  CHECK(anmkit_model_with_sequence(path_of(scratch, "two.mdl"), "hatch", path_of(scratch, "hatch.anm"), NULL, &bytes, &size,
                                   &error) == ANMKIT_OK);
  {
    static const char expected[] = "{Skeleton {animation {sequence \"turn\" {file \"turn.anm\"}} {sequence \"gone\"} "
                                   "{sequence \"hatch\" {file \"hatch.anm\"}}}\n  {bone \"basis\" {bone \"body\" {Position 1 2 3}}}}\n";
    CHECK(size == sizeof expected - 1 && memcmp(bytes, expected, size) == 0);
  }
  anmkit_bytes_free(bytes);
  CHECK(anmkit_model_with_sequence(path_of(scratch, "two.mdl"), "TURN", path_of(scratch, "x.anm"), NULL, &bytes, &size, &error) ==
        ANMKIT_ERROR_BAD_VALUE);
  CHECK(bytes == NULL);
  CHECK_STR(error.message, "the skeleton declares a sequence 'TURN' already");
  CHECK(anmkit_model_with_sequence(path_of(scratch, "two.mdl"), NULL, "x.anm", NULL, &bytes, &size, &error) ==
        ANMKIT_ERROR_INVALID_ARGUMENT);
  /* A glTF read onto the model: the turret's animated bones are not the model's, and are named. */
  CHECK(anmkit_to_gltf(original, 1, &gltf, &gltf_size, &error) == ANMKIT_OK);
  options.skeleton = path_of(scratch, "two.mdl");
  options.target = "gem-6.0";
  CHECK(anmkit_from_gltf(gltf, gltf_size, "t.glb", &options, &back, NULL, &error) == ANMKIT_ERROR_BAD_VALUE);
  CHECK_STR(error.message, "the animation moves 3 nodes that are no bone of the skeleton: 'turret1', 'gun_rot', 'hatch'; a game "
                           "file keys the skeleton's bones only");
  options.skeleton = NULL;
  anmkit_bytes_free(gltf);

  free(original_bytes);
  anmkit_free(original);
}

/* A resource file (a GEM .vol with an index past its vertices) as a document of its kind: its
 * summary, its diagnostic with the byte offset, its dump; an animation is not one. */
static void test_resource(void) {
  static const unsigned char vol[71] = {
      'E', 'V', 'L', 'M', 'V', 'E', 'R', 'T', 3, 0, 0, 0,
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,           /* (0, 0, 0) */
      0, 0, 0x80, 0x3f, 0, 0, 0, 0, 0, 0, 0, 0,     /* (1, 0, 0) */
      0, 0, 0, 0, 0, 0, 0x80, 0x3f, 0, 0, 0, 0,     /* (0, 1, 0) */
      'I', 'N', 'D', 'X', 3, 0, 0, 0, 0, 0, 1, 0, 5, 0,
      'S', 'I', 'D', 'E', 1, 0, 0, 0, 2};
  anmkit_error error;
  anmkit_document* resource = NULL;
  anmkit_open_options resources;
  anmkit_diagnostics* found = NULL;
  anmkit_diagnostic d;
  char* text = NULL;
  size_t size = 0;
  FILE* f = fopen(path_of(scratch, "crate.vol"), "wb");
  CHECK(f != NULL);
  if (f != NULL) {
    CHECK(fwrite(vol, 1, sizeof vol, f) == sizeof vol);
    fclose(f);
  }
  anmkit_open_options_init(&resources);
  resources.kinds = ANMKIT_KIND_RESOURCE;
  CHECK(anmkit_open_file(path_of(scratch, "crate.vol"), &resources, &resource, &error) == ANMKIT_OK);
  CHECK_STR(anmkit_kind(resource), "resource");
  CHECK(anmkit_summary(resource, 0, &text, &size, &error) == ANMKIT_OK);
  CHECK(text != NULL && strstr(text, ": GEM collision volume (.vol, EVLM), 71 bytes\n  chunks      VERT INDX SIDE\n") != NULL);
  CHECK(text != NULL && strlen(text) == size);
  anmkit_bytes_free(text);
  CHECK(anmkit_summary(resource, 1, &text, &size, &error) == ANMKIT_OK);
  CHECK(text != NULL && strstr(text, "\"kind\": \"resource\"") != NULL && strstr(text, "\"triangles\": 1,") != NULL);
  anmkit_bytes_free(text);
  CHECK(anmkit_validate(resource, &found, &error) == ANMKIT_OK);
  CHECK(anmkit_diagnostics_count(found) == 1);
  d.struct_size = sizeof d;
  CHECK(anmkit_diagnostics_get(found, 0, &d, &error) == ANMKIT_OK);
  CHECK(d.severity == ANMKIT_SEVERITY_ERROR && d.has_offset == 1 && d.offset == 60);
  CHECK_STR(d.id, "vol.index-range");
  CHECK_STR(d.message, "index 2 is 5, but the volume has 3 vertices");
  anmkit_diagnostics_free(found);
  CHECK(anmkit_to_json(resource, 1, &text, &size, &error) == ANMKIT_OK);
  CHECK(text != NULL && strncmp(text, "{\n  \"schema\": \"anmkit.gem.vol.dump\",\n", 37) == 0);
  anmkit_bytes_free(text);
  CHECK(anmkit_sequence_count(resource) == 0);
  CHECK(anmkit_to_gltf(resource, 1, (uint8_t**)&text, &size, &error) == ANMKIT_ERROR_UNSUPPORTED);
  anmkit_free(resource);

  CHECK(anmkit_open_file(path_of(examples, "turret_v60.anm"), &resources, &resource, &error) == ANMKIT_ERROR_UNKNOWN_FORMAT);
  CHECK(resource == NULL);
  CHECK_STR(error.message, "not a file anmkit reads (an animation, a model, a mesh or a material)");
}

/* A model document's sequences as values (anmkit_sequence_get): each with its file, the bone whose
 * block declares it, how its file was found and whether it is there. */
static void test_model_sequences(void) {
  anmkit_error error;
  anmkit_document* model = NULL;
  anmkit_open_options models;
  anmkit_model_sequence s;
  FILE* mdl = fopen(path_of(scratch, "declared.mdl"), "wb");
  CHECK(mdl != NULL);
  if (mdl != NULL) {
    fputs("{Skeleton {bone \"basis\" {bone \"body\" {animation {sequence \"repair\" {file \"turn.anm\"}}}}\n"
          "  {animation {sequence \"idle\"}}}}\n", mdl);
    fclose(mdl);
  }
  anmkit_open_options_init(&models);
  models.kinds = ANMKIT_KIND_MODEL;
  CHECK(anmkit_open_file(path_of(scratch, "declared.mdl"), &models, &model, &error) == ANMKIT_OK);
  CHECK_STR(anmkit_format(model), "gem");
  CHECK_STR(anmkit_kind(model), "model");
  CHECK(anmkit_sequence_count(model) == 2);
  s.struct_size = sizeof s;
  CHECK(anmkit_sequence_get(model, 0, &s, &error) == ANMKIT_OK);
  CHECK_STR(s.name, "repair");
  CHECK_STR(s.file, "turn.anm");
  CHECK(s.file_size == 8);
  CHECK_STR(s.declared_by, "body");
  CHECK(s.declared_by_size == 4);
  CHECK_STR(s.how_named, "");
  CHECK(s.exists == 1); /* test_gltf_and_models wrote turn.anm beside it */
  CHECK_STR(s.path, joined_path(scratch, "turn.anm"));
  CHECK(s.path_size == strlen(joined_path(scratch, "turn.anm")));
  CHECK(anmkit_sequence_get(model, 1, &s, &error) == ANMKIT_OK);
  CHECK_STR(s.name, "idle");
  CHECK_STR(s.file, "idle.anm");
  CHECK_STR(s.declared_by, "basis");
  CHECK_STR(s.how_named, "no {file}: named after the sequence");
  CHECK(s.exists == 0);
  CHECK_STR(s.path, joined_path(scratch, "idle.anm")); /* where it was looked for */
  CHECK(anmkit_sequence_get(model, 2, &s, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "sequence 2 of 2");
  CHECK(anmkit_sequence_get(model, 0, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  anmkit_free(model);
  {
    /* A root given lets a name lead under it; a count without the array is refused. */
    anmkit_open_options options;
    const char* roots[1];
    anmkit_open_options_init(&options);
    options.kinds = ANMKIT_KIND_MODEL;
    CHECK(options.reference_roots == NULL && options.reference_root_count == 0);
    options.reference_root_count = 1;
    CHECK(anmkit_open_file(path_of(scratch, "declared.mdl"), &options, &model, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
    CHECK_STR(error.message, "reference_roots is NULL");
    roots[0] = NULL;
    options.reference_roots = roots;
    CHECK(anmkit_open_file(path_of(scratch, "declared.mdl"), &options, &model, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
    CHECK_STR(error.message, "reference_roots[0] is NULL");
    roots[0] = scratch;
    CHECK(anmkit_open_file(path_of(scratch, "declared.mdl"), &options, &model, &error) == ANMKIT_OK);
    anmkit_free(model);
  }
  CHECK(anmkit_sequence_count(NULL) == 0);
  CHECK(anmkit_sequence_get(NULL, 0, &s, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "document is NULL");

  model = (anmkit_document*)&s; /* set to NULL on failure */
  CHECK(anmkit_open_file(path_of(examples, "turret_v60.anm"), &models, &model, &error) == ANMKIT_ERROR_UNKNOWN_FORMAT);
  CHECK(model == NULL);
  CHECK_STR(error.message, "not a model file (.mdl or .bin) either");
  /* An animation has no sequences of its own. */
  model = open_example("turret_v60.anm", NULL);
  CHECK(anmkit_sequence_count(model) == 0);
  CHECK(anmkit_sequence_get(model, 0, &s, &error) == ANMKIT_ERROR_UNSUPPORTED);
  CHECK_STR(error.message, "not a model file that names animations but an animation");
  anmkit_free(model);
  remove(path_of(scratch, "declared.mdl")); /* test_find_skeleton's folder has two.mdl alone */
}

/* Which model file goes with an animation (anmkit_find_skeleton), over test_gltf_and_models'
 * two.mdl and turn.anm in the scratch folder and the examples' LM file and its .bin. */
static void test_find_skeleton(void) {
  anmkit_error error;
  anmkit_diagnostics* warnings = NULL;
  char* model = NULL;
  char* why = NULL;
  size_t model_size = 0, why_size = 0;
  int32_t reason = -1;
  const char* roots[1];
  char expected[1100];
  FILE* mdl;

  CHECK(anmkit_find_skeleton(path_of(scratch, "turn.anm"), NULL, 0, NULL, &model, &model_size, &reason, &why, &why_size,
                             &warnings, &error) == ANMKIT_OK);
  CHECK_STR(model, joined_path(scratch, "two.mdl"));
  CHECK(model_size == strlen(joined_path(scratch, "two.mdl")));
  CHECK(reason == ANMKIT_SKELETON_LISTS_IT);
  CHECK_STR(why, "two.mdl lists it as sequence 'turn'");
  CHECK(why_size == strlen(why));
  CHECK(anmkit_diagnostics_count(warnings) == 0);
  anmkit_diagnostics_free(warnings);
  anmkit_bytes_free(model);
  anmkit_bytes_free(why);

  /* LM: the .bin beside it under its name; without asking for warnings. */
  CHECK(anmkit_find_skeleton(path_of(examples, "mansion_door.anm"), NULL, 0, NULL, &model, &model_size, &reason, &why,
                             &why_size, NULL, &error) == ANMKIT_OK);
  CHECK_STR(model, joined_path(examples, "mansion_door.bin"));
  CHECK(reason == ANMKIT_SKELETON_LISTS_IT);
  CHECK_STR(why, "mansion_door.bin lists it as sequence 'mansion_door' (paired by name)");
  anmkit_bytes_free(model);
  anmkit_bytes_free(why);

  /* No GEM model in its folder: none, or one under a root naming a file of its name. */
  CHECK(anmkit_find_skeleton(path_of(examples, "turret_v60.anm"), NULL, 0, NULL, &model, &model_size, &reason, &why,
                             &why_size, NULL, &error) == ANMKIT_OK);
  CHECK(model == NULL && model_size == 0);
  CHECK(reason == ANMKIT_SKELETON_NONE);
  CHECK_STR(why, "no .mdl file in its folder or under the search roots names it");
  anmkit_bytes_free(why);
  mdl = fopen(path_of(scratch, "three.mdl"), "wb");
  CHECK(mdl != NULL);
  if (mdl != NULL) {
    fputs("{Skeleton {animation {sequence \"turret\" {file \"turret_v60.anm\"}}} {bone \"basis\"}}\n", mdl);
    fclose(mdl);
  }
  mdl = fopen(path_of(scratch, "broken.mdl"), "wb");
  CHECK(mdl != NULL);
  if (mdl != NULL) {
    fputs("{Skeleton {bone \"a\"", mdl);
    fclose(mdl);
  }
  roots[0] = scratch;
  CHECK(anmkit_find_skeleton(path_of(examples, "turret_v60.anm"), roots, 1, NULL, &model, &model_size, &reason, &why,
                             &why_size, &warnings, &error) == ANMKIT_OK);
  snprintf(expected, sizeof expected, "%s", joined_path(scratch, "three.mdl"));
  CHECK_STR(model, expected);
  CHECK(reason == ANMKIT_SKELETON_NAMES_ITS_FILE_NAME_LACKING_BONES);
  CHECK_STR(why, "from the search roots: names a file of that name, without 4 of the 5 bones it animates");
  CHECK(anmkit_diagnostics_count(warnings) == 1); /* broken.mdl, skipped */
  anmkit_diagnostics_free(warnings);
  anmkit_bytes_free(model);
  anmkit_bytes_free(why);
  remove(path_of(scratch, "broken.mdl"));

  /* Errors: the animation missing or not given, roots NULL with a count, outputs NULL. */
  CHECK(anmkit_find_skeleton(path_of(scratch, "missing.anm"), NULL, 0, NULL, &model, &model_size, &reason, &why, &why_size,
                             &warnings, &error) == ANMKIT_ERROR_IO);
  CHECK(model == NULL && why == NULL && warnings == NULL);
  CHECK_STR(error.file, path_of(scratch, "missing.anm"));
  CHECK(anmkit_find_skeleton(NULL, NULL, 0, NULL, &model, &model_size, &reason, &why, &why_size, NULL, &error) ==
        ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(anmkit_find_skeleton(path_of(scratch, "turn.anm"), NULL, 1, NULL, &model, &model_size, &reason, &why, &why_size,
                             NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(anmkit_find_skeleton(path_of(scratch, "turn.anm"), NULL, 0, NULL, NULL, &model_size, &reason, &why, &why_size,
                             NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
}

/* Bytes equal to a file's. */
static int same_as_file(const uint8_t* bytes, size_t size, const char* path) {
  size_t file_size = 0;
  unsigned char* file = read_file(path, &file_size);
  const int same = file != NULL && file_size == size && memcmp(file, bytes, size) == 0;
  free(file);
  return same;
}

static void test_export(void) {
  anmkit_error error;
  anmkit_export_options options;
  anmkit_exported* out = NULL;
  anmkit_diagnostics* warnings = NULL;
  anmkit_document* turret = open_example("turret_v60.anm", NULL);
  anmkit_document* ghost = open_example("ghost_mm2.anm", NULL);
  anmkit_document* converted = NULL;
  const char* suffix = NULL;
  const uint8_t* bytes = NULL;
  size_t size = 0, expected_size = 0;
  char* json = NULL;
  uint8_t* expected = NULL;
  char golden[1024];

  /* The kinds, as the registry lists them. */
  CHECK_STR(anmkit_export_kind(0), "json");
  CHECK_STR(anmkit_export_kind(3), "png");
  CHECK_STR(anmkit_export_kind(6), "iff");
  CHECK_STR(anmkit_export_kind(7), "gem-4.0");
  CHECK_STR(anmkit_export_kind(11), "repack");
  CHECK(anmkit_export_kind(12) == NULL);

  anmkit_export_options_init(&options);
  CHECK(options.struct_size == sizeof options);
  CHECK(options.scale == 1 && options.sequence == -1 && options.flipbook_ticks == 10 && options.state == 0);
  CHECK(options.raw == 0 && options.flipbook == 0 && options.max_output_pixels == 0 && options.file_name == NULL);

  /* json: the pretty dump and a newline. */
  CHECK(anmkit_export(turret, "json", NULL, &out, &warnings, &error) == ANMKIT_OK);
  CHECK(anmkit_exported_count(out) == 1);
  CHECK(anmkit_exported_file(out, 0, &suffix, &bytes, &size, &error) == ANMKIT_OK);
  CHECK_STR(suffix, ".json");
  CHECK(anmkit_to_json(turret, 1, &json, &expected_size, &error) == ANMKIT_OK);
  CHECK(size == expected_size + 1 && memcmp(bytes, json, expected_size) == 0 && bytes[expected_size] == '\n');
  anmkit_bytes_free(json);
  CHECK(anmkit_diagnostics_count(warnings) == 0);
  anmkit_diagnostics_free(warnings);
  /* A file past the last. */
  CHECK(anmkit_exported_file(out, 1, &suffix, &bytes, &size, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "file 1 of 1");
  CHECK(suffix == NULL && bytes == NULL && size == 0);
  CHECK(anmkit_exported_file(out, 0, NULL, &bytes, &size, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  anmkit_exported_free(out);

  /* glb: anmkit_to_gltf's bytes. */
  CHECK(anmkit_export(turret, "glb", &options, &out, NULL, &error) == ANMKIT_OK);
  CHECK(anmkit_exported_file(out, 0, &suffix, &bytes, &size, &error) == ANMKIT_OK);
  CHECK_STR(suffix, ".glb");
  CHECK(anmkit_to_gltf(turret, 1, &expected, &expected_size, &error) == ANMKIT_OK);
  CHECK(size == expected_size && memcmp(bytes, expected, size) == 0 && memcmp(bytes, "glTF", 4) == 0);
  anmkit_bytes_free(expected);
  anmkit_exported_free(out);

  /* A version: anmkit_convert, then anmkit_write. */
  CHECK(anmkit_export(turret, "gem-6.1-frm3", &options, &out, NULL, &error) == ANMKIT_OK);
  CHECK(anmkit_exported_file(out, 0, &suffix, &bytes, &size, &error) == ANMKIT_OK);
  CHECK_STR(suffix, ".anm");
  CHECK(anmkit_convert(turret, "gem-6.1-frm3", &converted, &error) == ANMKIT_OK);
  CHECK(anmkit_write(converted, &expected, &expected_size, &error) == ANMKIT_OK);
  CHECK(size == expected_size && memcmp(bytes, expected, size) == 0);
  /* The same, saved (anmkit_export_save): the file holds those bytes; nothing over the source. */
  CHECK(anmkit_export_save(turret, "gem-6.1-frm3", NULL, path_of(scratch, "saved_frm3.anm"), NULL, &warnings, &error) ==
        ANMKIT_OK);
  CHECK(anmkit_diagnostics_count(warnings) == 0);
  anmkit_diagnostics_free(warnings);
  CHECK(same_as_file(expected, expected_size, path_of(scratch, "saved_frm3.anm")));
  remove(path_of(scratch, "saved_frm3.anm"));
  warnings = (anmkit_diagnostics*)&options; /* set to NULL on failure */
  CHECK(anmkit_export_save(turret, "gem-6.1", NULL, path_of(examples, "turret_v60.anm"), NULL, &warnings, &error) ==
        ANMKIT_ERROR_IO);
  CHECK(warnings == NULL);
  CHECK_STR(error.message, "refusing to overwrite the file the document was opened from");
  CHECK_STR(error.file, path_of(examples, "turret_v60.anm"));
  CHECK(anmkit_export_save(turret, "gem-6.1", NULL, NULL, NULL, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "path is NULL");
  anmkit_bytes_free(expected);
  anmkit_free(converted);
  anmkit_exported_free(out);

  /* Sprite images: what `anmkit convert` wrote (tests/data/export/), or, in the WebAssembly
   * build, which has no image layer, a clear refusal. */
  snprintf(golden, sizeof golden, "%s/../tests/data/export/ghost_seq2_s3.gif", examples);
  options.scale = 3;
  options.sequence = 2;
#ifdef __EMSCRIPTEN__
  CHECK(anmkit_export(ghost, "gif", &options, &out, &warnings, &error) == ANMKIT_ERROR_UNSUPPORTED);
  CHECK(out == NULL && warnings == NULL);
  CHECK_STR(error.message, "the export kind gif is not in this build (it has no image layer)");
  CHECK(anmkit_export(ghost, "png", NULL, &out, NULL, &error) == ANMKIT_ERROR_UNSUPPORTED);
#else
  CHECK(anmkit_export(ghost, "gif", &options, &out, &warnings, &error) == ANMKIT_OK);
  CHECK(anmkit_exported_count(out) == 1);
  CHECK(anmkit_exported_file(out, 0, &suffix, &bytes, &size, &error) == ANMKIT_OK);
  CHECK_STR(suffix, ".gif");
  CHECK(same_as_file(bytes, size, golden));
  CHECK(anmkit_diagnostics_count(warnings) == 0);
  anmkit_diagnostics_free(warnings);
  anmkit_exported_free(out);
  /* A sheet and its cell map, named after the document. */
  CHECK(anmkit_export(ghost, "png", NULL, &out, NULL, &error) == ANMKIT_OK);
  CHECK(anmkit_exported_count(out) == 2);
  CHECK(anmkit_exported_file(out, 0, &suffix, &bytes, &size, &error) == ANMKIT_OK);
  CHECK_STR(suffix, ".png");
  snprintf(golden, sizeof golden, "%s/../tests/data/export/ghost_mm2.png", examples);
  CHECK(same_as_file(bytes, size, golden));
  CHECK(anmkit_exported_file(out, 1, &suffix, &bytes, &size, &error) == ANMKIT_OK);
  CHECK_STR(suffix, ".json");
  snprintf(golden, sizeof golden, "%s/../tests/data/export/ghost_mm2.json", examples);
  CHECK(same_as_file(bytes, size, golden));
  anmkit_exported_free(out);
  /* Past what the file holds. */
  options.sequence = 3;
  CHECK(anmkit_export(ghost, "gif", &options, &out, NULL, &error) == ANMKIT_ERROR_BAD_VALUE);
  CHECK_STR(error.message, "the sequence option 3: the file has 3 sequences");
  CHECK_STR(error.file, path_of(examples, "ghost_mm2.anm"));
#endif

  /* A kind that writes nothing for the format, one that no format has. */
  out = (anmkit_exported*)&options; /* set to NULL on failure */
  CHECK(anmkit_export(ghost, "glb", NULL, &out, NULL, &error) == ANMKIT_ERROR_UNSUPPORTED);
  CHECK(out == NULL);
  CHECK_STR(error.message, "MM2 sprites convert to png or gif, not glTF");
  CHECK(anmkit_export(turret, "gif", NULL, &out, NULL, &error) == ANMKIT_ERROR_UNSUPPORTED);
  CHECK_STR(error.message, "gif is for MM2 sprites");
  CHECK(anmkit_export(turret, "fbx", NULL, &out, NULL, &error) == ANMKIT_ERROR_UNSUPPORTED);
  CHECK(strncmp(error.message, "no export kind 'fbx' (there are json, glb, gltf, png, gif, ilbm, iff, gem-4.0", 77) == 0);

  /* Options out of range, named; checked before anything is made (in every build). */
  anmkit_export_options_init(&options);
  options.scale = 0;
  CHECK(anmkit_export(ghost, "gif", &options, &out, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "scale must be from 1 to 64, found 0");
  options.scale = 65;
  CHECK(anmkit_export(turret, "json", &options, &out, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "scale must be from 1 to 64, found 65");
  anmkit_export_options_init(&options);
  options.flipbook_ticks = 0;
  CHECK(anmkit_export(ghost, "gif", &options, &out, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "flipbook ticks must be from 1 to 4294967295, found 0");
  anmkit_export_options_init(&options);
  options.sequence = -2;
  CHECK(anmkit_export(ghost, "gif", &options, &out, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK_STR(error.message, "sequence must be -1 (the longest) or a sequence's index, found -2");
  options.struct_size = 0;
  CHECK(anmkit_export(ghost, "gif", &options, &out, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);

  /* NULLs. */
  CHECK(anmkit_export(NULL, "json", NULL, &out, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(anmkit_export(turret, NULL, NULL, &out, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(anmkit_export(turret, "json", NULL, NULL, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(anmkit_exported_count(NULL) == 0);
  CHECK(anmkit_exported_file(NULL, 0, &suffix, &bytes, &size, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  anmkit_exported_free(NULL);
  anmkit_free(turret);
  anmkit_free(ghost);
}

/* Files handed over as bytes: the document and its skeleton read from them, found as the game
 * finds files (either case, `\` a separator); the files live on with what opened them. */
static void test_files(void) {
  size_t anm_size = 0, bin_size = 0;
  unsigned char* anm = read_file(path_of(examples, "mansion_door.anm"), &anm_size);
  unsigned char* bin = read_file(path_of(examples, "mansion_door.bin"), &bin_size);
  anmkit_files* files = NULL;
  anmkit_open_options options;
  anmkit_document* doc = NULL;
  anmkit_clip_info info;
  anmkit_error error;

  CHECK(anmkit_files_new(NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  CHECK(anmkit_files_new(&files, &error) == ANMKIT_OK);
  CHECK(anmkit_files_add(files, "../door.bin", bin, bin_size, &error) == ANMKIT_ERROR_BAD_VALUE);
  CHECK_STR(error.message, "'../door.bin' is no file name: expected folders and a file, relative, with no empty, '.' or '..' part");
  CHECK(anmkit_files_add(files, "Mansion\\Door.anm", anm, anm_size, &error) == ANMKIT_OK);
  CHECK(anmkit_files_add(files, "mansion/DOOR.BIN", bin, bin_size, &error) == ANMKIT_OK);
  CHECK(anmkit_files_add(files, "mansion/empty", NULL, 0, &error) == ANMKIT_OK);
  CHECK(anmkit_files_add(files, "mansion/x", NULL, 1, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  free(anm);
  free(bin); /* copied */

  anmkit_open_options_init(&options);
  options.files = files;
  options.skeleton = "mansion/door.bin";
  CHECK(anmkit_open_file("MANSION/door.anm", &options, &doc, &error) == ANMKIT_OK);
  anmkit_files_free(files); /* the document keeps what it reads through */
  info.struct_size = sizeof info;
  CHECK(doc != NULL && anmkit_clip_info_get(doc, &info, &error) == ANMKIT_OK);
  CHECK(info.joint_count == 3 && info.frame_count == 60);
  anmkit_free(doc);

  /* Nothing of it is on disk. */
  anmkit_open_options_init(&options);
  CHECK(anmkit_open_file("MANSION/door.anm", &options, &doc, &error) == ANMKIT_ERROR_IO);
  CHECK(doc == NULL);
}

/* Many files at once: the library's batch, each file's result handed to the sink in input order;
 * nonzero from the sink stops it. */
typedef struct batch_seen {
  int results, converted, skipped, failed, stop_after;
  char first_input[1024], first_output[1024], skipped_why[256];
} batch_seen;

static int32_t on_batch_result(const anmkit_batch_result* result, void* user) {
  batch_seen* seen = (batch_seen*)user;
  if (seen->results++ == 0) {
    snprintf(seen->first_input, sizeof seen->first_input, "%s", result->input);
    snprintf(seen->first_output, sizeof seen->first_output, "%s", result->output);
  }
  if (result->kind == 0) ++seen->converted;
  if (result->kind == 1) {
    ++seen->skipped;
    snprintf(seen->skipped_why, sizeof seen->skipped_why, "%s", result->skipped_why);
  }
  if (result->kind == 2) ++seen->failed;
  CHECK((result->kind == 2) == (result->error != NULL));
  CHECK(result->warnings != NULL && anmkit_diagnostics_count(result->warnings) == 0);
  return seen->stop_after != 0 && seen->results >= seen->stop_after;
}

static void test_batch(void) {
  anmkit_batch_options options;
  anmkit_error error;
  batch_seen seen;
  uint64_t files = 99;
  const char* inputs[1];
  char output[1024];
  inputs[0] = examples;
  snprintf(output, sizeof output, "%s", joined_path(scratch, "batch"));

  anmkit_batch_options_init(&options);
  CHECK(options.struct_size == sizeof options && options.jobs == 0);
  options.inputs = inputs;
  options.input_count = 1;
  options.output = output;
  options.to = "json";
  options.jobs = 1;
  memset(&seen, 0, sizeof seen);
  CHECK(anmkit_batch(&options, on_batch_result, &seen, &files, &error) == ANMKIT_OK);
  CHECK(files == 7 && seen.results == 7);
  CHECK(seen.converted == 6 && seen.skipped == 1 && seen.failed == 0);
  CHECK_STR(seen.skipped_why, "not an animation"); /* the .bin: a model */
  CHECK_STR(seen.first_input, joined_path(examples, "ghost_mm2.anm"));
  CHECK_STR(seen.first_output, joined_path(output, "ghost_mm2.json"));

  memset(&seen, 0, sizeof seen);
  seen.stop_after = 1;
  CHECK(anmkit_batch(&options, on_batch_result, &seen, &files, &error) == ANMKIT_OK);
  CHECK(files == 1 && seen.results == 1);

  options.to = "mp4";
  CHECK(anmkit_batch(&options, NULL, NULL, NULL, &error) == ANMKIT_ERROR_BAD_VALUE);
  CHECK_STR(error.message, "'mp4' is no export kind");
  options.to = NULL;
  CHECK(anmkit_batch(&options, NULL, NULL, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
  options.to = "json";
  options.inputs = NULL;
  CHECK(anmkit_batch(&options, NULL, NULL, NULL, &error) == ANMKIT_ERROR_INVALID_ARGUMENT);
}

int main(int argc, char** argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: anmkit_capi_test EXAMPLES_DIR SCRATCH_DIR\n");
    return 2;
  }
  examples = argv[1];
  scratch = argv[2];
  test_library();
  test_abi_layout();
  test_open_errors();
  test_gem();
  test_diagnostics();
  test_save();
  test_sampling();
  test_lm();
  test_sprite();
  test_gltf_and_models();
  test_model_sequences();
  test_resource();
  test_find_skeleton();
  test_export();
  test_files();
  test_batch();
  printf("%d checks: %d passed, %d failed\n", checks, checks - failures, failures);
  return failures == 0 ? 0 : 1;
}
